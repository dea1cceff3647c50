"""The companion's application factory (the Flask tutorial's ``create_app``).

Configuration, each overridable by ``test_config``:

``DATABASE_URL``
    SQLAlchemy URL of the database; default ``$DATABASE_URL`` or a SQLite file
    ``fallujah.sqlite3`` in the instance folder. ``postgresql://...`` uses psycopg 3.
``SNAPSHOT_EVERY``
    a snapshot of the state every N events (and after each undo and redo); default 100.
``STATE_CACHE``
    how many states the process keeps in memory; default 256.
``SITE_DIR``
    the built static site served under ``/rules/``; default ``site/_build/html``.
``SECRET_KEY``
    signs the CSRF tokens of HTML forms; default ``$FALLUJAH_SECRET_KEY`` or a random key
    kept in the instance folder.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from . import api, calculator, i18n, pages, security
from .db import make_engine, upgrade
from .game.rules import rules
from .store import Store

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance: Path) -> str:
    if os.environ.get("FALLUJAH_SECRET_KEY"):
        return os.environ["FALLUJAH_SECRET_KEY"]
    path = instance / "secret_key"
    if not path.is_file():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask("web", instance_relative_config=True)
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'fallujah.sqlite3'}",
        SNAPSHOT_EVERY=100,
        STATE_CACHE=256,
        SITE_DIR=str(ROOT / "site" / "_build" / "html"),
        MAX_CONTENT_LENGTH=16 * 1024 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    engine = make_engine(app.config["DATABASE_URL"])
    upgrade(engine)
    app.extensions["fallujah.store"] = Store(
        engine, rules(), snapshot_every=int(app.config["SNAPSHOT_EVERY"]), cache_size=int(app.config["STATE_CACHE"])
    )

    security.init_app(app)
    i18n.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(calculator.bp)
    security.csrf.exempt(api.bp)
    return app
