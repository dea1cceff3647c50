"""Lists of a game's state that grow with the game (a VP ledger), paged.

A companion names them (``Companion.paged``). The state's JSON and the game's page carry the
newest :data:`PAGE` items of each, with ``<name>_count`` the whole list's length, so neither grows
with the game; ``GET /api/games/<id>/lists/<name>?before=N&limit=L`` gives the others, a page at a
time, oldest first within the page (the log, paged as well, holds every event that made them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TypeVar

from flask import Blueprint, Response, jsonify, request
from pydantic_core import to_jsonable_python

from .errors import Problem, Refused
from .store import current_store

#: how many of a list's newest items the state's JSON and the game's page show
PAGE = 100
#: the most items one request for a list's page may ask
MAX_PAGE = 1000

T = TypeVar("T")

bp = Blueprint("paging", __name__, url_prefix="/api")


def newest(items: Sequence[T], limit: int = PAGE) -> Sequence[T]:
    """The newest ``limit`` items of a list (the end of it)."""
    return items[-limit:] if len(items) > limit else items


def count_key(name: str) -> str:
    """The key of a paged list's whole length in the state's JSON: ``vp_ledger_count``."""
    return f"{name}_count"


def _bounded(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"\d{1,9}", raw) or not low <= int(raw) <= high:
        raise Refused(Problem(name, raw[:40], f"an integer from {low} to {high}"), status=400)
    return int(raw)


def page_of(items: Sequence[Any], before: int, limit: int) -> dict[str, Any]:
    """Items ``before - limit`` to ``before`` (exclusive) of a list, oldest first, with where the
    page starts (``from``), the list's length and the ``before`` of the previous page (None at the start)."""
    start = max(before - limit, 0)
    return {"total": len(items), "from": start, "items": to_jsonable_python(list(items[start:before])),
            "older": start if start > 0 else None}


@bp.get("/games/<game_id>/lists/<name>")
def list_page(game_id: str, name: str) -> Response:
    """A page of a paged list of a game's state: ``?before=N`` (default: its length) and
    ``?limit=1..1000`` (default :data:`PAGE`)."""
    from .api import _game_id

    store = current_store()
    game_id = _game_id(game_id)
    companion = store.companion_of(game_id)
    if name not in companion.paged:
        known = ", ".join(companion.paged) or "none"
        raise Refused(Problem("list", name[:40], f"a paged list of {companion.game}: {known}"), status=404)
    state = store.state(game_id)
    items = getattr(state, name)
    before = _bounded("before", len(items), 0, len(items))
    limit = _bounded("limit", PAGE, 1, MAX_PAGE)
    return jsonify({"id": game_id, "version": state.version, "list": name, **page_of(items, before, limit)})
