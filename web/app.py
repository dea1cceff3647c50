"""The companion's application factory (the Flask tutorial's ``create_app``).

Configuration, each overridable by ``test_config``:

``DATABASE_URL``
    SQLAlchemy URL of the database; default ``$DATABASE_URL`` or a SQLite file
    ``fallujah.sqlite3`` in the instance folder. ``postgresql://...`` uses psycopg 3.
``SNAPSHOT_EVERY``
    a snapshot of the state every N events (and after each undo and redo); default 100.
``STATE_CACHE``
    how many states the process keeps in memory; default 256.
``GAME``
    the game a request or a setup that names none is about; default the default game
    (``fallujah serve --game``). Every game with a companion is served whatever it is.
``SITE_DIR``
    the built static site served under ``/rules/``; default ``site/_build/html``.
``BACKUPS``, ``BACKUP_EVERY_MINUTES``, ``BACKUP_KEEP``, ``BACKUP_DIR``
    automatic backups of a SQLite database file (:mod:`web.backup`): on (the default) or off,
    at most one per N minutes of play (default 10), keeping the newest K (default 10), in
    ``backups/`` beside the database unless ``BACKUP_DIR`` names another folder.
``SIGNING_KEY_FILE``
    the file of this server's secret that signs the app's rolls in exports (:mod:`web.signing`);
    default ``signing-key`` in the instance folder, made at the first start.
``TRUSTED_HOSTS``
    the host names served (``Host`` and ``Origin``); default this machine's names and those of
    ``$FALLUJAH_TRUSTED_HOSTS`` (:mod:`web.security`).

A database that cannot be written (read-only, missing folder, unreachable, full disk) is
:class:`web.db.StorageError`, raised before anything is served.

Every game with a companion (:mod:`web.games`) is served by the same store, API and pages;
each game's own templates are found under its package's name (``<package>/game.html``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from flask import Flask
from jinja2 import ChoiceLoader, FileSystemLoader
from jinja2.bccache import Bucket, BytecodeCache
from werkzeug.routing import Rule

from . import api, assets, backup, calculator, copies, i18n, pages, paging, rulings, security
from .db import open_database
from .games import DEFAULT_GAME, companions, declaration
from .signing import Signer
from .store import Store

ROOT = Path(__file__).resolve().parent.parent


def _game_templates(app: Flask) -> None:
    """Each companion's templates folder after the app's own: a game's templates are named
    ``<package>/...`` inside its folder, so no two games' names meet."""
    folders = [c.templates for c in companions().values() if c.templates is not None]
    if folders:
        app.jinja_loader = ChoiceLoader([app.jinja_loader, *(FileSystemLoader(str(f)) for f in folders)])  # type: ignore[list-item]


def _game_pages() -> None:
    """Each companion's pages imported as the app starts, each view found there (the commands that
    serve no page import them when one is asked for: :meth:`web.companion.Companion.load_pages`)."""
    for companion in companions().values():
        companion.load_pages()


def default_database_url(instance_path: str | None = None) -> str:
    """``$DATABASE_URL``, else the SQLite file ``fallujah.sqlite3`` in the instance folder
    (``instance_path``, the app's; else found as Flask finds it; created)."""
    instance = Path(instance_path or Flask("web", instance_relative_config=True).instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    return os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'fallujah.sqlite3'}"


class _CompiledTemplates(BytecodeCache):
    """The templates compiled once per process, whichever app renders them (Jinja checks each
    entry against its source's checksum, so an edited template is compiled again): a process
    that creates several apps (the tests, one per test) compiles each template once."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = _CompiledTemplates()


class _CompiledRule(Rule):
    """A URL rule whose two URL builders (``url_for``'s Python functions, which werkzeug compiles
    from a syntax tree each time a rule is bound to an app's map) are compiled once per process:
    binding the app's rules was half of ``create_app``'s time, paid again by each app a process
    creates (the tests, one per test).

    A builder is a function of the rule's parts alone (the static text and the variables' names,
    in order, and the defaults a variable takes as its URL text); it reads the variables'
    converters from the rule it is bound to when it runs, so one function serves every rule of
    the same parts."""

    _builders: ClassVar[dict[tuple[object, ...], Callable[..., tuple[str, str]]]] = {}

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        defaults = self.defaults or {}
        key = (tuple(self._trace), append_unknown,
               tuple(sorted((name, self._converters[name].to_url(value))
                            for name, value in defaults.items() if name in self._converters)))
        builder = self._builders.get(key)
        if builder is None:
            builder = self._builders[key] = super()._compile_builder(append_unknown)
        return builder


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask("web", instance_relative_config=True)
    app.url_rule_class = _CompiledRule
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}
    app.config.from_mapping(
        DATABASE_URL=None,  # below: $DATABASE_URL or the instance folder's SQLite file, unless given
        GAME=DEFAULT_GAME,
        SNAPSHOT_EVERY=100,
        STATE_CACHE=256,
        SITE_DIR=str(ROOT / "site" / "_build" / "html"),
        MAX_CONTENT_LENGTH=16 * 1024 * 1024,
        SQLITE_SYNCHRONOUS="FULL",
        JSON_SORT_KEYS=False,
        BACKUPS=True,
        BACKUP_EVERY_MINUTES=backup.BACKUP_EVERY_MINUTES,
        BACKUP_KEEP=backup.BACKUP_KEEP,
        BACKUP_DIR=None,
        SIGNING_KEY_FILE=None,
    )
    if test_config:
        app.config.update(test_config)
    if app.config["DATABASE_URL"] is None:
        app.config["DATABASE_URL"] = default_database_url(app.instance_path)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    engine = open_database(app.config["DATABASE_URL"], synchronous=app.config["SQLITE_SYNCHRONOUS"])
    app.extensions["fallujah.store"] = Store(
        engine, snapshot_every=int(app.config["SNAPSHOT_EVERY"]), cache_size=int(app.config["STATE_CACHE"]),
        default_game=app.config["GAME"],
        signer=Signer.from_file(Path(app.config["SIGNING_KEY_FILE"] or Path(app.instance_path) / "signing-key")),
    )
    app.extensions["fallujah.store"].sweep_abandoned_imports()
    backup.init_app(app)

    security.init_app(app)
    i18n.init_app(app)
    _game_templates(app)
    _game_pages()
    app.register_blueprint(api.bp)
    app.register_blueprint(paging.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(calculator.bp)
    app.register_blueprint(rulings.bp)
    app.register_blueprint(copies.bp)
    assets.init_app(app, {"static": lambda _values: app.static_folder, "pages.game_static": _game_static_folder})
    return app


def _game_static_folder(values: dict[str, Any]) -> Path | None:
    """The static folder of the game whose package the URL names (``pages.game_static``)."""
    return next((c.static for g, c in companions().items()
                 if c.static is not None and declaration(g).package == values.get("package")), None)
