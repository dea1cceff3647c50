"""The state of a game: plain, immutable data (cards are card-list indices, see cards.py).

THE PILES: the Casualty, Elimination and Discard Piles; the Deck, the Target and the hand.
SCORING: the score is computed from the piles (:func:`score`), never kept apart from them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Literal

from .cards import card_list

#: The seven phases of TURN SEQUENCE, plus the set-up before the first turn (errata: the-deck)
#: and the end of the game (scoring).
Phase = Literal[
    "setup", "search", "tactics", "asset", "destroy", "disarm", "recon", "regroup", "over"
]
PHASE_RULE = {
    "setup": "the-deck",
    "search": "search-phase",
    "tactics": "tactics-phase",
    "asset": "asset-phase",
    "destroy": "destroy-phase",
    "disarm": "disarm-phase",
    "recon": "recon-phase",
    "regroup": "regroup-phase",
    "over": "scoring",
}
#: Max hand size (regroup-phase).
HAND_LIMIT = 4
#: How many cards a Recon card shows (recon-phase).
RECON_LOOK = 5
#: How many cards an American Tactics Target draws (tactics-phase).
TACTICS_DRAW = 2
#: The score before any card is scored (scoring).
BASE_SCORE = 100


@dataclass(frozen=True, slots=True)
class GameState:
    """Where every card is, and where the turn stands."""

    #: cards of the deck whose order is known, top first (all of them in a shuffled game)
    deck: tuple[int, ...] = ()
    #: a physical game's deck cards not yet turned, as counts per card index (order unknown);
    #: they lie below ``deck``
    unknown: tuple[int, ...] = ()
    #: the hand, sorted by card index (a multiset: the hand has no order)
    hand: tuple[int, ...] = ()
    casualty: tuple[int, ...] = ()
    elimination: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    target: int | None = None
    phase: Phase = "setup"
    turn: int = 0
    #: cards drawn so far by this turn's American Tactics Target
    drawn: int = 0
    #: a Recon card was played in this turn's Recon Phase (errata: recon-phase, one per phase)
    recon_played: bool = False
    #: how many of the deck's top cards the player has seen with a Recon card
    seen_top: int = 0
    #: the readings the player picked for registered ambiguities (errata.yaml), as sorted
    #: (ambiguity id, reading key) pairs; an ambiguity not named follows the engine's reading
    readings: tuple[tuple[str, str], ...] = ()
    #: what the last action did, in words (for a player; not part of the rules)
    said: tuple[str, ...] = field(default=(), compare=False)

    @property
    def deck_size(self) -> int:
        return len(self.deck) + sum(self.unknown)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def with_(self, **changes) -> GameState:
        return replace(self, **changes)

    def looked_at(self) -> tuple[int, ...]:
        """The top cards the player saw with the last Recon card and that are still in the deck."""
        return self.deck[: self.seen_top]


def force_of(cards: tuple[int, ...]) -> int:
    """Total Force of some cards; a card printed "-" counts 0 (scoring)."""
    deck = card_list().cards
    return sum(deck[i].force or 0 for i in cards)


def score(state: GameState) -> int:
    """SCORING, literal reading (the engine's): 100 minus the total Force of the Casualty Pile
    plus the total Force of the Elimination Pile, the American cards in it included
    (errata: scoring, reading 1)."""
    return BASE_SCORE - force_of(state.casualty) + force_of(state.elimination)


def score_insurgency_only(state: GameState) -> int:
    """SCORING, the other reading: only the Insurgency cards of the Elimination Pile count
    (errata: scoring, reading 2). Reported beside :func:`score`, never used to decide."""
    cards = card_list().cards
    eliminated = tuple(i for i in state.elimination if not cards[i].american)
    return BASE_SCORE - force_of(state.casualty) + force_of(eliminated)


def places(state: GameState) -> Counter[int]:
    """How many copies of each card are in the deck, the hand, the Target and the piles."""
    counts: Counter[int] = Counter()
    for pile in (state.deck, state.hand, state.casualty, state.elimination, state.discard):
        counts.update(pile)
    if state.target is not None:
        counts[state.target] += 1
    for index, count in enumerate(state.unknown):
        if count:
            counts[index] += count
    return counts


#: the registered ambiguities whose readings change what the engine does, and the reading that
#: changes it (errata.yaml; the engine's own reading is the other one)
NO_FORCE_DESTROYS = ("cards-no-force-destroy", "any-card-destroys")
TACTICS_TARGET_SPENT = ("cards-american-tactics-target", "spent")


def follows(state: GameState, choice: tuple[str, str]) -> bool:
    """Whether the game follows this (ambiguity, reading): the player picked it at set-up."""
    return choice in state.readings
