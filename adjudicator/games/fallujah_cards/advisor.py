"""The advisor: at a decision, the expected final score of each legal choice.

Stated policy: the choice is made now, then the greedy policy (policies.py) plays the rest of
the game, using what a Recon card showed (it keeps a card for a greater Target coming,
fast.holds_for_later), with three rules of the rollout policy (fast.ROLLOUT): the card of
highest Force on the deck's last Target (a card left in the hand scores nothing), a card of
Force 4 or more above a Target kept while the hand has room, and a second Disarm card
discarded first at a Regroup. The choices themselves are the advisor's, so these rules only
sharpen the values of what follows (``fallujah stats --policy advisor``, 2,000 games of seed 1:
182.22 a game, against 181.70 with plain greedy rollouts). The expectation is over what the player does not know: the order of
the cards not yet seen (every order equally likely; the cards a Recon card showed stay known,
on top) and the hand cards lost to Insurgent Tactics. It never looks at the deck's real order.

Playing a Recon card is valued by what it shows: the next 5 cards become known to the greedy
policy, in every order they can come in (recon-phase).

  - exact (fractions) when few cards remain: every order of the unseen cards and every random
    loss, summed with their probabilities (fast.greedy_expectation);
  - else Monte Carlo (rollouts.py, compiled): random orders of the unseen cards and random
    losses, the same games for every choice (so that the differences are sharp). The number of
    games is set by a budget of cards played (:data:`BUDGET`), so that an answer takes about
    the same time early or late in the game. Each estimate carries its standard error and that
    of its difference to the best choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import actions as act
from . import rollouts as lanes
from .cards import card_list
from .engine import GameState, Option, legal_decisions, pending, qualifying, target_of
from .fast import (
    CLASS_R,
    ROLLOUT,
    draws_unknown,
    fight,
    greedy_expectation,
    greedy_finish,
    greedy_regroup,
    hand_counts,
    states_bound,
    unknown_counts,
)
from .policies import greedy_action
from .state import RECON_LOOK, score

#: exact answers when the unseen cards' sub-multisets number at most this (at most 6 or 7
#: cards left: the first exact answer of a game, with no value memoised yet, and a Recon look
#: summed over every order of the cards it shows, took 100-230 ms of CPU at 128-192)
EXACT_LIMIT = 64
#: Monte Carlo: cards played per answer, over every random game and choice (about 40 ms on
#: one core of this machine: ``make bench``)
BUDGET = 2_000_000
#: random games per choice, at least and at most
MIN_ROLLOUTS, MAX_ROLLOUTS = 2_000, 40_000
POLICY = "the choice now, then the greedy policy for the rest of the game (the highest card on the last Target, a card 4 or more above a Target kept while the hand has room, a second Disarm card discarded first)"


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


#: what a choice leaves at the end of the turn: the hand (class counts), the score change and
#: how many top cards of the deck the player will know (a Recon card shows 5)
Effect = tuple[tuple[int, ...], int, int]


def _effect(state: GameState, action) -> Effect:
    """The hand (class counts) at the end of this turn, the score change and how many top cards
    are known, when the action is taken now and greedy plays the rest of the turn (no card is
    turned before then)."""
    cards = card_list().cards
    hand = tuple(hand_counts(state.hand))
    kind = pending(state).kind
    known = state.seen_top
    if isinstance(action, act.Play):
        klass = cards[card_list().named(action.card).index].klass
        hand, delta = fight(hand, cards[target_of(state)].code, klass)
        return greedy_finish(hand, state.recon_played), delta, known
    if isinstance(action, act.Decline):
        hand, delta = fight(hand, cards[target_of(state)].code, None)
        return greedy_finish(hand, state.recon_played), delta, known
    if isinstance(action, act.Recon):
        hand = hand[:CLASS_R] + (hand[CLASS_R] - 1,) + hand[CLASS_R + 1 :]
        return greedy_regroup(hand), 0, min(RECON_LOOK, state.deck_size)
    if isinstance(action, act.Pass):
        return greedy_regroup(hand), 0, known
    if isinstance(action, act.Discard):
        counts = list(hand)
        for name in action.cards:
            counts[card_list().named(name).klass] -= 1
        return tuple(counts), 0, known
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
    state: GameState,
    *,
    rollouts: int | None = None,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
    budget: int = BUDGET,
) -> Advice:
    """Each legal choice's expected final score under the stated policy (module docstring).
    ``rollouts``: the orders the greedy choice is played on (default: as many as ``budget``
    cards played allow)."""
    options = legal_decisions(state)
    if not options:
        raise ValueError(f"no decision to advise on: the game waits for {pending(state).kind}")
    base = score(state)
    prefix, unknown = knowledge(state)
    effects = [_effect(state, option.action) for option in options]
    greedy = _canonical(greedy_action(state))
    reference = next(e for e, o in zip(effects, options, strict=True) if _canonical(o.action) == greedy)
    distinct = sorted(set(effects), key=lambda e: e != reference)
    values: dict[Effect, float | Fraction]
    if states_bound(prefix, unknown) <= exact_limit:
        values = {e: base + e[1] + _exact(prefix, unknown, e) for e in distinct}
        spread: dict[Effect, float] = {}
        diffs: dict[Effect, np.ndarray] = {}
        method, used = "exact", 0
    else:
        means, spread, diffs, used = _monte_carlo(prefix, unknown, distinct, rollouts, budget, seed)
        values = {e: base + v for e, v in means.items()}
        method = "monte-carlo"
    order = sorted(
        range(len(options)),
        key=lambda k: (-values[effects[k]], _canonical(options[k].action) != greedy, k),
    )
    best = effects[order[0]]
    estimates = []
    for k in order:
        effect = effects[k]
        value = values[effect]
        behind = float(values[best] - value)
        if method == "exact":
            estimates.append(Estimate(options[k], float(value), Fraction(value), None, behind, None))
        else:
            estimates.append(
                Estimate(options[k], float(value), None, spread[effect], behind, _behind_se(diffs, best, effect))
            )
    sentence = _sentence(estimates, state, method)
    return Advice(estimates, method, used, POLICY, sentence)


def _exact(prefix: tuple[int, ...], unknown: tuple[int, ...], effect: Effect) -> Fraction:
    """The exact expectation of the rest of the game after an effect: the cards the player will
    know (a Recon card's look) are summed over every order they can come in."""
    hand, _, known = effect
    if len(prefix) >= known or not any(unknown):
        return greedy_expectation(prefix, unknown, hand, ROLLOUT)
    total = Fraction(0)
    for p, code, (_, rest) in draws_unknown((), unknown):
        total += p * _exact(prefix + (code,), rest, effect)
    return total


def _monte_carlo(
    prefix: tuple[int, ...],
    unknown: tuple[int, ...],
    effects: list[Effect],
    rollouts: int | None,
    budget: int,
    seed: int,
) -> tuple[dict[Effect, float], dict[Effect, float], dict[Effect, np.ndarray], int]:
    """The mean score change of each effect (this turn's and the rest of the game's) over the
    same random games, each with
    its standard error, and the per-game differences to the first effect (for the errors of
    the differences between two choices)."""
    rest = np.repeat(np.arange(len(unknown), dtype=np.int8), unknown)
    size = len(prefix) + rest.size
    if rollouts is None:
        rollouts = max(MIN_ROLLOUTS, min(MAX_ROLLOUTS, budget // (size * len(effects))))
    scores = lanes.sample(
        np.array(prefix, dtype=np.int8),
        rest,
        np.array([e[0] for e in effects]),
        np.array([e[2] for e in effects]),
        rollouts,
        seed,
        ROLLOUT,
    )
    scores += np.array([e[1] for e in effects], dtype=np.int32)[:, None]  # this turn's change
    means, spread, diffs = {}, {}, {}
    for effect, row in zip(effects, scores, strict=True):
        means[effect] = float(row.mean())
        spread[effect] = _sd(row) / math.sqrt(rollouts)
        diffs[effect] = row - scores[0]
    return means, spread, diffs, rollouts


def _behind_se(diffs: dict[Effect, np.ndarray], best: Effect, effect: Effect) -> float:
    """Standard error of the difference between the best choice and another one, from their
    differences to the reference on the orders both were played on."""
    if best == effect:
        return 0.0
    a, b = diffs[best], diffs[effect]
    return _sd(a - b) / math.sqrt(a.size) if a.size else 0.0


def _sd(values: np.ndarray) -> float:
    return float(values.std(ddof=1)) if values.size > 1 else 0.0


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
