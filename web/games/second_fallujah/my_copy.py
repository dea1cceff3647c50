"""The player's copy of Second Fallujah (:mod:`web.copies`): what the map prints of its 51 areas
(TEM, 2.1; adjacency, 2.2) and what the counters print (CF, MF, 3.1-3.3), which the rulebook
does not; keyed once, kept as a named record and offered to every later game as its ``map``."""

from __future__ import annotations

from typing import Any

from adjudicator.games.second_fallujah import data
from web.companion import CopyHooks
from web.errors import Problem, Refused
from web.parsing import parse_model

from .actions import MapAndCounters
from .apply import _merge_map, counter_keys
from .pages import map_file
from .state import AreaFacts


def parse(value: Any) -> dict[str, Any]:
    """A "map & counters" record checked as a game's setup checks it (every bad field at once)."""
    keyed = parse_model(MapAndCounters, value)
    try:
        _merge_map(tuple(AreaFacts() for _ in data.AREAS), {}, keyed, counter_keys())
    except Refused as exc:
        raise Refused([Problem(p.field.removeprefix("map."), p.value, p.allowed, p.rule) for p in exc.problems],
                      status=400) from None
    return keyed.model_dump(mode="json", exclude_defaults=True) | {"format": keyed.format}


def count(record: dict[str, Any]) -> dict[str, int]:
    areas = record.get("areas") or {}
    return {"tem": sum(1 for a in areas.values() if a.get("tem") is not None),
            "adjacent": sum(1 for a in areas.values() if a.get("adjacent") is not None),
            "counters": len(record.get("counters") or {})}


HOOKS = CopyHooks(parse=parse, setup_field="map", of_state=map_file, count=count)
