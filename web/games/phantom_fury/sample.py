"""A sample game of Phantom Fury as an export's events: started on the player's copy (the start
Zones, each squad counter's CF), the full order of battle placed on its form (6.3, 6.3.1), then a
turn played through every Phase (8) with Zone markers, a unit Fired and Pinned, a VP line, an app
roll, an undo and a redo, and the Reorganisation Phase's automatic steps (14.3, 14.5). The
conformance test folds it twice, imports it, and checks every rule it cites."""

from __future__ import annotations

from typing import Any

from web.eventlog import exported

START_ZONES = [2, 3, 4, 6, 8, 10, 12, 17, 19]

#: the same order of battle entered on the setup form itself (tests that start from it)
SETUP: dict[str, Any] = {
    "variant": "standard",
    "strong_points": 2,
    "name": "Sample: Jolan, 9 November",
    "start_zones": START_ZONES,
    "squads": [{"counter": n, "cf": 4 + n % 3, "zone": zone, "caat": n <= 4}
               for n, zone in enumerate(START_ZONES, start=1)],
    "company": [{"counter": n, "cf": 5} for n in (10, 11, 12)],
    "battalion": [{"counter": n, "cf": 6} for n in (13, 14, 15)],
}

#: the player's copy the sample starts on: the Zones with a black circle (6.2), each squad's CF (5.1.1)
COPY: dict[str, Any] = {
    "format": "phantom-fury-copy",
    "start_zones": START_ZONES,
    "squads": [{"counter": s["counter"], "cf": s["cf"]} for s in SETUP["squads"] + SETUP["company"] + SETUP["battalion"]],
}
COPY_SETUP: dict[str, Any] = {key: SETUP[key] for key in ("variant", "strong_points", "name")} | {"map": COPY}

ACTIONS: list[dict[str, Any]] = [
    {"type": "order_of_battle", "rules": ["6.3", "6.3.1"],
     "squads": [{"counter": s["counter"], "zone": s["zone"], "caat": s["caat"]} for s in SETUP["squads"]],
     "company": [{"counter": s["counter"]} for s in SETUP["company"]]},
    {"type": "zone_activate", "zone": 5, "nature": "normal", "rules": ["4.1.3"]},
    {"type": "zone_counts", "zone": 5, "suspects": 2, "insurgents": 1, "rules": ["5.3"]},
    {"type": "zone_marker", "zone": 5, "marker": "phantom_fury", "present": True, "rules": ["13.4.3.2"]},
    {"type": "next_phase", "rules": []},  # Reinforcements
    {"type": "next_phase", "rules": []},  # Fire Combat
    {"type": "roll", "dice": 2, "purpose": "fire", "faces": [3, 7], "rules": ["3"]},
    {"type": "unit_status", "unit": "squad-1", "status": "fired", "rules": ["11.3"]},
    {"type": "vp", "reason": "guerillas_eliminated", "count": 1, "rules": ["7.2.1"]},
    {"type": "next_phase", "rules": []},  # Movement
    {"type": "unit_status", "unit": "squad-2", "status": "pinned", "rules": ["11.5"]},
    {"type": "note", "text": "Squad 2 Pinned by a Sniper.", "rules": []},
    {"type": "next_phase", "rules": []},  # Assault
    {"type": "next_phase", "rules": []},  # Reorganisation
    {"type": "next_phase", "rules": []},  # turn 2, Support
]


def events() -> list[dict[str, Any]]:
    """The events as an export lists them (``version``, ``kind``, ``payload``), an undo and a redo
    of the note among them."""
    return exported(COPY_SETUP, ACTIONS, lambda action: action["type"] == "note")
