"""Garbage JSON for the fuzz tests: values drawn from one seed that hypothesis draws.

The fuzz tests send thousands of bodies; drawn through nested hypothesis strategies
(``st.recursive`` of dictionaries, lists and text), each body cost hypothesis some 250 choices,
about 20 ms of its engine's time, which was most of those tests' time. Here hypothesis draws a seed
(``st.randoms(use_true_random=True)``, one choice) and a plain :class:`random.Random` builds the
value from it: the same kinds of values (the API's own field names and words, any code point with
lone surrogates and NULs, integers far past any column, floats to infinity, nesting and empty
containers), each a few microseconds. A failing body is printed whole by hypothesis
(``Falsifying example``) and comes back from the same seed; it is not shrunk.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

#: code points a client may send that break naive code: NUL, lone surrogates (half a pair)
SPECIAL_CHARS = ("\x00", "\ud800", "\udfff", "\ud83d")
#: integers at the edges of every column and parser: 64-bit bounds, 10^30, the float's exact limit
EDGE_INTEGERS = (0, 1, -1, 2**31 - 1, -(2**31), 2**53 + 1, 2**63 - 1, -(2**63), 2**64, 10**30, -(10**30))
EDGE_FLOATS = (0.0, -0.0, 0.5, 1e-300, 5e-324, 1e308, -1e308, sys.float_info.max, float("inf"), float("-inf"))


def char(rng: random.Random) -> str:
    """One character: ASCII mostly, else any code point (surrogates included) or a special one."""
    pick = rng.random()
    if pick < 0.6:
        return chr(rng.randrange(0x20, 0x7F))
    if pick < 0.9:
        return chr(rng.randrange(0, 0x110000))
    return rng.choice(SPECIAL_CHARS)


def text(rng: random.Random, max_size: int = 30) -> str:
    """A string of up to ``max_size`` characters (empty as often as hypothesis draws it)."""
    size = 0 if rng.random() < 0.15 else rng.randint(1, max_size)
    return "".join(char(rng) for _ in range(size))


def integer(rng: random.Random) -> int:
    pick = rng.random()
    if pick < 0.5:
        return rng.randint(-3, 70)
    if pick < 0.75:
        return rng.choice(EDGE_INTEGERS) + rng.choice((0, 0, 1, -1))
    return rng.randint(-(2**70), 2**70) >> rng.randrange(70)


def floating(rng: random.Random) -> float:
    if rng.random() < 0.4:
        return rng.choice(EDGE_FLOATS)
    return rng.uniform(-1e6, 1e6) * 10.0 ** rng.randint(-20, 20)


def scalar(rng: random.Random, words: Sequence[str]) -> Any:
    """None, a boolean, an integer, a float, one of ``words`` or any text."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice((None, True, False))
    if kind == 1:
        return integer(rng)
    if kind == 2:
        return floating(rng)
    if kind in (3, 4):
        return rng.choice(words)
    return text(rng)


def value(rng: random.Random, fields: Sequence[str], words: Sequence[str], leaves: int = 20) -> Any:
    """A JSON value of at most ``leaves`` scalars: a scalar, or a list or an object of up to 6
    members (keys from ``fields`` or any short text), nested as deep as the leaves allow."""
    budget = [leaves]

    def draw(depth: int) -> Any:
        if budget[0] <= 1 or rng.random() < 0.5 or depth > 8:
            budget[0] -= 1
            return scalar(rng, words)
        size = rng.randint(0, 6)
        if rng.random() < 0.5:
            return [draw(depth + 1) for _ in range(size) if budget[0] > 0]
        return {key(rng, fields): draw(depth + 1) for _ in range(size) if budget[0] > 0}

    return draw(0)


def key(rng: random.Random, fields: Sequence[str]) -> str:
    return rng.choice(fields) if rng.random() < 0.7 else text(rng, 8)


def body(rng: random.Random, fields: Sequence[str], words: Sequence[str], max_size: int = 8) -> dict[str, Any]:
    """A JSON object of up to ``max_size`` members named from ``fields``, each any :func:`value`."""
    return {rng.choice(fields): value(rng, fields, words) for _ in range(rng.randint(0, max_size))}


def drawn(build: Callable[[random.Random], Any]) -> st.SearchStrategy[Any]:
    """A strategy of ``build(rng)``, ``rng`` seeded by hypothesis (one choice per example)."""
    return st.randoms(use_true_random=True).map(build)
