"""Sample situations for each Phantom Fury procedure, for the conformance test of every game:
together their answers cite every rule the procedures cite in the test vectors
(tests/adjudicator_examples/, tests/test_adjudicator*.py)."""

from __future__ import annotations

from typing import Any

EXAMPLES: dict[str, tuple[dict[str, Any], ...]] = {
    "fire": (
        {
            "phantom_fury": True,
            "roll": 8,
            "ruleset": "fr",
            "shooter": {
                "caat_ammo": True,
                "cf": 6,
                "hero": "medal_of_honor",
                "location": "1'",
                "security_element_detached": True,
                "unit": "squad",
            },
            "target": {
                "cf": 3,
                "location": "R",
                "unit": "guerillas",
                "zone": "fortified",
                "zone_number": None,
            },
        },
        {
            "activation": 8,
            "roll": 0,
            "shooter": {"location": "street", "unit": "abrams"},
            "target": {"location": "1", "unit": "suspect", "zone": "fortified"},
        },
        {
            "phantom_fury": False,
            "roll": 9,
            "ruleset": "en",
            "shooter": {
                "caat_ammo": True,
                "cf": 4,
                "hero": "medal_of_honor",
                "location": "R",
                "security_element_detached": True,
                "unit": "squad",
            },
            "target": {"location": "1", "unit": "suspect", "zone": "fortified", "zone_number": 26},
        },
        {
            "activation": 6,
            "drawn_cf": 2,
            "roll": 5,
            "ruleset": "en",
            "shooter": {"cf": 6, "location": "2", "unit": "squad"},
            "target": {"location": "R", "unit": "suspect", "zone": "normal", "zone_number": 15},
        },
    ),
    "suspect-activation": (
        {"context": "setup", "roll": 0, "zone": "normal"},
        {"context": "dragon_eye", "roll": 0, "zone": "normal"},
    ),
    "sniper-fire": ({"count": 8, "roll": 0, "ruleset": "fr"},),
    "sniper-street": (
        {"abrams_in_street": True, "insurgent_units": 0, "ruleset": "en", "suspects": 2},
    ),
    "defensive-fire": (
        {
            "insurgent": {"unit": "suspect"},
            "rolls": {"activation": 3, "check": 7, "drawn_cf": 4, "fire": 2},
            "squad": {"cf": 4, "location": "C"},
            "zone": "fortified",
        },
        {
            "insurgent": {"unit": "suspect"},
            "rolls": {"check": 4},
            "ruleset": "en",
            "squad": {"cf": 6, "location": "C", "security_element": True},
            "zone": "normal",
            "zone_number": 15,
        },
    ),
    "ied": ({"cf": 4, "reduced": True, "roll": 7},),
    "assault": (
        {
            "attacker": {"cf": 5, "location": "C", "unit": "squad"},
            "defender": {"location": "1", "unit": "suspect", "zone": "normal", "zone_number": 14},
            "rolls": {
                "activation": 8,
                "drawn_cf": 3,
                "insurgent": 0,
                "insurgent_event": 6,
                "usmc": 4,
            },
            "ruleset": "en",
        },
        {
            "attacker": {
                "cf": 5,
                "explosives": False,
                "hero": "medal_of_honor",
                "location": "2'",
                "reduced": True,
                "security_element_detached": False,
                "unit": "squad",
            },
            "counter_attack": True,
            "defender": {
                "adjacent_zone": False,
                "cf": 2,
                "location": "1",
                "others_in_zone": None,
                "unit": "guerillas",
                "zone": "fortified",
                "zone_number": 46,
            },
            "fanaticism": True,
            "flooding": False,
            "no_insurgent_event": False,
            "phantom_fury": False,
            "rolls": {"insurgent": 7, "usmc": 9},
            "ruleset": "fr",
        },
        {
            "attacker": {"cf": 6, "location": "2", "unit": "squad"},
            "defender": {
                "location": "2'",
                "others_in_zone": True,
                "unit": "suspect",
                "zone": "normal",
                "zone_number": 2,
            },
            "flooding": True,
            "rolls": {"activation": 2},
            "ruleset": "en",
        },
        {
            "attacker": {
                "cf": 3,
                "location": "1",
                "reduced": True,
                "security_element_detached": True,
            },
            "defender": {"cf": 2, "location": "2", "unit": "martyrs", "zone": "fortified"},
            "rolls": {"insurgent": 5, "usmc": 0, "usmc_event": 0},
        },
        {
            "attacker": {"cf": 6, "explosives": True, "location": "C"},
            "defender": {"cf": 1, "location": "1", "unit": "guerillas"},
            "rolls": {"insurgent": 9, "usmc": 9},
        },
        {
            "attacker": {"cf": 5, "location": "C"},
            "defender": {"cf": 2, "location": "1", "unit": "guerillas"},
            "rolls": {"insurgent": 0, "usmc": 0},
        },
        {
            "attacker": {"cf": 4, "hero": "silver_star", "location": "R"},
            "defender": {"cf": 2, "location": "2", "unit": "martyrs"},
            "rolls": {"insurgent": 5, "usmc": 0, "usmc_event": 3},
        },
        {
            "attacker": {"cf": 4, "location": "C", "unit": "iif"},
            "defender": {"cf": 3, "location": "1", "unit": "martyrs", "zone_number": 26},
            "rolls": {"insurgent": 4, "usmc": 0, "usmc_event": 0},
        },
        {
            "attacker": {"cf": 5, "location": "R", "security_element_detached": True},
            "defender": {"cf": 2, "location": "2", "unit": "martyrs"},
            "rolls": {"insurgent": 8, "usmc": 1},
        },
        {
            "attacker": {"cf": 6, "location": "R"},
            "defender": {"cf": 2, "location": "2", "unit": "martyrs", "zone": "fortified"},
            "rolls": {"insurgent": 8, "usmc": 1},
        },
        {
            "attacker": {
                "cf": 3,
                "location": "R",
                "reduced": True,
                "security_element_detached": True,
                "unit": "iif",
            },
            "counter_attack": False,
            "defender": {
                "adjacent_zone": False,
                "location": "2",
                "others_in_zone": None,
                "unit": "suspect",
                "zone": "fortified",
                "zone_number": 26,
            },
            "fanaticism": False,
            "flooding": False,
            "no_insurgent_event": False,
            "phantom_fury": True,
            "ruleset": "en",
        },
    ),
    "pinned-recovery": ({"abrams_in_street": False, "cf": 5, "location": "C"},),
    "abrams-mc": ({},),
    "support-mission": (
        {"mission": "hornet", "reaction_roll": 9, "roll": 7},
        {"mission": "dragon_eye", "roll": 2, "ruleset": "en"},
    ),
    "insurgent-reaction": ({"roll": 7, "security_element": True},),
    "victory": (
        {"battalion_reinforcements": 3, "last_turn_played": 13, "variant": "historical"},
        {
            "guerillas_eliminated": 3,
            "last_turn_played": 16,
            "uncontrolled_zones": [26],
            "zone26_empty": True,
        },
    ),
}
