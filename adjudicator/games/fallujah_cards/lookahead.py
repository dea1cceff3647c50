"""The advisor's policy over whole games, compiled: the figures of ``fallujah stats --policy
advisor``.

At each decision it does what advisor.advise does in Monte Carlo: every legal choice's effect
at the end of the turn (advisor._effect: the card played or not, then greedy's Regroup; a
Recon card played and the 5 cards it shows; the cards discarded), each valued by the same
random games of the rest (rollouts.sample: the cards a Recon card showed on top, the others
in a random order, the rollout policy fast.ROLLOUT playing), the highest mean taken, greedy's own choice on
a tie. It plays at class level (fast.py) with the engine's default readings, as the greedy
policy's statistics do; a test plays the same decisions through advisor.advise.

The random games of a decision number ``rollouts``, or ``budget // (cards left x choices)``
when that is more (near-exact answers at the end of the game, where advise is exact).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from .cards import CLASS_D, CLASS_R, CLASS_T, N_CLASSES
from .fast import ROLLOUT, Greedy
from .rollouts import (
    AMERICAN,
    AMERICAN_TACTICS,
    BOMB,
    CARD_FORCE,
    FORCE,
    INSURGENT_TACTICS,
    JOINS,
    KIND,
    QUALIFY,
    _holds,
    _lose_one,
    _sample,
)
from .state import HAND_LIMIT, RECON_LOOK, TACTICS_DRAW

#: random games per choice, at least (seed 1, games 0-399, paired: 1,000 score 0.30 +- 0.17 more
#: than 300); and cards played per decision over every choice, to give more where few cards
#: remain (0: none; 200,000 cost three times the CPU)
ROLLOUTS, BUDGET = 1_000, 0
#: more than the most choices a decision can have (a Regroup keeps 4 of at most 7 cards: 35)
MAX_CHOICES = 64


def play(
    deck: NDArray[np.integer],
    losses: NDArray[np.floating],
    seed: int,
    rollouts: int = ROLLOUTS,
    budget: int = BUDGET,
    rules: Greedy = ROLLOUT,
) -> int:
    """What a whole game adds to the score (literal reading of SCORING) when the advisor
    decides: ``deck`` the shuffle (fast codes, top first), ``losses`` (one uniform number per
    card: at an Insurgent Tactics Target turned as card i, the lost card is the
    ``int(losses[i] * hand size)``-th in class order), ``seed`` the random games' seed."""
    return int(
        _advised_game(
            np.ascontiguousarray(deck, dtype=np.int8),
            np.ascontiguousarray(losses, dtype=np.float64),
            np.uint64(seed % 2**63),
            rollouts,
            budget,
            *rules.compiled(),
        )
    )


@njit(cache=True)
def _regroup(hand):  # pragma: no cover - compiled
    """Greedy's Regroup (fast.greedy_regroup): the lowest classes go down to 4 cards."""
    out = hand.copy()
    held = out.sum()
    b = 0
    while held > HAND_LIMIT:
        if out[b] > 0:
            out[b] -= 1
            held -= 1
        else:
            b += 1
    return out


@njit(cache=True)
def _best(deck, i, known, hands, deltas, shown, count, rollouts, budget, seed, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep):  # pragma: no cover
    """The index of the choice with the highest mean (delta + the rest of the game); choice 0
    (greedy's) wins a tie."""
    size = deck.shape[0]
    if count == 1:
        return 0
    prefix = deck[i : i + known].copy()
    rest = np.sort(deck[i + known :])
    left = size - i
    games = rollouts
    if left > 0 and budget // (left * count) > games:
        games = budget // (left * count)
    scores = _sample(prefix, rest, hands[:count], shown[:count], games, seed, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep)
    best, top = 0, -1.0e18
    for k in range(count):
        mean = deltas[k] + scores[k].sum() / games
        if mean > top + 1e-9:
            best, top = k, mean
    return best


