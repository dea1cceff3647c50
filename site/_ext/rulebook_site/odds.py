"""Odds computed by the adjudicator's kernel (``adjudicator.dice``) and the grids a game declares
(``adjudicator.registry.odds_grids``), shown on the tables page: the game math is written once,
there, and the site only prints it. Nothing here names a game."""

from __future__ import annotations

import re
from fractions import Fraction

from adjudicator.dice import distribution, in_range, odds, table_weights
from adjudicator.grids import OddsGrid
from adjudicator.registry import odds_grids as declared_grids
from rules_text.loading import load_game
from rules_text.models import Table

__all__ = ["OddsGrid", "odds_grids", "row_odds", "table_odds", "tenths"]

_RANGES = (
    (re.compile(r"^(-?\d+)\s*(?:-|–|to)\s*(-?\d+)$"), lambda m, lo, hi: (int(m[1]), int(m[2]))),
    (re.compile(r"^(-?\d+)\s*\+$"), lambda m, lo, hi: (int(m[1]), hi)),
    (re.compile(r"^(-?\d+)\s*or (?:more|higher)$"), lambda m, lo, hi: (int(m[1]), hi)),
    (re.compile(r"^(-?\d+)\s*or (?:less|lower)$"), lambda m, lo, hi: (lo, int(m[1]))),
    (re.compile(r"^>\s*(-?\d+)$"), lambda m, lo, hi: (int(m[1]) + 1, hi)),
    (re.compile(r"^<\s*(-?\d+)$"), lambda m, lo, hi: (lo, int(m[1]) - 1)),
    (re.compile(r"^(-?\d+)$"), lambda m, lo, hi: (int(m[1]), int(m[1]))),
)


def roll_bounds(roll: str, low: int, high: int) -> tuple[int, int]:
    """The totals a printed roll range covers ("2-3", "-2 to 0", "4+", ">6", "6 or less"),
    open ends running to the table's ``range`` [low, high]."""
    text = roll.strip()
    for pattern, bounds in _RANGES:
        match = pattern.match(text)
        if match:
            return bounds(match, low, high)
    raise ValueError(f"roll {roll!r} is not a range the site can read")


def row_odds(table: Table) -> dict[str, Fraction]:
    """The chance of each row of a d10 table (ten equal faces)."""
    return odds(table_weights(table), [row.result for row in table.rows])


def table_odds(game_id: str, table: Table | str) -> dict[str, Fraction]:
    """The chance of each row of a game's die table, by row key: for a d10 table, the faces it
    covers; for a ``kind: roll`` table, the chance the unmodified total of its ``die`` (d6, 2d6,
    d10) falls in the row's range. Empty for a table rolled on no die (modifiers, scales)."""
    if isinstance(table, str):
        table = load_game(game_id).tables[table]
    if table.kind == "d10":
        return row_odds(table)
    die = (table.model_extra or {}).get("die")
    if table.kind != "roll" or not isinstance(die, str):
        return {}
    totals = distribution(die)
    low, high = (table.model_extra or {}).get("range") or (min(totals), max(totals))
    result: dict[str, Fraction] = {}
    for row in table.rows:
        if row.roll is None:
            continue
        first, last = roll_bounds(row.roll, low, high)
        result[row.result] = result.get(row.result, Fraction(0)) + in_range(totals, first, last)
    return result


def odds_grids(game_id: str) -> tuple[OddsGrid, ...]:
    """The extra grids of chances the game's adjudicator declares (none for most games)."""
    return declared_grids(game_id)


def tenths(chance: Fraction) -> str:
    """A chance as faces out of 10 and a percentage: "3/10 (30%)"."""
    faces = chance * 10
    return f"{faces}/10 ({chance * 100}%)"
