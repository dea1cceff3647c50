"""The card game's limit: the best play when the deck's order is known in advance.

Clairvoyant play knows every card the deck will turn, in order (not which hand card an
Insurgent Tactics Target will take: that stays random, every card equally likely,
tactics-phase). Its value is the highest expected final score any way of playing can reach on
that shuffle: an expectimax over the player's decisions (which card to fight with, or to keep
it: destroy-phase, disarm-phase; which cards to discard: regroup-phase) and the random losses,
computed exactly over every reachable (cards turned, hand) with memoisation. No policy, whatever
it knows, expects more on that shuffle; the mean over shuffles bounds every policy's mean.

Two simplifications that cannot lower the value (each is a dominance, not a heuristic):
  - a Recon card is never played: the player already knows the deck, and a Recon card held is
    one more card for an Insurgent Tactics Target to take instead of a fighting card; a Regroup
    discards it as it would have been (recon-phase). It is counted as an American Tactics card
    (no Force, fights nothing);
  - at a Regroup, cards that fight nothing (American Tactics, Recon) go first.

The score is SCORING's literal reading (the engine's: the American cards of the Elimination Pile
count; errata: scoring, reading 1). Values are floats (the losses' probabilities are fractions
of small integers; the rounding is far below a hundredth of a point).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from .cards import CLASS_R, CLASS_T, CODE_DESTROY, CODE_N, CODE_T, N_CLASSES
from .fast import CLASS_FORCE, CODE_FORCE, fight_mask
from .state import HAND_LIMIT, TACTICS_DRAW

#: a hand as one int: 3 bits of count per class (a hand never holds 8 cards of one class)
Hand = int
BITS = 3
ONE = tuple(1 << (BITS * b) for b in range(N_CLASSES))
#: the classes that can destroy or neutralize each Target code
FIGHTERS = tuple(
    tuple(b for b in range(N_CLASSES) if fight_mask(code) >> b & 1) if CODE_DESTROY < code < CODE_N else ()
    for code in range(CODE_T + 1)
)


def count(hand: Hand, klass: int) -> int:
    """How many cards of a class the hand holds."""
    return hand >> (BITS * klass) & 7


def _class(klass: int) -> int:
    """A card's class as clairvoyant play counts it: a Recon card is a card that fights nothing."""
    return CLASS_T if klass == CLASS_R else klass


def _dominates(x: int, y: int) -> bool:
    """Can a card of class x do whatever one of class y can, for as many points (destroy-phase,
    disarm-phase, scoring)? A card that fights nothing is dominated by every card."""
    if y == CLASS_T:
        return True
    if x == y:
        return True
    if x == CLASS_T:
        return False
    can_x = {c for c in range(CODE_DESTROY + 1, CODE_N) if fight_mask(c) >> x & 1}
    can_y = {c for c in range(CODE_DESTROY + 1, CODE_N) if fight_mask(c) >> y & 1}
    return can_y <= can_x and CLASS_FORCE[x] >= CLASS_FORCE[y]


DOMINATES = tuple(tuple(_dominates(x, y) for y in range(N_CLASSES)) for x in range(N_CLASSES))
_KEEPS: dict[Hand, tuple[Hand, ...]] = {}


def keeps(hand: Hand, held: int) -> tuple[Hand, ...]:
    """Every hand a Regroup can leave (distinct), but none that discards a card while keeping
    one it dominates (which can never score more); cards that fight nothing go first."""
    if held <= HAND_LIMIT:
        return (hand,)
    found = _KEEPS.get(hand)
    if found is not None:
        return found
    cards = [b for b in range(N_CLASSES) for _ in range(count(hand, b))]
    kept = set()
    for out in combinations(range(len(cards)), held - HAND_LIMIT):
        gone = [cards[k] for k in out]
        left = [cards[k] for k in range(len(cards)) if k not in out]
        if any(DOMINATES[x][y] and x != y for x in gone for y in left):
            continue
        kept.add(hand - sum(ONE[b] for b in gone))
    _KEEPS[hand] = found = tuple(sorted(kept))
    return found


