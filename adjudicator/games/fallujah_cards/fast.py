"""The game at the level of card classes, for speed: the greedy policy's inner loop and the
exact expectations the advisor and the ``expected-score`` situation need.

Two cards of one class (cards.CLASS_ORDER) are interchangeable for every rule and for the
score, so a hand is 13 counts and a deck is a list of small ints (cards.Card.code). The rules
played here are the engine's (engine.py), with the same readings; a test plays the same games
through both and compares them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from typing import Any

from .cards import (
    CLASS_D,
    CLASS_ORDER,
    CLASS_R,
    CLASS_T,
    CODE_BOMB,
    CODE_DESTROY,
    CODE_N,
    CODE_T,
    DISARM,
    MAX_FORCE,
    N_CLASSES,
    N_CODES,
    SUPPORT,
    card_list,
)
from .state import HAND_LIMIT, TACTICS_DRAW

#: Force of a class's cards (0 for T, R and D: printed "-")
CLASS_FORCE: tuple[int, ...] = tuple(force for _, force in CLASS_ORDER)
BIT: tuple[int, ...] = tuple(1 << b for b in range(N_CLASSES))


def _mask(test: Callable[[str, int], bool]) -> int:
    return sum(1 << b for b, (kind, force) in enumerate(CLASS_ORDER) if test(kind, force))


def _can_destroy(kind: str, force: int, at_least: int) -> bool:
    return kind in (SUPPORT, "AG") and force >= at_least


def _can_neutralize(kind: str, force: int, at_least: int) -> bool:
    return kind == "AG" and force >= at_least


#: Force of a Target code (destroy and bomb codes), else 0
CODE_FORCE: tuple[int, ...] = tuple(
    code - CODE_DESTROY
    if CODE_DESTROY < code <= CODE_BOMB
    else code - CODE_BOMB
    if CODE_BOMB < code < CODE_N
    else 0
    for code in range(N_CODES)
)
#: for each destroy code: the classes that can destroy it (an American card of equal or
#: greater Force: Support, Infantry, Armor; destroy-phase)
DESTROY_MASK: tuple[int, ...] = tuple(
    _mask(partial(_can_destroy, at_least=CODE_FORCE[code]))
    if CODE_DESTROY < code <= CODE_BOMB
    else 0
    for code in range(N_CODES)
)
#: for each bomb code: the Infantry/Armor classes that can neutralize it (disarm-phase); a
#: Disarm card always can, and is tried first by the greedy policy
BOMB_MASK: tuple[int, ...] = tuple(
    _mask(partial(_can_neutralize, at_least=CODE_FORCE[code]))
    if CODE_BOMB < code < CODE_N
    else 0
    for code in range(N_CODES)
)
assert CLASS_ORDER[CLASS_D][0] == DISARM and CODE_DESTROY + MAX_FORCE == CODE_BOMB


def deck_codes(cards: Sequence[int]) -> list[int]:
    """Card indices -> fast codes."""
    table = card_list().cards
    return [table[i].code for i in cards]


def hand_counts(cards: Sequence[int]) -> list[int]:
    """Card indices of a hand -> counts per class."""
    table = card_list().cards
    counts = [0] * N_CLASSES
    for i in cards:
        counts[table[i].klass] += 1
    return counts


def full_deck_codes() -> list[int]:
    """The 92 cards as fast codes, in card-list order (shuffle a copy)."""
    return deck_codes(card_list().full_deck())


def shuffle_in_place(deck: list[int], rand: Callable[[], float]) -> None:
    """Fisher-Yates with ``int(rand() * (k + 1))`` (the float's 53 bits make the bias below
    2**-46 for 92 cards): uniform, and twice as fast as ``random.shuffle``."""
    for k in range(len(deck) - 1, 0, -1):
        j = int(rand() * (k + 1))
        deck[k], deck[j] = deck[j], deck[k]


# ---------------------------------------------------------------------------------------------
# The greedy policy, as fast as Python allows


@dataclass(frozen=True, slots=True)
class Greedy:
    """Where the greedy policies differ (policies.py describes both)."""

    name: str
    #: the Recon Phase plays a Recon card whenever one is held (recon-phase); else the Recon
    #: cards stay in the hand (one more card for an Insurgent Tactics Target to take at random
    #: instead of a fighting card) until a Regroup discards them
    recon_at_once: bool
    #: a Disarm card goes before an Infantry or Armor card against an Explosives Target of at
    #: least this Force (disarm-phase); below it, the Infantry or Armor card goes first
    disarm_from: int
    #: uses what a Recon card showed: keeps a card for a greater Target coming
    #: (:func:`holds_for_later`)
    informed: bool
    #: against a Target when fewer than this many Targets are left in the deck (a player can
    #: count them), the card of highest Force that qualifies: a card left in the hand at the
    #: end scores nothing (0: never; :func:`rollout_fight`)
    spend_when: int = 0
    #: keeps its card (the Target goes to the Casualty Pile) when the lowest card that
    #: qualifies has at least this much more Force than the Target and the hand is below its
    #: limit, so that the card waits for a greater Target (0: never; :func:`rollout_fight`)
    spare_from: int = 0
    #: the Regroup Phase discards the Disarm cards above this many first, before American
    #: Tactics cards (0: Disarm cards keep their place in cards.CLASS_ORDER)
    disarm_keep: int = 0

    def compiled(self) -> tuple[bool, int, bool, int, int, int]:
        """The settings in the order the compiled loops take them (rollouts, lookahead)."""
        return (self.recon_at_once, self.disarm_from, self.informed, self.spend_when, self.spare_from,
                self.disarm_keep)


#: the first greedy policy (issue 15): Recon cards at once, a Disarm card first on every bomb
CLASSIC = Greedy("greedy-classic", recon_at_once=True, disarm_from=1, informed=False)
#: the greedy policy: Recon cards kept, Disarm cards kept for the bombs of Force 4 or more
#: (20,000 shuffles, same seed: 175.8 against 173.6 for CLASSIC; from 2 to 6, 175.6-175.8)
GREEDY = Greedy("greedy", recon_at_once=False, disarm_from=4, informed=True)
GREEDIES = {rules.name: rules for rules in (GREEDY, CLASSIC)}
#: the policy the advisor's random games play out (advisor.py, rollouts.py, lookahead.py):
#: greedy, with the highest card on the deck's last Target and a card of Force 4 or more
#: above a Target kept for a greater one while the hand has room, a second Disarm card
#: discarded first at a Regroup (200,000 shuffles played by it alone: 177.4 against 175.8 for
#: GREEDY; the advisor on it, 2,000 games of seed 1: 182.22 against 181.70)
ROLLOUT = Greedy(
    "rollout", recon_at_once=False, disarm_from=4, informed=True, spend_when=1, spare_from=4, disarm_keep=1
)


def uniform_pick(rand: Callable[[], float]) -> Callable[[int, int], int]:
    """A ``pick`` for :func:`greedy_delta`: every hand card equally likely to be lost."""
    return lambda size, turned: int(rand() * size)


def greedy_delta(
    deck: Sequence[int],
    hand: list[int],
    pick: Callable[[int, int], int],
    start: int = 0,
    rules: Greedy = GREEDY,
) -> int:
    """Play ``deck[start:]`` from a turn's Search Phase to the end of the game with the greedy
    policy (policies.py), the hand given as class counts (changed in place). Returns what the
    rest of the game adds to the score: Force eliminated minus Force lost (scoring, literal).

    ``pick(hand size, cards taken from the deck so far)`` is the position, in class order, of
    the hand card lost to an Insurgent Tactics Target (policies.lost_card makes the same
    choice from the same position); :func:`uniform_pick` draws it at random.
    """
    h = hand
    n = sum(h)
    m = 0
    for b in range(N_CLASSES):
        if h[b]:
            m |= BIT[b]
    bit, cforce, fv, dmask, bmask = BIT, CLASS_FORCE, CODE_FORCE, DESTROY_MASK, BOMB_MASK
    n_cls, c_bomb, c_n = N_CLASSES, CODE_BOMB, CODE_N
    cls_t, cls_r, cls_d, limit = CLASS_T, CLASS_R, CLASS_D, HAND_LIMIT
    recon_at_once, disarm_from = rules.recon_at_once, rules.disarm_from
    spend, spare, keep = rules.spend_when, rules.spare_from, rules.disarm_keep
    total = 0
    i = start
    size = len(deck)
    targets = targets_in(deck[start:]) if spend else 0  # still in the deck
    while i < size:
        c = deck[i]
        i += 1
        if CODE_DESTROY < c < c_n:
            targets -= 1
        if c < n_cls:  # an American card: Asset Phase, into the hand
            h[c] += 1
            m |= bit[c]
            n += 1
        elif c < c_n:  # a Target fought: x holds the class of the hand card spent on it (0: none)
            if c <= c_bomb:  # Insurgents or Position: Destroy Phase
                x = m & dmask[c]
                if x and (spend or spare):
                    x = _rollout_rules(h, c, (x & -x).bit_length() - 1, n, targets, rules)
            elif spend or spare:  # Explosives, Disarm Phase, under the rollout rules
                x = m & bmask[c]
                first = cls_d if h[cls_d] and (fv[c] >= disarm_from or not x) else (x & -x).bit_length() - 1 if x else -1
                x = _rollout_rules(h, c, first, n, targets, rules) if first >= 0 else 0
            elif h[cls_d] and (fv[c] >= disarm_from or not m & bmask[c]):  # Explosives: a Disarm card
                x = bit[cls_d]
            else:  # Explosives: the first card that disarms it
                x = m & bmask[c]
            if x:  # a Disarm card's Force is 0: it scores the Target's Force alone
                b = (x & -x).bit_length() - 1
                h[b] -= 1
                if not h[b]:
                    m ^= bit[b]
                n -= 1
                total += fv[c] + cforce[b]
            else:
                total -= fv[c]
        elif c == c_n:  # Insurgent Tactics: a random hand card is lost
            if n:
                r = pick(n, i)
                b = 0
                while r >= h[b]:
                    r -= h[b]
                    b += 1
                h[b] -= 1
                if not h[b]:
                    m ^= bit[b]
                n -= 1
        else:  # American Tactics: draw 2 (American cards to the hand), then the Target joins it
            for _ in range(TACTICS_DRAW):
                if i < size:
                    d = deck[i]
                    i += 1
                    if CODE_DESTROY < d < c_n:
                        targets -= 1
                    if d < n_cls or d == CODE_T:
                        d = cls_t if d == CODE_T else d
                        h[d] += 1
                        m |= bit[d]
                        n += 1
            h[cls_t] += 1
            m |= bit[cls_t]
            n += 1
        if recon_at_once and h[cls_r]:  # Recon Phase: play one Recon card
            h[cls_r] -= 1
            if not h[cls_r]:
                m ^= bit[cls_r]
            n -= 1
        while n > limit:  # Regroup Phase: discard the lowest class
            b = cls_d if keep and h[cls_d] > keep else (m & -m).bit_length() - 1
            h[b] -= 1
            if not h[b]:
                m ^= bit[b]
            n -= 1
    return total


def _rollout_rules(hand: list[int], code: int, b: int, held: int, targets: int, rules: Greedy) -> int:
    """:func:`greedy_delta`'s card ``b`` against a Target after the rollout policy's end-game and
    sparing rules (:func:`rollout_fight`), as a one-bit mask (0: the card is kept)."""
    if rules.spend_when and targets < rules.spend_when:
        mask = fight_mask(code)
        for x in range(N_CLASSES - 1, -1, -1):
            if hand[x] and mask >> x & 1 and CLASS_FORCE[x] > CLASS_FORCE[b]:
                return BIT[x]
        return BIT[b]
    if rules.spare_from and held < HAND_LIMIT and CLASS_FORCE[b] - CODE_FORCE[code] >= rules.spare_from:
        return 0
    return BIT[b]


# ---------------------------------------------------------------------------------------------
# One turn at class level, with every branch and its probability


Hand = tuple[int, ...]


def _take(hand: Hand, b: int) -> Hand:
    return hand[:b] + (hand[b] - 1,) + hand[b + 1 :]


def _give(hand: Hand, b: int) -> Hand:
    return hand[:b] + (hand[b] + 1,) + hand[b + 1 :]


def _lowest(hand: Hand, mask: int) -> int | None:
    for b in range(N_CLASSES):
        if hand[b] and mask >> b & 1:
            return b
    return None


def fight_options(hand: Hand, code: int) -> list[int | None]:
    """The classes that can destroy or neutralize a Target code, and None (decline)."""
    if code <= CODE_BOMB:
        mask = DESTROY_MASK[code]
    else:
        mask = BOMB_MASK[code] | BIT[CLASS_D]
    return [b for b in range(N_CLASSES) if hand[b] and mask >> b & 1] + [None]


def greedy_fight(hand: Hand, code: int, rules: Greedy = GREEDY) -> int | None:
    """Greedy's card against a Target code: the lowest class that qualifies, a Disarm card
    first on a bomb of Force ``rules.disarm_from`` or more (or when no other card qualifies);
    None when nothing does."""
    mask = DESTROY_MASK[code] if code <= CODE_BOMB else BOMB_MASK[code]
    if code > CODE_BOMB and hand[CLASS_D]:
        if CODE_FORCE[code] >= rules.disarm_from:
            return CLASS_D
        lowest = _lowest(hand, mask)
        return CLASS_D if lowest is None else lowest
    return _lowest(hand, mask)


def fight_mask(code: int) -> int:
    """The classes that can destroy or neutralize a Target code (a Disarm card for any bomb)."""
    return DESTROY_MASK[code] if code <= CODE_BOMB else BOMB_MASK[code] | BIT[CLASS_D]


def holds_for_later(hand: Hand, code: int, b: int, known: Sequence[int]) -> bool:
    """Does greedy keep its card of class ``b`` rather than fight the Target ``code`` with it,
    because a Recon card showed a Target of greater Force coming (``known``: the cards shown
    and still in the deck, top first) that only this card of the hand can fight, with no
    Insurgent Tactics card turned before it? Declining costs 2 x Force now and wins
    2 x the later Target's Force (scoring). Cards an American Tactics Target draws are
    not Targets (tactics-phase)."""
    force = CODE_FORCE[code]
    skip = 0
    for later in known:
        if skip:
            skip -= 1
            continue
        if later == CODE_N:
            return False
        if later == CODE_T:
            skip = TACTICS_DRAW
            continue
        if CODE_DESTROY < later < CODE_N and CODE_FORCE[later] > force:
            mask = fight_mask(later)
            if mask >> b & 1:
                able = sum(hand[x] for x in range(N_CLASSES) if mask >> x & 1)
                if able == 1:
                    return True
    return False


def informed_fight(
    hand: Hand, code: int, known: Sequence[int], rules: Greedy = GREEDY
) -> int | None:
    """Greedy's card against a Target code (:func:`greedy_fight`), or None when it
    :func:`holds_for_later` (only when the rules use what a Recon card showed)."""
    b = greedy_fight(hand, code, rules)
    if b is not None and rules.informed and known and holds_for_later(hand, code, b, known):
        return None
    return b


def targets_in(codes: Sequence[int]) -> int:
    """How many of these fast codes are Targets to destroy or neutralize."""
    return sum(1 for code in codes if CODE_DESTROY < code < CODE_N)


def rollout_fight(
    hand: Hand, code: int, known: Sequence[int], targets_left: int, rules: Greedy = GREEDY
) -> int | None:
    """A policy's card against a Target code (:func:`informed_fight`), then its end-game and
    sparing rules (``rules.spend_when``, ``rules.spare_from``); ``targets_left``: the Targets
    still in the deck after this one. The same choice as rollouts._game."""
    b = informed_fight(hand, code, known, rules)
    if b is None:
        return None
    if rules.spend_when and targets_left < rules.spend_when:
        mask = fight_mask(code)
        for x in range(N_CLASSES - 1, -1, -1):
            if hand[x] and mask >> x & 1 and CLASS_FORCE[x] > CLASS_FORCE[b]:
                return x
        return b
    if rules.spare_from and sum(hand) < HAND_LIMIT and CLASS_FORCE[b] - CODE_FORCE[code] >= rules.spare_from:
        return None
    return b


def fight(hand: Hand, code: int, b: int | None) -> tuple[Hand, int]:
    """The hand and the score change after fighting a Target code with class b (None: the
    Target goes to the Casualty Pile)."""
    if b is None:
        return hand, -CODE_FORCE[code]
    return _take(hand, b), CODE_FORCE[code] + CLASS_FORCE[b]


def greedy_regroup(hand: Hand, rules: Greedy = GREEDY) -> Hand:
    """Greedy's Regroup: discard the lowest classes down to 4 cards (the Disarm cards above
    ``rules.disarm_keep`` first)."""
    while sum(hand) > HAND_LIMIT:
        if rules.disarm_keep and hand[CLASS_D] > rules.disarm_keep:
            hand = _take(hand, CLASS_D)
            continue
        lowest = _lowest(hand, (1 << N_CLASSES) - 1)
        assert lowest is not None  # a hand of more than 4 cards has a lowest class
        hand = _take(hand, lowest)
    return hand


def greedy_finish(hand: Hand, recon_done: bool = False, rules: Greedy = GREEDY) -> Hand:
    """Greedy's Recon Phase (play one Recon card if held and the rules say so) and Regroup Phase."""
    if rules.recon_at_once and not recon_done and hand[CLASS_R]:
        hand = _take(hand, CLASS_R)
    return greedy_regroup(hand, rules)


