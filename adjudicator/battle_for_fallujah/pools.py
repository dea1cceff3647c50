"""Exact odds of coloured dice pools (7.2-7.4), counted in integers.

A pool's outcomes are counted as numbers of face combinations out of ``6 ** dice``: each colour
is a binomial (a die succeeds on its Success Number or more, 7.4), colours are convolved. The
red successes are kept apart (the Media Track counts the Coalition's, 17.2.5.1, 23.1.2), so a
pool is two lists: the successes of its blue and white dice, and those of its red dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

SIDES = 6


@lru_cache(maxsize=512)
def binomial_counts(n: int, success_number: int) -> tuple[int, ...]:
    """For k = 0..n successes of n d6 succeeding on ``success_number`` or more: how many of the
    6**n face combinations give k."""
    hits = max(0, min(SIDES, SIDES - success_number + 1))
    misses = SIDES - hits
    return tuple(comb(n, k) * hits**k * misses ** (n - k) for k in range(n + 1))


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Counts of the sum of two independent counts (integer convolution)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True)
class PoolCounts:
    """A pool's successes, split into its red dice and the others, as counts over ``6 ** dice``."""

    dice: int
    #: index k: combinations of the blue and white dice giving k successes
    others: tuple[int, ...]
    #: index k: combinations of the red dice giving k successes
    red: tuple[int, ...]
    #: index k: combinations of the whole pool giving k successes
    total: tuple[int, ...]

    @property
    def combinations(self) -> int:
        return SIDES**self.dice


@lru_cache(maxsize=1024)
def _pool(counts: tuple[tuple[str, int], ...], numbers: tuple[tuple[str, int], ...]) -> PoolCounts:
    sn = dict(numbers)
    others: list[int] = [1]
    red: list[int] = [1]
    dice = 0
    for colour, n in counts:
        dice += n
        per = binomial_counts(n, sn[colour])
        if colour == "red":
            red = convolve(red, per)
        else:
            others = convolve(others, per)
    return PoolCounts(dice, tuple(others), tuple(red), tuple(convolve(others, red)))


def pool(counts: Mapping[str, int], success_numbers: Mapping[str, int]) -> PoolCounts:
    """The counts of a pool of coloured d6 (each colour succeeding on its own number, 7.4.1)."""
    return _pool(
        tuple(sorted((c, n) for c, n in counts.items() if n)),
        tuple(sorted(success_numbers.items())),
    )


def as_distribution(counts: Sequence[int], combinations: int) -> dict[int, Fraction]:
    """Counts as exact probabilities (every index kept, zero included)."""
    return {k: Fraction(c, combinations) for k, c in enumerate(counts)}


def successes(faces: Mapping[str, Sequence[int]], success_numbers: Mapping[str, int]) -> dict[str, int]:
    """The successes each colour's rolled faces give (7.3: dice equal to or above the SN)."""
    return {c: sum(1 for f in faces.get(c, ()) if f >= success_numbers[c]) for c in success_numbers}
