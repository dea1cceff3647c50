"""The player's own copy of a game (issue 24, item 6): the facts its components print and its
rulebook does not (a map's areas, counters' values), keyed once, kept as a named record
("my copy") and offered to every later game; exported and imported as JSON.

A game keeps such a record when its companion declares :class:`web.companion.CopyHooks`: how the
record's data is checked, which setup field it fills, what a game's state holds of it. This
module names no game: the record is generic, keyed by the game's id.

Routes: ``GET /api/copies?game=`` (the game's records, last changed first), ``POST /api/copies``
(``{"game", "name", "data"}`` or ``{"game", "name", "from_game": <stored game id>}``, 201),
``GET /api/copies/<id>``, ``PUT /api/copies/<id>`` (or ``POST``: ``{"name"?, "data"?}`` or ``{"from_game"}``),
``GET /api/copies/<id>/export`` (a JSON file) and ``POST /api/copies/import`` (that file, 201).
A new game takes ``"copy": <id>`` (:func:`setup_with_copy`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, jsonify
from sqlalchemy import Column, Engine, String, Text, UniqueConstraint, insert, select, update
from sqlalchemy.exc import IntegrityError

from . import games as registry
from .companion import CopyHooks
from .db import kept_for_a_game, moment, write
from .errors import MISSING, Problem, Refused
from .security import json_body
from .store import GameNotFound, current_store

#: one row per record (migration 0004_game_copies)
game_copies = kept_for_a_game(
    "game_copies",
    Column("name", String(80), nullable=False),
    Column("data", Text, nullable=False),
    moment("created_at"),
    moment("updated_at"),
    UniqueConstraint("game", "name", name="uq_game_copies_game_name"),
)

#: the export file's format
FORMAT = "fallujah-copy"
FORMAT_VERSION = 1
MAX_NAME = 80
#: the name a record gets when none is given
DEFAULT_NAME = "my copy"

bp = Blueprint("copies", __name__, url_prefix="/api")


def keeping_games() -> list[str]:
    """The games whose companion keeps a copy."""
    return [game for game, companion in registry.companions().items() if companion.copy is not None]


def hooks(game: Any, field: str = "game") -> tuple[str, CopyHooks]:
    """The game id and its copy hooks, or :class:`Refused` (400) naming the games that keep one."""
    allowed = "a game that keeps a copy of its map and counters: " + (", ".join(keeping_games()) or "none")
    if not isinstance(game, str) or game not in registry.companions():
        raise Refused(Problem(field, game, allowed), status=400)
    found = registry.companion(game).copy
    if found is None:
        raise Refused(Problem(field, game, allowed), status=400)
    return game, found


def _name(value: Any, field: str = "name") -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_NAME:
        raise Refused(Problem(field, value, f"a name of 1 to {MAX_NAME} characters"), status=400)
    return value.strip()


def _data(copy: CopyHooks, value: Any, field: str = "data") -> dict[str, Any]:
    """The record's data checked by the game, each problem named under ``field``."""
    try:
        return copy.parse(value)
    except Refused as exc:
        problems = [Problem(f"{field}.{p.field}" if p.field else field, p.value, p.allowed, p.rule) for p in exc.problems]
        raise Refused(problems, status=400) from None


def _row_json(row: Any, with_data: bool = True) -> dict[str, Any]:
    data = json.loads(row["data"])
    out: dict[str, Any] = {"id": row["id"], "game": row["game"], "name": row["name"],
                           "created_at": row["created_at"].isoformat(), "updated_at": row["updated_at"].isoformat()}
    copy = registry.companion(row["game"]).copy
    out["counts"] = copy.count(data) if copy is not None else {}
    if with_data:
        out["data"] = data
    return out


def records(engine: Engine, game: str) -> list[dict[str, Any]]:
    """A game's records, last changed first (without their data)."""
    with engine.connect() as conn:
        rows = conn.execute(select(game_copies).where(game_copies.c.game == game)
                            .order_by(game_copies.c.updated_at.desc(), game_copies.c.id.desc())).mappings().all()
    return [_row_json(row, with_data=False) for row in rows]