# Sources of cards. A source answers the possible next cards with their probabilities:
#   known order: (deck, position)              -> one card
#   knowledge:   (prefix, unknown counts)      -> the prefix's top card, or any unknown card


def draws_known(
    deck: tuple[int, ...], position: int, seen: int
) -> list[tuple[Fraction, int, tuple[int, int]]]:
    """The next card of a deck in known order; ``seen``: how many top cards a Recon card showed."""
    if position >= len(deck):
        return []
    return [(Fraction(1), deck[position], (position + 1, max(0, seen - 1)))]


def draws_unknown(
    prefix: tuple[int, ...], unknown: tuple[int, ...]
) -> list[tuple[Fraction, int, tuple]]:
    if prefix:
        return [(Fraction(1), prefix[0], (prefix[1:], unknown))]
    total = sum(unknown)
    return [
        (Fraction(count, total), code, ((), unknown[:code] + (count - 1,) + unknown[code + 1 :]))
        for code, count in enumerate(unknown)
        if count
    ]


def _losses(hand: Hand) -> list[tuple[Fraction, Hand]]:
    n = sum(hand)
    if not n:
        return [(Fraction(1), hand)]
    return [(Fraction(hand[b], n), _take(hand, b)) for b in range(N_CLASSES) if hand[b]]


