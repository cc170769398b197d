"""HTTP on the loopback address: the page, its API and its downloads.

The standard library's ThreadingHTTPServer serves it: the page is one HTML file, a
script and a style sheet, and the API is five JSON calls and a file route, which needs
no routing, templating or sessions library; what a local server must do besides
(loopback only, the Host header checked against DNS rebinding, a per-page token on every
call so no other site can drive it, bounded bodies, threads and pages, every bad request
a clear answer) is a few lines here, where a framework would add dependencies and still
leave each of them to us.

Each page (a browser tab) gets a token and a folder inside the server's temporary
folder; nothing is read or written outside it but bookgen's own puzzle and font cache.
"""

from __future__ import annotations

import base64
import json
import re
import socket
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

from bookgen.book_spec import BookOptions
from bookgen.classlist import ClassListError, class_list, class_list_text
from bookgen.errors import InputError
from bookgen.serve import class_api
from bookgen.serve import form as forms
from bookgen.serve.pages import BadRequest, Page, Pages
from bookgen.serve.connections import SLOT_WAIT_SECONDS, Connections, opens_a_page
from bookgen.serve.review import review
from bookgen.serve.spectext import named_files, plain_kind, state_of
from bookgen.language import words_for
from bookgen.serve.words import localised_form, named_sections, page_html, page_language, page_words
from bookgen.spec import fresh_seed
from bookgen.specfile import MAX_SECTIONS, MAX_SPEC_BYTES
from bookgen.options import declared

MAX_BODY_BYTES = 1024 * 1024  # a request: a spec (256 KB at most) or a class list, as JSON
MAX_TEXT_CHARS = 20_000  # one field's value
MAX_LIST_ITEMS = 2_000  # one field's list (a class list of 1000 names fits)
MAX_CONNECTIONS = 32  # connections served at once; a new one lets go the one waiting longest for its request
REQUEST_SECONDS = 30  # a client that sends nothing for this long is let go (and a request must arrive
# whole within bookgen.serve.connections' deadline)
PREVIEW_WAIT_SECONDS = 900.0
LOOPBACK = "127.0.0.1"
_FILE = re.compile(r"/files/([A-Za-z0-9_-]{16,64})/([0-9]{1,9})/"
                   r"(book\.pdf|answers\.pdf|book\.yaml|book-seeded\.yaml|(?:large-)?page-[0-9]{1,4}\.png|first-1\.png)")
_TYPES = {".pdf": "application/pdf", ".yaml": "application/yaml; charset=utf-8", ".png": "image/png"}
_STATIC = {"/page.js": ("page.js", "text/javascript; charset=utf-8"), "/page.css": ("page.css", "text/css; charset=utf-8"),
           "/class.js": ("class.js", "text/javascript; charset=utf-8")}


class ComposerServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, port: int, root: Path) -> None:
        self.pages = Pages(root)
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.connections = Connections()
        super().__init__((LOOPBACK, port), Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            # Every slot taken: the connection waiting longest for its request makes room.
            let_go = self.connections.let_go_longest_waiting()
            if not (let_go and self._slots.acquire(timeout=SLOT_WAIT_SECONDS)):
                self.shutdown_request(request)
                return
        super().process_request(request, client_address)

    def service_actions(self) -> None:
        """Twice a second (serve_forever's poll): requests overdue are let go."""
        self.connections.let_go_overdue()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that broke is that client's affair: nothing to print."""

    @property
    def port(self) -> int:
        return self.server_address[1]


class Handler(BaseHTTPRequestHandler):
    server: ComposerServer
    timeout = REQUEST_SECONDS
    protocol_version = "HTTP/1.1"
    server_version = "bookgen"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the address and how to stop, not every request."""

    def handle_one_request(self) -> None:
        self.server.connections.waiting(self.connection)
        super().handle_one_request()

    def finish(self) -> None:
        self.server.connections.answering(self.connection)
        super().finish()

    # ----- dispatch

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def _answer(self, route: Any) -> None:
        try:
            self._check_host()
            if self.command == "GET":
                self.server.connections.answering(self.connection)
            route()
        except BadRequest as exc:
            self._send_json({"error": str(exc)}, exc.status)
        except (ConnectionError, socket.timeout):
            self.close_connection = True
        except Exception as exc:  # noqa: BLE001 - one bad request never stops the server
            self._send_json({"error": f"the server could not answer this ({type(exc).__name__})"},
                            HTTPStatus.INTERNAL_SERVER_ERROR)

    def _check_host(self) -> None:
        """Only pages loaded from this server's own address (a DNS-rebinding page would
        name its own host)."""
        if self.headers.get("Host", "") not in self._own_hosts():
            raise BadRequest(HTTPStatus.FORBIDDEN, "this server answers only its own address")

    def _own_hosts(self) -> set[str]:
        return {f"{LOOPBACK}:{self.server.port}", f"localhost:{self.server.port}"}

    def _get(self) -> None:
        path, _sep, query = self.path.partition("?")
        if path == "/":
            why = opens_a_page(self.headers)
            if why is not None:
                raise BadRequest(HTTPStatus.FORBIDDEN, why)
            page = self.server.pages.open(page_language(query[:200], self.headers.get("Accept-Language", "")[:500]))
            html = page_html(_asset("page.html").decode("utf-8"), page.token, page.language)
            self._send(html.encode("utf-8"), "text/html; charset=utf-8")
        elif path in _STATIC:
            name, kind = _STATIC[path]
            self._send(_asset(name), kind)
        elif _FILE.fullmatch(path):
            self._file(*_FILE.fullmatch(path).groups())
        else:
            raise BadRequest(HTTPStatus.NOT_FOUND, "no such page")

    def _file(self, token: str, build: str, name: str) -> None:
        page = self.server.pages.get(token)
        path = page.builder.build_folder(int(build)) / name
        if name.startswith("large-"):
            page.builder.enlarge(int(build), int(name[len("large-page-"):-len(".png")]))
        if not path.is_file():
            raise BadRequest(HTTPStatus.NOT_FOUND, "that build is gone; the page has a newer one")
        data = path.read_bytes()
        download = None if name.endswith(".png") else name
        self._send(data, _TYPES[path.suffix], download)

    def _post(self) -> None:
        routes = {"/api/check": self._check, "/api/preview": self._preview, "/api/open": self._open,
                  "/api/classlist": self._class_list, "/api/progress": self._progress,
                  **class_api.routes(_built, lambda p, s: _reviewed(p, checked_state(s), []))}
        route = routes.get(self.path)
        if route is None:
            raise BadRequest(HTTPStatus.NOT_FOUND, "no such call")
        origin = self.headers.get("Origin")
        if origin is not None and origin.removeprefix("http://") not in self._own_hosts():
            raise BadRequest(HTTPStatus.FORBIDDEN, "this server answers only its own page")
        page = self.server.pages.get(self.headers.get("X-Bookgen-Page"))
        self._send_json(route(page, self._body()))

    def _body(self) -> dict[str, Any]:
        if "json" not in self.headers.get("Content-Type", ""):
            raise BadRequest(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "expected a JSON body")
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise BadRequest(HTTPStatus.LENGTH_REQUIRED, "expected a Content-Length") from None
        if not 0 <= length <= MAX_BODY_BYTES:
            self.close_connection = True
            raise BadRequest(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {MAX_BODY_BYTES // 1024} KB a request")
        raw = self.rfile.read(length)
        if len(raw) < length:
            raise ConnectionError("the body ended early")
        self.server.connections.answering(self.connection)
        try:
            body = json.loads(raw.decode("utf-8"))
            # JSON may spell a lone surrogate ("\ud800"), which no UTF-8 text can hold.
            json.dumps(body, ensure_ascii=False).encode("utf-8")
        except (UnicodeError, ValueError, RecursionError):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the body is not JSON in UTF-8 (or holds a lone "
                                                     "surrogate, which is no character)") from None
        if not isinstance(body, dict):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "expected a JSON object")
        return body

    # ----- the calls

    def _check(self, page: Page, body: dict[str, Any]) -> dict[str, Any]:
        state = checked_state(body.get("state")) if body.get("state") is not None else starting_state(page.language)
        changed = body.get("changed")
        # What settling changed is said once, as an event the page keeps until dismissed.
        events = forms.settle(state, changed) if isinstance(changed, str) else []
        return {**_reviewed(page, state, []), "events": [named_sections(e, state, page.language) for e in events]}

    def _preview(self, page: Page, body: dict[str, Any]) -> dict[str, Any]:
        state = checked_state(body.get("state"))
        answer = _reviewed(page, state, [])
        if answer["problems"]:
            return answer
        built = _built(page, answer["spec"])
        notes = list(dict.fromkeys(answer["notes"] + built.get("notes", [])))  # check and build say a note alike
        return {**answer, **built, "notes": notes}

    def _progress(self, page: Page, body: dict[str, Any]) -> dict[str, Any]:
        """The preview being built, while /api/preview waits for it: {"build", "made", "of",
        "first"} (the first page's image, a class set's, once made; else null), or {}."""
        said = page.builder.progress()
        if said.get("first"):
            said["first"] = f"/files/{page.token}/{said['build']}/{said['first']}"
        return said

    def _open(self, page: Page, body: dict[str, Any]) -> dict[str, Any]:
        text = body.get("text")
        if not isinstance(text, str) or len(text.encode("utf-8")) > MAX_SPEC_BYTES:
            raise BadRequest(HTTPStatus.BAD_REQUEST, f"expected a spec's text of at most {MAX_SPEC_BYTES // 1024} KB")
        try:
            state, notes = state_of(text)
        except InputError as exc:
            return {"error": "; ".join(str(p) for p in exc.problems)}
        # What opening left out is said apart, for the page to keep showing while it is edited.
        return {**_reviewed(page, checked_state(state), []), "opened": notes}

    def _class_list(self, page: Page, body: dict[str, Any]) -> dict[str, Any]:
        text, data, name = body.get("text"), body.get("data"), body.get("name")
        if not isinstance(name, str) or not (isinstance(text, str) and len(text) <= MAX_BODY_BYTES
                                             or isinstance(data, str) and len(data) <= MAX_BODY_BYTES):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "expected a class list's text (or its bytes in base64) and "
                                                     "its file name")
        names = _names_option()
        shown = Path(name).name[:100]
        try:
            # The file's bytes are decoded as the command line decodes them (UTF-16 too).
            if isinstance(data, str):
                text = class_list_text(_base64(data), shown)
            # One line a student, as the class box holds them: "Ana, easy" for a level of their own.
            students = class_list(text, shown, names)
            return {"names": [student.line_text() for student in students]}
        except ClassListError as exc:
            return {"error": str(exc)}

    # ----- answers

    def _send_json(self, data: dict[str, Any], status: HTTPStatus = HTTPStatus.OK) -> None:
        self._send(json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8",
                   status=status)

    def _send(self, data: bytes, kind: str, download: str | None = None, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        # Nothing from elsewhere: the page's own script and style, its own images.
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' blob:; object-src 'none'; "
                                                    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        if download:
            self.send_header("Content-Disposition", f'attachment; filename="{download}"')
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)


def _built(page: Page, spec: str) -> dict[str, Any]:
    """A spec built as a preview (waiting PREVIEW_WAIT_SECONDS at most), and where its files are."""
    request = page.builder.request(spec)
    request.done.wait(PREVIEW_WAIT_SECONDS)
    built = request.result or {"superseded": True}
    return {**built, "files": f"/files/{page.token}/{built.get('build')}/"}


def _reviewed(page: Page, state: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    found = review(state, page.folder).to_json()
    # Problems name a section as the page shows it ("Section 2 (KenKen)"), not by its path;
    # `line` stays as `check` prints it (the spec's file, line and field).
    found["problems"] = [{**p, **nearest_fix(p), "message": named_sections(p["message"], state, page.language),
                          "said": named_sections(p["line"], state, page.language)} for p in found["problems"]]
    return {"state": state, "form": localised_form(forms.form(state), page.language), **found,
            "notes": notes + found["notes"]}


def nearest_fix(problem: dict[str, str]) -> dict[str, Any]:
    """A student's level a section cannot make is offered a fix: that section's nearest
    level (`levels: nearest`), which the page sets with one button."""
    found = re.search(r"sections\[(\d+)\]", problem["message"])
    if not problem["field"].startswith("students") or found is None:
        return {}
    return {"fix": {"path": f"sections[{found[1]}].levels", "value": "nearest"}}


def _base64(data: str) -> bytes:
    try:
        return base64.b64decode(data, validate=True)
    except ValueError:
        raise BadRequest(HTTPStatus.BAD_REQUEST, "expected the class list's bytes in base64") from None


def _names_option() -> Any:
    return next(plain_kind(info.kind) for name, info, _d in declared(BookOptions) if name == "students")


def _asset(name: str) -> bytes:
    return resources.files("bookgen.serve").joinpath("page", name).read_bytes()


def starting_state(language: str = "en") -> dict[str, Any]:
    """A new page's book: a fresh seed and one small section to start from, printed in
    the page's language."""
    book = {"title": page_words(words_for(language))["starting_title"], "seed": str(fresh_seed())}
    if language != "en":
        book["language"] = language
    return {"book": book,
            "sections": [{"type": "sudoku", "size": "6", "difficulty": "easy", "count": "4"}]}


