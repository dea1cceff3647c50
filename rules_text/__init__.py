"""The rulebooks as data: models, loading, cross-references, validation and search.

>>> from rules_text import load_corpus
>>> load_corpus("en").get("11.4.1").title
'SNIPER ATTACK'
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing is imported by type checkers only: ``fallujah rule`` does without it
if TYPE_CHECKING:
    from typing import Any

    from .corpus import Corpus, Game, UnknownSection
    from .loading import (
        DEFAULT_GAME,
        DataError,
        UnknownGame,
        available_games,
        declaration,
        load_corpus,
        load_game,
    )
    from .models import LANGS, GameDeclaration, Kind, Lang, Section, Table

#: each public name and its module, imported on first use: ``fallujah rule`` imports this package
#: without pydantic (issue 11, item 7)
_LAZY = {
    **dict.fromkeys(("Corpus", "Game", "UnknownSection"), ".corpus"),
    **dict.fromkeys(("DEFAULT_GAME", "DataError", "UnknownGame", "available_games", "declaration",
                     "load_corpus", "load_game"), ".loading"),
    **dict.fromkeys(("LANGS", "GameDeclaration", "Kind", "Lang", "Section", "Table"), ".models"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_GAME",
    "LANGS",
    "Corpus",
    "DataError",
    "Game",
    "GameDeclaration",
    "Kind",
    "Lang",
    "Section",
    "Table",
    "UnknownGame",
    "UnknownSection",
    "available_games",
    "declaration",
    "load_corpus",
    "load_game",
]
