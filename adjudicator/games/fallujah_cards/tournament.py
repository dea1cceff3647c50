"""Whole games from seeded shuffles, played by a named policy: the figures of ``fallujah stats``
and of the statistics page.

Game ``k`` of seed ``S`` is the same shuffle for every policy (the engine's shuffle of the 92
cards drawn from ``Random("S:k")``, the-deck), so policies compare game by game; the hand cards
lost to Insurgent Tactics are drawn from a second stream of the same game (tactics-phase).

Policies:
  - ``random``: every legal decision equally likely;
  - ``greedy`` and ``greedy-classic`` (policies.py), on the fast loop (fast.greedy_delta);
  - ``advisor``: at each decision the advisor's best choice, played on the compiled loop
    (lookahead.py: advisor.py's Monte Carlo answer, every choice on the same random games, at
    least :data:`ADVISOR_ROLLOUTS` of them, more as fewer cards remain);
  - ``clairvoyant``: the best play with the deck's order known in advance (clairvoyant.py);
    each game also gives its limit, the best expected score on that shuffle.

Scores follow SCORING's literal reading (the engine's; errata: scoring, reading 1).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

import numpy as np

from . import clairvoyant, engine, lookahead
from .cards import card_list
from .fast import GREEDIES, N_CLASSES, deck_codes, greedy_delta, uniform_pick
from .offered import POLICIES
from .state import BASE_SCORE, GameState, score

#: the advisor's random games per choice when it plays whole games, at least (lookahead.py)
ADVISOR_ROLLOUTS = lookahead.ROLLOUTS


def shuffle(seed: int, game: int) -> tuple[int, ...]:
    """Game ``game`` of ``seed``: the deck's order (card-list indices, top first)."""
    deck = engine.shuffled_deck(Random(f"{seed}:{game}")).deck
    found = card_list()
    return tuple(found.named(name).index for name in deck)


def _losses(seed: int, game: int) -> Random:
    return Random(f"{seed}:{game}:losses")


def play_game(policy: str, seed: int, game: int) -> tuple[int, float | None]:
    """One game's final score, and for ``clairvoyant`` the game's limit (else None)."""
    order = shuffle(seed, game)
    rng = _losses(seed, game)
    if policy in GREEDIES:
        delta = greedy_delta(deck_codes(order), [0] * N_CLASSES, uniform_pick(rng.random), rules=GREEDIES[policy])
        return BASE_SCORE + delta, None
    if policy == "clairvoyant":
        delta, limit = clairvoyant.play(deck_codes(order), uniform_pick(rng.random))
        return BASE_SCORE + delta, BASE_SCORE + limit
    if policy == "random":
        return score(_play_engine(order, rng, lambda state: rng.choice(engine.legal_decisions(state)).action)), None
    if policy == "advisor":
        losses = np.array([rng.random() for _ in order])
        return BASE_SCORE + lookahead.play(np.array(deck_codes(order)), losses, rng.getrandbits(32)), None
    raise ValueError(f"policy {policy!r}: one of {', '.join(POLICIES)}")


def limit(seed: int, game: int) -> float:
    """The game's limit: the best expected final score with its deck order known."""
    return BASE_SCORE + clairvoyant.expected_best(deck_codes(shuffle(seed, game)))


def _play_engine(order: tuple[int, ...], rng: Random, decide: Callable[[GameState], Any]) -> GameState:
    cards = card_list().cards
    state = engine.apply(engine.new_game(), {"action": "shuffle", "deck": [cards[i].name for i in order]})
    while not state.over:
        action = decide(state) if engine.legal_decisions(state) else engine.random_input(state, rng)
        state = engine.apply(state, action)
    return state


def summary(policy: str, games: int, seed: int, scores: list[int], limits: list[float] | None) -> dict[str, Any]:
    """The figures of a run: mean, standard error, distribution (score -> games), and for
    clairvoyant play the mean limit with its standard error."""
    mean = sum(scores) / len(scores)
    result: dict[str, Any] = {
        "policy": policy, "games": games, "seed": seed, "mean": mean, "stderr": _stderr(scores, mean),
        "distribution": {str(k): v for k, v in sorted(Counter(scores).items())},
        "reading": "literal",
    }
    if limits:
        limit_mean = sum(limits) / len(limits)
        result["limit"] = {"mean": limit_mean, "stderr": _stderr(limits, limit_mean)}
    return result


def _stderr(values: list[int] | list[float], mean: float) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def run(policy: str, games: int, seed: int, *, with_limit: bool = False,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Games 0 to ``games - 1`` of ``seed`` played by the policy (:func:`summary`); with
    ``with_limit``, the clairvoyant limit of the same shuffles too."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}: one of {', '.join(POLICIES)}")
    scores: list[int] = []
    limits: list[float] = []
    for game in range(games):
        result, bound = play_game(policy, seed, game)
        scores.append(result)
        if bound is not None:
            limits.append(bound)
        elif with_limit:
            limits.append(limit(seed, game))
        if progress is not None:
            progress(game + 1)
    return summary(policy, games, seed, scores, limits or None)
