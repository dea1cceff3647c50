"""The greedy policy over many games at once: the advisor's Monte Carlo rollouts, compiled.

Each lane is one game from a Search Phase: its deck (fast codes, top first), its hand (class
counts), the numbers its random losses use, and how many of its top cards a Recon card showed.
The loop is fast.greedy_delta's, class for class, with fast.holds_for_later for the cards a
Recon card showed and the rollout policy's rules when they are on (fast.ROLLOUT; the exact
expectation plays them through fast.rollout_fight and fast.greedy_regroup), compiled by numba (about a microsecond a game instead of a hundred); a test
plays the same decks through both and compares the scores.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from .cards import CLASS_D, CLASS_R, CLASS_T, CODE_BOMB, CODE_DESTROY, CODE_N, N_CLASSES, N_CODES
from .fast import CLASS_FORCE, CODE_FORCE, GREEDY, Greedy, fight_mask
from .state import HAND_LIMIT, TACTICS_DRAW

# What each code is: 0 an American card (its class), 1 a Target to destroy, 2 a bomb,
# 3 an Insurgent Tactics Target, 4 an American Tactics Target
AMERICAN, DESTROY, BOMB, INSURGENT_TACTICS, AMERICAN_TACTICS = range(5)
KIND = np.array(
    [
        AMERICAN
        if code < N_CLASSES
        else DESTROY
        if code <= CODE_BOMB
        else BOMB
        if code < CODE_N
        else INSURGENT_TACTICS
        if code == CODE_N
        else AMERICAN_TACTICS
        for code in range(N_CODES)
    ],
    dtype=np.int8,
)
FORCE = np.array(CODE_FORCE, dtype=np.int32)
CARD_FORCE = np.array(CLASS_FORCE, dtype=np.int32)
#: QUALIFY[code, class]: a card of that class can destroy or neutralize that Target
QUALIFY = np.array(
    [
        [bool(CODE_DESTROY < code < CODE_N and fight_mask(code) >> b & 1) for b in range(N_CLASSES)]
        for code in range(N_CODES)
    ],
    dtype=np.int32,
)
#: the same without the Disarm card (greedy tries Infantry and Armor first on a small bomb)
QUALIFY_FORCE = QUALIFY.copy()
QUALIFY_FORCE[CODE_BOMB + 1 : CODE_N, CLASS_D] = 0
#: an American card's class in the hand (an American Tactics card joins as class T)
JOINS = np.array([code if code < N_CLASSES else CLASS_T for code in range(N_CODES)], dtype=np.intp)

Int = NDArray[np.int32]


def play(
    decks: NDArray[np.integer],
    hands: NDArray[np.integer],
    losses: NDArray[np.floating],
    shown: NDArray[np.integer],
    rules: Greedy = GREEDY,
) -> Int:
    """What the rest of each lane's game adds to the score (literal reading of SCORING),
    played by a greedy policy: ``decks`` (lanes x cards, fast codes, top first), ``hands``
    (lanes x classes), ``losses`` (lanes x cards, uniform in [0, 1): at an Insurgent Tactics
    Target turned as card i, the lost card is the ``int(losses[i] * hand size)``-th in class
    order), ``shown`` (lanes: how many top cards a Recon card showed)."""
    return _play(
        np.ascontiguousarray(decks, dtype=np.int8),
        np.ascontiguousarray(hands, dtype=np.int32),
        np.ascontiguousarray(losses, dtype=np.float64),
        np.ascontiguousarray(shown, dtype=np.int64),
        *rules.compiled(),
    )


def sample(
    prefix: NDArray[np.integer],
    rest: NDArray[np.integer],
    hands: NDArray[np.integer],
    shown: NDArray[np.integer],
    rollouts: int,
    seed: int,
    rules: Greedy = GREEDY,
) -> Int:
    """What the rest of the game adds to the score, for each start (``hands``: starts x
    classes; ``shown``: how many top cards each start knows) in each of ``rollouts`` random
    games (starts x rollouts): the deck is ``prefix`` (known, top first) over the ``rest`` in a
    random order, the losses random. Rollout r's order and losses depend only on (``seed``,
    r), and every start plays the same games (common random numbers)."""
    return _sample(
        np.ascontiguousarray(prefix, dtype=np.int8),
        np.ascontiguousarray(rest, dtype=np.int8),
        np.ascontiguousarray(hands, dtype=np.int32),
        np.ascontiguousarray(shown, dtype=np.int64),
        rollouts,
        np.uint64(seed % 2**63),
        *rules.compiled(),
    )


@njit(cache=True)
def _play(decks, hands, losses, shown, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep):  # pragma: no cover - compiled
    lanes = decks.shape[0]
    out = np.zeros(lanes, dtype=np.int32)
    for lane in range(lanes):
        out[lane] = _game(decks[lane], hands[lane], losses[lane], shown[lane], _targets(decks[lane]), recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep)
    return out


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _uniform(state):  # pragma: no cover - compiled
    """splitmix64: the next state and a uniform number in [0, 1)."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return state, (z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _sample(prefix, rest, hands, shown, rollouts, seed, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep):  # pragma: no cover
    known = prefix.shape[0]
    size = known + rest.shape[0]
    deck = np.empty(size, dtype=np.int8)
    deck[:known] = prefix
    losses = np.empty(size, dtype=np.float64)
    out = np.zeros((hands.shape[0], rollouts), dtype=np.int32)
    targets = _targets(prefix) + _targets(rest)
    for r in range(rollouts):
        state = seed * np.uint64(1000003) + np.uint64(r) * _GOLDEN
        deck[known:] = rest
        for k in range(size - 1, known, -1):  # Fisher-Yates over the unknown cards
            state, u = _uniform(state)
            j = known + int(u * (k - known + 1))
            deck[k], deck[j] = deck[j], deck[k]
        for k in range(size):
            state, losses[k] = _uniform(state)
        for start in range(hands.shape[0]):
            out[start, r] = _game(deck, hands[start], losses, shown[start], targets, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep)
    return out


