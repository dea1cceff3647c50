"""The d10 (3) and exact odds over its faces.

Odds are counted, not sampled: each procedure adds integer weights (numbers of faces, or
products of them over several dice) to its outcomes, and :func:`odds` turns them into
fractions of their total.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from rules_text.models import Table

#: The faces of the d10: "The '0' on a d10 is equivalent to '0', and not '10'" (3).
FACES: tuple[int, ...] = tuple(range(10))


def faces(given: int | None) -> tuple[int, ...]:
    """The faces still possible for a die: the one rolled, or all of them."""
    return FACES if given is None else (given,)


def count(candidates: Iterable[int], hit: Callable[[int], bool]) -> int:
    """How many of the candidate faces satisfy ``hit``."""
    return sum(1 for face in candidates if hit(face))


def table_weights(table: Table, candidates: Iterable[int] = FACES) -> dict[str, int]:
    """For a d10 table, how many of the candidate faces select each row (rows in table order)."""
    allowed = set(candidates)
    return {row.result: sum(1 for f in row.faces if f in allowed) for row in table.rows}


def odds(weights: Mapping[str, int], keys: Iterable[str] = ()) -> dict[str, Fraction]:
    """Weights as exact probabilities; every key of ``keys`` is present, zero included."""
    total = sum(weights.values())
    result = {key: Fraction(0) for key in keys}
    for key, weight in weights.items():
        result[key] = result.get(key, Fraction(0)) + (
            Fraction(weight, total) if total else Fraction(0)
        )
    return result
