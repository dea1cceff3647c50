"""A sample game of Second Fallujah as an export's events: a map & counters file keyed at setup,
the first Coalition impulse from the NE Entry Zone (4.1.2, 11.2), the bot's impulse passed,
control changes (9.1), Political Backlash (7.5), the Advantage used (10.1), an undo and a redo,
then the Regroup, Infiltration (9.2) and Reset (4.4) Phases to Nov 9. The conformance test folds
it twice, imports it, and checks every rule it cites."""

from __future__ import annotations

from typing import Any

from web.eventlog import exported

A1_8 = "a_company_1st_battalion_8th_marine_regiment"
B1_8 = "b_company_1st_battalion_8th_marine_regiment"

MAP: dict[str, Any] = {
    "format": "second-fallujah-map",
    "areas": {"18": {"tem": 2, "adjacent": [19, 24, 25]}, "19": {"tem": 3, "adjacent": [18, 20, 24]},
              "24": {"tem": 1, "adjacent": [18, 19, 25]}, "25": {"tem": 1, "adjacent": [18, 24]}},
    "counters": {A1_8: {"cf": 4, "cf_spent": 2, "mf": 5}, B1_8: {"cf": 4, "cf_spent": 2, "mf": 5},
                 "fedayeen": {"cf": 3, "cf_spent": 1}, "cadre": {"cf": 2, "cf_spent": 1}, "militia": {"cf": 1, "cf_spent": -2}},
}

SETUP: dict[str, Any] = {"name": "Sample: the NE Entry Zone, 8 November", "variant": "solitaire", "map": MAP}

ACTIONS: list[dict[str, Any]] = [
    {"type": "unit_place", "unit_type": "fedayeen", "area": 24, "rules": ["13"]},
    {"type": "activate", "where": "ne_entry_zone", "rules": ["4.1.2"]},
    {"type": "unit_move", "unit": A1_8, "to": 25, "cost": 2, "rules": ["6.1"]},
    {"type": "unit_move", "unit": B1_8, "to": 25, "cost": 2, "rules": ["6"]},
    {"type": "end_impulse", "rules": ["4.1.2", "11.2"]},
    {"type": "note", "text": "The bot passes this impulse in the sample.", "rules": []},
    {"type": "end_impulse", "passed": True, "rules": ["4.1.1"]},
    {"type": "backlash", "delta": 1, "rules": ["7.5"]},
    {"type": "advantage", "use": "heroic_effort", "rules": ["10.1"]},
    {"type": "end_roll", "ends": True, "rules": ["4.1.4"]},
    {"type": "end_impulse", "rules": ["4.1.4"]},
    {"type": "next_phase", "rules": ["4.3"]},
    {"type": "next_phase", "rules": ["9.2"]},
    {"type": "next_phase", "rules": ["4.4"]},
]


def events() -> list[dict[str, Any]]:
    """The events as an export lists them, an undo and a redo of the note among them."""
    return exported(SETUP, ACTIONS, lambda action: action["type"] == "note")
