"""A stand-in web game's server, on loopback: the page, its puzzle as
``/puzzle.json``, and an event log the page posts every click to (written
as JSON lines to a file or stdout, and readable as ``/events``), so tests
ask the game, not the bot, what happened."""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class PageState:
    def __init__(self, puzzle: dict, events):
        self.puzzle = puzzle
        self.events = events
        self.lock = threading.Lock()
        self.log: list[dict] = []

    def record(self, event: dict) -> dict:
        with self.lock:
            self.log.append(event)
            self.events.write(json.dumps(event) + "\n")
            self.events.flush()
            return {}


def make_handler(state: PageState, page: Path):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def _send(self, body: bytes, ctype: str, code: int = 200) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _ours(self) -> bool:
            """Only our own page, on loopback: the Host must be this server
            and an Origin, when sent, this server's (another page open on
            the machine may not read the puzzle or post events)."""
            port = self.server.server_address[1]
            hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
            origin = self.headers.get("Origin")
            if self.headers.get("Host") not in hosts or (origin is not None and origin not in
                                                         {f"http://{h}" for h in hosts}):
                self._send(b"forbidden", "text/plain", 403)
                return False
            return True

        def do_GET(self):
            if not self._ours():
                return
            path = self.path.split("?", 1)[0]
            if path in ("/", "/index.html"):
                self._send(page.read_bytes(), "text/html; charset=utf-8")
            elif path == "/puzzle.json":
                self._send(json.dumps(state.puzzle).encode(), "application/json")
            elif path == "/events":
                self._send(json.dumps(state.log).encode(), "application/json")
            else:
                self._send(b"not found", "text/plain", 404)

        def do_POST(self):
            if not self._ours():
                return
            if self.path != "/event":
                self._send(b"not found", "text/plain", 404)
                return
            n = int(self.headers.get("Content-Length", "0"))
            try:
                event = json.loads(self.rfile.read(n) or b"{}")
            except json.JSONDecodeError:
                self._send(b"bad json", "text/plain", 400)
                return
            self._send(json.dumps(state.record(event)).encode(), "application/json")

    return Handler


def serve(name: str, page: Path, puzzle: dict, port: int, events: str | None) -> int:
    """Serve ``page`` and ``puzzle`` until interrupted; the exit status."""
    out = sys.stdout if events in (None, "-") else open(events, "a", buffering=1)
    state = PageState(puzzle, out)
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(state, page))
    except OSError as e:
        print(f"{name}: cannot listen on port {port}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"{name}: serving on http://127.0.0.1:{port}/", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
