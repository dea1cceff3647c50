"""``fallujah serve``: the web companion on a production WSGI server (waitress).

The server's limits are explicit (:data:`LIMITS`): idle connections closed after
:data:`CHANNEL_TIMEOUT` seconds, a body larger than the app accepts refused before it is buffered,
and the guards of :mod:`web.guard` against slow clients (a deadline on a request's headers, a cap
on the connections of one address, a connection limit far above that cap). Nothing is
announced before the database has been migrated and checked writable and the port is bound;
a failure of either is one line and exit status 2.
"""

from __future__ import annotations

import gc
import ipaddress
import logging
import sys
from typing import Any, NoReturn

import click

from rules_text.cli import game_option

#: waitress' default is 120 s of idleness, and bodies buffered up to 1 GB
CHANNEL_TIMEOUT = 20
#: the largest request body read (the app's ``MAX_CONTENT_LENGTH``: an import of 16 MB)
MAX_BODY = 16 * 1024 * 1024
LIMITS = {
    "channel_timeout": CHANNEL_TIMEOUT,
    "max_request_body_size": MAX_BODY,
    "max_request_header_size": 64 * 1024,
    "cleanup_interval": 2,
    "asyncore_use_poll": True,  # select() stops at file descriptor 1024
}


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _served(game: str) -> str:
    """What the banner names: the game asked for with --game, else the product (every game is served)."""
    from .games import declaration

    asked = click.get_current_context().get_parameter_source("game") is not click.core.ParameterSource.DEFAULT
    return f"the {declaration(game).title} companion" if asked else "the Fallujah companion (every game)"


def _hosts_for(host: str, extra: tuple[str, ...]) -> list[str]:
    """The hosts served: this machine's, the listening address (unless a wildcard) and ``extra``."""
    from .security import trusted_hosts

    named = [] if host in ("0.0.0.0", "::", "") else [f"[{host}]" if ":" in host else host]
    return trusted_hosts([*named, *extra])


class _Deferred:
    """The WSGI application of a server that listens before the app is built: the app, once it is."""

    app: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        return self.app(environ, start_response)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default serves this machine only.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--db", "database_url", default=None, metavar="URL",
              help="Database URL (default: $DATABASE_URL, else a SQLite file in the instance folder); "
                   "e.g. postgresql://user:password@127.0.0.1/fallujah.")
@click.option("--trusted-host", "trusted", multiple=True, metavar="NAME",
              help="A host name the server answers for besides this machine's (repeat it; '.example.org' "
                   "trusts its subdomains); also $FALLUJAH_TRUSTED_HOSTS, comma-separated.")
@game_option
def serve(host: str, port: int, database_url: str | None, trusted: tuple[str, ...], game: str) -> None:
    """Serve the web companion and its JSON API on http://HOST:PORT/.

    Every registered game with a companion is served; --game is the one a request or a new game
    that names none is about. Only requests naming this machine, HOST or a --trusted-host are
    answered (DNS rebinding)."""
    from .guard import connection_limit, create_server

    if database_url is not None and not database_url.strip():
        _fail("--db: an empty URL: give a database URL (sqlite:///path or postgresql://...), or leave --db out "
              "for $DATABASE_URL or the default SQLite file")
    # the address is bound before the app is built (its modules, rulebooks and database take
    # seconds): a busy port or a host that does not resolve is said at once
    application = _Deferred()
    try:
        server = create_server(application, host=host, port=port, threads=16, ident="fallujah",
                               connection_limit=connection_limit(), **LIMITS)
    except (OSError, ValueError) as exc:  # a busy port; a host that does not resolve (ValueError)
        _fail(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}")
    from sqlalchemy.engine import make_url

    from .app import create_app
    from .db import StorageError

    try:
        application.app = create_app({"GAME": game, "TRUSTED_HOSTS": _hosts_for(host, trusted),
                                      "MAX_CONTENT_LENGTH": MAX_BODY,
                                      **({"DATABASE_URL": database_url} if database_url is not None else {})})
    except StorageError as exc:
        server.close()
        _fail(str(exc))
    shown = make_url(application.app.config["DATABASE_URL"]).render_as_string(hide_password=True)
    if not _loopback(host):
        click.echo(f"warning: listening on {host}: anyone who can reach this address can use the companion", err=True)
    address = f"[{host}]" if ":" in host else host
    click.echo(f"Serving {_served(game)} on http://{address}:{port}/ (database: {shown}); Ctrl+C stops it.")
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth" under load is not news
    # what the app holds for its life (modules, rulebooks, models) is left out of the collector's
    # full passes: the one after each large body (security.LargeBodies) then walks what requests made
    gc.collect()
    gc.freeze()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
