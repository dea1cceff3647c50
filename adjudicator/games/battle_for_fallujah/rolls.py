"""1D6 rolls on the game's tables (7.1.1: roll one D6, add the modifiers, total the result).

A total outside the rows a table prints is an ambiguity of its own (errata.yaml): the caller
says what becomes of it (read the nearest row, or no result).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

from rules_text.tables import Table, TableRow

from ...models import Outcome
from .data import Book

FACES = tuple(range(1, 7))
K = TypeVar("K")


def totals(modifier: int) -> dict[int, Fraction]:
    """The modified totals of 1D6 + modifier, each 1/6."""
    return {face + modifier: Fraction(1, 6) for face in FACES}


def row_for(table: Table, total: int, column: str | None = None, clamp: bool = False) -> TableRow | None:
    """The row a total reads; ``clamp``: a total beyond the printed rows reads the nearest one.
    None: no row answers the total."""
    if clamp and table.range is not None:
        low, high = table.range
        total = min(max(total, low), high)
    try:
        return table.row_for_total(total, column)
    except KeyError:
        return None


def nearest_row(table: Table, total: int, column: str | None = None) -> TableRow:
    """The row a total reads, a total beyond the printed rows reading the nearest one (a table
    read so prints a row for every total of its range)."""
    row = row_for(table, total, column, clamp=True)
    assert row is not None, total
    return row


def read_roll(table: Table, roll: int, modifier: int, column: str | None = None) -> tuple[int, TableRow]:
    """A roll's total (the die plus the modifiers, 7.1.1) and the row it reads, a total beyond the
    printed rows reading the nearest one."""
    total = roll + modifier
    return total, nearest_row(table, total, column)


class TotalOutcome(Outcome):
    """A roll on a table, resolved (7.1.1)."""

    #: the die plus the modifiers: the number the table is read with
    total: int


def outcome_odds(modifier: int, outcome: Callable[[int], K], every: Iterable[K] = ()) -> dict[K, Fraction]:
    """P(outcome) over the six faces of 1D6 + modifier; the outcomes of ``every`` first, in its
    order, each at 0 when no face gives it."""
    found: dict[K, Fraction] = dict.fromkeys(every, Fraction(0))
    for total, p in totals(modifier).items():
        key = outcome(total)
        found[key] = found.get(key, Fraction(0)) + p
    return found


def bounds_from_range(b: Book, table_id: str, dice_low: int = 1, dice_high: int = 6) -> tuple[int, int]:
    """The modifier a table's declared range allows around one die (range minus 1..6)."""
    table = b.table(table_id)
    assert table.range is not None, table_id
    low, high = table.range
    return low - dice_low, high - dice_high


def turn_bounds(b: Book) -> tuple[int, int]:
    """The game's turns, from the reinforcement roll's declared range: 1D6 + turn (14.3.1) +
    the Blocks Pacified modifier (14.3.2) spans the table's range, so the turns are the range
    less the die and the modifier's bounds."""
    low, high = bounds_from_range(b, "reinforcements")
    pac_low, pac_high = b.bounds("end-of-turn-vp", "blocks_pacified")
    return low - pac_low, high - pac_high