def _add_drawn(hand: Hand, code: int) -> Hand:
    if code == CODE_T:
        return _give(hand, CLASS_T)
    if code < N_CLASSES:
        return _give(hand, code)
    return hand  # an Insurgency card drawn goes to the Discard Pile (tactics-phase)


def turn_outcomes(
    source, hand: Hand, draws, decide
) -> list[tuple[Fraction, Any, Hand, int, int]]:
    """Every way one turn can go from its Search Phase: (probability, source after, hand
    after the Regroup Phase, score change, Force of the American card played: the part of
    the change that only the literal reading of SCORING counts). ``draws(source)`` lists the next card's
    possibilities; ``decide(kind, source, hand, code)`` is the policy for the fights
    (kind "fight") and returns a class or None; Recon and Regroup are played by
    ``decide("finish", source, hand, None)`` returning the hand after them."""
    outcomes: list[tuple[Fraction, Any, Hand, int, int]] = []
    for p, code, after in draws(source):
        branches: list[tuple[Fraction, object, Hand]]
        if code == CODE_N:
            branches = [(p * q, after, h) for q, h in _losses(hand)]
        elif code == CODE_T:
            branches = [(p, after, hand)]
            for _ in range(TACTICS_DRAW):
                grown = []
                for q, src, h in branches:
                    options = draws(src)
                    if not options:
                        grown.append((q, src, h))
                    for r, drawn, src2 in options:
                        grown.append((q * r, src2, _add_drawn(h, drawn)))
                branches = grown
            branches = [(q, src, _give(h, CLASS_T)) for q, src, h in branches]
        else:
            branches = [(p, after, _give(hand, code) if code < N_CLASSES else hand)]
        for q, src, h in branches:
            delta = played = 0
            if CODE_DESTROY < code < CODE_N:
                b = decide("fight", src, h, code)
                h, delta = fight(h, code, b)
                played = CLASS_FORCE[b] if b is not None else 0
            h, src = decide("finish", src, h, None)
            outcomes.append((q, src, h, delta, played))
    return outcomes


