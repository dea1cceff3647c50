"""Second Fallujah benchmark (issue 14): the bot's attack-target decision (14.1, 14.1.1) over a
fully keyed 51-area table state; median over repeated runs (target: under 10 ms).

The state is SYNTHETIC, built here for timing only: the areas form a 6-wide grid with invented
TEMs (area number mod 5) and invented borders; it is not the map, which the text does not print.
Coalition units hold the northern areas (some only Support Units Fresh, some only Spent), Insurgent
Militia, Cadre and Fedayeen the rest, so that many areas are candidates and every criterion down
to the tie-break is evaluated.

Run with ``make bench``; it prints the figure and asserts nothing about speed.
"""

from __future__ import annotations

import statistics
import time

from adjudicator.registry import adjudicate, parse_input, procedure

GAME = "second-fallujah"
RUNS = 200


def synthetic_state() -> dict:
    """SYNTHETIC keyed state (not map data): 51 areas on a 6-wide grid."""
    width = 6
    areas = []
    for a in range(1, 52):
        row, col = divmod(a - 1, width)
        adjacent = [b for b in (a - width, a + width) if 1 <= b <= 51]
        if col > 0:
            adjacent.append(a - 1)
        if col < width - 1 and a + 1 <= 51:
            adjacent.append(a + 1)
        areas.append(
            {
                "id": a,
                "control": "coalition" if row < 3 else "insurgent",
                "tem": a % 5,
                "adjacent": sorted(adjacent),
            }
        )
    units = []
    for a in range(1, 19):  # Coalition areas: alternate support-only-Fresh and only-Spent
        if a % 2:
            units.append({"id": f"tank-{a}", "type": "tank", "nationality": "usmc", "location": a})
            units.append(
                {
                    "id": f"inf-{a}",
                    "type": "infantry",
                    "nationality": "usmc",
                    "cf": 3 + a % 2,
                    "status": "spent",
                    "location": a,
                }
            )
        else:
            units.append(
                {
                    "id": f"inf-{a}",
                    "type": "infantry",
                    "nationality": "army",
                    "cf": 4,
                    "status": "spent",
                    "location": a,
                }
            )
            units.append({"id": f"mil-in-{a}", "type": "militia", "cf": 1, "location": a})
    for a in range(19, 52):
        units.append({"id": f"mil-{a}", "type": "militia", "cf": 1, "location": a})
        units.append({"id": f"mil2-{a}", "type": "militia", "cf": 1, "location": a})
        units.append({"id": f"cad-{a}", "type": "cadre", "cf": 2, "location": a})
        units.append({"id": f"fed-{a}", "type": "fedayeen", "cf": 3, "location": a})
    return {
        "areas": areas,
        "units": units,
        "impulse": 4,
        "advantage": {"owner": "insurgent", "available": True},
    }


def test_bot_attack_target_over_51_keyed_areas() -> None:
    body = {"state": synthetic_state(), "dice": {"tiebreak": [3, 5, 1, 6]}}
    proc = procedure("bot-attack-target", game=GAME)
    first = adjudicate("bot-attack-target", body, game=GAME)
    times, parse_times = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        answer = adjudicate("bot-attack-target", body, game=GAME)
        times.append(time.perf_counter() - start)
    for _ in range(RUNS):
        start = time.perf_counter()
        parsed = parse_input(proc, body)
        parse_times.append(time.perf_counter() - start)
    assert answer.decision == first.decision and answer.decision["target"] is not None
    criteria = [t.criterion for t in answer.trace]
    print(
        f"\nsecond-fallujah bot-attack-target, 51 keyed areas, {len(body['state']['units'])} units:"
        f" median {statistics.median(times) * 1000:.2f} ms (max {max(times) * 1000:.2f} ms, {RUNS} runs;"
        f" of which parsing the state {statistics.median(parse_times) * 1000:.2f} ms);"
        f" target {answer.decision['target']}, criteria {criteria}"
    )
    assert parsed is not None
