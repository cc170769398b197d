"""The composer's server as a local server must be: loopback only, every bad request a
clear answer with the server still serving, one build at a time per page (a newer
request stops the older), downloads that rebuild byte for byte, and nothing left behind
when it is stopped."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import threading
from pathlib import Path

import pytest
import yaml

from bookgen.cli import main
from bookgen.serve.server import LOOPBACK, MAX_BODY_BYTES

pytestmark = pytest.mark.slow

SMALL = {"book": {"title": "Friday", "seed": "7", "layout": "worksheet", "students": ["Ana", "Ben"]},
         "sections": [{"type": "sudoku", "size": "4", "difficulty": "beginner", "count": "1"}]}


def _raw(served, data: bytes, timeout: float = 10) -> bytes:
    host, port = served.url.split("//")[1].rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as conn:
        conn.sendall(data)
        conn.shutdown(socket.SHUT_WR)
        chunks = []
        try:
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        except (socket.timeout, ConnectionResetError):
            pass
    return b"".join(chunks)


def _post(served, path: str, body: bytes, headers: dict) -> tuple[int, bytes]:
    host, port = served.url.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        conn.request("POST", path, body, headers)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_the_server_listens_on_the_loopback_address_only(served):
    assert served.url.startswith(f"http://{LOOPBACK}:")
    port = int(served.url.rstrip("/").rsplit(":", 1)[1])
    others = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)} - {LOOPBACK}
    for address in others:
        if address.startswith("127."):
            continue
        with pytest.raises(OSError):
            socket.create_connection((address, port), timeout=2).close()


def test_the_server_survives_a_fuzz_of_malformed_requests(served):
    client = served.page()
    port = served.url.rstrip("/").rsplit(":", 1)[1]
    good = {"Content-Type": "application/json", "X-Bookgen-Page": client.token, "Host": f"127.0.0.1:{port}"}
    state = json.dumps({"state": SMALL}).encode()
    cases = [
        ("/api/check", state, {**good, "Host": "evil.example:80"}, 403),  # DNS rebinding
        ("/api/check", state, {**good, "X-Bookgen-Page": "not-a-page"}, 403),
        ("/api/check", state, {k: v for k, v in good.items() if k != "X-Bookgen-Page"}, 403),
        ("/api/check", state, {**good, "Content-Type": "text/plain"}, 415),
        ("/api/check", b"{not json", good, 400),
        ("/api/check", b"\xff\xfe\x00", good, 400),
        ("/api/check", b"[1, 2]", good, 400),
        ("/api/check", b"[" * 100000 + b"]" * 100000, good, 400),
        ("/api/check", json.dumps({"state": {"book": [], "sections": 3}}).encode(), good, 400),
        ("/api/check", json.dumps({"state": {"book": {"title": {"x": 1}}}}).encode(), good, 400),
        ("/api/check", json.dumps({"state": {"book": {"title": "x" * 50000}}}).encode(), good, 400),
        ("/api/check", json.dumps({"state": {"sections": [{}] * 101}}).encode(), good, 400),
        ("/api/check", json.dumps({"state": {"sections": [{"type": 5}]}}).encode(), good, 400),
        ("/api/preview", json.dumps({"state": None}).encode(), good, 400),
        ("/api/open", json.dumps({"text": 5}).encode(), good, 400),
        ("/api/classlist", json.dumps({"text": "Ana"}).encode(), good, 400),
        ("/api/nothing", state, good, 404),
    ]
    for path, body, headers, status in cases:
        got, answer = _post(served, path, body, headers)
        assert got == status, (path, body[:60], got, answer[:200])
        assert "error" in json.loads(answer)
    # A body larger than the limit is refused before it is read.
    assert b" 413 " in _raw(served, f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                                   f"application/json\r\nX-Bookgen-Page: {client.token}\r\n"
                                   f"Content-Length: {MAX_BODY_BYTES + 1}\r\n\r\n".encode())
    for junk in (b"\x00\x01\x02garbage\r\n\r\n", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
                 b"POST /api/check HTTP/1.1\r\nContent-Length: -5\r\n\r\n", b"GET /files/x/1/../../etc HTTP/1.1\r\n\r\n",
                 b"BREW / HTTP/1.1\r\n\r\n", b"GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port.encode() + b"\r\n" + b"X: y\r\n" * 200):
        _raw(served, junk)
    assert b" 404 " in _raw(served, f"GET /files/{client.token}/99/book.pdf HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                    "Connection: close\r\n\r\n".encode())
    assert b" 404 " in _raw(served, f"GET /files/{client.token}/1/../../x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                    "Connection: close\r\n\r\n".encode())
    # Still serving, and still right.
    answer = client.call("/api/check", {"state": SMALL})
    assert answer["problems"] == [] and "students:\n- Ana\n- Ben\n" in answer["spec"]
    assert served.process.poll() is None


def test_a_problem_comes_back_with_its_field_in_the_words_check_prints(served, tmp_path: Path, bookgen_command):
    client = served.page()
    bad = {**SMALL, "sections": [{"type": "sudoku", "size": "7", "difficulty": "easy", "count": "1"}]}
    answer = client.call("/api/check", {"state": bad})
    [problem] = answer["problems"]
    assert problem["field"] == "sections[0].size"
    spec = tmp_path / "book.yaml"
    spec.write_text(answer["spec"])
    printed = subprocess.run(bookgen_command + ["check", str(spec)], capture_output=True, text=True)
    assert printed.returncode == 2 and printed.stderr.strip() == f"{tmp_path}/{problem['line']}"
    assert printed.stderr.strip().endswith(f"sections[0].size: {problem['message']}")


def test_a_newer_preview_stops_the_older_and_the_downloads_rebuild_byte_for_byte(served, tmp_path: Path, wait_for,
                                                                                    bookgen_command):
    client = served.page()
    slow = {**SMALL, "book": {**SMALL["book"], "seed": "8"},
            "sections": [{"type": "sudoku", "size": "9", "difficulty": "hard", "count": "40"}]}
    older: dict = {}
    thread = threading.Thread(target=lambda: older.update(client.call("/api/preview", {"state": slow})))
    thread.start()
    assert wait_for(lambda: any(p.is_dir() for p in served.tmp.glob("bookgen-serve-*/*/1")), 60)
    newer = client.call("/api/preview", {"state": SMALL})
    thread.join(60)
    assert older.get("superseded") is True
    assert newer["problems"] == [] and newer["pages"] == 3 and newer["answers"] == [3] and newer["build"] == 2
    pdf, spec = client.get(newer["files"] + "book.pdf"), client.get(newer["files"] + "book.yaml")
    answers = client.get(newer["files"] + "answers.pdf")
    assert pdf.startswith(b"%PDF") and answers.startswith(b"%PDF") and len(answers) < len(pdf)
    assert yaml.safe_load(spec)["students"] == ["Ana", "Ben"] and "seed" not in yaml.safe_load(spec)
    assert yaml.safe_load(client.get(newer["files"] + "book-seeded.yaml"))["seed"] == 7
    (tmp_path / "book.yaml").write_bytes(spec)
    subprocess.run(bookgen_command + ["build", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "book.pdf"), "-q",
                                      "--seed", "7"], check=True)
    assert (tmp_path / "book.pdf").read_bytes() == pdf


def _children(pid: int) -> set[int]:
    """Every process descended from `pid` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc (Linux)")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_the_server_mid_build_leaves_no_process_and_no_file(served, sig: int, wait_for):
    client = served.page()
    slow = {**SMALL, "sections": [{"type": "sudoku", "size": "9", "difficulty": "hard", "count": "40"}]}
    threading.Thread(target=lambda: _quietly(client.call, "/api/preview", {"state": slow}), daemon=True).start()
    assert wait_for(lambda: any(p.is_dir() for p in served.tmp.glob("bookgen-serve-*/*/1")), 60)
    assert wait_for(lambda: len(_children(served.process.pid)) >= 2, 30)  # the fork server and the build
    family = _children(served.process.pid)
    status, err = served.stop(sig)
    assert status == 0 and "stopped; its temporary files are removed" in err and "Traceback" not in err
    assert wait_for(lambda: not any(Path(f"/proc/{pid}").exists() and _alive(pid) for pid in family), 20)
    assert list(served.tmp.iterdir()) == []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _quietly(function, *args):
    try:
        function(*args)
    except Exception:  # noqa: BLE001 - the server was stopped under it, as the test means
        pass


