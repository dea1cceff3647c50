"""The registry of games: every generic layer of the companion finds a game here, by its id.

A game is declared once, in ``rules_text/games/<id>/game.yaml`` (id, title, languages, dice,
package). Its companion, when written, is the package ``web.games.<package>`` (the declared
``package``, else the id with ``-`` made ``_``) declaring ``COMPANION``
(:class:`web.companion.Companion`). A game without one is still a game: rules, search and the
free calculator. Nothing here names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rules_text.loading import DEFAULT_GAME, available_games, game_dir, read_yaml

if TYPE_CHECKING:
    from web.companion import Companion

__all__ = [
    "DEFAULT_GAME",
    "Declaration",
    "UnknownGame",
    "companion",
    "companions",
    "declaration",
    "has_companion",
    "known_games",
    "require",
]


class UnknownGame(LookupError):
    """A game id that no ``game.yaml`` declares: one line naming it and the known games."""

    def __init__(self, game: str):
        self.game = game
        known = ", ".join(known_games()) or "none"
        super().__init__(f"unknown game {game!r} (known games: {known})")


class NoCompanion(LookupError):
    """A declared game whose companion is not written yet (rules, search and calculator only)."""

    def __init__(self, game: str):
        self.game = game
        with_one = ", ".join(g for g in known_games() if has_companion(g)) or "none"
        super().__init__(f"game {game!r} has no companion yet: rules, search and calculator only "
                         f"(games with a companion: {with_one})")


@dataclass(frozen=True)
class Declaration:
    """What the companion reads of a game's ``game.yaml``."""

    id: str
    title: str
    short_title: str
    languages: tuple[str, ...]
    dice: tuple[str, ...]
    package: str


def known_games() -> list[str]:
    return available_games()


@cache
def declaration(game: str) -> Declaration:
    """The game's declaration, or :class:`UnknownGame`."""
    if not isinstance(game, str) or game not in known_games():
        raise UnknownGame(str(game)[:80])
    folder = game_dir(game)
    data: dict[str, Any] = read_yaml(folder / "game.yaml") or {}
    languages = data.get("languages") or sorted(
        p.name for p in folder.iterdir() if p.is_dir() and len(p.name) == 2
    )
    dice = data.get("dice") or ([data["die"]] if data.get("die") else [])
    title = str(data.get("title") or game)
    return Declaration(
        id=game,
        title=title,
        short_title=str(data.get("short_title") or title),
        languages=tuple(languages),
        dice=tuple(str(d) for d in dice),
        package=str(data.get("package") or game.replace("-", "_")),
    )


def require(game: str | None) -> str:
    """The game id if it is declared (``None``: the default game), else :class:`UnknownGame`."""
    game = DEFAULT_GAME if game is None else game
    declaration(game)
    return game


def _module(game: str) -> str:
    return f"{__name__}.{declaration(game).package}"


def has_companion(game: str) -> bool:
    """The game has a companion package (found without importing it)."""
    return importlib.util.find_spec(_module(game)) is not None


@cache
def _load(game: str) -> Companion | None:
    if not has_companion(game):
        return None
    found: Companion = importlib.import_module(_module(game)).COMPANION
    if found.game != game:
        raise RuntimeError(f"{_module(game)}.COMPANION serves {found.game!r}, not {game!r}")
    return found


def companion(game: str) -> Companion:
    """The game's companion: :class:`UnknownGame` or :class:`NoCompanion` when there is none."""
    found = _load(require(game))
    if found is None:
        raise NoCompanion(game)
    return found


def companions() -> dict[str, Companion]:
    """Every declared game that has a companion, by id."""
    out = {}
    for game in known_games():
        found = _load(game)
        if found is not None:
            out[game] = found
    return out
