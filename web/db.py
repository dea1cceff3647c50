"""The database: engine, schema (managed by Alembic), and the ways to write.

SQLite (the default, a file in the instance folder) runs in WAL mode with ``synchronous=FULL``:
a write acknowledged to the client is on disk. Every write runs in a transaction opened by
:func:`write` or :class:`Writer`: ``BEGIN IMMEDIATE`` on SQLite (after a process-wide lock, so
threads queue without SQLite's busy-wait sleeps) and a row lock on the game
(``SELECT ... FOR UPDATE``) on PostgreSQL. On SQLite, :class:`Writer` lets the actions queued by
all threads share one transaction and one fsync (group commit); each is still acknowledged only
once its transaction is committed.
"""

from __future__ import annotations

import functools
import queue
import shutil
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.schema import SchemaItem
from sqlalchemy.sql.expression import Executable

MIGRATIONS = Path(__file__).with_name("migrations")

metadata = MetaData()

#: The largest version (event number) a game may reach: PostgreSQL's ``integer``, the columns'
#: type. A version asked for beyond it is refused or not found before any query holds it.
MAX_VERSION = 2**31 - 1


def moment(name: str) -> Column[Any]:
    """A required column holding a moment with its time zone (every table's ``created_at`` and
    ``updated_at``)."""
    return Column(name, DateTime(timezone=True), nullable=False)


