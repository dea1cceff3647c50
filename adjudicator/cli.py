"""``fallujah adjudicate SITUATION [--game G] [--file F | stdin] [--json] [--schema]``.

The only module of the package that reads or prints: it takes the situation as JSON, hands it
to :func:`adjudicator.registry.adjudicate` for the game and prints the answer. Bad input
is one line: an unknown game or situation exits 2 (usage), a situation that cannot be read or
that the rules do not allow exits 1 (data).
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any, NoReturn

import click

from .errors import InvalidSituation
from .json_bounds import structure_problem
from .registry import (
    DEFAULT_GAME,
    UnknownGame,
    UnknownSituation,
    adjudicate,
    games,
    procedure,
    renderer,
    situations,
)


def _fail(message: str, status: int = 1) -> NoReturn:
    """One line and exit ``status``: 1 for a situation that cannot be read or that the rules
    refuse (data), 2 for a command line that cannot run (usage: an unknown game or situation)."""
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


def _read(file: str | None) -> Any:
    """The situation's JSON: refused in one line when it is not UTF-8, past a bound of
    :mod:`adjudicator.json_bounds` (too deep, too many keys or values, a list too long: measured
    before it is parsed), not JSON, or holds a number Python cannot read (5,000 digits, ``1e999``)."""
    if file is not None:
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            _fail(f"cannot read {file!r}: {exc.strerror}")
    else:
        stream = sys.stdin
        if stream.isatty():
            _fail("give the situation as JSON on stdin or with --file F", 2)
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8", "surrogatepass")
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        _fail(f"the situation is not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})")
    if not raw.strip():
        return {}
    beyond = structure_problem(data)
    if beyond:
        _fail(f"the situation: {len(data):,} bytes of JSON: {beyond}")
    try:
        value = json.loads(raw, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        _fail(f"the situation is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except ValueError as exc:
        _fail(f"the situation holds a number that cannot be read ({str(exc)[:120]})")
    return value


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:40]} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


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
    type=click.Choice(["en", "fr"]),
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
        proc = procedure(situation, game=game)
    except (UnknownGame, UnknownSituation) as exc:
        _fail(str(exc), 2)
    if schema:
        click.echo(json.dumps(proc.input_model.model_json_schema(), ensure_ascii=False, indent=2))
        return
    data = _read(file)
    try:
        answer = adjudicate(situation, data, game=game)
    except InvalidSituation as exc:
        _fail(str(exc))
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError, AssertionError, RecursionError) as exc:
        _fail(f"the situation cannot be computed ({type(exc).__name__}: {str(exc)[:200]})")
    if as_json:
        click.echo(json.dumps(answer.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        click.echo(renderer(game)(answer, lang))


COMMANDS = [adjudicate_command]
