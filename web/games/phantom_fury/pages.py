"""Phantom Fury's game page (turn and Phase tracker, VP, Missions, units, Zones) and its setup form.

A Zone is edited in a panel below the grid (``?zone=N``), so the page works the same without
script for reading.
"""

from __future__ import annotations

from typing import Any, get_args

from flask import abort, render_template

from adjudicator.games.phantom_fury.models import ZONE_LOCATIONS
from web.api import store
from web.copies import records
from web.i18n import word
from web.pages.chart import vp_chart
from web.pages.game import undo_redo
from web.pages.helpers import query_in_range
from web.translate import gettext as _

from .actions import VP_REASONS
from .labels import LABELS
from .rules import rules
from .state import PHASES, Hero, Location, Status

#: The order in which the unit lists are shown: on the map first.
WHERE_ORDER = ("map", "reinforcements", "eliminated", "withdrawn")


def _zone_param(game: dict[str, Any]) -> dict[str, Any] | None:
    high = len(game["zones"])
    number = query_in_range("zone", 1, high, lambda value: abort(
        404, description=_("zone %(value)s: a Zone number from 1 to %(high)s", value=value, high=high)))
    return None if number is None else game["zones"][number - 1]


def _units_by_where(game: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {where: [] for where in WHERE_ORDER}
    for unit in game["units"]:
        groups[unit["where"]].append(unit)
    return [(where, units) for where, units in groups.items() if units]


def _units_in(game: dict[str, Any], zone: int) -> list[dict[str, Any]]:
    return [u for u in game["units"] if u["where"] == "map" and u["position"] and u["position"]["zone"] == zone]


def _order(state: dict[str, Any]) -> dict[str, Any] | None:
    """The Order of Battle form (6.3, 6.3.1) while no USMC squad is in the game, else None."""
    if any(u["kind"] == "squad" for u in state["units"]):
        return None
    r = rules()
    total = r.start_zones + r.company_squads + r.battalion_squads
    start_zones = [z["number"] for z in state["zones"] if z["activation"] == "start"]
    counters = state.get("squad_counters") or {}
    return {"drawn": state.get("drawn"), "can_draw": len(counters) == total, "total": total,
            "full_copy": len(counters) == total, "start_count": r.start_zones,
            "start_zones": start_zones if len(start_zones) == r.start_zones else [], "caats": r.caats,
            "company_count": r.company_squads, "battalion_count": r.battalion_squads,
            "cf_min": r.squad_cf[0], "cf_max": r.squad_cf[1]}


def game_page(game_id: str, state: dict[str, Any]) -> str:
    zone = _zone_param(state)
    levels = rules().victory_levels.rows
    chart = vp_chart(state["vp_by_turn"], state["last_turn"], levels, _("VP at the end of each turn"),
                     {row.result: word(LABELS, "victory." + row.result) for row in levels})
    return render_template(
        "phantom_fury/game.html", game=state, zone=zone, undo=undo_redo(game_id, state),
        start_zones_left=rules().start_zones - sum(z["activation"] == "start" for z in state["zones"]),
        zone_units=_units_in(state, zone["number"]) if zone else [],
        phases=PHASES, units_by_where=_units_by_where(state), chart=chart,
        vp_reasons=[r for r in VP_REASONS if r != "manual"], locations=("",) + get_args(Location),
        zone_locations=ZONE_LOCATIONS, statuses=get_args(Status), heroes=get_args(Hero),
        order=_order(state), copies=records(store().engine, state["game"]),
    )


def setup_context() -> dict[str, Any]:
    """What the setup form shows (6): the bounds and counts read from the rulebook."""
    r = rules()
    return {
        "sp_min": r.strong_points[0], "sp_max": r.strong_points[1],
        "start_count": r.start_zones, "caats": r.caats, "zone_count": r.zones,
        "cf_min": r.squad_cf[0], "cf_max": r.squad_cf[1],
        "company_count": r.company_squads, "battalion_count": r.battalion_squads,
    }
