"""Exact odds of coloured dice pools (7.2-7.4), counted in integers by the kernel.

A pool's outcomes are counted as numbers of face combinations out of ``6 ** dice``: each colour
is a binomial (a die succeeds on its Success Number or more, 7.4), colours are convolved
(:func:`adjudicator.dice.pool_counts`). The red successes are kept apart (the Media Track
counts the Coalition's, 17.2.5.1, 23.1.2): a pool's ``apart`` counts are its red dice's, its
``others`` those of its blue and white dice.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...dice import (
    PoolCounts,
    _pool_counts,
    as_distribution,
    binomial_counts,
    convolve_counts,
    pool_counts,
    successes,
)

__all__ = ["RED", "PoolCounts", "as_distribution", "binomial_counts", "convolve_counts", "pool", "successes"]

SIDES = 6
#: the colour whose successes are counted apart (17.2.5.1)
RED = "red"
#: the kernel's cache of pool counts (benchmarks clear it)
_pool = _pool_counts


def pool(counts: Mapping[str, int], success_numbers: Mapping[str, int]) -> PoolCounts:
    """The counts of a pool of coloured d6 (each colour succeeding on its own number, 7.4.1),
    the red dice's successes kept apart (``apart``)."""
    return pool_counts(counts, success_numbers, (RED,), SIDES)
