"""Odds computed by the adjudicator's kernel (``adjudicator.dice``) and the grids a game declares
(``adjudicator.registry.odds_grids``), shown on the tables page: the game math is written once,
there, and the site only prints it. Nothing here names a game."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.dice import odds, row_chances, table_weights
from adjudicator.grids import OddsGrid
from adjudicator.registry import odds_grids as declared_grids
from rules_text.loading import load_game
from rules_text.models import Table

__all__ = ["OddsGrid", "odds_grids", "row_odds", "table_odds", "tenths"]


def row_odds(table: Table) -> dict[str, Fraction]:
    """The chance of each row of a d10 table (ten equal faces)."""
    return odds(table_weights(table), [row.result for row in table.rows])


def table_odds(game_id: str, table: Table | str) -> dict[str, Fraction]:
    """The chance of each row of a game's die table, by row key: for a d10 table, the faces it
    covers; for a ``kind: roll`` table, the chance the unmodified total of its ``die`` (d6, 2d6,
    d10) falls in the row's totals (:func:`adjudicator.dice.row_chances`). Empty for a table
    rolled on no die (modifiers, scales)."""
    if isinstance(table, str):
        table = load_game(game_id).tables[table]
    if table.kind == "d10":
        return row_odds(table)
    result: dict[str, Fraction] = {}
    for row, chance in zip(table.rows, row_chances(table), strict=False):
        if chance is not None:
            result[row.result] = result.get(row.result, Fraction(0)) + chance
    return result


def odds_grids(game_id: str) -> tuple[OddsGrid, ...]:
    """The extra grids of chances the game's adjudicator declares (none for most games)."""
    return declared_grids(game_id)


def tenths(chance: Fraction) -> str:
    """A chance as faces out of 10 and a percentage: "3/10 (30%)"."""
    faces = chance * 10
    return f"{faces}/10 ({chance * 100}%)"
