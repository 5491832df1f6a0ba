"""A fault-injecting HTTP proxy on loopback, between gorod and the real Spirit forum.

    proxy = FaultProxy("http://127.0.0.1:8123")      # the forum behind it
    url = proxy.start()                               # gorod talks to this one
    proxy.add(Fault("POST", r"^/comment/\\d+/publish/", "502", after=True))
    ...
    proxy.stop()

A `Fault` matches a request by method and a regex on its path (with the query) and
breaks its next `times` answers. `after=False`: the request never reaches the forum
(the fault is all gorod gets); `after=True`: the forum handles it (saves the post) and
the answer is broken on its way back. Kinds:

    502, 503     an error page with that status
    reset        the connection is reset (TCP RST), no answer
    stall        no answer for `stall` seconds, then the connection closes
    429          "Too Many Requests" with Retry-After: 1
    login200     the forum's login page served with 200 in place of the page
    login302     a redirect to the login page
    layout       the page with its CSS classes renamed (a new theme: the selectors fail)
    truncate     the headers promise the whole body, half of it comes, then the close
    delay        passed through whole, `delay` seconds late (a slow forum: two processes overlap)

`stop()` closes the listening socket: the port then refuses connections (a forum that is
down); `start(port)` listens on it again.

Everything else is passed through unchanged (cookies, redirects: a Location naming
the forum is rewritten to the proxy). `log` records (method, path, fault or None).
"""
from __future__ import annotations

import http.client
import re
import socket
import struct
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

KINDS = ("502", "503", "reset", "stall", "429", "login200", "login302", "layout", "truncate", "delay")
HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade",
       "content-length", "host", "accept-encoding"}
# A new theme: the class names Spirit's profile selects by are gone.
LAYOUT = ((b"comments_list__comment", b"comment-row"), (b"layout__topics__topic", b"topic-row"),
          (b"comment__text", b"comment-body"), (b"topic__link", b"topic-a"))


@dataclass
class Fault:
    method: str
    path: str
    kind: str
    after: bool = False
    times: int = 1
    hits: int = 0
    delay: float = 1.0

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind

    def matches(self, method: str, path: str) -> bool:
        return self.hits < self.times and method == self.method and re.search(self.path, path) is not None


class FaultProxy:
    def __init__(self, upstream: str, *, stall: float = 3.0) -> None:
        parts = urlsplit(upstream)
        self.upstream_host, self.upstream_port = parts.hostname, parts.port or 80
        self.upstream = f"{parts.scheme}://{parts.netloc}"
        self.stall = stall
        self.faults: list[Fault] = []
        self.log: list[tuple[str, str, str | None]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self.url = ""

    def add(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def clear(self) -> None:
        with self._lock:
            self.faults.clear()

    def take(self, method: str, path: str) -> Fault | None:
        with self._lock:
            for fault in self.faults:
                if fault.matches(method, path):
                    fault.hits += 1
                    self.log.append((method, path, fault.kind))
                    return fault
            self.log.append((method, path, None))
            return None

    def start(self, port: int = 0) -> str:
        proxy = self

        class Handler(_Handler):
            owner = proxy

        self._server = _Server(("127.0.0.1", port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        return self.url

    def stop(self) -> None:
        """Stop listening and cut the connections kept alive: every request is refused now."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server.cut_connections()
            self._server = None

    # -- talking to the forum --------------------------------------------------------------
    def forward(self, method: str, path: str, headers: dict[str, str], body: bytes | None):
        conn = http.client.HTTPConnection(self.upstream_host, self.upstream_port, timeout=60)
        try:
            conn.request(method, path, body=body, headers={**headers, "Host": f"{self.upstream_host}:"
                                                                              f"{self.upstream_port}",
                                                            "Accept-Encoding": "identity"})
            answer = conn.getresponse()
            return answer.status, answer.getheaders(), answer.read()
        finally:
            conn.close()

    def login_page(self) -> bytes:
        _status, _headers, body = self.forward("GET", "/user/login/", {}, None)
        return body


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[socket.socket] = set()

    def process_request(self, request, client_address) -> None:
        self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        self.connections.discard(request)
        super().shutdown_request(request)

    def cut_connections(self) -> None:
        for connection in list(self.connections):
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.connections.clear()

    def handle_error(self, request, client_address) -> None:
        pass   # a connection we reset or dropped on purpose


class _Handler(BaseHTTPRequestHandler):
    owner: FaultProxy
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def _handle(self) -> None:
        proxy = self.owner
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        fault = proxy.take(self.command, self.path)
        if fault is not None and fault.kind == "delay":
            time.sleep(fault.delay)
            fault = None
        if fault is not None and not fault.after:
            self._break(fault, None)
            return
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        for name in ("Origin", "Referer"):   # as if the browser spoke to the forum (Django checks Origin)
            if name in headers and headers[name].startswith(proxy.url):
                headers[name] = proxy.upstream + headers[name][len(proxy.url):]
        status, answer_headers, content = proxy.forward(self.command, self.path, headers, body)
        if fault is not None:
            self._break(fault, (status, answer_headers, content))
            return
        self._send(status, answer_headers, content)

    # -- answers ---------------------------------------------------------------------------------
    def _send(self, status: int, headers, content: bytes, *, declared: int | None = None) -> None:
        proxy = self.owner
        self.send_response(status)
        for name, value in headers:
            if name.lower() in HOP:
                continue
            if name.lower() == "location" and value.startswith(proxy.upstream):
                value = proxy.url + value[len(proxy.upstream):]
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content) if declared is None else declared))
        self.end_headers()
        self.wfile.write(content)
        self.wfile.flush()

    def _plain(self, status: int, text: str, extra: tuple = ()) -> None:
        self._send(status, [("Content-Type", "text/html; charset=utf-8"), *extra], text.encode())

    def _break(self, fault: Fault, forwarded) -> None:
        kind = fault.kind
        if kind in ("502", "503"):
            self._plain(int(kind), f"<html><body><h1>{kind} Bad Gateway</h1></body></html>")
        elif kind == "429":
            self._plain(429, "<html><body>Too Many Requests</body></html>", (("Retry-After", "1"),))
        elif kind == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self._drop(graceful=False)   # close() with a zero linger sends RST
        elif kind == "stall":
            time.sleep(self.owner.stall)
            self._drop()
        elif kind == "login200":
            self._send(200, [("Content-Type", "text/html; charset=utf-8")], self.owner.login_page())
        elif kind == "login302":
            self._plain(302, "", (("Location", f"/user/login/?next={self.path}"),))
        elif kind == "layout":
            status, headers, content = forwarded or self.owner.forward(self.command, self.path, {}, None)
            for old, new in LAYOUT:
                content = content.replace(old, new)
            self._send(status, headers, content)
        elif kind == "truncate":
            status, headers, content = forwarded or self.owner.forward(self.command, self.path, {}, None)
            if not content:
                content = b"<html><body>" + b"x" * 200 + b"</body></html>"
            self._send(status, headers, content[: len(content) // 2], declared=len(content))
            self._drop()

    def _drop(self, graceful: bool = True) -> None:
        self.close_connection = True
        if graceful:
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.connection.close()
