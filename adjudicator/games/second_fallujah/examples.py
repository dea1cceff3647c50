"""Sample inputs for each situation (the conformance test adjudicates each). The table state is
a small synthetic one: its TEMs and adjacencies are invented for the example, not map data."""

from __future__ import annotations

from typing import Any

#: SYNTHETIC (not the map): areas 10-14 with invented TEMs and borders
SMALL_STATE: dict[str, Any] = {
    "areas": [
        {"id": 10, "control": "coalition", "tem": 1, "adjacent": [11, 12]},
        {"id": 11, "control": "insurgent", "tem": 2, "adjacent": [10, 12, 13]},
        {"id": 12, "control": "coalition", "tem": 3, "adjacent": [10, 11, 13]},
        {"id": 13, "control": "insurgent", "tem": 4, "adjacent": [11, 12]},
    ]
    + [{"id": a, "control": "insurgent"} for a in range(1, 52) if a not in (10, 11, 12, 13)],
    "units": [
        {"id": "tank-1", "type": "tank", "nationality": "usmc", "location": 10},
        {
            "id": "inf-1",
            "type": "infantry",
            "nationality": "usmc",
            "cf": 4,
            "status": "spent",
            "location": 12,
        },
        {"id": "m1", "type": "militia", "cf": 1, "location": 11},
        {"id": "m2", "type": "militia", "cf": 1, "location": 11},
        {"id": "m3", "type": "militia", "location": 13},
        {"id": "c1", "type": "cadre", "cf": 2, "location": 11},
        {"id": "f1", "type": "fedayeen", "cf": 3, "location": 13},
    ],
    "advantage": {"owner": "insurgent", "available": True},
    "impulse": 3,
}

EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "coalition-attack": [
        {
            "lead": {"type": "infantry", "nationality": "usmc", "cf": 4},
            "supporting": [
                {"type": "tank", "nationality": "usmc"},
                {"type": "infantry", "nationality": "army"},
            ],
            "defenders": [{"type": "fedayeen", "cf": 3, "dug_in": True}],
            "tem": 2,
            "ambush": 1,
            "mosque": True,
            "rolls": {"offense": 9, "defense": 6},
        },
        {
            "lead": {"type": "infantry", "nationality": "usmc", "cf": 5},
            "supporting": [{"type": "tank", "nationality": "usmc"}],
            "defenders": [{"type": "militia", "cf": 0}],
            "tem": 0,
        },
        {
            "lead": {"type": "infantry", "nationality": "usmc", "cf": 4},
            "supporting": [{"type": "tank", "nationality": "army"}],
            "defenders": [{"type": "fedayeen", "cf": 3}],
            "tem": 0,
            "advantage": "heroic_effort",
        },
    ],
    "insurgent-attack": [
        {
            "attacker": "fedayeen",
            "tem": 1,
            "defenders": [{"type": "infantry", "nationality": "usmc", "cf": 3}],
        },
        {"attacker": "militia", "tem": 3, "defenders": [{"type": "tank", "nationality": "usmc"}]},
    ],
    "fire-mission": [
        {
            "defenders": [{"type": "cadre", "cf": 2}],
            "tem": 3,
            "us_units_in_area": False,
            "mosque": True,
            "rolls": {"offense": 7, "defense": 7},
        }
    ],
    "movement-cost": [{"enemy": [], "mp_remaining": 3, "militia_placed": True}],
    "end-of-action-phase": [{"impulse": 5, "roll": 4}],
    "fedayeen-reaction": [{"tem": 2, "roll": 3}],
    "cadre-reaction": [{"where": "reaction_area", "tem": 2, "roll": 9}],
    "insurgent-setup": [{"tem": 3, "area": 7, "roll": 4}],
    "casualty-allocation": [
        {
            "cp": 4,
            "defenders": [
                {"type": "fedayeen", "cf": 3},
                {"type": "militia", "cf": 0},
                {"type": "cadre", "cf": 2, "status": "spent"},
            ],
        }
    ],
    "victory": [{"fedayeen": 20, "cadre": 17, "political_backlash": 0}],
    "bot-setup": [
        {
            "state": {"areas": [{"id": a, "tem": a % 5} for a in range(1, 52)]},
            "dice": {"rolls": {a: 1 + a % 6 for a in range(1, 52)}},
        }
    ],
    "bot-impulse": [{"state": SMALL_STATE, "dice": {"step1": 5, "step2": 2, "tiebreak": [3]}}],
    "bot-attack-target": [{"state": SMALL_STATE, "dice": {"tiebreak": [1]}}],
    "bot-attack-origin": [{"state": SMALL_STATE, "target": 12}],
    "bot-organize-resistance": [{"state": SMALL_STATE}],
    "bot-casualties": [{"state": SMALL_STATE, "area": 11, "cp": 3}],
    "bot-mulligan": [
        {"state": SMALL_STATE, "offense": 11, "defense": 5, "ov": 5, "dv": 4, "eliminated": 2}
    ],
    "bot-retreat": [{"state": SMALL_STATE, "unit": "c1", "cause": "combat"}],
    "bot-regroup": [{"state": SMALL_STATE}],
    "bot-reset": [{"state": SMALL_STATE}],
    "bot-reaction": [
        {"state": SMALL_STATE, "area": 13, "dice": {"fedayeen": {"f1": 1}, "cadre": {"c1": 4}}}
    ],
}
