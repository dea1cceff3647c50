"""The player's own rulings, kept in the companion (issue 21, item 2).

A ruling entered here is tied to rule ids of one game: a ``clarification`` (with its source, say
the designer's answer on a forum) or a ``house`` ruling. It may pick one reading of an ambiguity
the game registers (``errata.yaml``, :mod:`rules_text.rulings`); the adjudicator then follows
that reading in every answer the companion asks of it, unless the request picks one itself
(:func:`with_readings`). Rulings are shown beside their rules on the rule pages and the sheet,
and search results mark the rules that have one.

Routes: ``GET /api/rulings?game=`` (the game's edition, its registered ambiguities with their
readings, the rulings entered, the reading followed for each ambiguity) and ``POST /api/rulings``
(``{"game", "kind", "rules", "text", "source"?, "ambiguity"?, "reading"?}``, 201).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, jsonify
from sqlalchemy import Column, Engine, String, Text, insert, select

from adjudicator import registry as adjudicator
from rules_text.corpus import Game
from rules_text.loading import load_game
from rules_text.rulings import (
    ENTERED_KINDS,
    Ruling,
    ambiguities,
    chosen_readings,
    for_rule,
    game_rulings,
    pick_problem,
)

from . import games as registry
from .db import kept_for_a_game, moment, write
from .errors import MISSING, Problem, Refused
from .security import json_body
from .store import current_store

#: the rulings a player entered, one row each (migration 0003_rulings)
house_rulings = kept_for_a_game(
    "house_rulings",
    Column("kind", String(16), nullable=False),
    Column("rules", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("ambiguity", String(64), nullable=True),
    Column("reading", String(64), nullable=True),
    moment("created_at"),
)

MAX_TEXT = 4000
MAX_SOURCE = 400
MAX_RULES = 20
#: a house ruling's source, as it is shown
HOUSE_SOURCE = "house ruling entered in the companion"

bp = Blueprint("rulings", __name__, url_prefix="/api")


def entered(engine: Engine, game: str) -> list[Ruling]:
    """The rulings entered for a game, oldest first."""
    with engine.connect() as conn:
        rows = conn.execute(select(house_rulings).where(house_rulings.c.game == game)
                            .order_by(house_rulings.c.id)).mappings().all()
    return [Ruling(id=f"house-{row['id']}", kind=row["kind"], rules=tuple(json.loads(row["rules"])),
                   text=row["text"], source=row["source"], ambiguity=row["ambiguity"], reading=row["reading"])
            for row in rows]


def all_rulings(engine: Engine, game: Game, lang: str | None = None) -> list[Ruling]:
    """The game's own rulings (its register) and the rulings entered for it."""
    return [*game_rulings(game, lang), *entered(engine, game.id)]


def rulings_for(engine: Engine, game: Game, section_id: str, lang: str) -> list[Ruling]:
    """The rulings shown beside one rule."""
    return for_rule(all_rulings(engine, game, lang), section_id)


def ruled_ids(engine: Engine, game: Game, lang: str | None = None) -> set[str]:
    """Every rule id that has a ruling beside it (search marks them)."""
    return {rule for ruling in all_rulings(engine, game, lang) for rule in ruling.rules}


