"""``fallujah serve``: the web companion on a production WSGI server (waitress)."""

from __future__ import annotations

import ipaddress
import logging

import click

from rules_text.cli import game_option


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default serves this machine only.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--db", "database_url", default=None, metavar="URL",
              help="Database URL (default: $DATABASE_URL, else a SQLite file in the instance folder); "
                   "e.g. postgresql://user:password@127.0.0.1/fallujah.")
@game_option
def serve(host: str, port: int, database_url: str | None, game: str) -> None:
    """Serve the web companion and its JSON API on http://HOST:PORT/.

    Every registered game with a companion is served; --game is the one a request or a new game
    that names none is about."""
    from sqlalchemy.engine import make_url
    from waitress import serve as waitress_serve

    from .app import create_app
    from .games import declaration

    app = create_app({"GAME": game, **({"DATABASE_URL": database_url} if database_url else {})})
    shown = make_url(app.config["DATABASE_URL"]).render_as_string(hide_password=True)
    if not _loopback(host):
        click.echo(f"warning: listening on {host}: anyone who can reach this address can use the companion", err=True)
    click.echo(f"Serving the {declaration(game).title} companion on http://{host}:{port}/ (database: {shown}); "
               "Ctrl+C stops it.")
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth" under load is not news
    waitress_serve(app, host=host, port=port, threads=16, ident="fallujah", _quiet=True)
