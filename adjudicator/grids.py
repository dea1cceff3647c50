"""A grid of exact chances a game declares for its rules site (``ODDS_GRIDS`` in its package):
rows by columns, each cell the chance the game's own procedure computes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class OddsGrid:
    """One grid of chances, with the words the site prints around it."""

    #: the HTML anchor of the grid (unique on the page)
    id: str
    title: str
    #: the explanation under the title; ``{rule:ID}`` marks where a rule id is linked
    intro: str
    #: the header of the row labels' column
    corner: str
    #: each row's label and anchor, ``{row}`` standing for the row's value
    row_label: str
    row_id: str
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    #: the chance in one cell: ``chance(row, column)``
    chance: Callable[[int, int], Fraction]
    #: the die the chances are counted over ("d10")
    die: str = "d10"

    def cells(self) -> dict[tuple[int, int], Fraction]:
        """Every cell's chance, by (row, column)."""
        return {(row, col): self.chance(row, col) for row in self.rows for col in self.columns}
