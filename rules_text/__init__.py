"""The rulebooks as data: models, loading, cross-references, validation and search.

>>> from rules_text import load_corpus
>>> load_corpus("en").get("11.4.1").title
'SNIPER ATTACK'
"""

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
