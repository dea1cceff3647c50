"""The command line answers at once (issue 11): median wall time of ``fallujah rule 11.4.1`` and
``fallujah search sniper`` against a bare ``python -c pass``, measured in the same run.

Run with ``make bench``; it prints the three medians and the commands' multiples of the bare
interpreter, and asserts only that the commands succeed (the target, 150 ms for ``fallujah
rule``, is reported, not asserted: it depends on the machine and its load).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

FALLUJAH = Path(sys.executable).with_name("fallujah")
RUNS = 15
TARGET_MS = 150.0


def _median_ms(argv: list[str]) -> float:
    subprocess.run(argv, check=True, capture_output=True)  # warm: the corpus cache and the search index
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def test_cli_answers_at_once():
    bare = _median_ms([sys.executable, "-c", "pass"])
    rule = _median_ms([str(FALLUJAH), "rule", "11.4.1"])
    search = _median_ms([str(FALLUJAH), "search", "sniper"])
    print(f"\nCLI wall time, median of {RUNS} runs each (same run, same machine):")
    print(f"  python -c pass           {bare:7.1f} ms")
    print(f"  fallujah rule 11.4.1     {rule:7.1f} ms  ({rule / bare:.1f}x python -c pass; target {TARGET_MS:.0f} ms: "
          f"{'met' if rule <= TARGET_MS else 'not met'})")
    print(f"  fallujah search sniper   {search:7.1f} ms  ({search / bare:.1f}x python -c pass)")
    assert rule > 0 and search > 0
