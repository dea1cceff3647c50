"""Sample inputs of every situation (the conformance test adjudicates each)."""

from __future__ import annotations

from typing import Any

EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "dice-pool": [
        {"white": 4},
        {"red": 2},
        {"blue": 2, "white": 3, "red": 1, "rolls": {"blue": [5, 1], "white": [4, 4, 2], "red": [3]}},
    ],
    "operation": [
        {
            "mission": "assault",
            "attacker": "coalition",
            "terrain": "urban",
            "attacking": [
                {"source": "lead", "name": "C/1/5", "white": 4, "unit": "combat_unit"},
                {"source": "support_unit", "name": "CAP", "red": 2, "unit": "support_unit"},
            ],
            "defending": [
                {"source": "lead", "white": 2},
                {"source": "resistance", "white": 2},
            ],
        },
        {
            "mission": "strike",
            "terrain": "dense_urban",
            "attacking": [{"source": "lead", "name": "AC-130", "red": 3, "unit": "support_unit"}],
            "defending": [{"source": "lead", "white": 2}, {"source": "resistance", "blue": 3}],
            "rolls": {"defending": {"white": [4, 2, 1], "blue": [5, 3, 2]}, "attacking": {"red": [3, 1, 6], "white": [4]}},
        },
        {
            "mission": "assault",
            "attacker": "insurgency",
            "terrain": "dense_urban",
            "attacking": [{"source": "lead", "white": 3}, {"source": "marker", "white": 2}],
            "defending": [{"source": "lead", "name": "C/1/5", "white": 4},
                          {"source": "support_unit", "name": "CAP", "red": 2}],
        },
    ],
    "spend-margin": [
        {"mission": "assault", "margin": 3, "spend": {"insurgent_steps": 3}},
        {"mission": "search", "margin": 5, "spend": {"resistance_points": 1, "wanted_successes": 3}},
        {"mission": "strike", "margin": 6, "spend": {"resistance_points": 3, "wanted_successes": 3}, "resistance_level": 3},
        {"mission": "raid", "margin": 2},
        {"mission": "search", "margin": 5, "spend": {"resistance_points": 2, "wanted_successes": 1},
         "resistance_level": 2, "insurgent_steps_in_hex": 3, "isolated_markers_in_hex": 1, "wanted_in_hex": True},
    ],
    "availability": [{"availability_number": 4}, {"availability_number": 4, "roll": 3}],
    "intelligence": [{"pacified_modifier": 0}, {"pacified_modifier": -3, "roll": 2}],
    "insurgent-activation": [
        {"resistance_level": 2, "wanted_adjacent": True},
        {"resistance_level": 3, "wanted_adjacent": True, "wanted_in_hex": True, "no_insurgent_units": True, "roll": 6},
    ],
    "level-of-resistance": [{"terrain": "urban"}, {"terrain": "open", "wanted_adjacent": 2, "wanted_in_hex": True, "roll": 5}],
    "insurgent-reaction": [
        {"resistance": 2, "wanted_adjacent": True},
        {"resistance": 3, "wanted_in_hex": True, "rolls": [1, 4, 4, 6, 2, 5]},
        {"resistance": 1, "air_or_artillery_available": True, "special_forces_raid": True},
    ],
    "contact": [{"wanted_in_hex": True, "wanted_adjacent": 1, "search_mof": 2}, {"roll": 6}],
    "raid-defenders": [{"terrain": "dense_urban", "wanted_adjacent": 1}],
    "ceasefire": [{"turn": 3, "political_pressure": 2}, {"turn": 7, "political_pressure": 3, "roll": 4}],
    "reinforcements": [{"turn": 3, "pacified_modifier": 0}, {"turn": 5, "pacified_modifier": -1, "roll": 3}],
    "end-of-turn-vp": [
        {"mayor_compound": "contested", "pacified_modifier": -1},
        {"mayor_compound": "pacified", "pacified_modifier": 1, "ceasefire": True, "vp": 6},
    ],
    "victory-level": [{"vp": -2}, {"vp": 1}, {"vp": 4}],
}