def checked_state(state: Any) -> dict[str, Any]:
    """The page's state, its shape checked: a book of fields, at most MAX_SECTIONS
    sections, every value text, true or false, or a list of texts, each of bounded size."""
    if not isinstance(state, dict):
        raise BadRequest(HTTPStatus.BAD_REQUEST, "expected the page's state as an object")
    book = _fields(state.get("book", {}), "book")
    sections = state.get("sections", [])
    if not isinstance(sections, list) or len(sections) > MAX_SECTIONS:
        raise BadRequest(HTTPStatus.BAD_REQUEST, f"expected a list of at most {MAX_SECTIONS} sections")
    checked = {"book": book, "sections": [_fields(s, f"sections[{k}]") for k, s in enumerate(sections)]}
    files = named_files(checked)
    if files:  # the page never sends one (it has no field to type a path into)
        path, value = files[0]
        raise BadRequest(HTTPStatus.BAD_REQUEST, f"{path}: {value[:100]} names a file; the page reads none of "
                                                 "your files")
    return checked


def _fields(fields: Any, where: str) -> dict[str, Any]:
    if not isinstance(fields, dict) or len(fields) > 100:
        raise BadRequest(HTTPStatus.BAD_REQUEST, f"{where}: expected an object of fields")
    for name, value in fields.items():
        if len(name) > 100 or not _value_ok(value):
            raise BadRequest(HTTPStatus.BAD_REQUEST, f"{where}.{name[:100]}: expected text, true or false, "
                                                     "or a list of texts, of bounded size")
    return dict(fields)


def _value_ok(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_TEXT_CHARS
    if isinstance(value, list):
        return len(value) <= MAX_LIST_ITEMS and all(isinstance(v, str) and len(v) <= MAX_TEXT_CHARS for v in value)
    return False

