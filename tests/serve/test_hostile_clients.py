"""Issue 34's catalogue, the composer page against slow and foreign clients: a
slowloris of 40 connections never keeps a real client waiting 5 s; another site's
pictures, frames and scripts never open a page (so never push the teacher's out); a
request from another origin never drives the API; and every request the JSON API can be
sent is answered 2xx or 4xx, never 500 (a property over generated bodies)."""

from __future__ import annotations

import base64
import codecs
import functools
import http.client
import http.server
import json
import socket
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookgen.serve.connections import Connections, opens_a_page
from bookgen.serve.pages import MAX_PAGES
from bookgen.serve.server import ComposerServer
from tests.serve.conftest import Client
from tests.serve.test_browser import chromium

SMALL = {"book": {"title": "T", "seed": "5"},
         "sections": [{"type": "sudoku", "size": "4", "difficulty": "beginner", "count": "2"}]}
IMAGE = {"Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Site": "cross-site",
         "Accept": "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"}


def _address(served) -> tuple[str, int]:
    host, port = served.url.split("//")[1].rstrip("/").split(":")
    return host, int(port)


def _get(served, path: str, headers: dict, timeout: float = 30) -> tuple[int, bytes]:
    host, port = _address(served)
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


@pytest.mark.slow
def test_a_real_client_is_answered_within_5_s_during_a_40_connection_slowloris(served):
    """40 connections each sending one header line every 10 s, reconnecting whenever the
    server lets one go (as an attacker would); a client asking for the style sheet every
    second meanwhile, 30 s in all."""
    host, port = _address(served)
    stop = threading.Event()

    def loris() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection((host, port), timeout=5) as conn:
                    conn.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())
                    k = 0
                    while not stop.wait(10):
                        conn.sendall(f"X-Slow-{k}: 1\r\n".encode())
                        k += 1
            except OSError:
                stop.wait(0.2)

    threads = [threading.Thread(target=loris, daemon=True) for _ in range(40)]
    for thread in threads:
        thread.start()
    time.sleep(2)  # every loris connected: all 32 slots are taken from here on
    waits, failures = [], []
    try:
        started = time.monotonic()
        while time.monotonic() - started < 30:
            asked = time.monotonic()
            try:
                status, body = _get(served, "/page.css", {"Host": f"{host}:{port}"}, timeout=5)
                waits.append(time.monotonic() - asked)
                assert status == 200 and body
            except OSError as exc:
                failures.append(repr(exc))
            time.sleep(1)
    finally:
        stop.set()
    assert failures == []
    assert max(waits) < 5, waits
    assert served.process.poll() is None


def test_a_request_that_has_not_arrived_within_the_deadline_is_let_go():
    connections = Connections(deadline=0.05)
    left, right = socket.socketpair()
    with left, right:
        connections.waiting(left)
        connections.let_go_overdue()
        right.sendall(b"x")
        assert left.recv(1) == b"x"  # not yet overdue: still open
        time.sleep(0.1)
        connections.let_go_overdue()
        assert left.recv(1) == b""  # its reads end at once


def test_a_request_being_answered_is_never_let_go():
    connections = Connections(deadline=0.0)
    left, right = socket.socketpair()
    with left, right:
        connections.waiting(left)
        connections.answering(left)
        time.sleep(0.01)
        connections.let_go_overdue()
        assert not connections.let_go_longest_waiting()
        right.sendall(b"x")
        assert left.recv(1) == b"x"


