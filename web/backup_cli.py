"""``fallujah backup`` and ``fallujah restore FILE``: the companion's SQLite database copied now,
or put back from a copy after checking it (:mod:`web.backup`). Exit 1 when the file is not a
companion database that this version can restore; 2 for a database these commands do not serve
(PostgreSQL: ``pg_dump``)."""

from __future__ import annotations

from pathlib import Path

import click

from .backup import BACKUP_KEEP, BackupError, make_backup, pg_dump_error, restore, sqlite_file
from .cli import die

_DB = click.option("--db", "database_url", default=None, metavar="URL",
                   help="Database URL (default: $DATABASE_URL, else the SQLite file in the instance folder, "
                        "as `fallujah serve` uses).")
_KEEP = click.option("--keep", default=BACKUP_KEEP, show_default=True, type=click.IntRange(1, 10_000),
                     help="How many backups the folder keeps (older ones are deleted).")


def _url(database_url: str | None) -> str:
    if database_url == "":
        raise click.BadParameter("an empty database URL", param_hint="'--db'")
    if database_url is not None:
        return database_url
    from .app import default_database_url

    return default_database_url()


@click.command("backup")
@_DB
@_KEEP
def backup(database_url: str | None, keep: int) -> None:
    """Back the companion's SQLite database up now, into backups/ beside it."""
    url = _url(database_url)
    database = sqlite_file(url)
    try:
        if database is None:
            raise pg_dump_error(url)
        made = make_backup(database, keep=keep)
    except BackupError as exc:
        die(str(exc), exc.status)
    click.echo(f"backed up {database} to {made}")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_DB
@_KEEP
def restore_command(file: Path, database_url: str | None, keep: int) -> None:
    """Restore the companion's SQLite database from backup FILE, once checked (stop the server first)."""
    try:
        done = restore(file, _url(database_url), keep)
    except BackupError as exc:
        die(str(exc), exc.status)
    saved = f"; the database it replaced is saved as {done.previous}" if done.previous else ""
    click.echo(f"restored {done.games} games from {file} into {done.database}{saved}")
