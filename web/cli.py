"""The ``fallujah`` console script (``fallujah = "web.cli:main"``): a launcher of the standard
library alone, so that ``fallujah rule ID`` answers at once (issue 16: 150 ms).

``fallujah rule ID [--lang L] [--json] [--game G]`` is answered from the rule answers file
(:mod:`rules_text.fast_rule`) before click is imported: click and the command modules cost more
than the lookup. Everything else goes to the click commands (:mod:`web.commands`), which print the
same: every other command, ``--help``, anything the launcher does not recognise (an option of
another spelling, a second id, a value click refuses), a missing or stale answers file, an output
stream that is not UTF-8. The launcher prints as click does (styles on a terminal only, ANSI
stripped elsewhere), and its one-line errors and exit statuses are the commands' (:func:`die`).

``fallujah search`` and ``fallujah games`` are answered alike, from the search exports
(:mod:`rules_text.fast_search`) and the games answers file (:mod:`web.fast_games`).
``fallujah adjudicate`` is computed each time, as the click command computes it
(:func:`adjudicator.command.answer`, which both call), only without click.
"""

from __future__ import annotations

import errno
import os
import re
import sys

TYPE_CHECKING = False  # typing is imported by type checkers only: its import costs ~3 ms
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn, TextIO

#: the options of ``fallujah rule`` the launcher reads (rules_text.cli.rule's): name -> takes a value
RULE_OPTIONS = {"--lang": True, "--json": False, "--game": True}
#: click.style's codes: a style, then a reset
STYLES = {"dim": "\x1b[2m", "bold": "\x1b[1m"}
RESET = "\x1b[0m"
#: what click.echo strips from a message to a stream that is not a terminal
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def main() -> None:
    """Answer ``fallujah rule`` from the answers file when it can, else run the click commands."""
    args = sys.argv[1:]
    fast = {"rule": fast_rule, "search": fast_search, "games": fast_games, "adjudicate": fast_adjudicate}
    if args and args[0] in fast:
        status = fast[args[0]](args[1:])
        if status is not None:
            quiet_exit(status)
    from .commands import main as commands

    commands()


def fast_rule(args: Sequence[str]) -> int | None:
    """``fallujah rule`` with ``args`` answered from the rule answers file: the exit status, or
    None when the click command must answer."""
    if not (_utf8(sys.stdout) and _utf8(sys.stderr)) or any(
            name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):  # click's shell completion
        return None
    from rules_text import fast_rule as answers

    request = rule_request(args, answers.LANGS, answers.DEFAULT_LANG, answers.DEFAULT_GAME)
    if request is None or request[3] not in answers.available_games():
        return None
    section_id, lang, as_json, game = request
    answer, unknown = answers.answer_or_error(game, lang, section_id)
    if unknown is not None:
        die(unknown, 1)
    if answer is None:
        return None
    try:
        echo(answers.printed(answer, as_json, max(40, answers.terminal_columns())), sys.stdout)
    except OSError as exc:
        failed_write(exc)
    return 0


def _fast_answer(args: Sequence[str], module: str) -> int | None:
    """A command answered by ``module``'s ``answer(args)`` (its lines, or None for the click
    command), imported only here: the exit status, or None when the click command must answer."""
    if not (_utf8(sys.stdout) and _utf8(sys.stderr)) or any(
            name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None
    from importlib import import_module

    lines = import_module(module).answer(list(args))
    if lines is None:
        return None
    try:
        echo([(line, None) for line in lines], sys.stdout)
    except OSError as exc:
        failed_write(exc)
    return 0


def fast_search(args: Sequence[str]) -> int | None:
    """``fallujah search`` with ``args`` answered from the games' plain search exports
    (:mod:`rules_text.fast_search`): the exit status, or None when the click command must answer."""
    return _fast_answer(args, "rules_text.fast_search")


def fast_games(args: Sequence[str]) -> int | None:
    """``fallujah games`` with ``args`` answered from the games answers file (:mod:`web.fast_games`):
    the exit status, or None when the click command must answer."""
    return _fast_answer(args, "web.fast_games")


def fast_adjudicate(args: Sequence[str]) -> int | None:
    """``fallujah adjudicate`` with ``args``, computed as the click command computes it
    (:func:`adjudicator.command.answer`: the game's pydantic model validates the situation, the
    game's procedure answers it) without importing click: the exit status, or None when the click
    command must answer (an option it does not read, ``--help``, a stream that is not UTF-8)."""
    if not (_utf8(sys.stdout) and _utf8(sys.stderr)) or any(
            name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None
    # pydantic looks for plugins in every installed distribution's entry points when it builds its
    # first validator (a scan of the whole environment); fallujah uses none. A user who installs
    # one sets the variable (empty: every plugin) and pydantic loads it as before.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from adjudicator.command import Refused, answer, request
    from rules_text.fast_rule import DEFAULT_GAME

    asked = request(list(args), DEFAULT_GAME)
    if asked is None:
        return None
    try:
        text = answer(**asked)
    except Refused as exc:
        die(exc.message, exc.status)
    try:
        echo([(text, None)], sys.stdout)
    except OSError as exc:
        failed_write(exc)
    return 0


def rule_request(args: Sequence[str], langs: Sequence[str], default_lang: str,
                 default_game: str) -> tuple[str, str, bool, str] | None:
    """``(id, lang, as_json, game)`` of ``fallujah rule``'s arguments, or None for anything but one
    id and each option of :data:`RULE_OPTIONS` at most once with a value click accepts."""
    from rules_text.fast_rule import read_args

    read = read_args(args, RULE_OPTIONS)
    if read is None:
        return None
    ids, values = read
    lang = values.get("--lang", default_lang)
    if len(ids) != 1 or lang not in langs:
        return None
    return ids[0], lang, "--json" in values, values.get("--game", default_game)


def echo(messages: list[tuple[str, str | None]], stream: TextIO) -> None:
    """Write messages as ``click.echo`` and ``click.secho(style=True)`` do: each on its own line,
    styled on a terminal, with any ANSI code stripped elsewhere."""
    terminal = stream.isatty()
    out = []
    for message, style in messages:
        if style is not None:
            message = f"{STYLES[style]}{message}{RESET}"
        out.append(f"{message if terminal else ANSI.sub('', message)}\n")
    stream.write("".join(out))
    stream.flush()


def _utf8(stream: TextIO | None) -> bool:
    """A stream click writes to as it is (click rewraps an ASCII one)."""
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").replace("_", "") == "utf8"


def failed_write(exc: OSError) -> NoReturn:
    """A command could not write its output: the reader went away (``fallujah export | head``,
    quiet, exit 0) or the output cannot be written (a full disk: one line, exit 2)."""
    if exc.errno == errno.EPIPE:
        quiet_exit(0)
    die(f"cannot write: {exc.strerror or exc}", 2)


def die(message: str, status: int) -> NoReturn:
    """``error: <message>``, one line on stderr, and exit ``status``."""
    try:
        sys.stderr.write(f"error: {message}\n")
        sys.stderr.flush()
    except OSError:
        pass
    quiet_exit(status)


def quiet_exit(status: int) -> NoReturn:
    """Exit with ``status``; a stdout that cannot be flushed (the stream that failed) is pointed at
    the null device first, so that Python's own flush at exit prints no traceback."""
    try:
        sys.stdout.flush()
    except OSError:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    sys.exit(status)
