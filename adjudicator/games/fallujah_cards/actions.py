"""What the engine takes as input: the player's decisions and the random events, as pydantic
models (checked at the boundary; the engine then works on card indices).

Random events (recorded in the log so that a game replays identically):
  - :class:`Shuffle` — the deck's order after the shuffle, top first (the-deck);
  - :class:`Turn` — in a physical game, the card turned over in the Search Phase or drawn by an
    American Tactics Target (search-phase, tactics-phase);
  - :class:`Lost` — the hand card lost at random to an Insurgent Tactics Target (tactics-phase).

Decisions (the only ones the rules leave to the player):
  - :class:`Play` / :class:`Decline` — destroy (destroy-phase) or neutralize (disarm-phase) the
    Target, and with which qualifying card;
  - :class:`Recon` / :class:`Pass` — play a Recon card now, or keep it (recon-phase);
  - :class:`Discard` — which cards go to the Discard Pile at Regroup (regroup-phase).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT


class _Action(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, frozen=True, extra="forbid", defer_build=True)


#: the readings a game follows where the rules are ambiguous (errata.yaml: ambiguity id -> reading)
READINGS_DESCRIPTION = ("the reading the game follows for a registered ambiguity (errata.yaml): "
                        "cards-no-force-destroy, cards-american-tactics-target, cards-regroup-discard; "
                        "an ambiguity not named follows the engine's reading")


class Shuffle(_Action):
    """Start a game whose deck order is known: every card of the card list, top to bottom."""

    action: Literal["shuffle"] = "shuffle"
    deck: list[str] = Field(description="card names as printed, top to bottom")
    readings: dict[str, str] = Field(default_factory=dict, description=READINGS_DESCRIPTION)


class Physical(_Action):
    """Start keeping a physical game: the cards are turned by hand and entered as they come."""

    action: Literal["physical"] = "physical"
    readings: dict[str, str] = Field(default_factory=dict, description=READINGS_DESCRIPTION)


class Turn(_Action):
    """A physical game's card turned over from the deck (Search Phase, or an American Tactics draw)."""

    action: Literal["turn"] = "turn"
    card: str


class Lost(_Action):
    """The hand card lost at random to an Insurgent Tactics Target (tactics-phase)."""

    action: Literal["lost"] = "lost"
    card: str


class Shown(_Action):
    """A physical game: the cards the last Recon card showed, top to bottom (recon-phase). The
    engine then knows them on top of the deck and turns them itself."""

    action: Literal["shown"] = "shown"
    cards: list[str]


class Play(_Action):
    """Destroy (destroy-phase) or neutralize (disarm-phase) the Target with this card of the hand."""

    action: Literal["play"] = "play"
    card: str


class Decline(_Action):
    """Do not destroy or neutralize the Target although a card qualifies: it goes to the
    Casualty Pile (errata: destroy-phase, disarm-phase)."""

    action: Literal["decline"] = "decline"


class Recon(_Action):
    """Play (discard) this Recon card to look at the next 5 cards in the deck (recon-phase)."""

    action: Literal["recon"] = "recon"
    card: str


class Pass(_Action):
    """Keep the Recon cards for a later turn (recon-phase)."""

    action: Literal["pass"] = "pass"


class Discard(_Action):
    """The cards put into the Discard Pile at Regroup, down to the hand size of 4 (regroup-phase)."""

    action: Literal["discard"] = "discard"
    cards: list[str]


Action = Annotated[
    Shuffle | Physical | Turn | Lost | Shown | Play | Decline | Recon | Pass | Discard,
    Field(discriminator="action"),
]
#: the actions that are random events rather than the player's choices
RANDOM_ACTIONS = ("shuffle", "physical", "turn", "lost", "shown")
