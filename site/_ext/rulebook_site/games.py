"""The games the site shows and what each declares (title, designer, languages, dice, how it
prints a chapter number), read from the game's declaration (``games/<id>/game.yaml``).

The site names no game: it builds every game :func:`rules_text.available_games` lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_text import available_games, load_game
from rules_text.loading import game_dir, read_yaml


@dataclass(frozen=True)
class GameInfo:
    """What the site prints about a game, as its declaration says it."""

    id: str
    title: str
    short_title: str
    designer: str | None
    publisher: str | None
    languages: tuple[str, ...]
    dice: tuple[str, ...]
    id_style: str
    chapter_format: str
    bare_chapters: bool


def _declared(game_id: str) -> dict:
    """The declaration's fields: ``rules_text.games.declaration`` when it exists, else game.yaml."""
    try:
        from rules_text.games import declaration  # type: ignore[attr-defined]
    except ImportError:
        return dict(read_yaml(game_dir(game_id) / "game.yaml") or {})
    return declaration(game_id).model_dump()


def game_info(game_id: str) -> GameInfo:
    raw = _declared(game_id)
    game = load_game(game_id)
    title = str(raw.get("title") or game.title)
    dice = raw.get("dice") or ([raw["die"]] if raw.get("die") else [])
    return GameInfo(
        id=game_id,
        title=title,
        short_title=str(raw.get("short_title") or title),
        designer=raw.get("designer") or None,
        publisher=raw.get("publisher") or None,
        languages=tuple(raw.get("languages") or game.corpora),
        dice=tuple(str(d) for d in dice),
        id_style=str(raw.get("id_style") or "dotted"),
        chapter_format=str(raw.get("chapter_format") or "{n}"),
        bare_chapters=bool(raw.get("bare_chapter_refs")),
    )


def site_games() -> list[GameInfo]:
    """Every game with a rulebook, in the order of their ids."""
    return [game_info(game_id) for game_id in available_games()]
