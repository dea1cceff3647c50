"""``fallujah adjudicate SITUATION [--file F | stdin] [--json] [--schema]``.

The only module of the package that reads or prints: it takes the situation as JSON, hands it
to :func:`adjudicator.adjudicate` and prints the answer. Bad input exits 2 with one line.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from .api import SITUATIONS, adjudicate, procedure
from .errors import InvalidSituation
from .render import render


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _read(file: str | None) -> Any:
    if file is not None:
        try:
            with open(file, encoding="utf-8") as handle:
                raw = handle.read()
        except OSError as exc:
            _fail(f"cannot read {file!r}: {exc.strerror}")
    else:
        stream = click.get_text_stream("stdin")
        if stream.isatty():
            _fail("give the situation as JSON on stdin or with --file F")
        raw = stream.read()
    if not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        _fail(f"the situation is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")


def _epilog() -> str:
    lines = [f"  {name:<20} {proc.summary}" for name, proc in SITUATIONS.items()]
    return "Situations:\n\n\b\n" + "\n".join(lines)


@click.command("adjudicate", epilog=_epilog())
@click.argument("situation", metavar="SITUATION")
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
    situation: str, file: str | None, as_json: bool, schema: bool, lang: str | None
) -> None:
    """Odds before the roll, outcome after it, every modifier tied to its rule.

    SITUATION is one of the situations listed below. The situation itself is JSON, on stdin
    or in --file; --schema shows its fields.
    """
    try:
        proc = procedure(situation)
    except InvalidSituation:
        _fail(f"unknown situation {situation!r}: one of {', '.join(SITUATIONS)}")
    if schema:
        click.echo(json.dumps(proc.model.model_json_schema(), ensure_ascii=False, indent=2))
        return
    data = _read(file)
    try:
        answer = adjudicate(situation, data)
    except InvalidSituation as exc:
        _fail(str(exc))
    if as_json:
        click.echo(json.dumps(answer.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        click.echo(render(answer, lang))


COMMANDS = [adjudicate_command]
