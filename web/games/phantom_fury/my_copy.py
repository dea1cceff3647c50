"""The player's copy of Phantom Fury (:mod:`web.copies`): what the map prints of the Zones
identified by a black circle (6.2) and what each USMC squad counter prints, its CF (5.1.1: "Only
the CF is printed on the counter"), which the rulebook does not; keyed once, kept as a named
record and offered to every later game as its ``map``, from which the app draws the squads (6.3)."""

from __future__ import annotations

from typing import Any

from web.companion import CopyHooks
from web.errors import Refused
from web.parsing import parse_model

from .actions import MapAndCounters
from .order import copy_problems, keyed_counters
from .rules import rules
from .state import GameState


def parse(value: Any) -> dict[str, Any]:
    """A copy's record checked as a game's setup checks it (every bad field at once)."""
    keyed = parse_model(MapAndCounters, value)
    problems = copy_problems(keyed, rules())
    if problems:
        raise Refused(problems, status=400)
    return keyed.model_dump(mode="json")


def of_state(state: GameState) -> dict[str, Any]:
    """What a game holds of the copy: its start Zones (6.2) and every squad counter keyed (5.1.1)."""
    start = [z.number for z in state.zones if z.activation == "start"]
    return {"format": "phantom-fury-copy", "start_zones": start if len(start) == rules().start_zones else [],
            "squads": [{"counter": c, "cf": cf} for c, cf in sorted(keyed_counters(state).items())]}


def count(record: dict[str, Any]) -> dict[str, int]:
    return {"start_zones": len(record.get("start_zones") or []), "squads": len(record.get("squads") or [])}


HOOKS = CopyHooks(parse=parse, setup_field="map", of_state=of_state, count=count)
