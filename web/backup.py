"""Rotating backups of the companion's SQLite database, and their restore.

The companion copies its SQLite database into ``backups/`` beside it (``instance/backups/`` for
the default database): once when it starts, then after a write when the last copy is at least
:data:`BACKUP_EVERY_MINUTES` old (so at most one copy per that many minutes of play, none while
nobody plays), keeping the newest :data:`BACKUP_KEEP`. Each copy is made with SQLite's online
backup API (``sqlite3.Connection.backup``): it reads one consistent state of the database while
the server goes on writing. ``fallujah backup`` makes one now and ``fallujah restore FILE`` puts
one back after checking it (:func:`check`). A PostgreSQL database is backed up with ``pg_dump``.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import threading
import time
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from alembic.script import ScriptDirectory
from flask import Flask, Response, request
from sqlalchemy.engine import make_url

from .db import MIGRATIONS, normalise_url

#: Minutes of play between two automatic backups (at most one per that many minutes).
BACKUP_EVERY_MINUTES = 10
#: How many backups the folder keeps; older ones are deleted when a new one is made.
BACKUP_KEEP = 10
#: The folder of the backups, beside the database file.
FOLDER = "backups"
PREFIX = "fallujah-"
SUFFIX = ".sqlite3"
#: The first 16 bytes of every SQLite database file.
SQLITE_MAGIC = b"SQLite format 3\x00"
#: The tables a companion database holds (:mod:`web.db`, Alembic's own).
TABLES = frozenset({"games", "events", "snapshots", "alembic_version"})

log = logging.getLogger(__name__)


class BackupError(Exception):
    """A backup or restore that cannot be made: one line saying why, and the exit status
    (1: the file is not a companion database; 2: the command cannot apply, e.g. PostgreSQL)."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL, or None (PostgreSQL, an in-memory or ``file:`` URI database)."""
    parsed = make_url(normalise_url(url))
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).resolve()


def folder_of(database: Path) -> Path:
    """Where the backups of a database file go: ``backups/`` beside it."""
    return database.parent / FOLDER


def pg_dump_error(url: str) -> BackupError:
    shown = make_url(normalise_url(url)).render_as_string(hide_password=True)
    return BackupError(f"database {shown!r} is not a SQLite file: back a PostgreSQL database up with pg_dump "
                       "and restore it with pg_restore (see the README)", 2)


