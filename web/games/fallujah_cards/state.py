"""The stored state of a game of the card game: the engine's table (every card in one place,
``adjudicator.games.fallujah_cards.state.GameState``) plus what the companion keeps around it: the
mode, the recorded random inputs of a game played with the app's deck, and the undo and redo
stacks. A frozen pydantic model, so that a snapshot is its JSON."""

from __future__ import annotations

from dataclasses import fields
from typing import Literal

from pydantic import BaseModel, ConfigDict

from adjudicator.games.fallujah_cards.state import GameState as Table
from web.undo_stack import EMPTY, VersionStack

#: "app": the app shuffles and turns the cards (the shuffle and every random discard are
#: recorded inputs); "physical": the player turns real cards and enters each one.
Mode = Literal["app", "physical"]
MODES: tuple[str, ...] = ("app", "physical")


#: the engine's fields the store keeps, flat among its own: all but the readings (the companion
#: follows the engine's reading of every ambiguity)
TABLE_FIELDS = tuple(f.name for f in fields(Table) if f.name != "readings")


class CardsState(BaseModel):
    """A game as the store keeps it (the engine's table is flattened into its fields)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int
    name: str = ""
    mode: Mode
    #: the seed the app's shuffle and random discards came from (app mode; informative: the
    #: recorded deck and draws below are what the game replays)
    seed: int | None = None
    #: random numbers drawn at setup, one per Insurgent Tactics card: the n-th random discard
    #: takes the hand card at position ``draws[n] % hand size`` (app mode)
    draws: tuple[int, ...] = ()
    #: how many of ``draws`` were used
    losses: int = 0
    # -- the engine's table (adjudicator.games.fallujah_cards.state.GameState) --
    deck: tuple[int, ...] = ()
    unknown: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    casualty: tuple[int, ...] = ()
    elimination: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    target: int | None = None
    phase: str = "setup"
    turn: int = 0
    drawn: int = 0
    recon_played: bool = False
    seen_top: int = 0
    said: tuple[str, ...] = ()
    # -- undo and redo (boardgame.io's stacks of action versions) --
    undo: VersionStack = EMPTY
    redo: VersionStack = EMPTY
    #: the random event after which nothing can be undone, in words (None: none happened)
    undo_block: str | None = None

    @property
    def variant(self) -> str:
        """The store's ``variant`` column: the mode."""
        return self.mode

    def table(self) -> Table:
        """The engine's state."""
        return Table(**{name: getattr(self, name) for name in TABLE_FIELDS})

    def with_table(self, table: Table, **changes: object) -> CardsState:
        """This game with the engine's new state (and other changes)."""
        return self.model_copy(update={**{name: getattr(table, name) for name in TABLE_FIELDS}, **changes})
