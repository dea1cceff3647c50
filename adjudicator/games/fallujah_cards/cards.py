"""The 92 cards, read once from the rulebook's card list (CARD LIST, CARD LIST NOTATION).

Nothing here types a card again: names, types, copies and Force come from
``rules_text.loading.load_game("fallujah-cards").tables["card-list"]`` and the types' sides
from ``tables["card-types"]``. What the engine needs is precomputed into small ints so that the
inner loops (:mod:`.fast`) never touch a model.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache

from rules_text.loading import load_game

GAME = "fallujah-cards"

#: Card types by their printed letter (CARD LIST NOTATION).
INSURGENT_TACTICS, INSURGENTS, POSITIONS, EXPLOSIVES = "N", "I", "P", "X"
AMERICAN_TACTICS, INFANTRY, ARMOR, SUPPORT, RECON, DISARM = "T", "G", "A", "S", "R", "D"

#: The highest Force the card list prints; the class ranks below are built for 1..MAX_FORCE.
MAX_FORCE = 5

#: Second name accepted for a card where the source's flattened list reads two ways
#: (errata.yaml, card-list: "Fire Support Team S 1 5 FIST Artillery S 1 3").
ALIASES = {"fist artillery": "artillery"}


# Card classes: what the engine's decisions and the score depend on (type and Force; two
# cards of one class are interchangeable). Their order is the greedy policy's order of
# preference (see policies.py): lowest first when it discards at Regroup, and, among the cards
# that qualify, lowest first when it plays one. American Tactics and Recon cards come first (of
# no use in a fight), then the fighting cards by Force, a Support card before an Infantry or
# Armor card of the same Force (Support cannot neutralize a bomb: disarm-phase), and the
# Disarm cards between Force 3 and Force 4.
def _class_order() -> list[tuple[str, int]]:
    order: list[tuple[str, int]] = [(AMERICAN_TACTICS, 0), (RECON, 0)]
    for force in range(1, MAX_FORCE + 1):
        order += [(SUPPORT, force), ("AG", force)]
        if force == 3:
            order.append((DISARM, 0))
    return order


CLASS_ORDER: tuple[tuple[str, int], ...] = tuple(_class_order())
#: number of American card classes (bits of a hand's class mask)
N_CLASSES = len(CLASS_ORDER)
CLASS_T = CLASS_ORDER.index((AMERICAN_TACTICS, 0))
CLASS_R = CLASS_ORDER.index((RECON, 0))
CLASS_D = CLASS_ORDER.index((DISARM, 0))


@dataclass(frozen=True, slots=True)
class Card:
    """One row of the card list and what the engine precomputes from it."""

    index: int  #: row number in the printed list (0-63)
    slug: str  #: the row's stable key (``m1-abrams-tank``)
    name: str  #: the name as printed
    type: str  #: the printed type letter
    copies: int  #: the "#" column
    force: int | None  #: the Force column; None where the list prints "-"
    note: str | None  #: the Notes column
    side: str  #: "american" or "insurgency" (THE DECK; CARD LIST NOTATION)
    #: the card's class (index in CLASS_ORDER) for American cards, else -1
    klass: int
    #: the card's code in a fast deck (see fast.py): an American class, or a Target code
    code: int

    @property
    def american(self) -> bool:
        return self.side == "american"

    def destroys(self, force: int) -> bool:
        """Can this card destroy an Insurgents or Position Target of that Force (destroy-phase)?
        An American card with equal or greater Force; a card printed "-" has no Force."""
        return self.american and self.force is not None and self.force >= force

    def neutralizes(self, force: int) -> bool:
        """Can this card neutralize an Explosives Target of that Force (disarm-phase)? An
        Infantry or Armor card with equal or greater Force, or a Disarm card."""
        if self.type == DISARM:
            return True
        return self.type in (INFANTRY, ARMOR) and self.force is not None and self.force >= force


# Target codes of a fast deck: American cards carry their class (0..N_CLASSES-1); the others:
CODE_DESTROY = N_CLASSES - 1  #: + Force (1-5): an Insurgents or Position Target
CODE_BOMB = CODE_DESTROY + MAX_FORCE  #: + Force (1-5): an Explosives Target
CODE_N = CODE_BOMB + MAX_FORCE + 1  #: an Insurgent Tactics Target
CODE_T = CODE_N + 1  #: an American Tactics Target (draws 2, then joins the hand as class T)
N_CODES = CODE_T + 1


def _class_of(card_type: str, force: int | None, side: str) -> int:
    if side != "american":
        return -1
    if card_type in (INFANTRY, ARMOR):
        return CLASS_ORDER.index(("AG", force))
    if card_type == SUPPORT:
        return CLASS_ORDER.index((SUPPORT, force))
    return CLASS_ORDER.index((card_type, 0))


def _code_of(card_type: str, force: int | None, klass: int) -> int:
    if card_type == AMERICAN_TACTICS:
        return CODE_T
    if klass >= 0:
        return klass
    if card_type == INSURGENT_TACTICS:
        return CODE_N
    if card_type in (INSURGENTS, POSITIONS, EXPLOSIVES):
        if force is None:
            raise ValueError(f"card type {card_type!r}: a Target of this type prints a Force")
        return (CODE_DESTROY if card_type != EXPLOSIVES else CODE_BOMB) + force
    raise ValueError(f"card type {card_type!r} is not in the card list notation")


@dataclass(frozen=True)
class CardList:
    """The card list as the engine uses it."""

    cards: tuple[Card, ...]
    by_key: dict[str, int]  #: folded name, slug or alias -> index

    @property
    def total(self) -> int:
        return sum(card.copies for card in self.cards)

    def find(self, name: str) -> Card | None:
        """The card of that name (as printed, any case), slug or alias, or None."""
        index = self.by_key.get(_fold(name))
        return None if index is None else self.cards[index]

    def named(self, name: str) -> Card:
        """The card of a name already checked (:meth:`find` returned it); KeyError otherwise."""
        card = self.find(name)
        if card is None:
            raise KeyError(f"no card named {name!r} in the card list")
        return card

    def nearest(self, name: str) -> list[str]:
        """Printed names closest to a misspelt one, best first."""
        names = {_fold(card.name): card.name for card in self.cards}
        close = difflib.get_close_matches(_fold(name), list(names), n=3, cutoff=0.5)
        if not close:
            close = [k for k in names if _fold(name) and _fold(name) in k][:3]
        return [names[key] for key in close]

    def full_deck(self) -> tuple[int, ...]:
        """Every card of the deck once per copy, in card-list order (THE DECK: one deck)."""
        return tuple(card.index for card in self.cards for _ in range(card.copies))


def _fold(name: str) -> str:
    return " ".join(str(name).replace("\u2011", "-").casefold().split())


@cache
def card_list() -> CardList:
    """The card list read from the rulebook data (CARD LIST; CARD LIST NOTATION)."""
    tables = load_game(GAME).tables
    sides = {row.result: str(row.side) for row in tables["card-types"].rows}
    cards = []
    for index, row in enumerate(tables["card-list"].rows):
        if row.type is None or row.name is None or row.name.en is None or row.copies is None:
            raise ValueError(f"card-list row {row.result}: a card prints its type, name and copies")
        if row.force is not None and not 1 <= row.force <= MAX_FORCE:
            raise ValueError(
                f"card-list row {row.result}: Force {row.force} is outside 1-{MAX_FORCE}, the classes the engine builds"
            )
        side = sides[row.type]
        klass = _class_of(row.type, row.force, side)
        cards.append(
            Card(
                index=index,
                slug=row.result,
                name=row.name.en,
                type=row.type,
                copies=row.copies,
                force=row.force,
                note=row.note.en if row.note is not None else None,
                side=side,
                klass=klass,
                code=_code_of(row.type, row.force, klass),
            )
        )
    by_key: dict[str, int] = {}
    for card in cards:
        by_key[_fold(card.name)] = card.index
        by_key[_fold(card.slug)] = card.index
    for alias, slug in ALIASES.items():
        by_key[alias] = by_key[slug]
    return CardList(cards=tuple(cards), by_key=by_key)


def type_names() -> dict[str, str]:
    """Printed type letter -> the type's printed name (CARD LIST NOTATION)."""
    return {row.result: row.text.en or "" for row in load_game(GAME).tables["card-types"].rows}
