"""Phantom Fury's grids for the rules site: Fire Combat's chance of a hit by firing CF and net DRM."""

from __future__ import annotations

from fractions import Fraction

from ...dice import FACES, count
from ...grids import OddsGrid
from .fire import hits
from .rulebook import current

#: the net Fire Combat DRMs the modifiers of 11.2.1 can add up to (–1 'Phantom Fury' to +5)
FIRE_DRMS: tuple[int, ...] = tuple(range(-1, 6))
#: the firing CFs shown: a squad's 4 to 6, up to 8 with its CAAT support (11.1.2.1), and below
FIRE_CFS: tuple[int, ...] = tuple(range(1, 9))


def fire_hit_chance(cf: int, drm: int) -> Fraction:
    """Chance a Fire Combat roll hits: d10 + DRM <= CF, never on an unmodified 9 (11.2.2, 11.2.4)."""
    book = current()
    return Fraction(count(FACES, lambda face: hits(face, drm, cf, book)), len(FACES))


FIRE_GRID = OddsGrid(
    id="fire-combat-odds",
    title="Fire Combat: chance of a hit",
    intro=(
        "The chance that the d10 plus the net DRM of {rule:11.2.1} is lower than or equal to the "
        "firing CF ({rule:11.2.2}), an unmodified 9 never hitting ({rule:11.2.4}); computed by "
        "the adjudicator. Rows: the firing CF; columns: the net DRM."
    ),
    corner="CF",
    row_label="CF {row}",
    row_id="fire-cf-{row}",
    rows=FIRE_CFS,
    columns=FIRE_DRMS,
    chance=fire_hit_chance,
)
