"""``fallujah adjudicate SITUATION [--game G] [--file F | stdin] [--json] [--schema]``.

The only module of the package that prints: it hands the command line to
:func:`adjudicator.command.answer` (which reads the situation's JSON and adjudicates it for the
game; the console script's launcher calls it too, before click is imported) and prints the
answer. Bad input is one line: an unknown game or situation exits 2 (usage), a situation that
cannot be read or that the rules do not allow exits 1 (data).
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from .command import LANGS, Refused, answer
from .registry import DEFAULT_GAME, games, situations


def _fail(message: str, status: int = 1) -> NoReturn:
    """One line and exit ``status``: 1 for a situation that cannot be read or that the rules
    refuse (data), 2 for a command line that cannot run (usage: an unknown game or situation)."""
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


def _epilog() -> str:
    lines = []
    for game in games():
        found = situations(game)
        if found:
            lines += [f"{game}:"] + [f"  {name:<20} {proc.title}" for name, proc in found.items()]
    return "Situations:\n\n\b\n" + "\n".join(lines)


class _Epilog(click.Command):
    """Lists every game's situations in --help (read when help is asked, not at import)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.epilog = _epilog()
        super().format_epilog(ctx, formatter)


@click.command("adjudicate", cls=_Epilog)
@click.argument("situation", metavar="SITUATION")
@click.option(
    "--game",
    "game",
    default=DEFAULT_GAME,
    show_default=True,
    help="The game whose rules adjudicate (`fallujah games` lists them).",
)
@click.option(
    "--file",
    "-f",
    "file",
    default=None,
    help="Read the situation's JSON from this file instead of stdin.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option(
    "--schema", is_flag=True, help="Print the JSON schema of the situation's input and exit."
)
@click.option(
    "--lang",
    type=click.Choice(LANGS),
    default=None,
    help="Language of the readable breakdown (default: the situation's ruleset).",
)
def adjudicate_command(
    situation: str, game: str, file: str | None, as_json: bool, schema: bool, lang: str | None
) -> None:
    """Odds before the roll, outcome after it, every modifier tied to its rule.

    SITUATION is one of the game's situations listed below. The situation itself is JSON, on
    stdin or in --file; --schema shows its fields.
    """
    try:
        text = answer(situation, game=game, file=file, as_json=as_json, schema=schema, lang=lang)
    except Refused as exc:
        _fail(exc.message, exc.status)
    click.echo(text)


COMMANDS = [adjudicate_command]
