"""Exact odds of Second Fallujah's opposed 2D6 rolls (7.1): (2D6 + OV) against (2D6 + DV).

The margin OT - DT is counted over the 1,296 pairs of two 2D6 rolls; a single 2D6 over 36.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

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


#: how the Coalition player may use the Advantage after seeing a combat roll (10.1)
Advantage = Literal["heroic_effort", "mulligan"]


def with_advantage(dist: dict[int, Fraction], use: Advantage | None) -> dict[int, Fraction]:
    """The margin OT - DT when the Coalition player uses the Advantage to win (10.1): a Heroic
    Effort on a stall, the roll changed by one into a success; a Mulligan on a stall or a
    repulse, every die rerolled and the new result kept."""
    if use is None:
        return dist
    if use == "heroic_effort":
        out = {m: p for m, p in dist.items() if m != 0}
        out[1] = out.get(1, Fraction(0)) + dist.get(0, Fraction(0))
        return out
    failed = sum((p for m, p in dist.items() if m <= 0), Fraction(0))
    return {m: (p if m > 0 else Fraction(0)) + failed * p for m, p in dist.items()}


def outcomes_of(dist: dict[int, Fraction]) -> dict[str, Fraction]:
    """success (OT > DT), stall (OT = DT), repulse (OT < DT) (7.2.7) of a margin's distribution."""
    return {
        "success": sum((p for m, p in dist.items() if m > 0), Fraction(0)),
        "stall": dist.get(0, Fraction(0)),
        "repulse": sum((p for m, p in dist.items() if m < 0), Fraction(0)),
    }


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


def odds_fields(odds: dict[str, Fraction], denominator: int = PAIRS) -> dict[str, Any]:
    """An answer's odds of each outcome, as floats (``probabilities``) and as exact fractions over
    the dice's ``denominator`` (``exact``)."""
    return {"probabilities": floats(odds), "exact": exact_over(odds, denominator)}


def dist_floats(dist: dict[int, Fraction]) -> dict[str, float]:
    return {str(k): float(p) for k, p in sorted(dist.items())}


def dist_exact(dist: dict[int, Fraction], denominator: int = PAIRS) -> dict[str, str]:
    return {str(k): over(p, denominator) for k, p in sorted(dist.items())}