@njit(cache=True)
def _game(deck, start, losses, shown, targets, recon_at_once, disarm_from, informed, spend_when, spare_from, disarm_keep):  # pragma: no cover - compiled
    """One game from a Search Phase: fast.greedy_delta's loop (``targets``: the Targets in
    the deck, which a player can count; the end-game rule reads it)."""
    size = deck.shape[0]
    hand = start.copy()
    held = hand.sum()
    total = 0
    i = 0
    while i < size:
        code = deck[i]
        i += 1
        kind = KIND[code]
        if kind == AMERICAN:  # Asset Phase: into the hand
            hand[code] += 1
            held += 1
        elif kind == DESTROY or kind == BOMB:  # Destroy or Disarm Phase
            targets -= 1
            klass = -1
            if kind == BOMB and hand[CLASS_D] > 0 and FORCE[code] >= disarm_from:
                klass = CLASS_D
            else:
                for b in range(N_CLASSES):
                    if hand[b] > 0 and QUALIFY_FORCE[code, b]:
                        klass = b
                        break
                if klass < 0 and kind == BOMB and hand[CLASS_D] > 0:
                    klass = CLASS_D
            if klass >= 0 and informed and shown > i and _holds(hand, code, klass, deck, i, min(shown, size)):
                klass = -1
            if klass >= 0 and spend_when > 0 and targets < spend_when:
                for b in range(N_CLASSES - 1, -1, -1):
                    if hand[b] > 0 and QUALIFY[code, b] and CARD_FORCE[b] > CARD_FORCE[klass]:
                        klass = b
                        break
            elif klass >= 0 and spare_from > 0 and held < HAND_LIMIT and CARD_FORCE[klass] - FORCE[code] >= spare_from:
                klass = -1
            if klass >= 0:
                hand[klass] -= 1
                held -= 1
                total += FORCE[code] + CARD_FORCE[klass]
            else:
                total -= FORCE[code]
        elif kind == INSURGENT_TACTICS:  # a random hand card is lost
            if held > 0:
                _lose_one(hand, losses[i - 1], held)
                held -= 1
        else:  # American Tactics: draws, then joins the hand
            for _ in range(TACTICS_DRAW):
                if i < size:
                    drawn = deck[i]
                    i += 1
                    if KIND[drawn] == DESTROY or KIND[drawn] == BOMB:
                        targets -= 1
                    if KIND[drawn] == AMERICAN or KIND[drawn] == AMERICAN_TACTICS:
                        hand[JOINS[drawn]] += 1
                        held += 1
            hand[CLASS_T] += 1
            held += 1
        if recon_at_once and hand[CLASS_R] > 0:  # Recon Phase
            hand[CLASS_R] -= 1
            held -= 1
        while held > HAND_LIMIT:  # Regroup Phase: the lowest class goes
            if disarm_keep > 0 and hand[CLASS_D] > disarm_keep:
                hand[CLASS_D] -= 1
                held -= 1
                continue
            for b in range(N_CLASSES):
                if hand[b] > 0:
                    hand[b] -= 1
                    held -= 1
                    break
    return total


@njit(cache=True)
def _lose_one(hand, loss, held):  # pragma: no cover - compiled
    """An Insurgent Tactics card takes a random card of the ``held`` in ``hand`` (counts by class):
    the ``int(loss * held)``-th in class order, ``loss`` being the game's recorded uniform draw."""
    r = int(loss * held)
    b = 0
    while r >= hand[b]:
        r -= hand[b]
        b += 1
    hand[b] -= 1


@njit(cache=True)
def _targets(deck):  # pragma: no cover - compiled
    """How many Targets to destroy or neutralize the cards hold."""
    count = 0
    for j in range(deck.shape[0]):
        if KIND[deck[j]] == DESTROY or KIND[deck[j]] == BOMB:
            count += 1
    return count


@njit(cache=True)
def _holds(hand, code, klass, deck, start, end):  # pragma: no cover - compiled
    """fast.holds_for_later over the shown cards deck[start:end]."""
    force = FORCE[code]
    skip = 0
    for j in range(start, end):
        later = deck[j]
        if skip > 0:
            skip -= 1
            continue
        kind = KIND[later]
        if kind == INSURGENT_TACTICS:
            return False
        if kind == AMERICAN_TACTICS:
            skip = TACTICS_DRAW
            continue
        if (kind == DESTROY or kind == BOMB) and FORCE[later] > force and QUALIFY[later, klass]:
            able = 0
            for b in range(N_CLASSES):
                if QUALIFY[later, b]:
                    able += hand[b]
            if able == 1:
                return True
    return False
