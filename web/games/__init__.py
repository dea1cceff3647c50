"""The registry of games: every generic layer of the companion finds a game here, by its id.

A game is declared once, in ``rules_text/games/<id>/game.yaml`` (id, title, languages, dice,
package), read by :mod:`rules_text.loading`: :class:`Declaration` and :class:`UnknownGame` are
that layer's, re-exported here. Its companion, when written, is the package
``web.games.<package>`` (:func:`rules_text.loading.package_of`) declaring ``COMPANION``
(:class:`web.companion.Companion`). A game without one is still a game: rules, search and the
free calculator. Nothing here names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_text.loading import DEFAULT_GAME, UnknownGame, available_games, package_of
from rules_text.loading import declaration as _declared
from rules_text.models import GameDeclaration as Declaration

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
    "package_dir",
    "require",
]


class NoCompanion(LookupError):
    """A declared game whose companion is not written yet (rules, search and calculator only)."""

    def __init__(self, game: str):
        self.game = game
        with_one = ", ".join(g for g in known_games() if has_companion(g)) or "none"
        super().__init__(f"game {game!r} has no companion yet: rules, search and calculator only "
                         f"(games with a companion: {with_one})")


def known_games() -> list[str]:
    """The declared games (:func:`rules_text.loading.available_games`), read once per request:
    a page asks for its game's companion or labels hundreds of times, and each reading lists
    the games folder and checks every game's ``game.yaml`` (about 50 µs). Outside a request
    (the CLI, a test) the folder is read each time; Flask is not imported for that (a command
    that serves no page does not pay for it)."""
    flask = sys.modules.get("flask")
    if flask is None or not flask.has_request_context():
        return available_games()
    found: list[str] | None = flask.g.get("fallujah_games")
    if found is None:
        found = flask.g.fallujah_games = available_games()
    return list(found)


def declaration(game: str) -> Declaration:
    """The game's declaration (:func:`rules_text.loading.declaration`, read once per process),
    or :class:`UnknownGame` (for any value, a list from a JSON body too)."""
    if not isinstance(game, str) or game not in known_games():
        raise UnknownGame(str(game)[:80])
    return _declaration(game)


@cache
def _declaration(game: str) -> Declaration:
    return _declared(game)


def require(game: str | None) -> str:
    """The game id if it is declared (``None``: the default game), else :class:`UnknownGame`."""
    game = DEFAULT_GAME if game is None else game
    declaration(game)
    return game


def _module(game: str) -> str:
    return f"{__name__}.{package_of(require(game))}"


def has_companion(game: str) -> bool:
    """The game has a companion package (found without importing it)."""
    return importlib.util.find_spec(_module(game)) is not None


@cache
def _load(game: str) -> Companion[Any, Any] | None:
    if not has_companion(game):
        return None
    found: Companion[Any, Any] = importlib.import_module(_module(game)).COMPANION
    if found.game != game:
        raise RuntimeError(f"{_module(game)}.COMPANION serves {found.game!r}, not {game!r}")
    return found


def companion(game: str) -> Companion[Any, Any]:
    """The game's companion: :class:`UnknownGame` or :class:`NoCompanion` when there is none."""
    found = _load(require(game))
    if found is None:
        raise NoCompanion(game)
    return found


def companions() -> dict[str, Companion[Any, Any]]:
    """Every declared game that has a companion, by id."""
    out = {}
    for game in known_games():
        found = _load(game)
        if found is not None:
            out[game] = found
    return out


def package_dir(game: str) -> Path | None:
    """The folder of the game's companion package (its templates, static files and translations),
    found without importing it; None for a game without one."""
    spec = importlib.util.find_spec(_module(game))
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))
