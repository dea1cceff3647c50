"""``fallujah games`` answered from a plain-JSON file, without click, pydantic or YAML (issue 21,
item 6): the launcher (:mod:`web.cli`) prints the registered games as the click command does.

Reading every ``game.yaml`` imports PyYAML and pydantic and builds the declaration models: most of
the time ``fallujah games`` took. So whenever the click command (:mod:`web.games_cli`) lists the
games, it also writes what it lists into the cache folder; the next ``fallujah games`` reads that
file with the standard library alone.

Never stale: the file records the games folder, each ``game.yaml``'s stats (name, size,
modification and change times, inode), the stats of the code that makes the listing, and for each
game's package whether its adjudicator and companion packages are on disk. It is served only while
all of these are the same; any doubt sends the command down the full path, which rewrites it.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules_text import fast_rule

TYPE_CHECKING = False  # typing is imported by type checkers only
if TYPE_CHECKING:
    from typing import Any

#: bump when the file changes shape
ANSWERS_VERSION = 1
_WEB = Path(__file__).resolve().parent
_ROOT = _WEB.parent
#: the code a listing depends on: the command, the registry, the declaration's reading and model
_CODE = (_WEB / "games_cli.py", _WEB / "games" / "__init__.py", _WEB / "fast_games.py",
         _ROOT / "rules_text" / "loading.py", _ROOT / "rules_text" / "models.py", _ROOT / "rules_text" / "base.py")
#: where ``adjudicator.games.<package>`` and ``web.games.<package>`` are found
_PACKAGE_FOLDERS = (_ROOT / "adjudicator" / "games", _WEB / "games")


def answers_path() -> Path:
    return fast_rule.cache_dir() / "games.answers.json"


def _stats(paths: list[Path]) -> list[list[Any]]:
    return fast_rule.file_stats(paths)


def _packages(packages: dict[str, str]) -> dict[str, list[bool]]:
    """For each game's package, what decides whether Python finds it in each folder."""
    return {
        game: [check for folder in _PACKAGE_FOLDERS
               for check in ((folder / package).is_dir(), (folder / package / "__init__.py").is_file(),
                             (folder / f"{package}.py").is_file())]
        for game, package in packages.items()
    }


def _state() -> dict[str, Any]:
    """What the listing depends on, now (an OSError when something cannot be read)."""
    games = fast_rule.games_dir()
    return {
        "version": ANSWERS_VERSION,
        "games_dir": str(games.resolve()),
        "declared": _stats([games / game / "game.yaml" for game in fast_rule.available_games()]),
        "code": _stats(list(_CODE)),
    }


def read_answers() -> list[dict[str, Any]] | None:
    """The listed games from the answers file, or None when it is missing or stale."""
    try:
        with open(answers_path(), encoding="utf-8") as handle:
            stored = json.load(handle)
        if not isinstance(stored, dict) or stored.get("state") != _state():
            return None
        if stored.get("packages_found") != _packages(stored["packages"]):
            return None
        listed: list[dict[str, Any]] = stored["games"]
        return listed
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_answers(listed: list[dict[str, Any]], packages: dict[str, str], state: dict[str, Any]) -> None:
    """Keep every game's listing for the next process (``state``: taken before the games were read)."""
    try:
        data = json.dumps({"state": state, "packages": packages, "packages_found": _packages(packages),
                           "games": listed}, ensure_ascii=False).encode("utf-8")
    except (OSError, TypeError, ValueError):
        return
    from rules_text import cache

    cache._write_atomic(answers_path(), data)


def printed(listed: list[dict[str, Any]], as_json: bool) -> list[str]:
    """The lines ``fallujah games`` prints (web.games_cli.games)."""
    if as_json:
        return [json.dumps({"games": listed}, ensure_ascii=False, indent=2)]
    lines = []
    for entry in listed:
        parts = [
            f"languages: {', '.join(entry['languages']) or '-'}",
            f"dice: {', '.join(entry['dice']) or '-'}",
            "situations" if entry["situations"] else "no situations yet",
            "companion" if entry["companion"] else "no companion yet",
        ]
        lines.append(f"{entry['id']:<22} {entry['title']}")
        lines.append(f"{'':<22} {'; '.join(parts)}")
    return lines


def request(args: list[str]) -> tuple[bool, str | None] | None:
    """``(as_json, game)`` of ``fallujah games``' arguments (``--json``, ``--game G``), or None for
    anything else (click answers then)."""
    as_json, game = False, None
    rest = iter(args)
    for arg in rest:
        name, equals, value = arg.partition("=")
        if name == "--json" and not equals and not as_json:
            as_json = True
        elif name == "--game" and game is None:
            game = value if equals else next(rest, None)
            if game is None:
                return None
        else:
            return None
    return as_json, game


def answer(args: list[str]) -> list[str] | None:
    """What ``fallujah games`` prints for these arguments, or None when the click command must answer."""
    asked = request(args)
    if asked is None:
        return None
    as_json, game = asked
    listed = read_answers()
    if listed is None:
        return None
    if game is not None:
        listed = [entry for entry in listed if entry["id"] == game]
        if not listed:
            return None  # click names the known games
    return printed(listed, as_json)
