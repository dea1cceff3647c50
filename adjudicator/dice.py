"""Dice and exact odds, for any game: faces, sums, differences, coloured pools, decks.

Odds are counted, not sampled. A distribution is a mapping from a total (or a number of
successes) to its exact probability as a :class:`~fractions.Fraction`; its values sum to 1.
The d10 helpers count integer weights (numbers of faces) that :func:`odds` turns into
fractions of their total.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TypeVar

from rules_text.models import Table

T = TypeVar("T")
K = TypeVar("K")

#: The faces of a d10, read as 0 to 9: the '0' is 0, not 10.
FACES: tuple[int, ...] = tuple(range(10))

_DIE = re.compile(r"^(\d*)d(\d+)$")


def parse_die(die: str) -> tuple[int, int]:
    """ "d6" -> (1, 6), "2d6" -> (2, 6), "d10" -> (1, 10)."""
    match = _DIE.match(die.strip().lower())
    if not match or int(match.group(2)) < 2:
        raise ValueError(f"die {die!r}: expected dN or NdN (d6, 2d6, d10)")
    return int(match.group(1) or 1), int(match.group(2))


def die_faces(die: str) -> tuple[int, ...]:
    """The faces of one die: "d10" -> 0..9 (the 0 is 0), "d6" -> 1..6, "dN" -> 1..N."""
    count_, sides = parse_die(die)
    if count_ != 1:
        raise ValueError(f"die {die!r}: die_faces takes one die (d6, d10); see totals or sum_of for {die}")
    return FACES if sides == 10 else tuple(range(1, sides + 1))


def totals(die: str) -> tuple[int, ...]:
    """Every value a die expression's unmodified total can take: one die's faces ("d10" -> 0..9,
    "d6" -> 1..6), or the sums of several ("2d6" -> 2..12). What a die field's bounds are checked
    against, and what its error message names."""
    count_, sides = parse_die(die)
    if count_ == 1:
        return die_faces(die)
    return tuple(range(count_, count_ * sides + 1))


def faces(given: int | None) -> tuple[int, ...]:
    """The d10 faces still possible for a die: the one rolled, or all of them."""
    return FACES if given is None else (given,)


def count(candidates: Iterable[int], hit: Callable[[int], bool]) -> int:
    """How many of the candidate faces satisfy ``hit``."""
    return sum(1 for face in candidates if hit(face))


def tally(candidates: Iterable[T], outcome: Callable[[T], K]) -> dict[K, int]:
    """How many of the candidates (faces, pairs of faces) give each outcome, the outcomes in the
    order first met: the weights :func:`odds` reads."""
    weights: dict[K, int] = {}
    for candidate in candidates:
        key = outcome(candidate)
        weights[key] = weights.get(key, 0) + 1
    return weights


def table_weights(table: Table, candidates: Iterable[int] = FACES) -> dict[str, int]:
    """For a d10 table, how many of the candidate faces select each row (rows in table order)."""
    allowed = set(candidates)
    return {row.result: sum(1 for f in row.faces if f in allowed) for row in table.rows}


def table_die(table: Table) -> str | None:
    """The die a table is rolled with ("d10", "d6", "2d6"), or None (lists, modifiers, cards...)."""
    if table.kind == "d10":
        return "d10"
    return str(table.die) if table.kind == "roll" and table.die is not None and str(table.die) != "deck" else None


def row_chances(table: Table, column: str | None = None) -> list[Fraction | None]:
    """Each row's chance on an unmodified roll of the table's own die: a d10 row's faces, a roll
    row's totals (in ``column`` for a table of several columns); None for a row that covers no
    total there. Empty for a table rolled on no die."""
    die = table_die(table)
    if die is None:
        return []
    dist = distribution(die)
    chances: list[Fraction | None] = []
    for row in table.rows:
        if table.kind == "d10":
            covered = row.faces
        else:
            covered = row.totals_in(column) if column is not None else row.totals
        chances.append(sum((dist.get(t, Fraction(0)) for t in covered), Fraction(0)) if covered else None)
    return chances


def odds(weights: Mapping[str, int], keys: Iterable[str] = ()) -> dict[str, Fraction]:
    """Weights as exact probabilities; every key of ``keys`` is present, zero included."""
    total = sum(weights.values())
    result = {key: Fraction(0) for key in keys}
    for key, weight in weights.items():
        result[key] = result.get(key, Fraction(0)) + (
            Fraction(weight, total) if total else Fraction(0)
        )
    return result


def uniform(values: Iterable[int]) -> dict[int, Fraction]:
    """Each value equally likely (a die's faces)."""
    listed = list(values)
    return {value: Fraction(listed.count(value), len(listed)) for value in sorted(set(listed))}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent values."""
    result: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            result[x + y] = result.get(x + y, Fraction(0)) + px * py
    return dict(sorted(result.items()))


@lru_cache(maxsize=64)
def _sum_of(n: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    one = uniform(range(1, sides + 1))
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(n):
        total = convolve(total, one)
    return tuple(total.items())


def sum_of(n: int, sides: int) -> dict[int, Fraction]:
    """The sums of ``n`` dice of ``sides`` faces numbered 1..sides (2d6: 2..12)."""
    if n < 0 or sides < 1:
        raise ValueError(f"sum_of({n}, {sides}): n >= 0 dice of sides >= 1")
    return dict(_sum_of(n, sides))


def shift(dist: Mapping[int, Fraction], by: int) -> dict[int, Fraction]:
    """A distribution with a constant added (2d6 + OV)."""
    return {value + by: p for value, p in dist.items()}


def difference(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of ``A - B`` for independent A and B (2d6+OV minus 2d6+DV)."""
    return convolve(a, {-value: p for value, p in b.items()})


def at_least(dist: Mapping[int, Fraction], threshold: int) -> Fraction:
    """P(value >= threshold)."""
    return sum((p for value, p in dist.items() if value >= threshold), Fraction(0))


def in_range(dist: Mapping[int, Fraction], low: int, high: int) -> Fraction:
    """P(low <= value <= high)."""
    return sum((p for value, p in dist.items() if low <= value <= high), Fraction(0))


@lru_cache(maxsize=512)
def binomial_counts(n: int, success_on: int, sides: int = 6) -> tuple[int, ...]:
    """For k = 0..n successes of n dice succeeding on ``success_on`` or more: how many of the
    ``sides ** n`` face combinations give k (whole numbers, so sums of them stay exact)."""
    hits = max(0, min(sides, sides - success_on + 1))
    misses = sides - hits
    return tuple(comb(n, k) * hits**k * misses ** (n - k) for k in range(n + 1))


def convolve_counts(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Counts (index: a number of successes) of the sum of two independent counts."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True)
class PoolCounts:
    """A pool's successes counted over its ``sides ** dice`` face combinations (index k: the
    combinations giving k successes), the successes of the colours kept apart separately (a game
    that counts one colour's successes for something else too)."""

    dice: int
    sides: int
    #: the colours not kept apart
    others: tuple[int, ...]
    #: the colours kept apart (``apart`` of :func:`pool_counts`); ``(1,)`` when none is
    apart: tuple[int, ...]
    #: the whole pool
    total: tuple[int, ...]

    @property
    def combinations(self) -> int:
        return int(self.sides**self.dice)


@lru_cache(maxsize=1024)
def _pool_counts(
    counts: tuple[tuple[str, int], ...],
    success_on: tuple[tuple[str, int], ...],
    apart: frozenset[str],
    sides: int,
) -> PoolCounts:
    numbers = dict(success_on)
    others: list[int] = [1]
    kept: list[int] = [1]
    dice = 0
    for colour, n in counts:
        if n < 0:
            raise ValueError(f"pool: {colour}: {n} dice (at least 0)")
        if colour not in numbers:
            given = ", ".join(numbers) or "no colour"
            raise ValueError(f"pool: {colour}: no success number (given for {given})")
        dice += n
        per = binomial_counts(n, numbers[colour], sides)
        if colour in apart:
            kept = convolve_counts(kept, per)
        else:
            others = convolve_counts(others, per)
    return PoolCounts(dice, sides, tuple(others), tuple(kept), tuple(convolve_counts(others, kept)))


def pool_counts(
    counts: Mapping[str, int],
    success_on: Mapping[str, int],
    apart: Iterable[str] = (),
    sides: int = 6,
) -> PoolCounts:
    """The exact counts of a pool of coloured dice, each colour succeeding on its own number
    (``success_on[colour]`` or more), the colours of ``apart`` also counted on their own."""
    return _pool_counts(
        tuple(sorted((c, n) for c, n in counts.items() if n)),
        tuple(sorted(success_on.items())),
        frozenset(apart),
        sides,
    )


def as_distribution(counts: Sequence[int], combinations: int) -> dict[int, Fraction]:
    """Counts (index: a value) as exact probabilities, every index kept, zero included."""
    return {k: Fraction(c, combinations) for k, c in enumerate(counts)}


def successes(faces: Mapping[str, Sequence[int]], success_on: Mapping[str, int]) -> dict[str, int]:
    """The successes each colour's rolled faces give (a face equal to or above its number)."""
    return {c: sum(1 for f in faces.get(c, ()) if f >= success_on[c]) for c in success_on}


def pool_successes(
    counts: Mapping[str, int], success_on: Mapping[str, int], sides: int = 6
) -> dict[int, Fraction]:
    """The number of successes of a pool of coloured dice, each colour with its own success
    number (a die succeeds when it shows ``success_on[colour]`` or more). Exact: one binomial
    per colour, counted in integers, convolved, then divided by the number of combinations."""
    for colour, n in counts.items():
        if n < 0:
            raise ValueError(f"pool: {colour}: {n} dice (at least 0)")
        if colour not in success_on:
            given = ", ".join(success_on) or "no colour"
            raise ValueError(f"pool: {colour}: no success number (given for {given})")
    counted = pool_counts(counts, success_on, (), sides)
    return as_distribution(counted.total, counted.combinations)


def shuffled(deck: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of a deck (the deck itself is left as it was)."""
    cards = list(deck)
    rng.shuffle(cards)
    return cards


def chance_in_top(deck_size: int, wanted: int, drawn: int) -> Fraction:
    """P(at least one of ``wanted`` cards among the first ``drawn`` of a shuffled deck)."""
    if not 0 <= wanted <= deck_size or not 0 <= drawn <= deck_size:
        raise ValueError(f"deck of {deck_size}: {wanted} wanted, {drawn} drawn")
    miss = Fraction(1)
    for i in range(drawn):
        miss *= Fraction(deck_size - wanted - i, deck_size - i) if deck_size - i else 0
    return 1 - max(miss, Fraction(0))


def roll(die: str, rng: random.Random) -> int:
    """One roll of the game's die ("d10", "d6") or the total of several ("2d6")."""
    count_, sides = parse_die(die)
    if count_ == 1:
        return rng.choice(die_faces(die))
    return sum(rng.randint(1, sides) for _ in range(count_))


def distribution(die: str) -> dict[int, Fraction]:
    """The exact distribution of a die expression's unmodified total ("d10", "d6", "2d6")."""
    count_, sides = parse_die(die)
    if count_ == 1:
        return uniform(die_faces(die))
    return sum_of(count_, sides)
