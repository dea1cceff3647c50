"""Fallujah card game benchmark (issue 15).

1. 100,000 whole games from fresh shuffles played by the greedy policy on one core (the
   fast class-level loop, fast.greedy_scores): games per second (target: 100,000 in under 20 s).
2. The advisor's time per decision (issue 22: at most 100 ms), process CPU time and wall time,
   median and p99 over every decision of a few whole games it plays.
3. ``stats`` on one seed: 2,000 games of greedy and clairvoyant, 200 of the advisor, with the
   clairvoyant limit of the same shuffles beside each mean.

Run with ``make bench``; it prints the figures and asserts nothing about speed.
"""

from __future__ import annotations

import statistics
import time
from random import Random

import pytest

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.advisor import advise
from adjudicator.games.fallujah_cards.fast import greedy_scores
from adjudicator.games.fallujah_cards.tournament import run

GAMES = 100_000
ADVISED_GAMES = 3
STATS_SEED = 1


def test_greedy_games_per_second():
    start = time.perf_counter()
    scores = greedy_scores(GAMES, seed=2026)
    elapsed = time.perf_counter() - start
    mean = statistics.fmean(scores)
    spread = statistics.pstdev(scores)
    above = sum(s > 100 for s in scores) / len(scores)
    print(
        f"\nfallujah-cards greedy: {GAMES:,} games in {elapsed:.1f} s = {GAMES / elapsed:,.0f} games/s;"
        f" score mean {mean:.2f}, sd {spread:.2f}, P(score > 100) {above:.3f}"
    )
    assert len(scores) == GAMES


def _first_decision(seed: int):
    rng = Random(seed)
    state = engine.apply(engine.new_game(), engine.shuffled_deck(rng))
    while not engine.legal_decisions(state):
        state = engine.apply(state, engine.random_input(state, rng))
    return state


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def test_advisor_time_per_decision():
    cpu, wall = [], []
    rollouts = 0
    for seed in range(ADVISED_GAMES):
        rng = Random(seed)
        state = engine.apply(engine.new_game(), engine.shuffled_deck(rng))
        while not state.over:
            if engine.legal_decisions(state):
                started, clock = time.perf_counter(), time.process_time()
                advice = advise(state)
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - clock)
                rollouts = max(rollouts, advice.rollouts)
                action = advice.estimates[0].option.action
            else:
                action = engine.random_input(state, rng)
            state = engine.apply(state, action)
    print(
        f"\nfallujah-cards advisor, {len(cpu)} decisions of {ADVISED_GAMES} games (up to {rollouts:,} random games"
        f" a choice): CPU median {statistics.median(cpu) * 1000:.0f} ms, p99 {_quantile(cpu, 0.99) * 1000:.0f} ms;"
        f" wall median {statistics.median(wall) * 1000:.0f} ms, p99 {_quantile(wall, 0.99) * 1000:.0f} ms (target 100 ms)"
    )
    assert cpu


@pytest.mark.parametrize(("policy", "games"), [("greedy", 2000), ("clairvoyant", 2000), ("advisor", 200)])
def test_stats_on_one_seed(policy: str, games: int):
    started = time.perf_counter()
    result = run(policy, games, STATS_SEED, with_limit=policy != "greedy")
    line = f"\nfallujah stats --policy {policy} --games {games} --seed {STATS_SEED}: mean {result['mean']:.2f} \u00b1 {result['stderr']:.2f}"
    if "limit" in result:
        limit = result["limit"]
        line += f"; limit (clairvoyant) {limit['mean']:.2f} \u00b1 {limit['stderr']:.2f}, gap {limit['mean'] - result['mean']:.2f}"
    print(line + f" ({time.perf_counter() - started:.0f} s)")
    assert result["games"] == games
