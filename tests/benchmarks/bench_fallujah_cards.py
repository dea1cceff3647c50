"""Fallujah card game benchmark (issue 15).

1. 100,000 whole games from fresh shuffles played by the greedy policy on one core (the
   fast class-level loop, fast.greedy_scores): games per second (target: 100,000 in under 20 s).
2. The advisor's answer at the first decision of a fresh game (Monte Carlo, 1,000 rollouts per
   distinct choice, greedy afterwards): the median over 15 fresh games (target: under 1 s).

Run with ``make bench``; it prints the figures and asserts nothing about speed.
"""

from __future__ import annotations

import statistics
import time
from random import Random

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.advisor import advise
from adjudicator.games.fallujah_cards.fast import greedy_scores

GAMES = 100_000
FRESH_GAMES = 15


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


def test_advisor_first_decision_latency():
    times = []
    for seed in range(FRESH_GAMES):
        state = _first_decision(seed)
        start = time.perf_counter()
        advice = advise(state)
        times.append(time.perf_counter() - start)
    print(
        f"\nfallujah-cards advisor, first decision of a fresh game: median {statistics.median(times) * 1000:.0f} ms"
        f" (max {max(times) * 1000:.0f} ms, {FRESH_GAMES} games, {advice.rollouts} rollouts)"
    )
    assert advice.estimates
