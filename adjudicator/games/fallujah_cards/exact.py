"""Exact score distributions for a deck in known order (the ``expected-score`` situation).

The deck's order is given, so the only chance left is the hand card each Insurgent Tactics
Target takes (tactics-phase: "one Random card from your hand", every card equally likely). The
distribution is summed over those losses with exact fractions, at the level of card classes
(fast.py), memoised on (cards turned, hand, cards a Recon card showed).

The ``lookahead`` policy decides from what the player knows, not from the given order: the
cards a Recon card showed, and the rest of the deck as cards in an unknown order. Its value of
each choice is the exact expectation when the advisor's rollout policy plays on (fast.ROLLOUT:
greedy with its end-game, sparing and Disarm rules; fast.greedy_expectation), so it is
offered only for decks short enough for that (:data:`LOOKAHEAD_LIMIT`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from .fast import (
    CLASS_R,
    N_CLASSES,
    ROLLOUT,
    Hand,
    _take,
    draws_known,
    fight,
    fight_options,
    greedy_decider,
    greedy_expectation,
    greedy_fight,
    greedy_finish,
    greedy_regroup,
    states_bound,
    turn_outcomes,
    unknown_counts,
)
from .state import HAND_LIMIT, RECON_LOOK

#: the lookahead policy's exact values visit at most about this many deck states
LOOKAHEAD_LIMIT = 5000

#: a final outcome: (score change by the literal reading, by the Insurgency-only reading)
Outcome = tuple[int, int]


def _discards(hand: Hand, extra: int) -> list[Hand]:
    """Every hand left after discarding ``extra`` cards (distinct as class counts)."""
    hands = {hand}
    for _ in range(extra):
        hands = {_take(h, b) for h in hands for b in range(N_CLASSES) if h[b]}
    return sorted(hands)


def lookahead_decide(deck: tuple[int, ...]):
    """The lookahead policy over a deck in known order, as a ``decide`` for fast.turn_outcomes:
    each choice valued by its exact expectation with the rollout policy afterwards (fast.ROLLOUT, as
    advisor.advise), from the player's
    knowledge; at equal value, greedy's choice."""

    def knowledge(position: int, seen: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return deck[position : position + seen], unknown_counts(deck[position + seen :])

    def value(source, hand: Hand) -> Fraction:
        return greedy_expectation(*knowledge(*source), hand, ROLLOUT)

    def best(choices, greedy_choice):
        top = max(v for _, v in choices)
        winners = [c for c, v in choices if v == top]
        return greedy_choice if greedy_choice in winners else winners[0]

    def decide(kind: str, source, hand: Hand, code: int | None):
        if kind == "fight":
            assert code is not None  # a fight is against a Target code
            choices = []
            for b in fight_options(hand, code):
                after, delta = fight(hand, code, b)
                after = greedy_finish(after)
                choices.append((b, delta + value(source, after)))
            return best(choices, greedy_fight(hand, code))
        if hand[CLASS_R]:
            position, _ = source
            shown = (position, min(RECON_LOOK, len(deck) - position))
            # valued as advisor.advise does: over every order the cards it will show can come in,
            # the rollout policy then using them (the look itself is not a peek)
            from .advisor import _exact

            after = greedy_regroup(_take(hand, CLASS_R))
            play = (True, _exact(*knowledge(*source), (after, 0, shown[1])))
            keep = (False, value(source, greedy_regroup(hand)))
            if best([play, keep], True):
                hand, source = _take(hand, CLASS_R), shown
        extra = sum(hand) - HAND_LIMIT
        if extra > 0:
            discards = [(h, value(source, h)) for h in _discards(hand, extra)]
            hand = best(discards, greedy_regroup(hand))
        return hand, source

    return decide


def known_deck_distribution(
    deck: Sequence[int], hand: Hand, policy: str
) -> dict[Outcome, Fraction]:
    """Exact distribution of the score change from a Search Phase to the end of the game,
    for a deck of fast codes in known order and a hand of class counts."""
    deck = tuple(deck)
    if policy == "greedy":
        decide = greedy_decider(known=lambda source: deck[source[0] : source[0] + source[1]])
    else:
        decide = lookahead_decide(deck)
    memo: dict[tuple, dict[Outcome, Fraction]] = {}

    def rest(source: tuple[int, int], hand: Hand) -> dict[Outcome, Fraction]:
        key = (source, hand)
        if key in memo:
            return memo[key]
        if source[0] >= len(deck):
            memo[key] = {(0, 0): Fraction(1)}
            return memo[key]
        result: dict[Outcome, Fraction] = defaultdict(Fraction)
        for p, after, hand2, delta, played in turn_outcomes(
            source, hand, lambda s: draws_known(deck, *s), decide
        ):
            for (literal, other), q in rest(after, hand2).items():
                result[(literal + delta, other + delta - played)] += p * q
        memo[key] = dict(result)
        return memo[key]

    return rest((0, 0), hand)


def lookahead_feasible(deck: Sequence[int]) -> bool:
    """Can the lookahead policy's values be computed exactly for this deck?"""
    return states_bound((), unknown_counts(deck)) <= LOOKAHEAD_LIMIT