def _targets_known(source) -> int:
    """The Targets in a knowledge source (prefix, unknown counts)."""
    prefix, unknown = source
    return targets_in(prefix) + sum(unknown[CODE_DESTROY + 1 : CODE_N])


def greedy_decider(
    rules: Greedy = GREEDY,
    known: Callable[[Any], Sequence[int]] | None = None,
    targets: Callable[[Any], int] = _targets_known,
):
    """A greedy policy as a ``decide`` for :func:`turn_outcomes`; ``known(source)``: the cards
    a Recon card showed and still in the deck (default: a knowledge source's prefix);
    ``targets(source)``: the Targets still in the deck (read only by the rules that count
    them)."""
    shown = known if known is not None else (lambda source: source[0])

    def decide(kind: str, source, hand: Hand, code: int | None):
        if kind == "fight":
            assert code is not None  # a fight is against a Target code
            left = targets(source) if rules.spend_when else 0
            return rollout_fight(hand, code, shown(source), left, rules)
        return greedy_finish(hand, rules=rules), source

    return decide


greedy_decide = greedy_decider(GREEDY)


@cache
def greedy_expectation(
    prefix: tuple[int, ...], unknown: tuple[int, ...], hand: Hand, rules: Greedy = GREEDY
) -> Fraction:
    """Exact expected score change of the rest of the game under a greedy policy, from a
    Search Phase, when the deck is ``prefix`` (known, top first) over the ``unknown`` cards
    (counts per code) in a uniformly random order."""
    if not prefix and not any(unknown):
        return Fraction(0)
    total = Fraction(0)
    for p, (prefix2, unknown2), hand2, delta, _ in turn_outcomes(
        (prefix, unknown), hand, lambda s: draws_unknown(*s), _DECIDERS[rules]
    ):
        total += p * (delta + greedy_expectation(prefix2, unknown2, hand2, rules))
    return total


_DECIDERS = {rules: greedy_decider(rules) for rules in (*GREEDIES.values(), ROLLOUT)}


def states_bound(prefix: Sequence[int], unknown: Sequence[int]) -> int:
    """An upper bound on the deck states an exact expectation visits (sub-multisets of the
    unknown cards, times the prefix positions)."""
    bound = len(prefix) + 1
    for count in unknown:
        bound *= count + 1
    return bound


def unknown_counts(codes: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * N_CODES
    for code in codes:
        counts[code] += 1
    return tuple(counts)


def greedy_scores(games: int, seed: int = 0, rules: Greedy = GREEDY) -> list[int]:
    """Final scores of ``games`` whole games from fresh shuffles (the-deck: 92 cards, empty
    hand) played by a greedy policy; reproducible from ``seed``."""
    from random import Random

    from .state import BASE_SCORE

    rng = Random(seed)
    rand = rng.random
    pick = uniform_pick(rand)
    base = full_deck_codes()
    scores = []
    for _ in range(games):
        deck = base[:]
        shuffle_in_place(deck, rand)
        scores.append(BASE_SCORE + greedy_delta(deck, [0] * N_CLASSES, pick, rules=rules))
    return scores
