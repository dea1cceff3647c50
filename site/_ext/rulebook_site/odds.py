"""Odds computed by the adjudicator (``adjudicator.dice``, ``adjudicator.fire``), shown on the
tables page: the game math is written once, there, and the site only prints it."""

from __future__ import annotations

from fractions import Fraction

from adjudicator import current
from adjudicator.dice import FACES, count, odds, table_weights
from adjudicator.fire import hits
from rules_text.models import Table

#: the net Fire Combat DRMs the modifiers of 11.2.1 can add up to (–1 'Phantom Fury' to +5)
FIRE_DRMS: tuple[int, ...] = tuple(range(-1, 6))
#: the firing CFs shown: a squad's 4 to 6, up to 8 with its CAAT support (11.1.2.1), and below
FIRE_CFS: tuple[int, ...] = tuple(range(1, 9))


def row_odds(table: Table) -> dict[str, Fraction]:
    """The chance of each row of a d10 table (3: ten equal faces, 0 is 0)."""
    return odds(table_weights(table), [row.result for row in table.rows])


def tenths(chance: Fraction) -> str:
    """A chance as faces out of 10 and a percentage: "3/10 (30%)"."""
    faces = chance * 10
    return f"{faces}/10 ({chance * 100}%)"


def fire_hit_chance(cf: int, drm: int) -> Fraction:
    """Chance a Fire Combat roll hits: d10 + DRM <= CF, never on an unmodified 9 (11.2.2, 11.2.4)."""
    book = current()
    return Fraction(count(FACES, lambda face: hits(face, drm, cf, book)), len(FACES))