@njit(cache=True)
def _advised_game(deck, losses, seed, rollouts, budget, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep):  # pragma: no cover
    size = deck.shape[0]
    hand = np.zeros(N_CLASSES, dtype=np.int32)
    hands = np.zeros((MAX_CHOICES, N_CLASSES), dtype=np.int32)
    deltas = np.zeros(MAX_CHOICES, dtype=np.int64)
    shown = np.zeros(MAX_CHOICES, dtype=np.int64)
    total = 0
    known = 0  # top cards of the deck a Recon card showed
    decision = np.uint64(0)
    i = 0
    while i < size:
        code = deck[i]
        i += 1
        if known > 0:
            known -= 1
        kind = KIND[code]
        if kind == AMERICAN:  # Asset Phase
            hand[code] += 1
        elif kind == INSURGENT_TACTICS:  # a random hand card is lost
            held = hand.sum()
            if held > 0:
                _lose_one(hand, losses[i - 1], held)
        elif kind == AMERICAN_TACTICS:  # draws, then joins the hand
            for _ in range(TACTICS_DRAW):
                if i < size:
                    drawn = deck[i]
                    i += 1
                    if known > 0:
                        known -= 1
                    if KIND[drawn] == AMERICAN or KIND[drawn] == AMERICAN_TACTICS:
                        hand[JOINS[drawn]] += 1
            hand[CLASS_T] += 1
        else:  # Destroy or Disarm Phase: a decision when a card qualifies
            greedy = _greedy_fight(hand, code, kind, disarm_from)
            if greedy >= 0 and informed and known > 0 and _holds(hand, code, greedy, deck, i, i + known):
                greedy = -1
            count = 0
            other = 0
            for b in range(-1, N_CLASSES):
                if b >= 0 and (hand[b] == 0 or not QUALIFY[code, b]):
                    continue
                after = hand.copy()
                delta = -FORCE[code]
                if b >= 0:
                    after[b] -= 1
                    delta = FORCE[code] + CARD_FORCE[b]
                slot = 0
                if b != greedy:
                    other += 1
                    slot = other
                hands[slot] = _regroup(after)
                deltas[slot] = delta
                shown[slot] = known
                count += 1
            if count > 1:
                decision += np.uint64(1)
                k = _best(deck, i, known, hands, deltas, shown, count, rollouts, budget,
                          seed * np.uint64(7919) + decision, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep)
                chosen = _fight_choice(hand, code, greedy, k)
                total += _apply_fight(hand, code, chosen)
            else:
                total -= FORCE[code]
        if hand[CLASS_R] > 0:  # Recon Phase: keep (greedy) or play
            hands[0] = _regroup(hand)
            deltas[0] = 0
            shown[0] = known
            after = hand.copy()
            after[CLASS_R] -= 1
            hands[1] = _regroup(after)
            deltas[1] = 0
            shown[1] = min(RECON_LOOK, size - i)
            decision += np.uint64(1)
            if _best(deck, i, known, hands, deltas, shown, 2, rollouts, budget,
                     seed * np.uint64(7919) + decision, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep) == 1:
                hand[CLASS_R] -= 1
                known = min(RECON_LOOK, size - i)
        if hand.sum() > HAND_LIMIT:  # Regroup Phase: which hand of 4 to keep
            count = _kept_hands(hand, hands)
            for k in range(count):
                deltas[k] = 0
                shown[k] = known
            decision += np.uint64(1)
            k = _best(deck, i, known, hands, deltas, shown, count, rollouts, budget,
                      seed * np.uint64(7919) + decision, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep)
            hand[:] = hands[k]
    return total


@njit(cache=True)
def _greedy_fight(hand, code, kind, disarm_from):  # pragma: no cover - compiled
    """fast.greedy_fight: the lowest class that qualifies, a Disarm card first on a bomb of
    Force ``disarm_from`` or more or when nothing else qualifies; -1 when nothing does."""
    if kind == BOMB and hand[CLASS_D] > 0 and FORCE[code] >= disarm_from:
        return CLASS_D
    for b in range(N_CLASSES):
        if b != CLASS_D and hand[b] > 0 and QUALIFY[code, b]:
            return b
    if kind == BOMB and hand[CLASS_D] > 0:
        return CLASS_D
    return -1


@njit(cache=True)
def _fight_choice(hand, code, greedy, k):  # pragma: no cover - compiled
    """The class of choice ``k`` in the order _advised_game listed them (greedy's first,
    then decline and the qualifying classes in class order); -1 for decline."""
    if k == 0:
        return greedy
    n = 0
    for b in range(-1, N_CLASSES):
        if b >= 0 and (hand[b] == 0 or not QUALIFY[code, b]):
            continue
        if b == greedy:
            continue
        n += 1
        if n == k:
            return b
    return greedy


@njit(cache=True)
def _apply_fight(hand, code, b):  # pragma: no cover - compiled
    if b < 0:
        return -FORCE[code]
    hand[b] -= 1
    return FORCE[code] + CARD_FORCE[b]


@njit(cache=True)
def _kept_hands(hand, out):  # pragma: no cover - compiled
    """Every distinct hand of 4 cards a Regroup can keep from ``hand``, greedy's first; their
    number."""
    out[0] = _regroup(hand)
    count = 1
    kept = np.zeros(N_CLASSES, dtype=np.int32)
    while True:
        b = 0  # odometer over the counts kept per class
        while b < N_CLASSES and kept[b] == hand[b]:
            kept[b] = 0
            b += 1
        if b == N_CLASSES:
            return count
        kept[b] += 1
        if kept.sum() == HAND_LIMIT:
            same = True
            for c in range(N_CLASSES):
                if kept[c] != out[0, c]:
                    same = False
                    break
            if not same:
                out[count] = kept
                count += 1