def record(engine: Engine, copy_id: Any, field: str = "id", game: str | None = None) -> dict[str, Any]:
    """One record with its data, or :class:`Refused`: 404 for an unknown id, 400 naming ``field``
    for a value that is no record id (or a record of another game than ``game``)."""
    if type(copy_id) is not int or not 1 <= copy_id <= 2**31 - 1:
        raise Refused(Problem(field, copy_id, "the id of a saved copy (a whole number)"), status=400)
    with engine.connect() as conn:
        row = conn.execute(select(game_copies).where(game_copies.c.id == copy_id)).mappings().first()
    if row is None or (game is not None and row["game"] != game):
        ids = [r["id"] for r in records(engine, game)] if game is not None else []
        allowed = f"the id of a saved copy of {game}: " + (", ".join(map(str, ids)) or "none saved yet") if game else "the id of a saved copy"
        raise Refused(Problem(field, copy_id, allowed), status=404 if field == "id" else 400)
    return _row_json(row)


def _insert(engine: Engine, game: str, name: str, data: dict[str, Any]) -> int:
    now = datetime.now(UTC)
    with write(engine) as (conn, _version):
        taken = conn.execute(select(game_copies.c.id).where(game_copies.c.game == game, game_copies.c.name == name)).first()
        if taken is not None:
            raise Refused(Problem("name", name, f"a name not used yet for a copy of {game} (copy {taken[0]} has it; "
                                  "PUT /api/copies/<id> changes it)"), status=400)
        try:
            result = conn.execute(insert(game_copies).values(game=game, name=name, data=json.dumps(data, sort_keys=True),
                                                             created_at=now, updated_at=now))
        except IntegrityError:  # the same name kept at the same moment by another request
            raise Refused(Problem("name", name, f"a name not used yet for a copy of {game}"), status=400) from None
        return int(result.inserted_primary_key[0])  # type: ignore[index]


def _free_name(engine: Engine, game: str, name: str) -> str:
    """``name``, or ``name (2)``, ``name (3)``... the first not used for the game."""
    used = {r["name"] for r in records(engine, game)}
    found, n = name, 1
    while found in used:
        n += 1
        suffix = f" ({n})"
        found = name[: MAX_NAME - len(suffix)] + suffix
    return found


def _body() -> dict[str, Any]:
    """The request's JSON object; a game page's ``expected_version`` (app.js adds it to every
    write it sends) is dropped: a record is no game's state."""
    body = json_body()
    if not isinstance(body, dict):
        raise Refused(Problem("body", body, "a JSON object"), status=400)
    body.pop("expected_version", None)
    return body


def _unknown(body: dict[str, Any], known: set[str]) -> None:
    extra = sorted(set(body) - known)
    if extra:
        raise Refused([Problem(key, body[key], f"one of the fields {', '.join(sorted(known))}") for key in extra], status=400)


def setup_with_copy(engine: Engine, setup: Any, default_game: str) -> Any:
    """A new game's setup with the record it names (``"copy": id``) filling the game's field
    (``map``), unless the setup gives that field itself."""
    if not isinstance(setup, dict) or "copy" not in setup:
        return setup
    setup = dict(setup)
    copy_id = setup.pop("copy")
    if copy_id is None:
        return setup
    game, copy = hooks(setup.get("game", default_game))
    found = record(engine, copy_id, field="copy", game=game)
    setup.setdefault(copy.setup_field, found["data"])
    return setup


@bp.get("/copies")
def list_copies() -> Response:
    from .api import game_arg

    game = game_arg()
    kept = registry.companion(game).copy is not None if game in registry.companions() else False
    return jsonify({"game": game, "keeps_copy": kept, "copies": records(current_store().engine, game) if kept else []})