def test_serve_refuses_a_port_in_use_with_one_line():
    from click.testing import CliRunner

    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--no-browser", "--port", str(port)])
    assert result.exit_code == 2 and f"--port: port {port} is in use" in result.output


def test_an_opened_spec_becomes_the_pages_state_and_its_problems(served):
    client = served.page()
    answer = client.call("/api/open", {"text": "title: Mine\nseed: 9\nstudents: [Ana, Ana]\nsections:\n"
                                               "  - type: killer\n    size: 6x6\n    difficulty: easy\n"})
    assert answer["state"]["book"]["title"] == "Mine" and answer["state"]["sections"][0]["size"] == "6"
    assert [(p["field"], p["message"]) for p in answer["problems"]] == [
        ("students[1]", "expected different names, got Ana twice")]  # the page shows it at the class box
    assert answer["opened"] == []
    with_file = client.call("/api/open", {"text": "seed: 9\nfont: mine.ttf\nsections:\n  - type: sudoku\n"})
    assert with_file["problems"] == [] and "font" not in with_file["state"]["book"]
    assert [note.split(":")[0] for note in with_file["opened"]] == ["font"]
    broken = client.call("/api/open", {"text": "title: [unclosed\n"})
    assert broken["error"].startswith("book.yaml:") and "YAML syntax error" in broken["error"]