def backups(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (their names start with the time they were made)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy a whole database with the online backup API into ``target`` (written beside it, then
    renamed, so a half-written copy never carries a backup's name). The copy is a rollback-journal
    database: one file, readable on its own."""
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    with closing(sqlite3.connect(partial)) as copy:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
    os.replace(partial, target)


def make_backup(database: Path, folder: Path | None = None, keep: int = BACKUP_KEEP, label: str = "") -> Path:
    """A backup of ``database`` now, in ``folder`` (default :func:`folder_of`), keeping the
    newest ``keep``; returns its path."""
    if not database.is_file():
        raise BackupError(f"database {str(database)!r} does not exist: nothing to back up", 1)
    folder = folder or folder_of(database)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = folder / f"{PREFIX}{stamp}{label}{SUFFIX}"
    with closing(sqlite3.connect(database, timeout=30)) as source:
        _copy(source, target)
    rotate(folder, keep)
    return target


def rotate(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups of ``folder``; returns those deleted."""
    found = backups(folder)
    gone = found[: max(len(found) - max(keep, 1), 0)]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def _revisions() -> set[str]:
    script = ScriptDirectory(str(MIGRATIONS))
    return {rev.revision for rev in script.walk_revisions()}


@dataclass(frozen=True)
class Checked:
    """What :func:`check` found in a backup."""

    revision: str
    games: int


def check(file: Path) -> Checked:
    """A backup checked before it is restored: a SQLite database (its header), whole
    (``PRAGMA integrity_check``), a companion's (its tables) at a schema revision this version
    knows (Alembic's). :class:`BackupError` (status 1) saying what is wrong otherwise."""
    name = str(file)
    try:
        with file.open("rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BackupError(f"{name!r}: cannot be read: {exc.strerror or exc}", 1) from None
    if header != SQLITE_MAGIC:
        raise BackupError(f"{name!r} is not a SQLite database (it does not start with SQLite's header)", 1)
    try:
        with closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            verdict = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if verdict != ["ok"]:
                raise BackupError(f"{name!r} is damaged (integrity_check: {'; '.join(verdict[:3])[:200]})", 1)
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = sorted(TABLES - tables)
            if missing:
                raise BackupError(f"{name!r} is not a fallujah companion database (no table {', '.join(missing)})", 1)
            revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            count = conn.execute("SELECT count(*) FROM games WHERE version > 0").fetchone()[0]
    except sqlite3.Error as exc:
        raise BackupError(f"{name!r} cannot be read as a SQLite database: {exc}", 1) from None
    known = _revisions()
    if revision is None or revision[0] not in known:
        found = None if revision is None else revision[0]
        raise BackupError(f"{name!r}: schema revision {found!r} is not one this version of fallujah knows "
                          f"({', '.join(sorted(known))}); restore it with the version that made it", 1)
    return Checked(revision[0], int(count))


@dataclass(frozen=True)
class Restored:
    database: Path
    games: int
    #: the copy of the database the restore replaced (None when there was none)
    previous: Path | None


def restore(file: Path, url: str, keep: int = BACKUP_KEEP) -> Restored:
    """Put backup ``file`` in place of the database of ``url`` once :func:`check` accepts it: the
    database being replaced is first copied into the backups (``...-before-restore``), then the
    backup is copied over it with the backup API and the schema brought to this version's head.
    The companion must not be running on that database meanwhile."""
    from .db import StorageError, open_database

    database = sqlite_file(url)
    if database is None:
        raise pg_dump_error(url)
    found = check(file)
    previous = None
    if database.exists():
        try:
            previous = make_backup(database, keep=keep + 1, label="-before-restore")
        except sqlite3.Error:  # a damaged database: keep its bytes as they are
            previous = folder_of(database) / f"{PREFIX}{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}-damaged{SUFFIX}"
            previous.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(database, previous)
            database.unlink()
    for leftover in ("-wal", "-shm", "-journal"):  # a deleted database's journal must not replay into the restored one
        stale = database.with_name(database.name + leftover)
        if not database.exists():
            stale.unlink(missing_ok=True)
    if not database.parent.is_dir():
        raise BackupError(f"database {str(database)!r}: the folder {str(database.parent)!r} does not exist", 2)
    with closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as source, \
            closing(sqlite3.connect(database, timeout=30)) as target:
        source.backup(target)
    try:
        open_database(f"sqlite:///{database}").dispose()  # migrated to head and checked writable
    except StorageError as exc:
        raise BackupError(str(exc), 1) from None
    return Restored(database, found.games, previous)


class AutoBackup:
    """The companion's automatic backups: one at start, then after a write once the last is
    ``every_minutes`` old, made in a thread of their own so no request waits for them."""

    def __init__(self, database: Path, folder: Path | None = None, every_minutes: float = BACKUP_EVERY_MINUTES,
                 keep: int = BACKUP_KEEP):
        self.database = database
        self.folder = folder or folder_of(database)
        self.every = every_minutes * 60
        self.keep = keep
        self.last: float | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def now(self) -> Path | None:
        """A backup now (None if it failed: logged, never fatal to the companion)."""
        try:
            made = make_backup(self.database, self.folder, self.keep)
        except (BackupError, sqlite3.Error, OSError) as exc:
            log.warning("backup of %s failed: %s", self.database, exc)
            return None
        finally:
            self.last = time.monotonic()
        return made

    def played(self) -> None:
        """A write was made: back up in the background if the last backup is old enough."""
        if self.last is not None and time.monotonic() - self.last < self.every:
            return
        if not self._lock.acquire(blocking=False):
            return  # one is being made
        self.last = time.monotonic()

        def run() -> None:
            try:
                self.now()
            finally:
                self._lock.release()

        self._thread = threading.Thread(target=run, name="fallujah-backup", daemon=True)
        self._thread.start()

    def wait(self) -> None:
        """Until the backup being made, if any, is written."""
        if self._thread is not None:
            self._thread.join()


def init_app(app: Flask) -> None:
    """Automatic backups for the app's SQLite database file (none for PostgreSQL or an in-memory
    database, or with ``BACKUPS`` false): one now, then after writes (:class:`AutoBackup`)."""
    database = sqlite_file(app.config["DATABASE_URL"])
    if database is None or not app.config.get("BACKUPS", True):
        return
    folder = app.config.get("BACKUP_DIR")
    auto = AutoBackup(database, Path(folder) if folder else None,
                      float(app.config.get("BACKUP_EVERY_MINUTES", BACKUP_EVERY_MINUTES)),
                      int(app.config.get("BACKUP_KEEP", BACKUP_KEEP)))
    app.extensions["fallujah.backups"] = auto
    auto.now()

    @app.after_request
    def _after_write(response: Response) -> Response:
        if request.method == "POST" and response.status_code < 400:
            auto.played()
        return response
