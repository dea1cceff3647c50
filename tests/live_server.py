"""A real companion server for browser tests: ``create_app`` on a fresh SQLite file, served by
werkzeug in a thread on a free port of 127.0.0.1.

``tests/conftest.py`` registers the fixture; a browser test asks for ``live_server`` and gets a
:class:`LiveServer` with ``url`` (no trailing slash) and ``app``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from web.app import create_app


@dataclass(frozen=True)
class LiveServer:
    url: str
    app: Flask

    def store(self) -> Any:
        """The app's Store, to read what the pages wrote."""
        return self.app.extensions["fallujah.store"]


@pytest.fixture
def live_server(tmp_path) -> Iterator[LiveServer]:
    # imported here, not at the top: conftest imports this module before pytest_configure gives
    # each xdist worker its own TEST_DATABASE_URL, which test_web_fixtures reads when imported
    from tests.test_web_fixtures import migrated_url

    app = create_app({
        "TESTING": True,
        "DATABASE_URL": migrated_url("sqlite", tmp_path, "live.sqlite3"),
        "SITE_DIR": str(tmp_path / "site"),
        "SQLITE_SYNCHRONOUS": "OFF",
        "BACKUPS": False,
    })
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{server.server_port}", app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        app.extensions["fallujah.store"].engine.dispose()
