"""The GM's console in the browser (issue 8): `gorod web`.

    from gorod.web import Console, serve
    app = Console(lambda: Game.open("game.yaml"), token)     # a WSGI application
    serve(app, port=0)                                       # 127.0.0.1 only

- `app`: the pages and the actions, each action one call of `gorod.loop`;
- `security`: the access token, its cookie and the CSRF field of every form;
- `queries`: the reads for the page (orders with their source texts and the engine's verdicts,
  the tally from `gorod/tally.py`, drafts, rulings);
- `render`: a draft's forum markup as the forum will show it, every text escaped.
"""
from __future__ import annotations

from gorod.web.app import Console
from gorod.web.security import new_token


def serve(app: Console, *, host: str = "127.0.0.1", port: int = 0, ready=None) -> None:
    """Serve `app` until interrupted; `ready(url)` is called once the socket listens."""
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)   # its access log would print the token
    server = make_server(host, port, app, threaded=True)
    url = f"http://{host}:{server.server_port}/"
    if ready is not None:
        ready(url)
    try:
        server.serve_forever()
    finally:
        server.server_close()


__all__ = ["Console", "new_token", "serve"]
