"""The rulebook data this game's procedures read: its tables, read once per version of the data.

Every number (success numbers, terrain dice, table rows, margins' costs, VP awards, bounds of the
tracks) comes from ``rules_text/games/battle-for-fallujah/tables``; nothing here types one again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_text.loading import load_game
from rules_text.tables import Table, TableRow

from ...registry import data_fingerprint

GAME = "battle-for-fallujah"

#: the three colours of dice (7.0), in the order the tables print them
COLOURS: tuple[str, ...] = ("blue", "white", "red")


@dataclass(frozen=True)
class Book:
    """The game's tables, and what the procedures derive from them once."""

    tables: dict[str, Table]
    #: section ids of the English corpus (every rule an answer may cite)
    ids: frozenset[str]
    #: colour -> Success Number (7.4.1.1-7.4.1.3)
    success_numbers: dict[str, int]
    #: colour -> the rule giving its Success Number
    success_rules: dict[str, str]

    def table(self, table_id: str) -> Table:
        return self.tables[table_id]

    def rows(self, table_id: str) -> tuple[TableRow, ...]:
        return self.tables[table_id].rows

    def row(self, table_id: str, result: str) -> TableRow:
        return self.tables[table_id].row(result)

    def extra(self, row: TableRow, key: str, default: Any = None) -> Any:
        """A row's field the table format does not name (``margin``, ``buys``, ``at_least``...)."""
        return (row.model_extra or {}).get(key, default)

    def table_extra(self, table_id: str, key: str, default: Any = None) -> Any:
        return (self.tables[table_id].model_extra or {}).get(key, default)

    def bounds(self, table_id: str, result: str) -> tuple[int, int]:
        """The (min, max) a list row declares (a track's or a modifier's bounds)."""
        row = self.row(table_id, result)
        assert row.min is not None and row.max is not None, (table_id, result)
        return row.min, row.max

    def terrain_cell(self, table_id: str, mission: str, side: str, terrain: str):
        """The cell of a terrain-dice matrix (17.1.5, 17.2.4): mission row, ``<side>_<terrain>`` column."""
        cells = self.row(table_id, mission).cells or {}
        return cells[f"{side}_{terrain}"]


@lru_cache(maxsize=4)
def _book(_fingerprint: str) -> Book:
    game = load_game(GAME)
    numbers = {row.result: int(row.value or 0) for row in game.tables["success-numbers"].rows}
    rules = {row.result: str(row.rule) for row in game.tables["success-numbers"].rows}
    ids = frozenset(s for corpus in game.corpora.values() for s in corpus.by_id)
    return Book(dict(game.tables), ids, numbers, rules)


def book() -> Book:
    """The game's data as it is now (read again when a data file changed)."""
    return _book(data_fingerprint(GAME))
