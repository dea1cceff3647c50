"""The JSON API (documented in the README): thin views over :mod:`web.store`.

Each view validates its input, calls one store function (which writes in one transaction)
and answers JSON; every refusal is ``{"error": ...}`` with a 4xx status naming the field,
the value and what is allowed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from rules_text.corpus import UnknownSection
from rules_text.loading import load_game
from rules_text.search import KINDS, SearchError, search

from . import games as registry
from . import prepare
from .companion import GameState
from .errors import MISSING, Problem, Refused
from .eventlog import Effect
from .security import error, json_body
from .store import MAX_IMPORT_EVENTS, GameNotFound, Store, current_store
from .table import as_json

bp = Blueprint("api", __name__, url_prefix="/api")

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


#: the store of the app serving the request (the views' name for :func:`web.store.current_store`)
store = current_store


def _game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id):
        raise GameNotFound(game_id)
    return game_id


def default_game() -> str:
    """The game a request names none of: the app's ``GAME`` (``fallujah serve --game``)."""
    return str(current_app.config["GAME"])


def game_arg() -> str:
    """The game named by ``?game=`` (the app's default game when absent), or
    :class:`web.games.UnknownGame` (404)."""
    return registry.require(request.args.get("game", default_game()))


def _state(state: GameState, game_id: str, effects: list[Effect] | None = None, status: int = 200) -> Response:
    """The state as JSON, rendered once per version; a write adds the effects of its event (each
    with ``words``, the page's wording of its text, where the game words its record) and what to
    fix on the table after it (``table``: :mod:`web.table`, in the request's language)."""
    games = store()
    companion = games.companion_of(game_id)
    text = games.rendered(game_id, state, lambda: companion.render(state, game_id))
    if effects is not None:
        table = as_json(games.table_changes(game_id, state.version - 1, state.version))
        words = companion.effect_words
        said = [e.as_json() | ({"words": words(e.text, state)} if words is not None else {}) for e in effects]
        text = (text[:-1] + ',"effects":' + json.dumps(said, ensure_ascii=False)
                + ',"table":' + json.dumps(table, ensure_ascii=False) + "}")
    return Response(text, status=status, mimetype="application/json")


def _object(long_lists: tuple[str, ...] = (), max_long: int = 0) -> dict[str, Any]:
    body = json_body(long_lists, max_long)
    if not isinstance(body, dict):
        raise Refused(Problem("body", body, "a JSON object"), status=400)
    return body


def _expected_version(body: dict[str, Any]) -> int:
    value = body.pop("expected_version", MISSING)
    if type(value) is not int or value < 0:
        raise Refused(Problem("expected_version", value, "the version of the state the action was made on "
                              "(an integer >= 0, as returned with the state)"), status=400)
    return value


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"\d{1,9}", raw) or not low <= int(raw) <= high:
        raise Refused(Problem(name, raw, f"an integer from {low} to {high}"), status=400)
    return int(raw)


# -- games ---------------------------------------------------------------------------------------


@bp.get("/games")
def list_games() -> Response:
    return jsonify({"games": store().list_games()})


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    from .copies import setup_with_copy

    state, game_id = store().create(setup_with_copy(store().engine, _object(), default_game()))
    return _state(state, game_id, status=201), 201, {"Location": url_for("api.get_game", game_id=game_id)}


@bp.post("/games/import")
def import_game() -> tuple[Response, int, dict[str, str]]:
    state, game_id = store().import_game(_object(("events",), MAX_IMPORT_EVENTS))
    return _state(state, game_id, status=201), 201, {"Location": url_for("api.get_game", game_id=game_id)}


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    game_id = _game_id(game_id)
    return _state(store().state(game_id), game_id)


@bp.post("/games/<game_id>/actions")
def act(game_id: str) -> Response:
    from .rulings import with_readings

    game_id = _game_id(game_id)
    body = _object()
    expected = _expected_version(body)
    if body.get("type") == "adjudication" and isinstance(body.get("situation"), str):
        # the recorded input names the readings the player's rulings pick, so a replay computes the same
        body["input"] = with_readings(store().engine, store().game_of(game_id), body["situation"], body.get("input"))
    state, effects = store().act(game_id, expected, body)
    return _state(state, game_id, effects)


def _take_back(game_id: str, move: Callable[[Store, str, int], tuple[GameState, list[Effect]]]) -> Response:
    """Undo or redo (boardgame.io's model): the body holds ``expected_version`` and nothing else."""
    game_id = _game_id(game_id)
    body = _object()
    expected = _expected_version(body)
    if body:
        raise Refused([Problem(key, value, "unknown field") for key, value in body.items()], status=400)
    state, effects = move(store(), game_id, expected)
    return _state(state, game_id, effects)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    return _take_back(game_id, Store.undo)


@bp.post("/games/<game_id>/redo")
def redo(game_id: str) -> Response:
    return _take_back(game_id, Store.redo)


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> Response:
    game_id = _game_id(game_id)
    after = _int_arg("after", 0, 0, 10**9)
    limit = _int_arg("limit", 200, 1, 1000)
    return jsonify(store().log(game_id, after=after, limit=limit))


@bp.get("/games/<game_id>/export")
def export(game_id: str) -> Response:
    game_id = _game_id(game_id)
    exported = store().export(game_id)
    response = jsonify(exported)
    response.headers["Content-Disposition"] = f'attachment; filename="{exported["game"]}-{game_id}.json"'
    return response


@bp.get("/actions")
def action_schema() -> Response:
    """What the actions endpoint accepts for a game (``?game=``): its action types, the JSON
    schemas of its actions and setup, and what else the game lists (VP reasons, Phases...)."""
    return jsonify(registry.companion(game_arg()).action_schema())


# -- rules, search, adjudicator ------------------------------------------------------------------


@bp.get("/search")
def search_rules() -> Response:
    query = request.args.get("q", "")
    lang = request.args.get("lang", "all")
    kind = request.args.get("kind") or None
    limit = _int_arg("limit", 10, 1, 100)
    if lang not in ("en", "fr", "all"):
        raise Refused(Problem("lang", lang, "one of en, fr, all"), status=400)
    if kind is not None and kind not in KINDS:
        raise Refused(Problem("kind", kind, f"one of {', '.join(KINDS)}"), status=400)
    try:
        result = search(query, lang=lang, kind=kind, limit=limit, game=game_arg())
    except SearchError as exc:
        return error(400, f"q: {query[:80]!r}: {exc}")
    return jsonify(result.model_dump(mode="json"))


@bp.get("/rules/<lang>/<section_id>")
def rule(lang: str, section_id: str) -> Response:
    from rules_text.cli import section_json

    game = load_game(game_arg())
    if lang not in game.langs:
        return error(404, f"lang {lang[:20]!r}: one of {', '.join(game.langs)}")
    try:
        section = game.corpus(lang).get(section_id)
    except UnknownSection as exc:
        return error(404, str(exc), suggestions=exc.suggestions)
    return jsonify(section_json(game, section))


@bp.get("/adjudicate")
def situations() -> Response:
    return jsonify({"situations": prepare.situations(game_arg())})


@bp.post("/adjudicate/<situation>")
def adjudicate(situation: str) -> Response:
    from .rulings import with_readings

    game = game_arg()
    body = with_readings(store().engine, game, situation, json_body())
    return jsonify(prepare.adjudicate(situation, body, game).model_dump(mode="json"))
