"""Battle for Fallujah benchmark (issue 13): the full odds of an Operation with 10 dice of each
colour on each side (target: median under 5 ms).

Each call is a whole ``adjudicate("operation", ..., game="battle-for-fallujah")``: validation, the
pools and their Terrain dice from the tables, the exact joint counts of both pools (attacker's
successes and red successes against the defender's successes), margins, VPs, Media, the other
reading of the Strike's TN, the rule ids cited. "warm" keeps the per-pool counts cached between
calls (as when a player edits one side); "cold" clears those caches before every call. Run with
``make bench``; it prints the figures and asserts nothing about speed.
"""

from __future__ import annotations

import statistics
import time

from adjudicator.games.battle_for_fallujah import pools
from adjudicator.registry import adjudicate

GAME = "battle-for-fallujah"
TEN = {"blue": 10, "white": 10, "red": 10}
CASES = {
    "Coalition Assault, Urban": {"mission": "assault", "attacker": "coalition", "terrain": "urban"},
    "Coalition Strike, Dense Urban (both TN readings)": {"mission": "strike", "attacker": "coalition",
                                                          "terrain": "dense_urban"},
    "Insurgent Assault, Dense Urban (Coalition reds defending)": {"mission": "assault",
                                                                   "attacker": "insurgency",
                                                                   "terrain": "dense_urban"},
}


def _clear() -> None:
    pools._pool.cache_clear()
    pools.binomial_counts.cache_clear()


def _median_ms(body: dict, runs: int, cold: bool) -> float:
    adjudicate("operation", body, game=GAME)
    times = []
    for _ in range(runs):
        if cold:
            _clear()
        start = time.perf_counter()
        adjudicate("operation", body, game=GAME)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def test_operation_ten_dice_of_each_colour_each_side() -> None:
    rows = []
    for name, case in CASES.items():
        body = {**case, "attacking": [{"source": "lead", **TEN}], "defending": [{"source": "lead", **TEN}]}
        warm = _median_ms(body, 300, cold=False)
        cold = _median_ms(body, 100, cold=True)
        rows.append(f"| {name} | {warm:.3f} | {cold:.3f} |")
    print("\nBattle for Fallujah: full odds of an Operation, 10 dice of each colour on each side "
          "(median ms per adjudicate call; target < 5 ms)")
    print("| operation | warm | cold |")
    print("| --- | --- | --- |")
    print("\n".join(rows))
