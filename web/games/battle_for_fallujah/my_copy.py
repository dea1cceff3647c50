"""The player's copy of Battle for Fallujah (:mod:`web.copies`): what the map prints of its 32
hexes (3.1, 16.2.1, 16.2.3) and what the counters print (Proficiency 5.2, Support Rating 5.4,
Availability 5.5; the Insurgent types, 5.1.2; the markers' dice colours, errata 17.1.3.3), which
the rulebook does not; keyed once, kept as a named record and offered to every later game as
its ``map``: the set-up (9) then places the keyed Coalition units in their bases (9.1)."""

from __future__ import annotations

from typing import Any

from web.companion import CopyHooks
from web.errors import Problem, Refused
from web.parsing import parse_model

from .apply import map_problems
from .state import GameState, MapKey


def parse(value: Any) -> dict[str, Any]:
    """A copy's record checked as a game's setup checks its ``map`` (every bad field at once)."""
    keyed = parse_model(MapKey, value)
    problems = map_problems(keyed)
    if problems:
        raise Refused([Problem(field.removeprefix("map."), v, allowed, rule) for field, v, allowed, rule in problems],
                      status=400)
    return keyed.model_dump(mode="json", exclude_defaults=True)


def of_state(state: GameState) -> dict[str, Any]:
    """What a game holds of the copy: everything keyed of the map and counters."""
    return state.map.model_dump(mode="json", exclude_defaults=True)


def count(record: dict[str, Any]) -> dict[str, int]:
    return {"hexes": len(record.get("hexes") or []), "counters": len(record.get("coalition") or []),
            "insurgents": len(record.get("insurgents") or [])}


HOOKS = CopyHooks(parse=parse, setup_field="map", of_state=of_state, count=count)
