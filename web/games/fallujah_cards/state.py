"""The stored state of a game of the card game: the engine's table (every card in one place,
``adjudicator.games.fallujah_cards.state.GameState``) plus what the companion keeps around it: the
mode, the recorded random inputs of a game played with the app's deck, and the undo and redo
stacks. A frozen pydantic model, so that a snapshot is its JSON."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Literal, get_type_hints

from pydantic import BaseModel, ConfigDict, create_model

from adjudicator.games.fallujah_cards.state import GameState as Table
from web.undo_stack import EMPTY, VersionStack

#: "app": the app shuffles and turns the cards (the shuffle and every random discard are
#: recorded inputs); "physical": the player turns real cards and enters each one.
Mode = Literal["app", "physical"]
MODES: tuple[str, ...] = ("app", "physical")


#: the engine's fields the store keeps, flat among its own: all but the readings (the companion
#: follows the engine's reading of every ambiguity)
TABLE_FIELDS = tuple(f.name for f in fields(Table) if f.name != "readings")


class _Kept(BaseModel):
    """What the companion keeps before the engine's table: the game, its mode, its random inputs."""

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


#: the engine's table, field by field, with the engine's types and defaults; the Phase is kept as
#: its name (the engine checks it). Read it through :meth:`CardsState.table`, typed as the engine's.
_DEFAULTS = {f.name: f.default for f in fields(Table)}
_TABLE: dict[str, Any] = {name: (str if name == "phase" else hint, _DEFAULTS[name])
                          for name, hint in get_type_hints(Table).items() if name in TABLE_FIELDS}
_Table = create_model("_Table", __base__=_Kept, **_TABLE)


class CardsState(_Table):
    """A game as the store keeps it (the engine's table is flattened into its fields)."""

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
