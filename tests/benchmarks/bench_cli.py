"""The command line answers at once (issues 11, 21): median wall time of ``fallujah rule 11.4.1``,
``fallujah search sniper`` (one game, every game, and three typos across games), ``fallujah games``
and ``fallujah adjudicate`` (a situation of each game) against a bare
``python -c pass``, measured in the same run, and each one's multiple of it (issue 21's target: 3x).

Run with ``make bench``; it prints the medians, the commands' multiples of the bare
interpreter, the machine's load average and what ``fallujah rule`` imports beyond the bare
interpreter (``python -X importtime``: each top-level module's cumulative time, the least of the
runs), and asserts only that the commands succeed (the target, 150 ms for ``fallujah rule``, is
reported, not asserted: it depends on the machine and its load).

Every command runs as an installed one does, with its modules' bytecode cached: when the
environment forbids writing bytecode (``PYTHONDONTWRITEBYTECODE``, as some CI and agent shells
set), each run would compile the project's modules again, which no user pays. The bytecode goes
to a temporary ``PYTHONPYCACHEPREFIX``, never into the working tree. ``fallujah rule`` answers
from its rule answers file (rules_text/fast_rule.py) and ``fallujah search`` from its plain search
export (rules_text/fast_search.py), both written by the warm-up run; ``fallujah adjudicate`` is
computed each time (the game's pydantic model validates the situation, its procedure answers it)
by the launcher without click (adjudicator/command.py); a typo's analysis and spelling suggestions are kept in the search's memo by then.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FALLUJAH = Path(sys.executable).with_name("fallujah")
RUNS = 20
TARGET_MS = 150.0


def _medians_ms(commands: dict[str, list[str]], env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Each command's median wall time and median CPU time (user + system of the child), the
    commands run in turn so that a change of load on a shared machine weighs on all alike."""
    for argv in commands.values():
        subprocess.run(argv, check=True, capture_output=True, env=env)  # warm: caches, answers file, bytecode
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, argv in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True, env=env)
            wall[name].append((time.perf_counter() - start) * 1000)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return {name: (statistics.median(wall[name]), statistics.median(cpu[name])) for name in commands}


def _imports_ms(argv: list[str], bare: list[str], env: dict[str, str]) -> list[tuple[float, str]]:
    """The top-level modules ``argv`` imports that ``bare`` does not, with their cumulative import
    time (the least of :data:`RUNS` runs, in ms), heaviest first."""

    def imported(command: list[str]) -> dict[str, int]:
        done = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True,
                              env=env, check=True)
        found = {}
        for line in done.stderr.splitlines():
            fields = line.removeprefix("import time:").split("|")
            if line.startswith("import time:") and len(fields) == 3 and fields[1].strip().isdigit() \
                    and not fields[2].startswith("  "):
                found[fields[2].strip()] = int(fields[1])
        return found

    baseline = set(imported(bare))
    least: dict[str, int] = {}
    for _ in range(RUNS):
        for name, micros in imported(argv).items():
            if name not in baseline:
                least[name] = min(micros, least.get(name, micros))
    return sorted(((micros / 1000, name) for name, micros in least.items()), reverse=True)


def _situations(folder: Path) -> dict[str, list[str]]:
    """``fallujah adjudicate`` of each game's first situation, its first example in a file of ``folder``."""
    from adjudicator.registry import situations
    from rules_text.loading import available_games

    found = {}
    for game in available_games():
        name, proc = next(iter(situations(game).items()))
        path = folder / f"{game}.json"
        path.write_text(json.dumps(proc.examples[0]), encoding="utf-8")
        found[f"adjudicate {name} ({game})"] = [str(FALLUJAH), "adjudicate", name, "--game", game, "--file", str(path)]
    return found


def test_cli_answers_at_once():
    with tempfile.TemporaryDirectory(prefix="fallujah-pycache-") as pycache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pycache
        situation = Path(pycache) / "situation.json"
        situation.write_text("{}", encoding="utf-8")
        got = _medians_ms({"bare": [sys.executable, "-c", "pass"], "rule": [str(FALLUJAH), "rule", "11.4.1"],
                           "search": [str(FALLUJAH), "search", "sniper"], "games": [str(FALLUJAH), "games"],
                           "adjudicate": [str(FALLUJAH), "adjudicate", "insurgent-reaction", "--json",
                                          "--file", str(situation)],
                           "search --game all": [str(FALLUJAH), "search", "sniper", "--game", "all"],
                           "search typos --game all": [str(FALLUJAH), "search", "assualt pinned squadd",
                                                       "--game", "all"],
                           **_situations(Path(pycache))}, env)
        imports = _imports_ms([sys.executable, str(FALLUJAH), "rule", "11.4.1"], [sys.executable, "-c", "pass"], env)
    (bare, bare_cpu), (rule, rule_cpu), (search, search_cpu) = got["bare"], got["rule"], got["search"]
    print(f"\nCLI wall time, median of {RUNS} runs each, run in turn (same run, same machine; CPU time beside it):")
    print(f"  python -c pass           {bare:7.1f} ms  (cpu {bare_cpu:6.1f} ms)")
    print(f"  fallujah rule 11.4.1     {rule:7.1f} ms  (cpu {rule_cpu:6.1f} ms; {rule / bare:.1f}x python -c pass; "
          f"target {TARGET_MS:.0f} ms: {'met' if rule <= TARGET_MS else 'not met'})")
    print(f"  fallujah search sniper   {search:7.1f} ms  (cpu {search_cpu:6.1f} ms; {search / bare:.1f}x python -c pass)")
    others = [name for name in got if name not in ("bare", "rule", "search")]
    for name in others:
        wall, cpu = got[name]
        print(f"  {'fallujah ' + name:<24} {wall:7.1f} ms  (cpu {cpu:6.1f} ms; {wall / bare:.1f}x python -c pass)")
    print("  start-up ratios (issue 21: at most 3x python -c pass): " + ", ".join(
              f"{name} {got[name][0] / bare:.1f}x ({'met' if got[name][0] <= 3 * bare else 'not met'})"
              for name in ("rule", "search", *others)))
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; fallujah rule's imports beyond "
          "python -c pass (python -X importtime, cumulative, least of the runs): "
          + ", ".join(f"{name} {ms:.1f} ms" for ms, name in imports[:8]))
    assert all(wall > 0 for wall, _ in got.values())