@bp.post("/copies")
def create_copy() -> tuple[Response, int]:
    body = _body()
    _unknown(body, {"game", "name", "data", "from_game"})
    game, copy = hooks(body.get("game", MISSING))
    name = _name(body.get("name", DEFAULT_NAME))
    if ("data" in body) == ("from_game" in body):
        raise Refused(Problem("data", body.get("data", MISSING), "the record's data, or from_game (the id of a stored "
                              "game whose keyed facts it keeps), one of the two"), status=400)
    if "from_game" in body:
        data = copy.of_state(_stored_state(body["from_game"], game))
    else:
        data = _data(copy, body["data"])
    copy_id = _insert(current_store().engine, game, name, data)
    return jsonify(record(current_store().engine, copy_id)), 201


def _stored_state(game_id: Any, game: str) -> Any:
    store = current_store()
    if not isinstance(game_id, str) or not game_id or len(game_id) > 64:
        raise Refused(Problem("from_game", game_id, f"the id of a stored game of {game}"), status=400)
    try:
        kind = store.game_of(game_id)
    except GameNotFound:
        kind = None
    if kind != game:
        raise Refused(Problem("from_game", game_id, f"the id of a stored game of {game}"), status=400)
    return store.state(game_id)


@bp.get("/copies/<int:copy_id>")
def get_copy(copy_id: int) -> Response:
    return jsonify(record(current_store().engine, copy_id))


@bp.put("/copies/<int:copy_id>")
@bp.post("/copies/<int:copy_id>")
def update_copy(copy_id: int) -> Response:
    found = record(current_store().engine, copy_id)
    body = _body()
    _unknown(body, {"name", "data", "from_game"})
    _, copy = hooks(found["game"])
    values: dict[str, Any] = {"updated_at": datetime.now(UTC)}
    if "name" in body:
        values["name"] = _name(body["name"])
    if "data" in body and "from_game" in body:
        raise Refused(Problem("from_game", body["from_game"], "data or from_game, not both"), status=400)
    if "data" in body:
        values["data"] = json.dumps(_data(copy, body["data"]), sort_keys=True)
    if "from_game" in body:
        values["data"] = json.dumps(copy.of_state(_stored_state(body["from_game"], found["game"])), sort_keys=True)
    with write(current_store().engine) as (conn, _version):
        if "name" in values and values["name"] != found["name"]:
            taken = conn.execute(select(game_copies.c.id).where(game_copies.c.game == found["game"],
                                                                game_copies.c.name == values["name"])).first()
            if taken is not None:
                raise Refused(Problem("name", values["name"], f"a name not used yet for a copy of {found['game']}"), status=400)
        conn.execute(update(game_copies).where(game_copies.c.id == copy_id).values(**values))
    return jsonify(record(current_store().engine, copy_id))


@bp.get("/copies/<int:copy_id>/export")
def export_copy(copy_id: int) -> Response:
    found = record(current_store().engine, copy_id)
    text = json.dumps({"format": FORMAT, "format_version": FORMAT_VERSION, "game": found["game"], "name": found["name"],
                       "data": found["data"]}, indent=1, ensure_ascii=False)
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in found["name"])[:40] or "copy"
    return Response(text, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{found["game"]}-{safe}.json"'})


@bp.post("/copies/import")
def import_copy() -> tuple[Response, int]:
    body = _body()
    _unknown(body, {"format", "format_version", "game", "name", "data"})
    problems = []
    if body.get("format", MISSING) != FORMAT:
        problems.append(Problem("format", body.get("format", MISSING), f"{FORMAT!r} (a file exported from 'My copy')"))
    if body.get("format_version", MISSING) != FORMAT_VERSION:
        problems.append(Problem("format_version", body.get("format_version", MISSING), str(FORMAT_VERSION)))
    if problems:
        raise Refused(problems, status=400)
    game, copy = hooks(body.get("game", MISSING))
    name = _name(body.get("name", DEFAULT_NAME))
    data = _data(copy, body.get("data", MISSING))
    copy_id = _insert(current_store().engine, game, _free_name(current_store().engine, game, name), data)
    return jsonify(record(current_store().engine, copy_id)), 201
