"""The command line answers at once (issue 11): median wall time of ``fallujah rule 11.4.1`` and
``fallujah search sniper`` against a bare ``python -c pass``, measured in the same run.

Run with ``make bench``; it prints the three medians and the commands' multiples of the bare
interpreter, and asserts only that the commands succeed (the target, 150 ms for ``fallujah
rule``, is reported, not asserted: it depends on the machine and its load).

Every command runs as an installed one does, with its modules' bytecode cached: when the
environment forbids writing bytecode (``PYTHONDONTWRITEBYTECODE``, as some CI and agent shells
set), each run would compile the project's modules again, which no user pays. The bytecode goes
to a temporary ``PYTHONPYCACHEPREFIX``, never into the working tree. ``fallujah rule`` answers
from its rule answers file (rules_text/fast_rule.py), written by the warm-up run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FALLUJAH = Path(sys.executable).with_name("fallujah")
RUNS = 15
TARGET_MS = 150.0


def _median_ms(argv: list[str], env: dict[str, str]) -> float:
    subprocess.run(argv, check=True, capture_output=True, env=env)  # warm: caches, answers file, bytecode
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def test_cli_answers_at_once():
    with tempfile.TemporaryDirectory(prefix="fallujah-pycache-") as pycache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pycache
        bare = _median_ms([sys.executable, "-c", "pass"], env)
        rule = _median_ms([str(FALLUJAH), "rule", "11.4.1"], env)
        search = _median_ms([str(FALLUJAH), "search", "sniper"], env)
    print(f"\nCLI wall time, median of {RUNS} runs each (same run, same machine):")
    print(f"  python -c pass           {bare:7.1f} ms")
    print(f"  fallujah rule 11.4.1     {rule:7.1f} ms  ({rule / bare:.1f}x python -c pass; target {TARGET_MS:.0f} ms: "
          f"{'met' if rule <= TARGET_MS else 'not met'})")
    print(f"  fallujah search sniper   {search:7.1f} ms  ({search / bare:.1f}x python -c pass)")
    assert rule > 0 and search > 0
