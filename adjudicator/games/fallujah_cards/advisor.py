"""The advisor: at a decision, the expected final score of each legal choice.

Stated policy: the choice is made now, then the greedy policy (policies.py) plays the rest of
the game. The expectation is over what the player does not know: the order of the cards not
yet seen (every order equally likely; the cards a Recon card showed stay known, on top) and
the hand cards lost to Insurgent Tactics. It never looks at the deck's real order.

  - exact (fractions) when few cards remain: every order of the unseen cards and every random
    loss, summed with their probabilities (fast.greedy_expectation);
  - else Monte Carlo: ``rollouts`` random orders of the unseen cards, the same ones for every
    choice (so that the differences are sharp), with the standard error of each mean and of each
    difference to the best choice.

Recon's information is not valued: greedy plays the same whatever it knows. A choice's value
is what the rest of the game scores, not what the player learns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random

from . import actions as act
from .cards import card_list
from .engine import GameState, Option, legal_decisions, pending, qualifying, target_of
from .fast import (
    CLASS_R,
    fight,
    greedy_delta,
    greedy_expectation,
    greedy_finish,
    greedy_regroup,
    hand_counts,
    shuffle_in_place,
    states_bound,
    uniform_pick,
    unknown_counts,
)
from .policies import greedy_action
from .state import score

#: exact answers when the unseen cards' sub-multisets number at most this
EXACT_LIMIT = 200
POLICY = "the choice now, then the greedy policy for the rest of the game"


@dataclass(frozen=True)
class Estimate:
    """One choice's expected final score."""

    option: Option
    expected: float
    exact: Fraction | None  #: the exact expectation, when computed exactly
    se: float | None  #: standard error of ``expected`` (Monte Carlo), None when exact
    #: expected points behind the best choice (0 for the best) and its standard error
    behind: float
    behind_se: float | None


@dataclass(frozen=True)
class Advice:
    estimates: list[Estimate]  #: best first
    method: str  #: "exact" or "monte-carlo"
    rollouts: int  #: 0 when exact
    policy: str
    sentence: str


