"""A sample game of Battle for Fallujah as an export's events: a small keyed map and counters,
turn 1 played through the Intelligence roll, chits drawn (one returned by 12.5.1), a Coalition
Assault in an Urban hex recorded with its dice, its margin spent, the VP and Media moved, an
undo and a redo, and the End of Turn steps with the Ceasefire and Reinforcements rolls. The
conformance test folds it twice, imports it, and checks every rule it cites."""

from __future__ import annotations

from typing import Any

from adjudicator import registry
from web.eventlog import exported

MAP: dict[str, Any] = {
    "hexes": [
        {"number": 1, "terrain": "open", "colour": "green", "adjacent": [2, 5], "entry": ["1/5"]},
        {"number": 2, "terrain": "urban", "colour": "yellow", "adjacent": [1, 3, 5, 6]},
        {"number": 3, "terrain": "dense_urban", "colour": "red", "adjacent": [2, 4], "mayor": True},
        {"number": 4, "terrain": "industrial", "colour": "blue", "adjacent": [3], "entry": ["2/1"], "black_bars": [3]},
    ],
    "coalition": [
        {"id": "A-1-5", "name": "A/1/5", "battalion": "1/5", "kind": "infantry",
         "proficiency": {"colour": "white", "count": 3}, "support": {"colour": "white", "count": 1}},
        {"id": "T-1-5", "name": "Tanks 1/5", "battalion": "1/5", "kind": "armour",
         "proficiency": {"colour": "red", "count": 2}, "support": {"colour": "red", "count": 1}},
        {"id": "E-2-1", "name": "E/2/1", "battalion": "2/1", "kind": "infantry",
         "proficiency": {"colour": "white", "count": 2}, "support": {"colour": "white", "count": 1}},
        {"id": "CAP", "name": "CAP", "battalion": "mef", "kind": "support", "mission": "strike",
         "support": {"colour": "red", "count": 2}, "availability": 3},
    ],
    "insurgents": [
        {"name": "Small Group", "proficiency": {"colour": "white", "count": 1}, "support": {"colour": "white", "count": 1}},
        {"name": "Mob", "proficiency": {"colour": "white", "count": 2}, "support": {"colour": "white", "count": 1}},
    ],
    "markers": {"resistance": "white", "wanted": {"colour": "white", "count": 1}, "ied": "red"},
}

#: The Assault of A/1/5 with the tanks in hex 2 (Urban): pools from the counters above.
ASSAULT: dict[str, Any] = {
    "mission": "assault", "attacker": "coalition", "terrain": "urban",
    "attacking": [{"source": "lead", "name": "A/1/5", "white": 3, "unit": "combat_unit"},
                  {"source": "support", "name": "Tanks 1/5", "red": 1, "unit": "combat_unit"}],
    "defending": [{"source": "lead", "name": "Mob", "white": 2},
                  {"source": "resistance", "name": "Resistance +1", "white": 1}],
    "rolls": {"attacking": {"white": [4, 5, 1, 6], "red": [3]}, "defending": {"white": [4, 1, 2, 2]}},
}

ACTIONS: list[dict[str, Any]] = [
    {"type": "key_map", "map": MAP},
    {"type": "unit_move", "unit": "A-1-5", "hex": 2, "rules": ["16"]},
    {"type": "unit_move", "unit": "T-1-5", "hex": 2},
    {"type": "formation", "units": ["A-1-5", "T-1-5"], "rules": ["6.3"]},
    {"type": "hex", "hex": 2, "resistance": 1, "insurgents": ["Mob"]},
    {"type": "adjudication", "situation": "intelligence", "input": {"pacified_modifier": 0, "roll": 2},
     "rolls_by": "player"},
    {"type": "hex", "hex": 4, "wanted": True, "rules": ["11.3"]},
    {"type": "next_phase"},
    {"type": "chit_draw", "chit": "end_of_turn"},
    {"type": "chit_draw", "chit": "1/5"},
    {"type": "adjudication", "situation": "operation", "input": ASSAULT, "rolls_by": "player"},
    {"type": "media", "count": 1, "rule": "17.2.5.1", "rules": ["23.1.2"]},
    {"type": "adjudication", "situation": "spend-margin",
     "input": {"mission": "assault", "attacker": "coalition", "margin": 3, "spend": {"insurgent_steps": 3}},
     "rolls_by": "player"},
    {"type": "unit_status", "unit": "A-1-5", "status": "ops_complete", "rules": ["13.5.5"]},
    {"type": "unit_status", "unit": "T-1-5", "status": "ops_complete", "rules": ["13.5.5"]},
    {"type": "hex", "hex": 2, "insurgents": []},
    {"type": "vp", "value": 1, "reason": "sample line", "rule": "25.24.2.1"},
    {"type": "operations_end"},
    {"type": "chit_draw", "chit": "end_of_turn"},
    {"type": "chit_draw", "chit": "end_of_turn"},
    {"type": "pacified_modifier", "modifier": -3},
    {"type": "next_step"},
    {"type": "adjudication", "situation": "ceasefire", "input": {"turn": 1, "political_pressure": 0, "roll": 3},
     "rolls_by": "player"},
    {"type": "next_step"},
    {"type": "adjudication", "situation": "reinforcements", "input": {"turn": 1, "pacified_modifier": -3, "roll": 5},
     "rolls_by": "player"},
    {"type": "next_step"},
    {"type": "next_step"},
    {"type": "next_step"},
]


def events() -> list[dict[str, Any]]:
    """The events as an export lists them (an adjudication with the answer the server recorded);
    the VP line is undone and redone."""
    return exported({"name": "Sample: turn 1, 5 April 2004"}, map(_answered, ACTIONS),
                    lambda action: action["type"] == "vp")


def _answered(action: dict[str, Any]) -> dict[str, Any]:
    """An adjudication with the answer the server records."""
    if action["type"] != "adjudication":
        return action
    answer = registry.adjudicate(action["situation"], action["input"], game="battle-for-fallujah")
    return {**action, "result": answer.model_dump(mode="json"), "rules": list(answer.rules)[:40]}
