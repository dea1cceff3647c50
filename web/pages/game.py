"""A game's page (drawn by its game's companion: ``<package>/game.html``) and its log.

The page only reads; every button and form is sent by ``app.js`` to the JSON API with the
page's version, and the page reloads with the new state.
"""

from __future__ import annotations

from typing import Any

from flask import abort, g, render_template, request

from web.translate import gettext as _

from .. import games as registry
from ..api import store
from ..companion import view_of
from ..i18n import current_lang
from . import bp
from .helpers import load_game, query_number
from .logview import lines
from .table import starts


def _event(game_id: str, version: int | None) -> dict[str, Any] | None:
    if version is None:
        return None
    found = store().log(game_id, after=version - 1, limit=1)["events"]
    return found[0] if found else None


def undo_redo(game_id: str, game: dict[str, Any]) -> dict[str, Any]:
    """What Undo and Redo would take back or replay, and why Undo cannot when it cannot: the
    last action still standing is a die roll (not undoable, boardgame.io's rule), a roll of the app's
    dice came after it, or none is left."""
    view = view_of(game)
    why = None
    if not view.can_undo:
        recent = store().log(game_id, after=max(view.version - 200, 0), limit=200)["events"]
        standing = [e for e in recent if e["kind"] == "action" and not e["undone"]]
        not_undoable = store().companion_of(game_id).not_undoable | {"amend"}  # a roll's amendment stays too
        # the last action standing is a roll; or a roll of the app's dice came after it (undone
        # since, its draw showed the dice that come next: web.randomness); or nothing stands
        why = ("roll" if standing[-1]["type"] in not_undoable else "drawn") if standing else "none"
    return {"undo": _event(game_id, view.undo_version), "redo": _event(game_id, view.redo_version), "why": why}


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    state = load_game(game_id)
    companion = store().companion_of(game_id)
    if companion.game_page is None:
        abort(404, description=_("%(game)s has no game page yet.", game=state["game"]))
    return companion.game_page(game_id, state)


#: How many events one page of the log shows.
LOG_PAGE = 200


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> str:
    """The events newest first, ``LOG_PAGE`` at a time: ``?before=v`` shows those before version v."""
    state = load_game(game_id)
    raw = request.args.get("before")
    before = state["version"] + 1 if raw is None else query_number(raw, 1, state["version"] + 1)
    if before is None:
        abort(404, description=_("before %(value)s: a version from 1 to %(high)s", value=repr(str(raw)[:20]), high=state["version"] + 1))
    after = max(before - 1 - LOG_PAGE, 0)
    events = store().log(game_id, after=after, limit=before - 1 - after)["events"]
    return render_template("log.html", game=state, groups=lines(game_id, events, current_lang()),
                           older=after + 1 if after > 0 else None, total=state["version"],
                           starts=starts(game_id) if raw is None else [])


@bp.get("/games/<game>/<name>")
def game_extra_page(game: str, name: str) -> str:
    """A game's own page about no stored game (``Companion.pages``: a statistics page), e.g.
    ``/games/<game id>/statistics``; anything else is a 404 page naming what was asked."""
    try:
        found = registry.companion(game)
    except (registry.UnknownGame, registry.NoCompanion) as exc:
        abort(404, description=str(exc))
    view = found.pages.get(name)
    if view is None:
        pages = ", ".join(sorted(found.pages)) or "none"
        abort(404, description=f"{game}: no page {name[:40]!r} (its pages: {pages})")
    g.game_kind = game
    return view()