def knowledge(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What the player knows of the deck: the cards a Recon card showed (top first, as fast
    codes) and the counts per code of the other deck cards, order unknown."""
    cards = card_list().cards
    prefix = tuple(cards[i].code for i in state.deck[: state.seen_top])
    rest = [cards[i].code for i in state.deck[state.seen_top :]]
    for index, count in enumerate(state.unknown):
        rest += [cards[index].code] * count
    return prefix, unknown_counts(rest)


def _effect(state: GameState, action) -> tuple[tuple[int, ...], int]:
    """The hand (class counts) at the end of this turn and the score change, when the action
    is taken now and greedy plays the rest of the turn (no card is turned before then)."""
    cards = card_list().cards
    hand = tuple(hand_counts(state.hand))
    kind = pending(state).kind
    if isinstance(action, act.Play):
        klass = cards[card_list().named(action.card).index].klass
        hand, delta = fight(hand, cards[target_of(state)].code, klass)
        return greedy_finish(hand, state.recon_played), delta
    if isinstance(action, act.Decline):
        hand, delta = fight(hand, cards[target_of(state)].code, None)
        return greedy_finish(hand, state.recon_played), delta
    if isinstance(action, act.Recon):
        return greedy_regroup(hand[:CLASS_R] + (hand[CLASS_R] - 1,) + hand[CLASS_R + 1 :]), 0
    if isinstance(action, act.Pass):
        return greedy_regroup(hand), 0
    if isinstance(action, act.Discard):
        counts = list(hand)
        for name in action.cards:
            counts[card_list().named(name).klass] -= 1
        return tuple(counts), 0
    raise ValueError(f"not a decision while the game waits for {kind}")


def _canonical(action) -> tuple:
    """An action with its discarded cards as a multiset (the order they are named in is no choice)."""
    if isinstance(action, act.Discard):
        return ("discard", tuple(sorted(card_list().named(n).index for n in action.cards)))
    return (action.action, getattr(action, "card", None))


def _short(option: Option, state: GameState) -> str:
    """A choice in a few words ("Keep the M1 Abrams Tank", "Play the Bradley AFV")."""
    action = option.action
    if isinstance(action, act.Play):
        return f"Play the {action.card}"
    if isinstance(action, act.Decline):
        held = qualifying(state)
        return (
            f"Keep the {card_list().cards[held[0]].name}" if len(held) == 1 else "Keep your cards"
        )
    if isinstance(action, act.Recon):
        return f"Play the {action.card}"
    if isinstance(action, act.Pass):
        return "Keep the Recon card"
    return option.label


def advise(
    state: GameState, *, rollouts: int = 1000, seed: int = 0, exact_limit: int = EXACT_LIMIT
) -> Advice:
    """Each legal choice's expected final score under the stated policy (module docstring)."""
    options = legal_decisions(state)
    if not options:
        raise ValueError(f"no decision to advise on: the game waits for {pending(state).kind}")
    base = score(state)
    prefix, unknown = knowledge(state)
    effects = [_effect(state, option.action) for option in options]
    distinct = sorted(set(effects))
    values: dict[tuple, Fraction | float]
    if states_bound(prefix, unknown) <= exact_limit:
        values = {
            e: Fraction(base + e[1]) + greedy_expectation(prefix, unknown, e[0]) for e in distinct
        }
        samples = None
        method, used = "exact", 0
    else:
        samples = _rollouts(prefix, unknown, distinct, rollouts, seed)
        values = {e: base + sum(samples[e]) / rollouts for e in distinct}
        method, used = "monte-carlo", rollouts
    greedy = _canonical(greedy_action(state))
    order = sorted(
        range(len(options)),
        key=lambda k: (-values[effects[k]], _canonical(options[k].action) != greedy, k),
    )
    best = effects[order[0]]
    estimates = []
    for k in order:
        effect = effects[k]
        value = values[effect]
        if samples is None:
            estimates.append(
                Estimate(
                    options[k],
                    float(value),
                    Fraction(value),
                    None,
                    float(values[best] - value),
                    None,
                )
            )
        else:
            diffs = [a - b for a, b in zip(samples[best], samples[effect], strict=True)]
            estimates.append(
                Estimate(
                    options[k],
                    float(value),
                    None,
                    _se(samples[effect]),
                    float(values[best] - value),
                    _se(diffs),
                )
            )
    sentence = _sentence(estimates, state, method)
    return Advice(estimates, method, used, POLICY, sentence)


def _rollouts(prefix, unknown, effects, rollouts: int, seed: int) -> dict[tuple, list[int]]:
    rng = Random(seed)
    rest = [code for code, count in enumerate(unknown) for _ in range(count)]
    samples: dict[tuple, list[int]] = {e: [] for e in effects}
    for _ in range(rollouts):
        order = rest[:]
        shuffle_in_place(order, rng.random)
        deck = list(prefix) + order
        loss_seed = rng.getrandbits(64)
        for effect in effects:
            hand, delta = effect
            samples[effect].append(
                delta + greedy_delta(deck, list(hand), uniform_pick(Random(loss_seed).random))
            )
    return samples


def _se(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _sentence(estimates: list[Estimate], state: GameState, method: str) -> str:
    """The best choice against the best choice that differs from it, in one sentence."""
    best = estimates[0]
    other = next((e for e in estimates[1:] if e.behind > 0), None)
    if other is None:
        return f"Every choice gives the same expected final score: {best.expected:.1f}."
    margin = "exact" if method == "exact" else f"\u00b1 {other.behind_se:.1f}"
    return (
        f"{_short(best.option, state)}: +{other.behind:.1f} points expected ({margin}) over"
        f" \u201c{_short(other.option, state)}\u201d; expected final score {best.expected:.1f}."
    )


__all__ = ["Advice", "Estimate", "advise", "knowledge"]