@pytest.mark.parametrize("headers", [
    IMAGE,
    {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Dest": "script", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "cross-site"},  # a script's
    {"Accept": "image/webp,*/*"},  # an old browser's picture
])
def test_another_sites_request_opens_no_page(headers: dict):
    assert opens_a_page(headers) is not None


@pytest.mark.parametrize("headers", [
    {},  # a program
    {"Accept": "*/*"},  # curl
    {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "none", "Sec-Fetch-User": "?1"},
    {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin"},  # a reload
    {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "cross-site",
     "Sec-Fetch-User": "?1"},  # a link followed
    {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},  # an old browser's tab
])
def test_a_page_load_opens_a_page(headers: dict):
    assert opens_a_page(headers) is None


@pytest.mark.slow
def test_a_teachers_page_survives_8_cross_site_requests_and_more(served):
    teacher = served.page()
    host, port = _address(served)
    for _ in range(3 * MAX_PAGES):
        status, body = _get(served, "/", {**IMAGE, "Host": f"{host}:{port}"})
        assert status == 403 and b"token" not in body
    answer = teacher.call("/api/check", {"state": SMALL})
    assert answer["problems"] == []


@pytest.mark.slow
def test_pages_opened_and_never_used_go_before_the_teachers(served):
    teacher = served.page()
    teacher.call("/api/check", {"state": SMALL})
    for _ in range(2 * MAX_PAGES):
        served.page()
    assert teacher.call("/api/check", {"state": SMALL})["problems"] == []


@pytest.mark.slow  # starts a server (make test-fast stays under a minute; make test and CI run it)
def test_a_call_from_another_origin_is_refused(served):
    teacher = served.page()
    host, port = _address(served)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("POST", "/api/check", json.dumps({"state": SMALL}),
                     {"Content-Type": "application/json", "X-Bookgen-Page": teacher.token,
                      "Origin": "http://evil.example"})
        assert conn.getresponse().status == 403
    finally:
        conn.close()


# ----- every request answered 2xx or 4xx

@pytest.fixture(scope="module")
def in_process(tmp_path_factory):
    """A server in this process (no builds are asked of it): thousands of calls a minute."""
    server = ComposerServer(0, tmp_path_factory.mktemp("pages"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page = server.pages.open("en")
    yield server, page.token
    server.shutdown()
    server.pages.close_all()
    server.server_close()


texts = st.one_of(st.text(max_size=30), st.sampled_from(["\ud800", "\udfff", "sections[x]..__class__",
                                                          "sections[0].", "sections[", "sections[99].size",
                                                          "sections[0].__class__", "sections[-1].type",
                                                          "sections[0].size.x", "sections[00000].type"]))
values = st.one_of(texts, st.booleans(), st.lists(texts, max_size=3), st.none(), st.integers(), st.floats())
fields = st.dictionaries(st.one_of(texts, st.sampled_from(["type", "size", "difficulty", "count", "title"])),
                         values, max_size=4)
states = st.one_of(values, st.fixed_dictionaries({"book": fields, "sections": st.lists(fields, max_size=2)}))
bodies = st.one_of(
    st.fixed_dictionaries({"state": states, "changed": values}),
    st.fixed_dictionaries({"text": values, "name": values}),
    st.dictionaries(texts, values, max_size=3),
)


@pytest.mark.slow  # 150 examples, 1.6 s (make test-fast stays under a minute; make test and CI run it)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/check", "/api/open", "/api/classlist"]), body=bodies)
def test_every_call_is_answered_2xx_or_4xx(in_process, path: str, body: dict):
    server, token = in_process
    raw = json.dumps(body, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", path, raw, {"Content-Type": "application/json", "X-Bookgen-Page": token})
        status = conn.getresponse().status
    finally:
        conn.close()
    assert status < 500, (path, body)


@pytest.mark.parametrize("body", [
    {"state": {"book": {"title": "\ud800"}, "sections": []}},
    {"state": SMALL, "changed": "sections[x]..__class__"},
    {"state": SMALL, "changed": "sections[0]"},
])
def test_the_two_500s_of_the_audit_are_4xx_or_answers(in_process, body: dict):
    server, token = in_process
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", "/api/check", json.dumps(body).encode(),
                     {"Content-Type": "application/json", "X-Bookgen-Page": token})
        assert conn.getresponse().status in (200, 400)
    finally:
        conn.close()


@pytest.mark.slow
def test_in_chromium_another_sites_pictures_and_frames_leave_the_teachers_page_open(served, tmp_path: Path):
    """A teacher's tab, then a second site's page embedding 8 pictures and 8 frames of
    the server's address: the teacher's page still answers."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    if chromium() is None:
        pytest.skip("no Chromium on this machine")
    host, port = _address(served)
    target = f"http://{host}:{port}/"
    (tmp_path / "evil.html").write_text("<!doctype html><title>elsewhere</title>" + "".join(
        f'<img src="{target}?{k}"><iframe src="{target}?f{k}"></iframe>' for k in range(8)))
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp_path)))
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), headless=True, args=["--no-sandbox"])
            try:
                teacher = browser.new_page()
                teacher.goto(target)
                token = teacher.get_attribute("[data-token]", "data-token")
                elsewhere = browser.new_page()
                elsewhere.goto(f"http://localhost:{other.server_address[1]}/evil.html", wait_until="load")
                elsewhere.wait_for_timeout(1000)
            finally:
                browser.close()
    finally:
        other.shutdown()
    assert Client(target.rstrip("/"), token).call("/api/check", {"state": SMALL})["problems"] == []


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        """The second site's requests are not the test's to print."""


@pytest.mark.slow  # starts a server (make test-fast stays under a minute; make test and CI run it)
def test_the_page_reads_a_files_bytes_with_the_same_decoder(served):
    """The page may send the file's bytes (base64): Excel's UTF-16 is read as the command
    line reads it; its text (already decoded by the browser) is read as before."""
    client = served.page()
    data = codecs.BOM_UTF16_LE + _GERMAN.encode("utf-16-le")
    answer = client.call("/api/classlist", {"data": base64.b64encode(data).decode(), "name": "klasse.csv"})
    assert answer == {"names": ["Lea Müller, easy", "Jonas Schmidt, hard"]}
    bad = client.call("/api/classlist", {"data": base64.b64encode(_GERMAN.encode("latin-1")).decode(),
                                         "name": "klasse.csv"})
    assert bad["error"].startswith("klasse.csv, line 2: not UTF-8 text (byte 0xFC)")
    assert client.call("/api/classlist", {"text": _GERMAN, "name": "klasse.csv"})["names"][0] == "Lea Müller, easy"


_GERMAN = "Vorname;Nachname;Niveau\nLea;Müller;leicht\nJonas;Schmidt;schwer\n"
