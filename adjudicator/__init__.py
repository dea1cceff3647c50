"""Pure game math over a game's rulebook tables: no I/O, inputs and outputs are pydantic models.

The kernel (this package's modules) names no game: each game's procedures live in its own
package, ``adjudicator.<package>``, found through the game's declaration
(:mod:`adjudicator.registry`). ``game`` defaults to the default game of ``rules_text``.

>>> from adjudicator import dice
>>> dice.sum_of(2, 6)[7]
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .api import adjudicate, cited, parse
from .errors import InvalidSituation, Problem
from .models import Adjudication, Modifier, Note, Step
from .registry import (
    DEFAULT_GAME,
    Procedure,
    UnknownGame,
    UnknownSituation,
    games,
    games_with,
    procedure,
    schema,
    situations,
)

__all__ = [
    "DEFAULT_GAME",
    "SITUATIONS",
    "Adjudication",
    "InvalidSituation",
    "Modifier",
    "Note",
    "Problem",
    "Procedure",
    "Step",
    "UnknownGame",
    "UnknownSituation",
    "adjudicate",
    "cited",
    "games",
    "games_with",
    "parse",
    "procedure",
    "schema",
    "situations",
]


def __getattr__(name: str) -> Any:
    """``SITUATIONS``: the default game's situations (the name used before game packs)."""
    if name == "SITUATIONS":
        found: Mapping[str, Procedure] = situations(DEFAULT_GAME)
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
