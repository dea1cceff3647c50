"""The games' data folders (games/README.md), and how every layer finds a game by id.

>>> from rules_text.games import declaration
>>> declaration("phantom-fury").dice
('d10',)
"""

from ..loading import (
    DataError,
    UnknownGame,
    available_games,
    declaration,
    declarations,
    game_dir,
    package_of,
)
from ..models import GameDeclaration

__all__ = ["DataError", "GameDeclaration", "UnknownGame", "available_games", "declaration", "declarations", "game_dir", "package_of"]
