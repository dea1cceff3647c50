"""``fallujah play --game <id> [--seed N]``: a game played in the terminal, for every game whose
companion offers a terminal loop (``Companion.terminal``). Generic: it names no game and finds
the game through the registry (:mod:`web.games`). An unknown game, or a game without a terminal
loop, is one line on stderr and exit status 2. The loop reads standard input line by line, so a
test (or a script) can pipe its choices; the end of the input quits cleanly."""

from __future__ import annotations

import sys

import click

from . import games as registry


def _read() -> str | None:
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")


def _write(line: str) -> None:
    click.echo(line)


@click.command("play")
@click.option("--game", "game", default=None, help="The game's id (fallujah games lists them).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Deal this game (the same seed deals the same game here and in the web companion).")
def play(game: str | None, seed: int | None) -> None:
    """Play a game in the terminal: numbered choices; q or the end of the input quits."""
    try:
        chosen = registry.require(game)
        companion = registry.companion(chosen)
    except (registry.UnknownGame, registry.NoCompanion) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if companion.terminal is None:
        with_one = ", ".join(g for g, c in registry.companions().items() if c.terminal is not None) or "none"
        click.echo(f"error: game {chosen!r} cannot be played in the terminal (games that can: {with_one})",
                   err=True)
        sys.exit(2)
    try:
        status = companion.terminal(seed, _read, _write)
    except KeyboardInterrupt:
        click.echo("\nQuit.")
        status = 0
    sys.exit(status)
