"""The one place the site asks for odds: the seam between the tables page and the adjudicator.

Every chance comes from the adjudicator: ``odds.py`` (the d10 tables' faces and the grids a
game declares, ``odds_grids``) and the kernel's exact distribution of a die
(``adjudicator.dice.distribution``: d6, 2d6, d10), summed over the totals a ``roll`` row covers
(``TableRow.totals`` / ``totals_in(column)``), per column for a table of several columns.

``odds.table_odds`` answers a one-column table by row result; it is not used here because it
reads ``die`` and ``range`` from the table's extra fields, which the table model now declares
(so it returns nothing for a roll table), and it merges rows sharing a result. When it takes
``Table.die`` and answers per row and per column, :func:`table_row_odds` can call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.dice import distribution, parse_die
from rules_text.markup import format_value
from rules_text.models import Table

from . import odds as kernel

#: a column's key, or None for a table of one result column
Column = str | None


def outcomes(die: str) -> int:
    """How many equally likely outcomes the dice have: 6, 36, 10."""
    count, sides = parse_die(die)
    return sides**count


def table_die(table: Table) -> str | None:
    """The physical die a table is rolled with, or None (lists, matrices, cards...)."""
    if table.kind == "d10":
        return "d10"
    if table.kind == "roll":
        return getattr(table, "die", None)
    return None


def table_row_odds(game_id: str, table: Table) -> dict[Column, list[Fraction | None]]:
    """Per column (None: the table's single result column), each row's chance on an unmodified
    roll of the table's own die; None where the row has no range in that column."""
    if table.kind == "d10":
        chances = kernel.row_odds(table)
        return {None: [chances[row.result] for row in table.rows]}
    die = table_die(table)
    if die is None:
        return {}
    totals = distribution(die)

    def chance(covered: tuple[int, ...]) -> Fraction:
        return sum((totals.get(total, Fraction(0)) for total in covered), Fraction(0))

    columns = list(table.columns)
    if not columns:
        return {None: [chance(row.totals) for row in table.rows]}
    return {
        column.key: [
            chance(row.totals_in(column.key)) if row.totals_in(column.key) else None
            for row in table.rows
        ]
        for column in columns
    }


def as_outcomes(chance: Fraction, die: str) -> str:
    """A chance as outcomes of the die and a percentage: "3/10 (30%)", "2/6 (33.3%)", "6/36 (16.7%)"."""
    total = outcomes(die)
    count = chance * total
    percent = chance * 100
    shown = str(percent) if percent.denominator == 1 else f"{float(percent):.1f}"
    count_shown = str(count) if count.denominator == 1 else f"{float(count):.2f}"
    return f"{count_shown}/{total} ({shown}%)"


@dataclass(frozen=True)
class Grid:
    """An extra grid of odds a game declares, as the page prints it (``caption`` cites rules as
    ``{11.2.1}``; the page links them)."""

    id: str
    title: str
    caption: str
    corner: str
    columns: tuple[str, ...]
    #: (row anchor, row label, a chance per column)
    rows: tuple[tuple[str, str, tuple[Fraction, ...]], ...]
    die: str


def extra_grids(game_id: str) -> list[Grid]:
    """The game's extra odds grids (``odds.odds_grids``: what its adjudicator declares)."""
    return [
        Grid(
            id=grid.id,
            title=grid.title,
            caption=grid.intro.replace("{rule:", "{"),
            corner=grid.corner,
            columns=tuple(format_value(column) for column in grid.columns),
            rows=tuple(
                (
                    grid.row_id.format(row=row),
                    grid.row_label.format(row=row),
                    tuple(grid.chance(row, column) for column in grid.columns),
                )
                for row in grid.rows
            ),
            die=grid.die,
        )
        for grid in kernel.odds_grids(game_id)
    ]