def test_a_class_list_dropped_on_the_page_is_read_by_the_same_reader(served):
    client = served.page()
    assert client.call("/api/classlist", {"name": "4b.csv", "text": "Name,id\nAna,1\nBen,2\n"}) == {
        "names": ["Ana", "Ben"]}
    assert client.call("/api/classlist", {"name": "4b.txt", "text": "Ana\nAna\n"}) == {
        "error": "4b.txt, line 2: expected different names, got Ana twice"}
    # A level of a student's own comes back as the class box writes it, "Ana, easy".
    assert client.call("/api/classlist", {"name": "4b.csv", "text": "Name;Level\nAna;Easy\nBen;\n"}) == {
        "names": ["Ana, easy", "Ben"]}
    assert client.call("/api/classlist", {"name": "4b.csv", "text": "Name,Level\nAna,hardest\n"})["error"].startswith(
        "4b.csv, line 2: Ana's level: expected one of beginner, easy, medium, hard, expert")


def test_a_request_naming_a_file_is_refused_and_nothing_is_read(served, tmp_path: Path):
    client = served.page()
    port = served.url.rstrip("/").rsplit(":", 1)[1]
    good = {"Content-Type": "application/json", "X-Bookgen-Page": client.token, "Host": f"127.0.0.1:{port}"}
    secret = tmp_path / "secret.txt"
    secret.write_text("Ana\nBen\n")
    section = SMALL["sections"][0]
    for book, sections in (({"students": str(secret)}, [section]), ({"font": "/etc/hostname"}, [section]),
                           ({"layout": "../../x.yaml"}, [section]),
                           ({}, [{"type": "sliding", "size": "3", "moves": "5", "image": str(secret)}])):
        for path in ("/api/check", "/api/preview"):
            body = json.dumps({"state": {"book": {"seed": "1", **book}, "sections": sections}}).encode()
            status, answer = _post(served, path, body, good)
            assert status == 400 and "the page reads none of your files" in json.loads(answer)["error"], answer


def test_a_note_from_the_build_comes_once_and_names_the_spec_as_check_does(served):
    client = served.page()
    answer = client.call("/api/preview", {"state": {**SMALL, "book": {**SMALL["book"], "students": ["Ana", "Dũng"]}}})
    assert answer["problems"] == [] and len(answer["notes"]) == 1
    assert answer["notes"][0].startswith("book.yaml:") and "'Dũng' has 'ũ'" in answer["notes"][0]


def test_a_preview_that_changes_only_the_title_reuses_the_cached_puzzles(served):
    client = served.page()
    cache = Path(os.environ["BOOKGEN_CACHE_DIR"])  # the server's, as it inherits this test's
    first = client.call("/api/preview", {"state": SMALL})
    entries = {path: path.stat().st_mtime_ns for path in cache.rglob("*") if path.is_file()}
    assert first["problems"] == [] and len(entries) >= first["puzzles"]
    second = client.call("/api/preview", {"state": {**SMALL, "book": {**SMALL["book"], "title": "Monday"}}})
    assert second["problems"] == [] and second["build"] == first["build"] + 1
    assert {path: path.stat().st_mtime_ns for path in cache.rglob("*") if path.is_file()} == entries


def test_a_server_under_a_temporary_folder_too_long_for_a_socket_still_builds(tmp_path: Path, server_at):
    # The fork server's socket would lie past the 107 bytes a Unix socket's path may have
    # (it failed every build with "AF_UNIX path too long"); builds start by spawn instead.
    deep = tmp_path / ("long-temporary-folder-" * 4)
    assert len(os.fsencode(str(deep))) > 80
    answer = server_at(deep).page().call("/api/preview", {"state": SMALL})
    assert answer["problems"] == [] and answer["puzzles"] > 0
