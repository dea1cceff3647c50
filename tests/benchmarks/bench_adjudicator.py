"""Adjudicator benchmark (issue 4): the full odds of the most complex Assault.

A 'Suspect' marker (Activation, drawn CF 1-4, both unit types) assaulted 'Top-Down' from a
rooftop by a squad with a 'Hero' and a detached Security Element, under 'Phantom Fury' and
'Fanaticism' markers, in both rulesets; once with the 'No Insurgents Event' marker as well, once
without it (every Insurgents Event live, the heaviest case). Each call is a full
``adjudicate("assault", ...)``: validation, odds, the other ruleset's odds for the difference
note, the rule ids cited.

"warm" is the median over repeated calls (the fights already counted are kept, as in a session
where the player adjusts a situation); "cold" clears those caches before every call. Run with
``make bench``; it prints the figures and asserts nothing about speed.
"""

from __future__ import annotations

import statistics
import time

from adjudicator import adjudicate
from adjudicator.games.phantom_fury.assault.combat import weights
from adjudicator.games.phantom_fury.assault.engine import concluded, labels
from adjudicator.games.phantom_fury.rulebook import current

BASE = {
    "attacker": {
        "unit": "squad",
        "cf": 6,
        "location": "R",
        "hero": "silver_star",
        "security_element_detached": True,
    },
    "defender": {"unit": "suspect", "location": "2", "zone": "normal", "zone_number": 14},
    "phantom_fury": True,
    "fanaticism": True,
}
CASES = {
    "all markers": {**BASE, "no_insurgent_event": True},
    "all markers but No Insurgents Event": {**BASE, "no_insurgent_event": False},
}


def _clear() -> None:
    weights.cache_clear()
    concluded.cache_clear()
    labels.cache_clear()


def _median_ms(situation: dict, runs: int, cold: bool) -> float:
    current()  # the rulebook is read once per game (and again when its data changes)
    adjudicate("assault", situation)
    times = []
    for _ in range(runs):
        if cold:
            _clear()
        start = time.perf_counter()
        adjudicate("assault", situation)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def test_assault_full_odds_median() -> None:
    rows = []
    for name, situation in CASES.items():
        for ruleset in ("en", "fr"):
            data = {**situation, "ruleset": ruleset}
            warm = _median_ms(data, 500, cold=False)
            cold = _median_ms(data, 100, cold=True)
            rows.append(f"| {name} | {ruleset} | {warm:.3f} | {cold:.3f} |")
    print("\nFull odds of the most complex Assault (median ms over repeated adjudicate calls)")
    print("| situation | ruleset | warm | cold |")
    print("| --- | --- | --- | --- |")
    print("\n".join(rows))
