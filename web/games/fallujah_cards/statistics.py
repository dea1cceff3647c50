"""The statistics page's figures: each policy's final scores over many shuffled games, computed
by the engine's pack (``adjudicator.games.fallujah_cards.policies.play_to_end``: a whole game from a
fresh shuffle, decided by the policy) and kept in ``data/statistics.json`` with how they were
made (games, shuffle seeds, rollouts, the engine files' fingerprint). Both readings of SCORING
are kept: the literal one (the engine's) and the other (only the Insurgency cards of the
Elimination Pile count; errata: scoring).

The file is made once by ``python -m web.games.fallujah_cards.statistics [GREEDY_GAMES
LOOKAHEAD_GAMES ROLLOUTS]`` (the lookahead policy asks the advisor at each decision: about a
second a game). Without the file, the page computes the greedy policy's literal scores on the
spot with the fast loop (``fast.greedy_scores``, :data:`LIVE_GAMES` games in about half a second).
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics as stats
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.games.fallujah_cards import fast
from adjudicator.games.fallujah_cards.state import BASE_SCORE

FILE = Path(__file__).with_name("data") / "statistics.json"
ENGINE_DIR = Path(fast.__file__).parent
LIVE_GAMES = 3000
LIVE_SEED = 2026
POLICIES = ("greedy", "lookahead")


def engine_fingerprint() -> str:
    """A short hash of the engine's source files: a kept figure says which engine made it."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def summary(scores: list[int]) -> dict[str, Any]:
    """Mean (with its standard error), standard deviation, the chance of beating 100 (with its
    standard error), the range and the histogram (score -> games) of some final scores."""
    n = len(scores)
    above = sum(s > BASE_SCORE for s in scores) / n
    sd = stats.pstdev(scores)
    return {
        "games": n, "mean": stats.fmean(scores), "sd": sd, "mean_se": sd / math.sqrt(n),
        "beat_100": above, "beat_100_se": math.sqrt(above * (1 - above) / n),
        "min": min(scores), "max": max(scores), "histogram": dict(sorted(Counter(scores).items())),
    }


def _live() -> list[dict[str, Any]]:
    start = time.perf_counter()
    scores = fast.greedy_scores(LIVE_GAMES, seed=LIVE_SEED)
    return [{"policy": "greedy", "source": "live", "seed": LIVE_SEED, "seconds": time.perf_counter() - start,
             "literal": summary(scores), "other": None}]


@cache
def _read(path: Path, stamp: float) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def policies(path: Path = FILE) -> list[dict[str, Any]]:
    """Every policy's figures, greedy first: from the kept file, else greedy computed now."""
    if not path.is_file():
        return _live_cached()
    data = _read(path, path.stat().st_mtime)
    current = engine_fingerprint()
    return [
        {"policy": name, "source": "kept", "shuffles": entry["shuffles"], "rollouts": entry.get("rollouts"),
         "seconds": entry["seconds"], "computed_at": data["computed_at"], "stale": data["engine"] != current,
         "literal": summary(entry["scores"]), "other": summary(entry["other_scores"])}
        for name, entry in data["policies"].items()
    ]


@cache
def _live_cached() -> list[dict[str, Any]]:
    return _live()


def play(policy: str, shuffle: int, rollouts: int) -> tuple[int, int]:
    """One whole game from shuffle ``shuffle`` played by the policy: its score by both readings."""
    from adjudicator.games.fallujah_cards.policies import play_to_end
    from adjudicator.games.fallujah_cards.state import score, score_insurgency_only

    state, _ = play_to_end(shuffle, policy, seed=shuffle, rollouts=rollouts)
    return score(state), score_insurgency_only(state)


def compute(games: dict[str, int], rollouts: int, path: Path = FILE) -> None:
    """Play ``games[policy]`` games (shuffles 0..n-1) with each policy and keep the scores,
    writing the file after each lookahead game so that an interrupted run keeps what it did."""
    data: dict[str, Any] = {"engine": engine_fingerprint(), "computed_at": "", "policies": {}}
    for policy, count in games.items():
        started = time.perf_counter()
        entry: dict[str, Any] = {"shuffles": "", "rollouts": rollouts if policy == "lookahead" else None,
                                 "scores": [], "other_scores": [], "seconds": 0.0}
        data["policies"][policy] = entry
        for shuffle in range(count):
            literal, other = play(policy, shuffle, rollouts)
            entry["scores"].append(literal)
            entry["other_scores"].append(other)
            entry["shuffles"] = f"0-{shuffle}"
            entry["seconds"] = round(time.perf_counter() - started, 1)
            if policy == "lookahead" or shuffle == count - 1:
                data["computed_at"] = datetime.now(UTC).isoformat(timespec="seconds")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(data) + "\n", encoding="utf-8")
                print(f"{policy} {shuffle + 1}/{count}: {literal} / {other}", file=sys.stderr, flush=True)


if __name__ == "__main__":  # pragma: no cover - run by hand to refresh the kept figures
    args = [int(a) for a in sys.argv[1:]]
    greedy_games, lookahead_games, rollouts = (args + [3000, 300, 100][len(args):])[:3]
    compute({"greedy": greedy_games, "lookahead": lookahead_games}, rollouts)