def validate(game: Game, body: dict[str, Any]) -> dict[str, Any]:
    """A new ruling's fields, or :class:`Refused` (400) naming every bad field."""
    problems: list[Problem] = []
    known = {"game", "kind", "rules", "text", "source", "ambiguity", "reading"}
    for extra in sorted(set(body) - known):
        problems.append(Problem(extra, body[extra], f"one of the fields {', '.join(sorted(known))}"))
    kind = body.get("kind", MISSING)
    if kind not in ENTERED_KINDS:
        problems.append(Problem("kind", kind, f"one of {', '.join(ENTERED_KINDS)}"))
    ids = {section_id for corpus in game.corpora.values() for section_id in corpus.by_id}
    rules = body.get("rules", MISSING)
    if not isinstance(rules, list) or not 1 <= len(rules) <= MAX_RULES or not all(isinstance(r, str) for r in rules):
        problems.append(Problem("rules", rules, f"a list of 1 to {MAX_RULES} rule ids of {game.id}"))
        rules = []
    for index, rule in enumerate(rules):
        if rule.strip().strip("[]").rstrip(".") not in ids:
            problems.append(Problem(f"rules.{index}", rule, f"a rule id of the {game.title} rulebook"))
    text = body.get("text", MISSING)
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        problems.append(Problem("text", text, f"the ruling's words, 1 to {MAX_TEXT} characters"))
    source = body.get("source")
    if kind == "clarification" and (not isinstance(source, str) or not source.strip()):
        problems.append(Problem("source", source if source is not None else MISSING,
                                "where the clarification comes from (a clarification needs its source)"))
    elif source is not None and (not isinstance(source, str) or len(source) > MAX_SOURCE):
        problems.append(Problem("source", source, f"text of at most {MAX_SOURCE} characters"))
    ambiguity, reading = body.get("ambiguity"), body.get("reading")
    if (ambiguity is None) != (reading is None):
        problems.append(Problem("reading" if reading is None else "ambiguity", reading if ambiguity else ambiguity,
                                "both an ambiguity and one of its readings, or neither"))
    elif ambiguity is not None:
        registered = ambiguities(game)
        if not isinstance(ambiguity, str) or ambiguity not in registered:
            problems.append(Problem("ambiguity", ambiguity, "an ambiguity registered for this game: "
                                    + (", ".join(sorted(registered)) or "none")))
        elif not isinstance(reading, str) or pick_problem(game, ambiguity, reading) is not None:
            problems.append(Problem("reading", reading, f"a reading of {ambiguity}: "
                                    + ", ".join(r.key for r in registered[ambiguity].readings)))
    if problems:
        raise Refused(problems, status=400)
    return {
        "game": game.id, "kind": kind, "rules": json.dumps([r.strip().strip("[]").rstrip(".") for r in rules]),
        "text": text.strip(), "source": (source or "").strip() or HOUSE_SOURCE,
        "ambiguity": ambiguity, "reading": reading,
    }


def add(engine: Engine, row: dict[str, Any]) -> int:
    """Keep a validated ruling (one transaction); its id."""
    with write(engine) as (conn, _version):
        result = conn.execute(insert(house_rulings).values(**row, created_at=datetime.now(UTC)))
        return int(result.inserted_primary_key[0])  # type: ignore[index]


def with_readings(engine: Engine, game: str, situation: str, body: Any) -> Any:
    """The body of an adjudication with the readings the player's rulings pick, where the
    situation takes ``readings`` and the body names none of them (its own picks win)."""
    if not isinstance(body, dict) or not _takes_readings(game, situation):
        return body
    picked = _picks(engine, game)
    if not picked:
        return body
    given = body.get("readings")
    if given is not None and not isinstance(given, dict):
        return body  # the adjudicator names the bad field
    return {**body, "readings": {**picked, **(given or {})}}


def _takes_readings(game: str, situation: str) -> bool:
    try:
        model = adjudicator.procedure(situation, game=game).input_model
    except adjudicator.UnknownSituation:
        return False
    return "readings" in model.model_fields


def _picks(engine: Engine, game: str) -> dict[str, str]:
    """The readings the entered rulings pick (not the defaults)."""
    rulings = entered(engine, game)
    if not any(r.ambiguity for r in rulings):
        return {}
    loaded = load_game(game)
    defaults = chosen_readings(loaded, ())
    return {k: v for k, v in chosen_readings(loaded, rulings).items()
            if any(r.ambiguity == k for r in rulings) or v != defaults.get(k)}


def _json(rulings: Iterable[Ruling]) -> list[dict[str, Any]]:
    return [r.model_dump(mode="json") for r in rulings]


@bp.get("/rulings")
def list_rulings() -> Response:
    from .api import game_arg

    game = load_game(game_arg())
    engine = current_store().engine
    mine = entered(engine, game.id)
    return jsonify({
        "game": game.id,
        "edition": game.declaration.edition,
        "ambiguities": _json(ambiguities(game).values()),
        "rulings": _json(mine),
        "readings": chosen_readings(game, mine),
    })


@bp.post("/rulings")
def create_ruling() -> tuple[Response, int]:
    body = json_body()
    if not isinstance(body, dict):
        raise Refused(Problem("body", body, "a JSON object"), status=400)
    game_id = body.get("game", MISSING)
    if not isinstance(game_id, str):
        raise Refused(Problem("game", game_id, "a game id: " + ", ".join(registry.known_games())), status=400)
    game = load_game(registry.require(game_id))
    row = validate(game, body)
    ruling_id = add(current_store().engine, row)
    created = next(r for r in entered(current_store().engine, game.id) if r.id == f"house-{ruling_id}")
    return jsonify(created.model_dump(mode="json")), 201
