"""What the companion computes from its state: the bot's table state (the adjudicator's own
model, :class:`adjudicator.games.second_fallujah.state.TableState`), each area's status (2.4), the VP
total and level (1.1, 1.2, through the ``victory`` situation) and Infiltration (9.2)."""

from __future__ import annotations

from typing import Any

from adjudicator import registry
from adjudicator.games.second_fallujah import data
from adjudicator.games.second_fallujah.common import SUPPORT_TYPES
from adjudicator.games.second_fallujah.state import Advantage, Area, TableState, Unit

from .state import GameState, UnitState

GAME = "second-fallujah"
#: the off-map places the bot's model knows (the companion's names are the same)
BOT_OFF_MAP = frozenset({"nw_entry_zone", "ne_entry_zone", "riverine_box", "force_pool", "eliminated"})


def face_cf(state: GameState, unit: UnitState) -> int | None:
    """The Combat Factor on the face showing (3.3): Fresh or Spent side, as keyed; a Support Unit has none (3.6)."""
    if unit.type in SUPPORT_TYPES:
        return None
    counter = state.counter(unit)
    return counter.cf if unit.status == "fresh" else counter.cf_spent


def bot_unit(state: GameState, unit: UnitState) -> Unit:
    return Unit(id=unit.id, type=unit.type, nationality=unit.nationality, cf=face_cf(state, unit),  # type: ignore[arg-type]
                status=unit.status, dug_in=unit.dug_in, location=unit.location)  # type: ignore[arg-type]


def table_state(state: GameState) -> TableState:
    """The state as the bot reads it (12-17): every area with its control and what is keyed of it."""
    areas = []
    for a in state.areas:
        facts = state.facts(a.id)
        areas.append(Area(id=a.id, control=a.control, tem=facts.tem,
                          adjacent=list(facts.adjacent) if facts.adjacent is not None else None))
    units = [bot_unit(state, u) for u in state.units if u.location != "eliminated"]
    pool = None
    if state.militia_counters is not None:
        placed = sum(1 for u in state.units if u.type == "militia" and u.location != "force_pool")
        pool = max(state.militia_counters - placed, 0)
    return TableState(areas=areas, units=units, resistance=state.resistance,
                      advantage=Advantage(owner=state.advantage.owner, available=state.advantage.available),
                      impulse=state.impulse, force_pool_militia=pool)


def table_json(state: GameState) -> dict[str, Any]:
    return table_state(state).model_dump(mode="json")


def area_status(state: GameState, area_id: int) -> list[str]:
    """The 2.4 definitions that hold for an area: vacant, free (for its controller), contested, garrisoned."""
    here = state.units_in(area_id)
    coalition = [u for u in here if u.side == "coalition"]
    insurgent = [u for u in here if u.side == "insurgent"]
    control = state.area(area_id).control
    found = []
    if not here:
        found.append("vacant")
    if coalition and insurgent:
        found.append("contested")
    elif not (coalition if control == "insurgent" else insurgent):
        found.append("free")
    if control == "coalition" and any(u.type not in SUPPORT_TYPES for u in coalition):
        found.append("garrisoned")
    return found


def garrisoned(state: GameState, area_id: int) -> bool:
    return "garrisoned" in area_status(state, area_id)


def neighbours(state: GameState, area_id: int) -> set[int] | None:
    """The areas bordering one (2.2, symmetric: either list counts), or None when its own list is not keyed."""
    own = state.facts(area_id).adjacent
    if own is None:
        return None
    found = set(own)
    for other in data.AREAS:
        listed = state.facts(other).adjacent
        if listed and area_id in listed:
            found.add(other)
    return found


def infiltration(state: GameState) -> tuple[list[int], list[int]]:
    """9.2: the Coalition areas lost to Infiltration (in the order the chain reaction takes them),
    and the ungarrisoned Coalition areas whose adjacency is not keyed (asked before applying)."""
    control = {a.id: a.control for a in state.areas}
    exposed = [a for a in data.AREAS if control[a] == "coalition" and not garrisoned(state, a)]
    unknown = [a for a in exposed if neighbours(state, a) is None]
    if unknown:
        return [], unknown
    lost: list[int] = []
    changed = True
    while changed:
        changed = False
        for a in exposed:
            if control[a] == "coalition" and any(control[b] == "insurgent" for b in neighbours(state, a) or ()):
                control[a] = "insurgent"
                lost.append(a)
                changed = True
    return lost, []


def victory(state: GameState) -> dict[str, Any]:
    """The VP total now (1.1) and its level (1.2): the adjudicator's ``victory`` situation."""
    alive = [u for u in state.units if u.side == "insurgent" and u.location not in ("eliminated", "force_pool")]
    answer = registry.adjudicate("victory", {
        "fedayeen": sum(1 for u in alive if u.type == "fedayeen"),
        "cadre": sum(1 for u in alive if u.type == "cadre"),
        "insurgent_areas": [a.id for a in state.areas if a.control == "insurgent"],
        "political_backlash": state.political_backlash,
    }, game=GAME)
    return {"points": answer.points, "level": answer.level, "breakdown": answer.breakdown, "rule": "1.1"}  # type: ignore[attr-defined]


def printed_lists() -> dict[str, dict[str, Any]]:
    """The area lists the text prints, each with its rule: mosque areas, Route 10, Jolan,
    Government Center, riverbank, the Entry Zones' adjacent areas (2.3)."""
    out: dict[str, dict[str, Any]] = {}
    for table_id in ("mosque-areas", "route-10-areas", "jolan-areas", "government-center", "riverbank-areas"):
        out[table_id] = {"areas": sorted(data.areas_of(table_id)), "rule": data.table(table_id).rule}
    for zone, areas in data.entry_zone_areas().items():
        out[zone] = {"areas": sorted(areas), "rule": data.table("entry-zone-adjacency").rule}
    return out
