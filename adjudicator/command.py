"""What ``fallujah adjudicate`` does, without click: read the situation's JSON, adjudicate it for
the game, and lay out the answer (the breakdown, the JSON or the input's schema).

The click command (:mod:`adjudicator.cli`) and the console script's launcher (:mod:`web.cli`,
which answers before click is imported: click costs more than a small situation) both call
:func:`answer`, so both print the same bytes. Bad input is :class:`Refused`, one line with its
exit status: 2 for an unknown game or situation (usage), 1 for a situation that cannot be read
or that the rules do not allow (data).

The registry, pydantic and the game's modules are imported when a situation is answered, not
when this module is.
"""

from __future__ import annotations

import json
import math
import sys

TYPE_CHECKING = False  # typing is imported by type checkers only
if TYPE_CHECKING:
    from typing import Any

#: the readable breakdown's languages (``--lang``)
LANGS = ("en", "fr")


class Refused(Exception):
    """A command line or a situation the command refuses: its one-line message and exit status."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.message = message
        self.status = status


def read_situation(file: str | None) -> Any:
    """The situation's JSON, from ``file`` or stdin: :class:`Refused` when it is not UTF-8, past
    a bound of :mod:`adjudicator.json_bounds` (too deep, too many keys or values, a list too long:
    measured before it is parsed), not JSON, or holds a number Python cannot read (5,000 digits,
    ``1e999``)."""
    from .json_bounds import structure_problem

    if file is not None:
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise Refused(f"cannot read {file!r}: {exc.strerror}") from None
    else:
        stream = sys.stdin
        if stream.isatty():
            raise Refused("give the situation as JSON on stdin or with --file F", 2)
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8", "surrogatepass")
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"the situation is not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") from None
    if not raw.strip():
        return {}
    beyond = structure_problem(data)
    if beyond:
        raise Refused(f"the situation: {len(data):,} bytes of JSON: {beyond}")
    try:
        return json.loads(raw, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Refused(f"the situation is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:
        raise Refused(f"the situation holds a number that cannot be read ({str(exc)[:120]})") from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:40]} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def answer(situation: str, *, game: str, file: str | None, as_json: bool, schema: bool,
           lang: str | None) -> str:
    """What ``fallujah adjudicate`` prints: the situation's input schema (``schema``), else the
    game's answer to the situation read from ``file`` (or stdin), as JSON or as the game's
    breakdown in ``lang`` (default: the situation's ruleset); :class:`Refused` for bad input."""
    from .errors import InvalidSituation
    from .registry import UnknownGame, UnknownSituation, adjudicate, procedure, renderer

    try:
        proc = procedure(situation, game=game)
    except (UnknownGame, UnknownSituation) as exc:
        raise Refused(str(exc), 2) from None
    if schema:
        return json.dumps(proc.input_model.model_json_schema(), ensure_ascii=False, indent=2)
    data = read_situation(file)
    try:
        answered = adjudicate(situation, data, game=game)
    except InvalidSituation as exc:
        raise Refused(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError, AssertionError, RecursionError) as exc:
        raise Refused(f"the situation cannot be computed ({type(exc).__name__}: {str(exc)[:200]})") from None
    if as_json:
        return json.dumps(answered.model_dump(mode="json"), ensure_ascii=False, indent=2)
    return renderer(game)(answered, lang)


#: the options of ``fallujah adjudicate`` the launcher reads: name -> takes a value
OPTIONS = {"--game": True, "--file": True, "-f": True, "--json": False, "--schema": False, "--lang": True}


def request(args: list[str], default_game: str) -> dict[str, Any] | None:
    """:func:`answer`'s arguments from ``fallujah adjudicate``'s command line, or None for
    anything the click command must read: not one situation, an option it does not know or
    given twice (``--file`` and ``-f`` together), a ``--lang`` it refuses, ``--help``."""
    from rules_text.fast_rule import read_args

    read = read_args(args, OPTIONS)
    if read is None:
        return None
    words, values = read
    lang = values.get("--lang")
    if len(words) != 1 or ("--file" in values and "-f" in values) or (lang is not None and lang not in LANGS):
        return None
    return {"situation": words[0], "game": values.get("--game", default_game),
            "file": values.get("--file", values.get("-f")), "as_json": "--json" in values,
            "schema": "--schema" in values, "lang": lang}
