"""``fallujah games [--game G] [--json]``: the registered games, each with its title, languages,
dice, and whether it has adjudicator situations and a companion (found without importing them)."""

from __future__ import annotations

import importlib.util

import click

from rules_text.cli import game_option

from . import fast_games
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
@game_option(default=None)
def games(as_json: bool, game: str | None) -> None:
    """List the registered games: id, title, languages, dice, situations, companion."""
    try:
        state = fast_games._state()
    except OSError:
        state = None
    known = registry.known_games()
    every = [describe(g) for g in known]
    if state is not None:  # the next ``fallujah games`` answers from this (web.fast_games)
        fast_games.write_answers(every, {g: registry.declaration(g).package for g in known}, state)
    listed = [entry for entry in every if game is None or entry["id"] == game]
    for line in fast_games.printed(listed, as_json):
        click.echo(line)