#: One row per game: its id (unguessable), the game it plays (a declared game id), the version of
#: its last event.
games = Table(
    "games",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("name", String(80), nullable=False, default=""),
    Column("variant", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    moment("created_at"),
    moment("updated_at"),
)



def _by_version(name: str, *columns: Column[Any]) -> Table:
    """A table with a row per version of a stored game (its key: the game and the version), then ``columns``."""
    return Table(
        name,
        metadata,
        Column("game_id", String(64), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        Column("version", Integer, primary_key=True),
        *columns,
    )


def kept_for_a_game(name: str, *items: SchemaItem) -> Table:
    """A table of what a player keeps for one game (their rulings, their copy of its components):
    a row's own id, the game's id, then ``items`` (columns, constraints)."""
    return Table(
        name,
        metadata,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("game", String(64), nullable=False, index=True),
        *items,
    )


#: The log: append-only; version n is the game's n-th event.
events = _by_version(
    "events",
    Column("kind", String(10), nullable=False),
    Column("type", String(40), nullable=False),
    Column("payload", Text, nullable=False),
    Column("effects", Text, nullable=False),
    moment("created_at"),
)

#: Derived states, so a long game loads from the nearest one (a cache: the log is the truth).
snapshots = _by_version("snapshots", Column("state", Text, nullable=False))


def normalise_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` use psycopg 3; anything else is kept as given."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


_SQLITE_LOCKS: dict[str, threading.Lock] = {}
_SQLITE_LOCKS_GUARD = threading.Lock()


def _sqlite_lock(engine: Engine) -> threading.Lock:
    key = str(engine.url)
    with _SQLITE_LOCKS_GUARD:
        return _SQLITE_LOCKS.setdefault(key, threading.Lock())


class StorageError(RuntimeError):
    """The database cannot be used: unreachable, missing folder, read-only, full. The message is one
    line saying why (``fallujah serve`` prints it and exits 2)."""


#: The key of the advisory lock the migrations run under on PostgreSQL (any fixed number).
MIGRATION_LOCK = 0x66616C6C  # "fall"
#: A SQLite database on a disk with less free space than this is refused at start.
MIN_FREE_BYTES = 1024 * 1024


def _reason(exc: BaseException) -> str:
    """The first line of a driver's error (no SQL, no traceback)."""
    orig = getattr(exc, "orig", None) or exc
    lines = str(orig).strip().splitlines() or [type(orig).__name__]
    return lines[0][:300]


#: SQLite's ``synchronous`` levels a companion may ask for: ``FULL`` (the default: an acknowledged
#: write is on disk) or ``OFF`` (the test suite's throw-away databases skip the fsync)
SYNCHRONOUS = ("FULL", "OFF")


def make_engine(url: str, synchronous: str = "FULL") -> Engine:
    """An engine for ``url``; SQLite gets WAL, full sync, foreign keys and explicit BEGINs. A
    SQLite file whose folder does not exist is :class:`StorageError` (no folder is created:
    a mistyped ``--db`` must not silently start an empty database elsewhere)."""
    url = normalise_url(url)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise StorageError(f"database URL {url[:200]!r}: {_reason(exc)}") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise StorageError(f"database URL {parsed.render_as_string(hide_password=True)!r}: {_reason(exc)}") from None
    if parsed.database and parsed.database != ":memory:" and not parsed.database.startswith("file:"):
        folder = Path(parsed.database).parent
        if not folder.is_dir():
            raise StorageError(f"database {parsed.database!r}: the folder {str(folder)!r} does not exist")
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, pool_size=20, max_overflow=10)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver issues no BEGIN: ``_begin`` does
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON", "busy_timeout=30000"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@functools.cache
def head_revision() -> str | None:
    """The newest migration's revision, read once per process from ``web/migrations``."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """``alembic upgrade head`` on this engine (run at every app start; a no-op when current),
    under a lock so that servers started together migrate one after the other: a transaction
    advisory lock on PostgreSQL, ``BEGIN IMMEDIATE`` (the database's write lock) on SQLite.
    A database already at the head revision is left alone without running Alembic's
    environment (which reads every migration file)."""
    config = _config()
    with engine.connect() as conn:
        if is_sqlite(engine):
            conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            wanted = head_revision() if revision == "head" else revision
            if MigrationContext.configure(conn).get_current_revision() == wanted:
                return
            config.attributes["connection"] = conn
            command.upgrade(config, revision)


def check_writable(engine: Engine) -> None:
    """:class:`StorageError` unless the database takes a write: a row updated to itself in a
    transaction rolled back (nothing changes), and on SQLite some free space on its disk."""
    with engine.connect() as conn:
        if is_sqlite(engine):
            conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin() as transaction:
            conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
            transaction.rollback()
    database = engine.url.database if is_sqlite(engine) else None
    if database and database != ":memory:" and not database.startswith("file:"):
        free = shutil.disk_usage(Path(database).parent).free
        if free < MIN_FREE_BYTES:
            raise StorageError(f"database {database!r}: its disk is full ({free} bytes free)")


def open_database(url: str, synchronous: str = "FULL") -> Engine:
    """The engine of ``url``, migrated and checked writable (:func:`check_writable`), or
    :class:`StorageError` saying in one line why the companion cannot serve it."""
    if synchronous not in SYNCHRONOUS:
        raise StorageError(f"SQLITE_SYNCHRONOUS {synchronous!r}: one of {', '.join(SYNCHRONOUS)}")
    engine = make_engine(url, synchronous)
    shown = engine.url.render_as_string(hide_password=True)
    try:
        upgrade(engine)
        check_writable(engine)
    except StorageError:
        engine.dispose()
        raise
    except (DBAPIError, OSError) as exc:
        engine.dispose()
        raise StorageError(f"database {shown!r} cannot be written: {_reason(exc)}") from None
    return engine


@contextmanager
def write(engine: Engine, game_id: str | None = None) -> Iterator[tuple[Connection, int | None]]:
    """One write transaction, the game's row locked; yields the connection and the game's
    version (None when the game does not exist or no game is named). Commits on success."""
    if is_sqlite(engine):
        with _sqlite_lock(engine), engine.connect() as conn:
            conn.execution_options(sqlite_begin="IMMEDIATE")
            with conn.begin():
                yield conn, _version(conn, game_id, lock=False)
        return
    with engine.connect() as conn, conn.begin():
        yield conn, _version(conn, game_id, lock=True)


def _version(conn: Connection, game_id: str | None, *, lock: bool) -> int | None:
    if game_id is None:
        return None
    query = select(games.c.version).where(games.c.id == game_id)
    if lock:
        query = query.with_for_update()
    return conn.execute(query).scalar_one_or_none()


class Prepared:
    """A Core statement compiled once for an engine. On SQLite, :meth:`run` hands the same SQL and
    the same bound values (through the column types' bind processors) straight to the sqlite3
    connection, as SQLAlchemy would, without its per-statement bookkeeping; elsewhere it is
    ``conn.execute``."""

    def __init__(self, statement: Executable, engine: Engine):
        self.statement = statement
        self.raw = is_sqlite(engine)
        compiled = statement.compile(dialect=engine.dialect)  # type: ignore[attr-defined]
        self.sql = str(compiled)
        self.binds = [
            (name, compiled.binds[name].type.dialect_impl(engine.dialect).bind_processor(engine.dialect))
            for name in compiled.positiontup or ()
        ]

    def run(self, conn: Connection, params: dict[str, Any]) -> None:
        if not self.raw:
            conn.execute(self.statement, params)
            return
        values = tuple(params[name] if process is None else process(params[name]) for name, process in self.binds)
        conn.connection.driver_connection.execute(self.sql, values)  # type: ignore[union-attr]

    def run_many(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        """:meth:`run` for many rows at once (``executemany``), as an import writes its batches."""
        if not rows:
            return
        if not self.raw:
            conn.execute(self.statement, rows)
            return
        values = [tuple(row[name] if process is None else process(row[name]) for name, process in self.binds)
                  for row in rows]
        conn.connection.driver_connection.executemany(self.sql, values)  # type: ignore[union-attr]


#: :func:`_version` on SQLite, as the driver runs it.
VERSION_SQL = "SELECT version FROM games WHERE id = ?"

T = TypeVar("T")
#: A write: runs in a transaction with the game's version (None if it does not exist).
Job = Callable[[Connection, "int | None"], T]


class Writer:
    """Runs writes on one game each, in transactions.

    PostgreSQL: each write in its own transaction, the game's row locked. SQLite (group commit):
    a write is queued; a writer thread that finds no other leading becomes the leader and runs
    the queued writes, each under a SAVEPOINT inside one transaction (a failing write is rolled
    back alone), commits once, answers every caller, then lets go: a thread whose write is still
    queued leads the next batch. So many writes share one fsync, a lone write runs in its own
    thread, and no thread stays leader while its own answer waits (under a steady load a leader
    that went on while writes were queued kept its own client waiting for seconds).
    ``conn.info["batch"]`` holds what the writes of one transaction computed and have not
    committed yet.
    """

    def __init__(self, engine: Engine, max_batch: int = 64):
        self.engine = engine
        self.max_batch = max_batch
        self._queue: queue.SimpleQueue[tuple[str, Job[Any], Future[Any]]] = queue.SimpleQueue()
        self._turn = threading.Condition()
        self._leading = False

    def run(self, game_id: str, job: Job[T]) -> T:
        if not is_sqlite(self.engine):
            with write(self.engine, game_id) as (conn, version):
                conn.info["batch"] = {}
                try:
                    return job(conn, version)
                finally:
                    conn.info.pop("batch", None)
        future: Future[T] = Future()
        self._queue.put((game_id, job, future))
        while True:
            with self._turn:
                while self._leading and not future.done():
                    self._turn.wait()
                if future.done():
                    break
                self._leading = True
            try:
                self._lead()
            finally:
                with self._turn:
                    self._leading = False
                    self._turn.notify_all()  # the answered go back to their clients, one waiting thread leads
        return future.result()

    def _lead(self) -> None:
        """Commit the queued writes (up to ``max_batch``), the caller's among them unless a
        previous leader took it."""
        batch: list[tuple[str, Job[Any], Future[Any]]] = []
        while len(batch) < self.max_batch:
            try:
                batch.append(self._queue.get_nowait())
            except queue.Empty:
                break
        if batch:
            self._commit(batch)

    def _commit(self, batch: list[tuple[str, Job[Any], Future[Any]]]) -> None:
        """One transaction for the batch. The savepoints and the version reads go straight to the
        sqlite3 connection: the same SQL as SQLAlchemy's ``begin_nested()`` and ``select``, without
        its bookkeeping, which cost more than the statements themselves."""
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with _sqlite_lock(self.engine), self.engine.connect() as conn:
                conn.execution_options(sqlite_begin="IMMEDIATE")
                conn.info["batch"] = {}
                try:
                    with conn.begin():
                        raw: Any = conn.connection.driver_connection
                        for game_id, job, future in batch:
                            raw.execute("SAVEPOINT job")
                            try:
                                row = raw.execute(VERSION_SQL, (game_id,)).fetchone()
                                result = job(conn, None if row is None else row[0])
                            except Exception as exc:  # noqa: BLE001 - the caller gets it; the others go on
                                raw.execute("ROLLBACK TO job")
                                raw.execute("RELEASE job")
                                outcomes.append((future, None, exc))
                            else:
                                raw.execute("RELEASE job")
                                outcomes.append((future, result, None))
                finally:
                    conn.info.pop("batch", None)  # states of a rolled back batch must not outlive it
        except Exception as exc:  # noqa: BLE001 - the transaction failed: no write is acknowledged
            for _, _, future in batch:
                future.set_exception(exc)
            return
        for future, result, error in outcomes:
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)
