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
}
