"""Fixtures of the web companion's tests: an app on a fresh real database per test.

Every app fixture runs on SQLite (a file under tmp_path) and, when ``TEST_DATABASE_URL`` is
set (CI sets it, see .ci/run), on PostgreSQL too, its schema emptied before each test.
Other test modules import what they use from here.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic.migration import MigrationContext
from flask.testing import FlaskClient
from sqlalchemy import Engine, create_engine, inspect, text

from web import games as registry
from web.app import create_app
from web.db import head_revision, normalise_url, open_database

PG_URL = os.environ.get("TEST_DATABASE_URL")
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(not PG_URL, reason="TEST_DATABASE_URL not set"))]
#: the backends this run has: a fuzz test sends each example it draws to every one of them (the
#: drawing costs more than the requests)
AVAILABLE_BACKENDS = ["sqlite", *(["postgresql"] if PG_URL else [])]


def empty_postgres(url: str) -> None:
    engine = create_engine(normalise_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def database_url(backend: str, tmp_path: Any) -> str:
    """An empty database: no table at all (the tests of migrations start from one)."""
    if backend == "postgresql":
        assert PG_URL
        empty_postgres(PG_URL)
        return PG_URL
    return f"sqlite:///{tmp_path / 'companion.sqlite3'}"


#: an engine per PostgreSQL URL, kept for the run: emptying the database before each test
_ENGINES: dict[str, Engine] = {}


def emptied_postgres(url: str) -> None:
    """The database with no game in it, at the head revision: every row deleted and the
    sequences started again when its schema is at head already (a previous test migrated it),
    else the schema dropped (``create_app`` migrates it).

    ``DELETE`` rather than ``TRUNCATE``: a test leaves a few rows, and ``TRUNCATE`` gives each
    table new files (31 ms of the server's CPU a test, against 2)."""
    engine = _ENGINES.get(url)
    if engine is None:
        engine = _ENGINES[url] = create_engine(normalise_url(url))
    with engine.begin() as conn:
        if MigrationContext.configure(conn).get_current_revision() == head_revision():
            inspector = inspect(conn)
            for table, _keys in reversed(inspector.get_sorted_table_and_fkc_names()):
                if table is not None and table != "alembic_version":
                    conn.execute(text(f'DELETE FROM "{table}"'))
            for sequence in inspector.get_sequence_names():
                conn.execute(text("SELECT setval(:name, 1, false)"), {"name": sequence})
            return
    engine.dispose()
    empty_postgres(url)


_TEMPLATE: list[Path] = []


def sqlite_template() -> Path:
    """A SQLite database migrated to head once per test process, which each test copies (a
    migration per test cost a fifth of the web tests' time)."""
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="fallujah-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "template.sqlite3"
        open_database(f"sqlite:///{path}", "OFF").dispose()
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        _TEMPLATE.append(path)
    return _TEMPLATE[0]


def migrated_url(backend: str, tmp_path: Any, name: str = "companion.sqlite3") -> str:
    """A database at the head revision holding no game, as ``create_app`` leaves a new one; on
    SQLite, the one already in ``tmp_path`` when there is one (a test starting its app again)."""
    if backend == "postgresql":
        assert PG_URL
        emptied_postgres(PG_URL)
        return PG_URL
    path = Path(tmp_path) / name
    if not path.exists():
        shutil.copyfile(sqlite_template(), path)
    return f"sqlite:///{path}"


def make_app(backend: str, tmp_path: Any, **config: Any):
    return create_app({
        "TESTING": True,
        "DATABASE_URL": migrated_url(backend, tmp_path),
        "SITE_DIR": str(tmp_path / "site"),
        "SQLITE_SYNCHRONOUS": "OFF",  # a throw-away database: no fsync per commit
        "BACKUPS": False,  # tests/test_backup.py turns them on where it tests them
        **config,
    })


@contextmanager
def sqlite_client(tmp_path: Any) -> Iterator[FlaskClient]:
    """A test client of a new app on a throw-away SQLite database, closed after."""
    application = make_app("sqlite", tmp_path)
    try:
        yield application.test_client()
    finally:
        application.extensions["fallujah.store"].engine.dispose()


def sample_export(game: str) -> dict[str, Any]:
    """The game's sample (``Companion.sample``) as an export file, for ``POST /api/games/import``."""
    companion = registry.companion(game)
    assert companion.sample is not None
    return {"format": "fallujah-game", "format_version": 2, "game": game, "events": companion.sample()}


@pytest.fixture(params=BACKENDS)
def app(request, tmp_path):
    application = make_app(request.param, tmp_path, SNAPSHOT_EVERY=5)
    yield application
    application.extensions["fallujah.store"].engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def sqlite_app(tmp_path):
    application = make_app("sqlite", tmp_path)
    yield application
    application.extensions["fallujah.store"].engine.dispose()


#: A full order of battle (6.3): nine start squads, four with a CAAT, company and battalion boxes.
START_ZONES = [2, 3, 4, 6, 8, 10, 12, 17, 19]
ORDER_OF_BATTLE = {
    "variant": "standard",
    "strong_points": 2,
    "name": "Jolan, 9 November",
    "start_zones": START_ZONES,
    "squads": [
        {"counter": n, "cf": 4 + n % 3, "zone": zone, "caat": n <= 4}
        for n, zone in enumerate(START_ZONES, start=1)
    ],
    "company": [{"counter": n, "cf": 5} for n in (10, 11, 12)],
    "battalion": [{"counter": n, "cf": 6} for n in (13, 14, 15)],
}


class Player:
    """A client that keeps the version it saw, as a page would."""

    def __init__(self, client, game: dict[str, Any]):
        self.client = client
        self.id = game["id"]
        self.state = game

    @classmethod
    def new(cls, client, **setup: Any) -> Player:
        response = client.post("/api/games", json={"strong_points": 2, **setup})
        assert response.status_code == 201, response.get_json()
        return cls(client, response.get_json())

    def post(self, path: str, body: dict[str, Any]):
        return self.client.post(f"/api/games/{self.id}/{path}", json={"expected_version": self.state["version"], **body})

    def act(self, type_: str, **fields: Any) -> dict[str, Any]:
        response = self.post("actions", {"type": type_, **fields})
        assert response.status_code == 200, response.get_json()
        self.state = response.get_json()
        return self.state

    def refused(self, type_: str, expect: int = 422, **fields: Any) -> dict[str, Any]:
        response = self.post("actions", {"type": type_, **fields})
        assert response.status_code == expect, response.get_json()
        return response.get_json()

    def undo(self) -> dict[str, Any]:
        response = self.post("undo", {})
        assert response.status_code == 200, response.get_json()
        self.state = response.get_json()
        return self.state

    def redo(self) -> dict[str, Any]:
        response = self.post("redo", {})
        assert response.status_code == 200, response.get_json()
        self.state = response.get_json()
        return self.state

    def to_phase(self, phase: str, turn: int | None = None) -> dict[str, Any]:
        while self.state["phase"] != phase or (turn is not None and self.state["turn"] != turn):
            self.act("next_phase")
        return self.state

    def unit(self, unit_id: str) -> dict[str, Any]:
        return next(u for u in self.state["units"] if u["id"] == unit_id)

    def zone(self, number: int) -> dict[str, Any]:
        return self.state["zones"][number - 1]
