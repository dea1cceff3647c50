"""The statistics page's figures: each policy's final scores over many shuffled games (SCORING,
literal reading), computed by the engine's pack (``adjudicator.fallujah_cards``).

- ``greedy``: :data:`GREEDY_GAMES` whole games from fresh shuffles (``fast.greedy_scores``),
  computed on the first request and kept in the process (about half a second).
- ``lookahead`` (the advisor's own policy): each decision asks the advisor (Monte Carlo), so a
  game takes seconds; its scores are computed once by ``python -m
  web.games.fallujah_cards.statistics`` and kept in ``data/statistics-lookahead.json``
  (games, seeds, rollouts and the engine files' fingerprint recorded with them).
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

from adjudicator.fallujah_cards import fast
from adjudicator.fallujah_cards.state import BASE_SCORE

GREEDY_GAMES = 3000
GREEDY_SEED = 2026
LOOKAHEAD_FILE = Path(__file__).with_name("data") / "statistics-lookahead.json"
ENGINE_DIR = Path(fast.__file__).parent


def engine_fingerprint() -> str:
    """A short hash of the engine's source files: a cached figure says which engine made it."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def summary(scores: list[int]) -> dict[str, Any]:
    """Mean, standard deviation, the chance of beating 100 (with its standard error) and the
    histogram (score -> games) of some final scores."""
    n = len(scores)
    above = sum(s > BASE_SCORE for s in scores) / n
    return {
        "games": n,
        "mean": stats.fmean(scores),
        "sd": stats.pstdev(scores),
        "mean_se": stats.pstdev(scores) / math.sqrt(n),
        "beat_100": above,
        "beat_100_se": math.sqrt(above * (1 - above) / n),
        "min": min(scores),
        "max": max(scores),
        "histogram": dict(sorted(Counter(scores).items())),
    }


@cache
def greedy() -> dict[str, Any]:
    """The greedy policy over :data:`GREEDY_GAMES` fresh shuffles (reproducible from the seed)."""
    start = time.perf_counter()
    scores = fast.greedy_scores(GREEDY_GAMES, seed=GREEDY_SEED)
    return {"policy": "greedy", "seed": GREEDY_SEED, "seconds": time.perf_counter() - start,
            "source": "computed", **summary(scores)}


def lookahead() -> dict[str, Any] | None:
    """The lookahead policy's cached figures, or None when they were never computed."""
    if not LOOKAHEAD_FILE.is_file():
        return None
    data = json.loads(LOOKAHEAD_FILE.read_text(encoding="utf-8"))
    return {"policy": "lookahead", "source": "cached", "seeds": data["seeds"], "rollouts": data["rollouts"],
            "computed_at": data["computed_at"], "engine": data["engine"],
            "stale": data["engine"] != engine_fingerprint(), **summary(data["scores"])}


def policies() -> list[dict[str, Any]]:
    """Every policy's figures that exist, greedy first."""
    found = [greedy()]
    cached = lookahead()
    if cached is not None:
        found.append(cached)
    return found


def lookahead_game(shuffle_seed: int, rollouts: int) -> int:
    """One whole game from shuffle ``shuffle_seed`` played by the advisor's policy: its score."""
    from random import Random

    from adjudicator.fallujah_cards import engine
    from adjudicator.fallujah_cards.policies import lookahead_action
    from adjudicator.fallujah_cards.state import score

    rng = Random(shuffle_seed)
    state = engine.apply(engine.new_game(), engine.shuffled_deck(Random(shuffle_seed)))
    while not state.over:
        if engine.legal_decisions(state):
            action = lookahead_action(state, rollouts=rollouts, seed=rng.getrandbits(32))
        else:
            action = engine.random_input(state, rng)
        state = engine.apply(state, action)
    return score(state)


def compute_lookahead(games: int, rollouts: int, out: Path = LOOKAHEAD_FILE) -> None:
    """Play ``games`` games (shuffles 0..games-1) with the lookahead policy and keep the scores,
    writing the file after each game so that an interrupted run keeps what it did."""
    scores: list[int] = []
    started = time.perf_counter()
    for seed in range(games):
        scores.append(lookahead_game(seed, rollouts))
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({
            "policy": "lookahead", "seeds": f"0-{seed}", "rollouts": rollouts, "scores": scores,
            "computed_at": datetime.now(UTC).isoformat(timespec="seconds"), "engine": engine_fingerprint(),
            "seconds": round(time.perf_counter() - started, 1),
        }, indent=None) + "\n", encoding="utf-8")
        print(f"{seed + 1}/{games}: {scores[-1]}", file=sys.stderr, flush=True)


if __name__ == "__main__":  # pragma: no cover - run by hand to refresh the cache
    compute_lookahead(int(sys.argv[1]) if len(sys.argv) > 1 else 200,
                      int(sys.argv[2]) if len(sys.argv) > 2 else 100)
