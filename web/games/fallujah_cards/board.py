"""The card game on the table (issue 24, "fix the table"): where each card lies, in the game's
words, for :mod:`web.table` to list what the player moves: the deck (THE DECK), your hand, the card
turned face up in the Search Phase (the Target card), and the Casualty, Elimination and Discard
Piles (THE PILES). A card still unseen in a physical game is in no known place (not listed).
"""

from __future__ import annotations

from adjudicator.games.fallujah_cards.cards import card_list
from web.table import Piece, Table
from web.translate import gettext as _

from .state import CardsState


def table(state: CardsState) -> Table:
    """Where every known card of a game lies."""
    cards = card_list().cards
    now = state.table()
    piles = (
        (now.deck, _("the deck"), "the-deck"),
        (now.hand, _("your hand"), "search-phase"),
        (now.casualty, _("the Casualty Pile"), "the-piles"),
        (now.elimination, _("the Elimination Pile"), "the-piles"),
        (now.discard, _("the Discard Pile"), "the-piles"),
        ((now.target,) if now.target is not None else (), _("the Target card's place"), "search-phase"),
    )
    return Table(tuple(Piece(f"card:{index}", _("the %(card)s", card=cards[index].name), where, rule=rule)
                       for indices, where, rule in piles for index in indices))
