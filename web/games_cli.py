"""``fallujah games [--game G] [--json]``: the registered games, each with its title, languages,
dice, and whether it has adjudicator situations and a companion (found without importing them)."""

from __future__ import annotations

import importlib.util
import json

import click

from rules_text.cli import game_option

from . import games as registry


def _has_situations(package: str) -> bool:
    return importlib.util.find_spec(f"adjudicator.games.{package}") is not None


def describe(game: str) -> dict[str, object]:
    """One game as ``fallujah games`` lists it."""
    found = registry.declaration(game)
    return {
        "id": found.id,
        "title": found.title,
        "languages": list(found.languages),
        "dice": list(found.dice),
        "situations": _has_situations(found.package),
        "companion": registry.has_companion(game),
    }


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@game_option(default=None)  # type: ignore[untyped-decorator]
def games(as_json: bool, game: str | None) -> None:
    """List the registered games: id, title, languages, dice, situations, companion."""
    listed = [describe(g) for g in ([game] if game else registry.known_games())]
    if as_json:
        click.echo(json.dumps({"games": listed}, ensure_ascii=False, indent=2))
        return
    for entry in listed:
        parts = [
            f"languages: {', '.join(entry['languages']) or '-'}",  # type: ignore[arg-type]
            f"dice: {', '.join(entry['dice']) or '-'}",  # type: ignore[arg-type]
            "situations" if entry["situations"] else "no situations yet",
            "companion" if entry["companion"] else "no companion yet",
        ]
        click.echo(f"{entry['id']:<22} {entry['title']}")
        click.echo(f"{'':<22} {'; '.join(parts)}")
