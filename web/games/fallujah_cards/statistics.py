"""The statistics page's figures: each policy's final scores over the same seeded shuffles,
computed by the engine's pack (``adjudicator.games.fallujah_cards.tournament``: game k of a seed
is the same shuffle for every policy) and kept in ``data/statistics.json`` with how they were
made (seed, games, the engine files' fingerprint). The clairvoyant entry also keeps each game's
limit, the best expected score with the deck order known in advance (clairvoyant.py), so the page
shows the advisor's mean beside the limit of the same shuffles, and the gap.

The file is made by ``python -m web.games.fallujah_cards.statistics [GAMES ADVISOR_GAMES SEED]``
(the advisor plays on the compiled loop, lookahead.py: about 0.15 s of CPU a game). Without the
file, the page computes the greedy policy's scores on the spot with the fast loop (``fast.greedy_scores``, :data:`LIVE_GAMES` games in about half a second).
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
POLICIES = ("greedy", "lookahead", "clairvoyant")


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
         "seed": data.get("seed"), "literal": summary(entry["scores"]),
         "other": summary(entry["other_scores"]) if entry.get("other_scores") else None,
         "limit": _limit(entry["limits"]) if entry.get("limits") else None}
        for name, entry in data["policies"].items()
    ]


def _limit(limits: list[float]) -> dict[str, float]:
    return {"mean": stats.fmean(limits), "mean_se": stats.stdev(limits) / math.sqrt(len(limits))}


def gap(path: Path = FILE) -> dict[str, Any] | None:
    """The advisor's mean beside the limit of the same shuffles (clairvoyant play), and the gap."""
    if not path.is_file():
        return None
    data = _read(path, path.stat().st_mtime)
    advisor, limits = data["policies"].get("lookahead"), data["policies"].get("clairvoyant", {}).get("limits")
    if advisor is None or not limits:
        return None
    games = advisor.get("games") or list(range(len(advisor["scores"])))
    if max(games) >= len(limits):
        return None
    same = [limits[g] for g in games]
    mean, limit = stats.fmean(advisor["scores"]), stats.fmean(same)
    return {"games": len(games), "advisor": mean, "limit": limit, "gap": limit - mean}


@cache
def _live_cached() -> list[dict[str, Any]]:
    return _live()


def play(policy: str, game: int, seed: int) -> int:
    """One game of the seed's shuffles played by the policy (``lookahead``: the advisor): its
    score (literal reading)."""
    from adjudicator.games.fallujah_cards.tournament import play_game

    return play_game("advisor" if policy == "lookahead" else policy, seed, game)[0]


def compute(games: int, advisor_games: int, seed: int, path: Path = FILE) -> None:
    """Play games 0..n-1 of the seed with greedy and clairvoyant play, and the first
    ``advisor_games`` with the advisor, keeping the scores (and the clairvoyant limits)."""
    from adjudicator.games.fallujah_cards.tournament import ADVISOR_ROLLOUTS, play_game

    data: dict[str, Any] = {"engine": engine_fingerprint(), "computed_at": "", "seed": seed, "policies": {}}
    for policy, count in (("greedy", games), ("lookahead", advisor_games), ("clairvoyant", games)):
        started = time.perf_counter()
        played = [play_game("advisor" if policy == "lookahead" else policy, seed, g) for g in range(count)]
        entry: dict[str, Any] = {"shuffles": f"0-{count - 1}", "scores": [p[0] for p in played],
                                 "rollouts": ADVISOR_ROLLOUTS if policy == "lookahead" else None,
                                 "seconds": round(time.perf_counter() - started, 1)}
        if policy == "clairvoyant":
            entry["limits"] = [p[1] for p in played]
        data["policies"][policy] = entry
        print(f"{policy}: {count} games", file=sys.stderr, flush=True)
    data["computed_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover - run by hand to refresh the kept figures
    args = [int(a) for a in sys.argv[1:]]
    all_games, advisor_games, seed = (args + [2000, 2000, 1][len(args):])[:3]
    compute(all_games, advisor_games, seed)
