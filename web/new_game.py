"""``fallujah new-game ID --title TITLE``: write a working pack for a new game (docs/adding-a-game.md).

The pack is three folders, one per layer, copied from the templates kept as package data in
``web/scaffold/`` (each file ends in ``.tmpl``; ``__GAME_ID__`` and ``__PACKAGE__`` in a path or a
text are the game's id and package, ``__TITLE_JSON__`` its title as a quoted string):

- ``rules_text/games/<id>/``: game.yaml, two sections citing each other, a d6 roll table and its
  modifier list, errata, furniture and search synonyms;
- ``adjudicator/games/<package>/``: one situation, a d6 roll with a modifier cited to its rule;
- ``web/games/<package>/``: a companion on the kernel with a Turn Track and one undoable move, a
  sample game, labels and templates.

Nothing outside these folders is written: the import contracts, the registries and the
conformance tests find a game by its folders. A bad id, a title that is not one short line, or a
game that exists already is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import keyword
import re
import unicodedata
from pathlib import Path

import click

from rules_text import loading

#: the templates of a pack, one file per file written
SCAFFOLD = Path(__file__).resolve().with_name("scaffold")
#: the project folder the layers' packages live in (rules_text/, adjudicator/, web/)
PROJECT = Path(__file__).resolve().parent.parent
#: a game id: lower-case words of letters and digits joined by single hyphens, starting with a letter
GAME_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_ID, MAX_TITLE = 40, 80
SUFFIX = ".tmpl"


def check_id(game_id: str) -> str:
    """The game's package name, or :class:`click.UsageError` saying what an id may be."""
    if len(game_id) > MAX_ID or not GAME_ID.fullmatch(game_id):
        raise click.UsageError(
            f"game id {game_id[:60]!r}: lower-case letters and digits in words joined by single hyphens, "
            f"starting with a letter, at most {MAX_ID} characters (e.g. river-patrol)")
    package = game_id.replace("-", "_")
    if keyword.iskeyword(package) or not package.isidentifier():
        raise click.UsageError(f"game id {game_id!r}: its package name {package!r} is a Python keyword")
    return package


def check_title(title: str) -> str:
    """The title stripped, or :class:`click.UsageError` when it is not one short printable line."""
    title = title.strip()
    if not title or len(title) > MAX_TITLE or any(unicodedata.category(c).startswith("C") for c in title):
        raise click.UsageError(f"--title {title[:60]!r}: one line of 1 to {MAX_TITLE} printable characters")
    return title


def targets(game_id: str, package: str, root: Path, games_dir: Path) -> dict[Path, Path]:
    """Each template file and the file it becomes."""
    found: dict[Path, Path] = {}
    for template in sorted(SCAFFOLD.rglob(f"*{SUFFIX}")):
        relative = template.relative_to(SCAFFOLD)
        parts = [p.replace("__GAME_ID__", game_id).replace("__PACKAGE__", package) for p in relative.parts]
        parts[-1] = parts[-1].removesuffix(SUFFIX)
        if parts[:2] == ["rules_text", "games"]:
            found[template] = games_dir.joinpath(*parts[2:])
        else:
            found[template] = root.joinpath(*parts)
    return found


def pack_folders(game_id: str, package: str, root: Path, games_dir: Path) -> list[Path]:
    """The three folders a game's pack is."""
    return [games_dir / game_id, root / "adjudicator" / "games" / package, root / "web" / "games" / package]


def write_pack(game_id: str, title: str, root: Path | None = None) -> list[Path]:
    """Write the pack of a new game; its three folders. :class:`click.UsageError` for a bad id or
    title or a game that exists already (nothing is written then)."""
    package = check_id(game_id)
    title = check_title(title)
    games_dir = loading.GAMES_DIR if root is None else root / "rules_text" / "games"
    root = PROJECT if root is None else root
    folders = pack_folders(game_id, package, root, games_dir)
    for folder in folders:
        if folder.exists():
            raise click.UsageError(f"game {game_id!r} exists already: {folder} is there")
    if games_dir.is_dir():
        for other in sorted(p for p in games_dir.iterdir() if (p / "game.yaml").is_file()):
            declared = loading.read_yaml(other / "game.yaml") or {}
            if isinstance(declared, dict) and declared.get("package") == package:
                raise click.UsageError(f"game id {game_id!r}: package {package!r} is already {other.name}'s")
    words = {"__GAME_ID__": game_id, "__PACKAGE__": package, "__TITLE_JSON__": json.dumps(title)}
    for template, target in targets(game_id, package, root, games_dir).items():
        text = template.read_text(encoding="utf-8")
        for token, value in words.items():
            text = text.replace(token, value)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folders


@click.command("new-game")
@click.argument("game_id", metavar="ID")
@click.option("--title", required=True, help="The game's title, as its rulebook prints it.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The project folder to write into (default: this installation's).")
def new_game(game_id: str, title: str, root: Path | None) -> None:
    """Write a working pack for a new game: its rules, adjudicator and companion folders."""
    folders = write_pack(game_id, title, root)
    for folder in folders:
        click.echo(f"wrote {folder}")
    click.echo(f"next: fallujah check --game {game_id}; pytest -m conformance; docs/adding-a-game.md")
