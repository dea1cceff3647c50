"""Exact odds of Second Fallujah's opposed 2D6 rolls (7.1): (2D6 + OV) against (2D6 + DV).

The margin OT - DT is counted over the 1,296 pairs of two 2D6 rolls; a single 2D6 over 36.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...dice import difference, sum_of

PAIRS = 1296
SINGLE = 36


@lru_cache(maxsize=1)
def _dice_margin() -> tuple[tuple[int, Fraction], ...]:
    two = sum_of(2, 6)
    return tuple(difference(two, two).items())


def margin(ov: int, dv: int) -> dict[int, Fraction]:
    """P(OT - DT = m) for OT = 2D6 + ov and DT = 2D6 + dv."""
    return {m + ov - dv: p for m, p in _dice_margin()}


def outcome_odds(ov: int, dv: int) -> dict[str, Fraction]:
    """success (OT > DT), stall (OT = DT), repulse (OT < DT) (7.2.7)."""
    dist = margin(ov, dv)
    return {
        "success": sum((p for m, p in dist.items() if m > 0), Fraction(0)),
        "stall": dist.get(0, Fraction(0)),
        "repulse": sum((p for m, p in dist.items() if m < 0), Fraction(0)),
    }


def over(value: Fraction, denominator: int = PAIRS) -> str:
    top = value * denominator
    return f"{top.numerator}/{denominator}" if top.denominator == 1 else str(value)


def exact_over(odds: dict[str, Fraction], denominator: int = PAIRS) -> dict[str, str]:
    return {key: over(p, denominator) for key, p in odds.items()}


def floats(odds: dict[str, Fraction]) -> dict[str, float]:
    return {key: float(p) for key, p in odds.items()}


def dist_floats(dist: dict[int, Fraction]) -> dict[str, float]:
    return {str(k): float(p) for k, p in sorted(dist.items())}


def dist_exact(dist: dict[int, Fraction], denominator: int = PAIRS) -> dict[str, str]:
    return {str(k): over(p, denominator) for k, p in sorted(dist.items())}
