"""What a player sends, as strict pydantic models: the setup (mode, seed) and one model per
action ``type``. Shape errors are a 400 naming the field; what the game state does not allow is
refused by the engine (:mod:`.apply`, 422 naming the value and the rule).

The app's randomness is drawn here, once, at setup: :func:`deal` turns a seed into the deck's
order and the numbers the random discards will use, and both are stored in the setup event,
so a game replays identically (the-deck, tactics-phase).
"""

from __future__ import annotations

import math
import secrets
from random import Random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import INSURGENT_TACTICS, card_list
from adjudicator.games.fallujah_cards.state import HAND_LIMIT
from adjudicator.models import MAX_TEXT
from web.errors import Problem, Refused
from web.parsing import parse_model, parse_tagged

from .state import Mode

CardName = Annotated[str, Field(min_length=1, max_length=80)]
#: the random discards' numbers are drawn from 0 to DRAW_RANGE - 1: a multiple of every hand
#: size a random discard can meet (1 to the max hand size, regroup-phase), so each card is
#: exactly equally likely (tactics-phase: "one Random card from your hand")
DRAW_RANGE = math.lcm(*range(1, HAND_LIMIT + 1))
MAX_SEED = 2**63 - 1


def losses_possible() -> int:
    """At most one random discard per Insurgent Tactics card of the deck (card-list)."""
    return sum(card.copies for card in card_list().cards if card.type == INSURGENT_TACTICS)


def deal(seed: int) -> tuple[list[str], list[int]]:
    """The app's shuffle (card names, top first) and random-discard numbers from a seed."""
    rng = Random(seed)
    shuffle = engine.shuffled_deck(rng)
    return list(shuffle.deck), [rng.randrange(DRAW_RANGE) for _ in range(losses_possible())]


class Strict(BaseModel):
    """Refuses unknown fields and coercions ("1" is not 1)."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, strict=True, extra="forbid", frozen=True)


class Setup(Strict):
    """A new game: played with the app's deck (shuffled from ``seed``, drawn at random when not
    given) or kept beside a physical deck."""

    name: str = Field(default="", max_length=80)
    mode: Mode = "app"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    #: the shuffle as recorded (card names, top first); set by the server from the seed
    deck: list[CardName] | None = Field(default=None, max_length=200)
    #: the random discards' numbers (0 to DRAW_RANGE - 1); set by the server from the seed
    draws: list[Annotated[int, Field(ge=0, lt=DRAW_RANGE)]] | None = Field(default=None, max_length=64)

    @property
    def variant(self) -> str:
        return self.mode


class ActionBase(Strict):
    pass


class Play(ActionBase):
    """Destroy (destroy-phase) or neutralize (disarm-phase) the Target with this hand card."""

    type: Literal["play"]
    card: CardName


class Decline(ActionBase):
    """Keep the cards: the Target goes to the Casualty Pile (errata: destroy-phase, disarm-phase)."""

    type: Literal["decline"]


class Recon(ActionBase):
    """Play this Recon card to look at the next 5 cards (recon-phase)."""

    type: Literal["recon"]
    card: CardName


class Pass(ActionBase):
    """Keep the Recon cards for a later turn (recon-phase)."""

    type: Literal["pass"]


class Discard(ActionBase):
    """The cards put into the Discard Pile at Regroup (regroup-phase)."""

    type: Literal["discard"]
    cards: list[CardName] = Field(min_length=1, max_length=20)


class Turn(ActionBase):
    """A physical game: the card just turned over from the deck (search-phase, tactics-phase)."""

    type: Literal["turn"]
    card: CardName


class Lost(ActionBase):
    """A physical game: the hand card lost at random to an Insurgent Tactics card (tactics-phase)."""

    type: Literal["lost"]
    card: CardName


class Shown(ActionBase):
    """A physical game: the cards the last Recon card showed, top to bottom (recon-phase)."""

    type: Literal["shown"]
    cards: list[CardName] = Field(min_length=1, max_length=5)


class NoteAction(ActionBase):
    """A line of the player's own in the log."""

    type: Literal["note"]
    text: str = Field(min_length=1, max_length=2000)


Action = Annotated[Play | Decline | Recon | Pass | Discard | Turn | Lost | Shown | NoteAction, Field(discriminator="type")]
ACTIONS: TypeAdapter[Any] = TypeAdapter(Action)
ACTION_TYPES: tuple[str, ...] = ("play", "decline", "recon", "pass", "discard", "turn", "lost", "shown", "note")
#: the player's decisions (the rest are entries of a physical game, and notes)
DECISIONS = ("play", "decline", "recon", "pass", "discard")
#: entries of what happened to a physical deck
ENTRIES = ("turn", "lost", "shown")


def parse_action(data: Any) -> Any:
    """The action model of a JSON object, or :class:`Refused` (400) naming each bad field."""
    return parse_tagged(ACTIONS, data)


def _validated(data: Any) -> Setup:
    return parse_model(Setup, data)


def parse_setup(data: Any) -> Setup:
    """A setup as it will be stored: in app mode, the seed (drawn now when not given), the
    shuffle and the random discards' numbers are filled in from it, so that they are recorded."""
    setup = _validated(data)
    if setup.mode == "physical":
        given = [f for f in ("seed", "deck", "draws") if getattr(setup, f) is not None]
        if given:
            raise Refused([Problem(f, getattr(setup, f), "nothing: a physical game's cards are entered as they "
                                   "are turned (mode 'app' shuffles the app's deck)", "the-deck") for f in given],
                          status=400)
        return setup
    seed = setup.seed if setup.seed is not None else secrets.randbits(63)
    deck, draws = deal(seed)
    return setup.model_copy(update={
        "seed": seed,
        "deck": setup.deck if setup.deck is not None else deck,
        "draws": setup.draws if setup.draws is not None else draws,
    })


def stored_setup(payload: Any) -> Setup:
    """A stored setup event's payload (already filled in by :func:`parse_setup`)."""
    setup = _validated(payload)
    if setup.mode == "app" and (setup.deck is None or setup.draws is None):
        raise Refused(Problem("deck", setup.deck, "the recorded shuffle and draws of a game played with the app's "
                              "deck", "the-deck"), status=400)
    return setup
