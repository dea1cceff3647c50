"""The one place the site asks for odds: the seam between the tables page and the adjudicator.

``odds.py`` (the adjudicator's odds for the site) is being made generic elsewhere: a
``table_odds(game_id, table)`` for any table with a die and ``odds_grids(game_id)`` for the
extra grids a game declares. Until it lands, this module answers from what ``odds.py`` has
today (the d10 tables and the default game's Fire Combat grid) and, for ``roll`` tables,
from :func:`die_distribution` below.

MERGE: replace :func:`die_distribution` by the kernel's ``adjudicator.dice.sum_of`` /
``die_faces``, and :func:`table_row_odds` / :func:`extra_grids` by ``odds.table_odds`` /
``odds.odds_grids``; nothing else of the site computes a chance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules_text import DEFAULT_GAME
from rules_text.markup import format_value
from rules_text.models import Table

from . import odds as kernel

#: a column's key, or None for a table of one result column
Column = str | None


def die_distribution(die: str) -> dict[int, Fraction]:
    """The exact chance of each unmodified total of the physical dice: d6 1-6, 2d6 2-12, d10 0-9.

    MERGE: to be replaced by the kernel's ``sum_of`` (``adjudicator.dice``); kept tiny and exact.
    """
    faces = {"d6": range(1, 7), "d10": range(10), "2d6": range(1, 7)}
    if die not in faces:
        raise ValueError(f"die {die!r}: the site computes odds for d6, 2d6 and d10")
    counts: dict[int, int] = {}
    if die == "2d6":
        for first in faces["d6"]:
            for second in faces["d6"]:
                counts[first + second] = counts.get(first + second, 0) + 1
    else:
        for face in faces[die]:
            counts[face] = counts.get(face, 0) + 1
    total = sum(counts.values())
    return {value: Fraction(count, total) for value, count in sorted(counts.items())}


def outcomes(die: str) -> int:
    """How many equally likely outcomes the dice have: 6, 36, 10."""
    return {"d6": 6, "2d6": 36, "d10": 10}[die]


def table_die(table: Table) -> str | None:
    """The physical die a table is rolled with, or None (lists, matrices, cards...)."""
    if table.kind == "d10":
        return "d10"
    if table.kind == "roll":
        return getattr(table, "die", None)
    return None


def table_row_odds(game_id: str, table: Table) -> dict[Column, list[Fraction | None]]:
    """Per column (None: the table's single result column), each row's chance on an unmodified
    roll of the table's own die; None where the row has no range in that column.

    MERGE: ``odds.table_odds(game_id, table)``.
    """
    if table.kind == "d10":
        chances = kernel.row_odds(table)
        return {None: [chances[row.result] for row in table.rows]}
    die = table_die(table)
    if die is None:
        return {}
    distribution = die_distribution(die)

    def chance(totals: tuple[int, ...]) -> Fraction:
        return sum((distribution.get(total, Fraction(0)) for total in totals), Fraction(0))

    columns = list(getattr(table, "columns", ()) or ())
    if not columns:
        return {None: [chance(row.totals) for row in table.rows]}
    result: dict[Column, list[Fraction | None]] = {}
    for column in columns:
        result[column.key] = [
            chance(row.totals_in(column.key)) if row.totals_in(column.key) else None
            for row in table.rows
        ]
    return result


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
    """An extra grid of odds a game declares (the chance of a hit by CF and net DRM...).

    ``caption`` cites rules as ``{11.2.1}``; the page links them."""

    id: str
    title: str
    caption: str
    corner: str
    columns: tuple[str, ...]
    #: (row anchor, row label, a chance per column)
    rows: tuple[tuple[str, str, tuple[Fraction, ...]], ...]
    die: str


def extra_grids(game_id: str) -> list[Grid]:
    """The game's extra odds grids. MERGE: ``odds.odds_grids(game_id)``."""
    declared: Callable[[str], object] | None = getattr(kernel, "odds_grids", None)
    if declared is not None:  # the generic odds.py: its grids, in the shape above
        return list(declared(game_id))  # type: ignore[call-overload]
    if game_id != DEFAULT_GAME:
        return []
    # today's odds.py computes one grid, the default game's Fire Combat chance of a hit
    return [
        Grid(
            id="fire-combat-odds",
            title="Fire Combat: chance of a hit",
            caption=(
                "The chance that the d10 plus the net DRM of {11.2.1} is lower than or equal "
                "to the firing CF ({11.2.2}), an unmodified 9 never hitting ({11.2.4}); "
                "computed by the adjudicator. Rows: the firing CF; columns: the net DRM."
            ),
            corner="CF",
            columns=tuple(format_value(drm) for drm in kernel.FIRE_DRMS),
            rows=tuple(
                (
                    f"fire-cf-{cf}",
                    f"CF {cf}",
                    tuple(kernel.fire_hit_chance(cf, drm) for drm in kernel.FIRE_DRMS),
                )
                for cf in kernel.FIRE_CFS
            ),
            die="d10",
        )
    ]
