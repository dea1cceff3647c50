"""The game page (turn and Phase tracker, VP, Missions, units, Zones) and the game's log.

The page only reads; every button and form is sent by ``app.js`` to the JSON API with the
page's version, and the page reloads with the new state. A Zone is edited in a panel below
the grid (``?zone=N``), so the page works the same without script for reading.
"""

from __future__ import annotations

from typing import Any, get_args

from flask import abort, render_template, request

from adjudicator.models import ZONE_LOCATIONS

from ..api import store
from ..game.actions import NOT_UNDOABLE, VP_REASONS
from ..game.state import PHASES, Hero, Location, Status
from ..i18n import t
from . import bp
from .chart import vp_chart
from .helpers import load_game, query_number

#: The order in which the unit lists are shown: on the map first.
WHERE_ORDER = ("map", "reinforcements", "eliminated", "withdrawn")


def _zone_param(game: dict[str, Any]) -> dict[str, Any] | None:
    raw = request.args.get("zone")
    if raw is None:
        return None
    number = query_number(raw, 1, len(game["zones"]))
    if number is None:
        abort(404, description=t("zone.bad", value=raw[:20], high=len(game["zones"])))
    return game["zones"][number - 1]


def _units_by_where(game: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {where: [] for where in WHERE_ORDER}
    for unit in game["units"]:
        groups[unit["where"]].append(unit)
    return [(where, units) for where, units in groups.items() if units]


def _units_in(game: dict[str, Any], zone: int) -> list[dict[str, Any]]:
    return [u for u in game["units"] if u["where"] == "map" and u["position"] and u["position"]["zone"] == zone]


def _event(game_id: str, version: int | None) -> dict[str, Any] | None:
    if version is None:
        return None
    found = store().log(game_id, after=version - 1, limit=1)["events"]
    return found[0] if found else None


def undo_redo(game_id: str, game: dict[str, Any]) -> dict[str, Any]:
    """What Undo and Redo would take back or replay, and why Undo cannot when it cannot: the
    last action still standing is a die roll (not undoable, boardgame.io's rule), or none is left."""
    why = None
    if not game["can_undo"]:
        recent = store().log(game_id, after=max(game["version"] - 200, 0), limit=200)["events"]
        standing = [e for e in recent if e["kind"] == "action" and not e["undone"]]
        why = "roll" if standing and standing[-1]["type"] in NOT_UNDOABLE else "none"
    return {"undo": _event(game_id, game["undo_version"]), "redo": _event(game_id, game["redo_version"]),
            "why": why}


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    state = load_game(game_id)
    zone = _zone_param(state)
    levels = store().rules.victory_levels.rows
    chart = vp_chart(state["vp_by_turn"], state["last_turn"], levels, t("vp.chart"),
                     {row.result: t("victory." + row.result) for row in levels})
    return render_template(
        "game.html", game=state, zone=zone, undo=undo_redo(game_id, state),
        start_zones_left=store().rules.start_zones - sum(z["activation"] == "start" for z in state["zones"]), zone_units=_units_in(state, zone["number"]) if zone else [],
        phases=PHASES, units_by_where=_units_by_where(state), chart=chart,
        vp_reasons=[r for r in VP_REASONS if r != "manual"], locations=("",) + get_args(Location),
        zone_locations=ZONE_LOCATIONS, statuses=get_args(Status), heroes=get_args(Hero),
    )


#: How many events one page of the log shows.
LOG_PAGE = 200


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> str:
    """The events newest first, ``LOG_PAGE`` at a time: ``?before=v`` shows those before version v."""
    state = load_game(game_id)
    raw = request.args.get("before")
    before = state["version"] + 1 if raw is None else query_number(raw, 1, state["version"] + 1)
    if before is None:
        abort(404, description=t("log.bad_before", value=raw[:20], high=state["version"] + 1))
    after = max(before - 1 - LOG_PAGE, 0)
    events = store().log(game_id, after=after, limit=before - 1 - after)["events"]
    return render_template("log.html", game=state, events=list(reversed(events)),
                           older=after + 1 if after > 0 else None, total=state["version"])
