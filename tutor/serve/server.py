"""Starting the practice server: `tutor serve` (the CLI only parses its options and calls start)."""

from __future__ import annotations

import hashlib
import os
import secrets
import socket

from ..errors import TutorError

TOKEN_VARIABLE = "TUTOR_TOKEN"


class ServeError(TutorError):
    """The server cannot start: a port in use, a database it cannot open."""


def settings_for(database: str, token: str | None, proxies: str | None = None):
    from . import security
    from .app import Settings

    chosen = token or os.environ.get(TOKEN_VARIABLE) or secrets.token_urlsafe(18)
    # The forms' secret follows from the token: with a token of their own (--token or TUTOR_TOKEN) a
    # restarted server still takes the forms of the pages its students have open.
    secret = hashlib.sha256(b"tutor serve forms\x00" + chosen.encode()).digest()
    if proxies is None:
        proxies = security.DEFAULT_PROXIES
    try:
        proxies = security.trusted_proxies(proxies)
    except ValueError as err:
        raise ServeError(str(err), field="--trust-proxy") from None
    return Settings(database, chosen, secret, proxies=proxies)


def check_port(host: str, port: int) -> None:
    """Fail with one line before anything starts if the address cannot be listened on."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise ServeError(f"cannot listen on {host}:{port}: {err.strerror}", field="--host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            raise ServeError(f"cannot listen on {host}:{port}: {err.strerror}", field="--port") from None


def start(host: str, port: int, database: str, workers: int, token: str | None, echo,
          proxies: str | None = None) -> None:
    """Open (and migrate) the database, then serve until interrupted, with `workers` server processes,
    each drawing and checking in worker processes of its own (pool.PROCESSES)."""
    import uvicorn

    from .store import Store

    settings = settings_for(database, token, proxies)  # a bad --trust-proxy fails before anything opens
    Store(database).close()  # a bad URL or an unreachable server fails here, in one line, not in each worker
    check_port(host, port)
    os.environ.update(settings.to_environment())  # each of uvicorn's worker processes reads them
    shown = f"http://{'localhost' if host in ('127.0.0.1', '::1') else host}:{port}"
    echo(f"tutor: practice at {shown}/  ·  lecturer's view at {shown}/class")
    if token or os.environ.get(TOKEN_VARIABLE):
        echo("tutor: the lecturer's token is the one given (--token or TUTOR_TOKEN)")
    else:
        echo(f"tutor: the lecturer's token: {settings.token}")
    uvicorn.run(f"{__package__}.app:app_from_environment", factory=True, host=host, port=port,
                workers=workers, log_level="warning", access_log=False,
                proxy_headers=False)  # the app reads them itself, from the proxies trusted (app.create_app)