class Clairvoyant:
    """The best expected score change from each (cards turned, hand) of one shuffle, and the
    decisions that reach it."""

    def __init__(self, deck: Sequence[int]) -> None:
        self.deck = tuple(deck)
        self.memo: dict[int, float] = {}

    def value(self, position: int, hand: Hand, held: int) -> float:
        """The best expected score change of the rest of the game, from the Search Phase that
        turns card ``position`` with this hand of ``held`` cards (at most 4: after a Regroup)."""
        key = hand << 7 | position
        found = self.memo.get(key)
        if found is not None:
            return found
        best = 0.0 if position >= len(self.deck) else self._turn(position, hand, held)
        self.memo[key] = best
        return best

    def _turn(self, position: int, hand: Hand, held: int) -> float:
        deck = self.deck
        code = deck[position]
        after = position + 1
        if code < N_CLASSES:  # an American card: into the hand (Asset Phase)
            return self._regroup(after, hand + ONE[_class(code)], held + 1)
        if code == CODE_T:  # draws up to 2 cards; the American ones and the Target join the hand
            hand, held, after = _tactics(deck, after, hand, held)
            return self._regroup(after, hand, held)
        if code == CODE_N:  # a random hand card is lost
            if not held:
                return self.value(after, hand, held)
            total = 0.0
            for b in range(N_CLASSES):
                n = count(hand, b)
                if n:
                    total += n * self.value(after, hand - ONE[b], held - 1)
            return total / held
        return max(gain + self._regroup(after, left, n) for gain, left, n in self.fights(hand, held, code))

    def fights(self, hand: Hand, held: int, code: int) -> list[tuple[int, Hand, int]]:
        """Each way to meet a Target: (score change, hand after, cards held), the Casualty Pile last."""
        force = CODE_FORCE[code]
        ways = [(force + CLASS_FORCE[b], hand - ONE[b], held - 1) for b in FIGHTERS[code] if count(hand, b)]
        return ways + [(-force, hand, held)]

    def _regroup(self, position: int, hand: Hand, held: int) -> float:
        if held <= HAND_LIMIT:
            return self.value(position, hand, held)
        kept = min(held, HAND_LIMIT)
        return max(self.value(position, h, kept) for h in keeps(hand, held))

    def best_keep(self, position: int, hand: Hand, held: int) -> tuple[Hand, int]:
        """The hand a Regroup keeps for the best expected score, and its size."""
        kept = min(held, HAND_LIMIT)
        return max(keeps(hand, held), key=lambda h: self.value(position, h, kept)), kept


def _tactics(deck: tuple[int, ...], after: int, hand: Hand, held: int) -> tuple[Hand, int, int]:
    """An American Tactics Target: the next cards drawn (the American ones join the hand), then
    the Target itself (tactics-phase, asset-phase)."""
    for _ in range(TACTICS_DRAW):
        if after < len(deck):
            drawn = deck[after]
            after += 1
            if drawn < N_CLASSES or drawn == CODE_T:
                hand += ONE[CLASS_T if drawn == CODE_T else _class(drawn)]
                held += 1
    return hand + ONE[CLASS_T], held + 1, after


@lru_cache(maxsize=1)
def solver(deck: tuple[int, ...]) -> Clairvoyant:
    """The solver of one shuffle, kept for the next call on the same shuffle: its values are
    that shuffle's alone, so its limit asked again, or the shuffle played again with other
    losses, reads the values worked out already."""
    return Clairvoyant(deck)


def expected_best(deck: Sequence[int]) -> float:
    """The best expected score change over a whole game from this shuffle (fast codes, top
    first) and an empty hand (the-deck)."""
    return solver(tuple(deck)).value(0, 0, 0)


def play(deck: Sequence[int], pick: Callable[[int, int], int]) -> tuple[int, float]:
    """One game played the clairvoyant way: its score change with the losses ``pick`` draws
    (``pick(hand size, cards turned)``: the lost card's position in class order, as in
    fast.greedy_delta) and the best expected change (the game's limit)."""
    shuffle = solver(tuple(deck))
    limit = shuffle.value(0, 0, 0)
    hand, held, total, position = 0, 0, 0, 0
    size = len(shuffle.deck)
    while position < size:
        code = shuffle.deck[position]
        position += 1
        if code < N_CLASSES:
            hand, held = hand + ONE[_class(code)], held + 1
        elif code == CODE_T:
            hand, held, position = _tactics(shuffle.deck, position, hand, held)
        elif code == CODE_N:
            if held:
                r = pick(held, position)
                b = 0
                while r >= count(hand, b):
                    r -= count(hand, b)
                    b += 1
                hand, held = hand - ONE[b], held - 1
            continue
        else:
            gain, hand, held = max(
                shuffle.fights(hand, held, code),
                key=lambda way: way[0] + shuffle.value(position, *shuffle.best_keep(position, way[1], way[2])),
            )
            total += gain
        hand, held = shuffle.best_keep(position, hand, held)
    return total, limit


__all__ = ["Clairvoyant", "expected_best", "play", "solver"]
