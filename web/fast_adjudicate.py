"""``fallujah adjudicate`` answered again from the answers the command has printed, with the
standard library alone (issue 21, item 6: start-up at most 3x a bare Python).

The adjudication itself needs pydantic, the game's rules data and its procedures: several times
the whole start-up budget before a single modifier is counted. What the command prints, though,
depends on nothing but its arguments, the situation's bytes, the game's data files and the code:
the launcher (:mod:`web.cli`) keys an answer by all of them, and when the click command has
printed that answer before (its odds and breakdown, or its one-line refusal naming the field, the
value and what is allowed), the launcher prints the same bytes with the same exit status without
importing click, pydantic or the adjudicator. Otherwise the click command answers, from the
situation's bytes the launcher read, and :func:`remember` keeps its answer for the next time.

Never stale: the key holds the stats (size, times, inode) of every data file of the game and of
every module of ``adjudicator`` and ``rules_text``, and pydantic's version files; any change is a
new key. What is not read here goes to the command: ``--schema``, ``--help``, an option spelled
otherwise, a language click refuses, a situation on a terminal, a file that cannot be read.
``tests/test_cli_fast_adjudicate.py`` checks that both paths print the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import sys
from pathlib import Path

from rules_text import fast_rule

TYPE_CHECKING = False  # typing is imported by type checkers only
if TYPE_CHECKING:
    from typing import Any

#: bump when the answers change shape
ANSWERS_VERSION = 1
#: the options of ``fallujah adjudicate`` read here (adjudicator.cli's): name -> takes a value
OPTIONS = {"--game": True, "--file": True, "-f": True, "--json": False, "--lang": True}
#: the languages of ``--lang`` (adjudicator.cli's click.Choice)
LANGS = ("en", "fr")
#: answers kept per state of the code and data, beyond which no more are written
MAX_ANSWERS = 5000
#: the packages whose code an answer is computed by
_ROOT = Path(__file__).resolve().parent.parent
_CODE_FOLDERS = (_ROOT / "adjudicator", _ROOT / "rules_text")
#: the installed libraries whose version changes an answer's words (validation messages, dumps)
_LIBRARIES = ("pydantic", "pydantic_core")

#: the key of the answer the click command is computing in this process, set by :func:`answer`
_pending: str | None = None


def request(args: list[str]) -> tuple[str, str, str | None, bool, str | None] | None:
    """``(situation, game, file, as_json, lang)`` of the command's arguments, or None for
    anything but one situation and each option of :data:`OPTIONS` at most once, as click takes it."""
    values: dict[str, str] = {}
    positional: list[str] = []
    rest = iter(args)
    for arg in rest:
        if not arg.startswith("-"):
            positional.append(arg)
            continue
        name, equals, value = arg.partition("=")
        if name == "-f" and equals:  # click reads "-f=x" as the file "=x"
            return None
        canonical = "--file" if name == "-f" else name
        if name not in OPTIONS or canonical in values or (equals and not OPTIONS[name]):
            return None
        if OPTIONS[name] and not equals:
            following = next(rest, None)
            if following is None:
                return None
            value = following
        values[canonical] = value
    lang = values.get("--lang")
    if len(positional) != 1 or (lang is not None and lang not in LANGS):
        return None
    return (positional[0], values.get("--game", fast_rule.DEFAULT_GAME), values.get("--file"),
            "--json" in values, lang)


def _code_stats() -> list[list[Any]]:
    """The stats of every module of the code an answer is computed by, and of the libraries' versions."""
    files: list[Path] = []
    for folder in _CODE_FOLDERS:
        for parent, dirs, names in os.walk(folder):
            # the games' data folders hold no code (their data files are in the key already)
            data = Path(parent) == _ROOT / "rules_text" / "games"
            dirs[:] = [] if data else sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            files += [Path(parent) / name for name in sorted(names) if name.endswith(".py")]
    for library in _LIBRARIES:
        for entry in sys.path:
            found = Path(entry or ".") / library / "__init__.py"
            if found.is_file():
                files += [path for path in (found, found.with_name("version.py")) if path.is_file()]
                break
    return fast_rule.file_stats(files)


def key_of(situation: str, game: str, as_json: bool, lang: str | None, data: bytes) -> str | None:
    """The key of an answer: the arguments, the situation's bytes, the game's data files and the
    code, as they are now; None when the game has no data files to read (the command answers)."""
    stats = fast_rule.current_stats(game)
    if stats is None:
        return None
    state = {"version": ANSWERS_VERSION, "python": list(sys.version_info[:2]), "game": game,
             "situation": situation, "json": as_json, "lang": lang,
             "input": hashlib.sha256(data).hexdigest(), "games_dir": str(fast_rule.games_dir().resolve()),
             "data": stats, "code": _code_stats()}
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def answers_folder() -> Path:
    return fast_rule.cache_dir() / "adjudicate"


def _path(key: str) -> Path:
    return answers_folder() / key[:2] / f"{key[2:]}.json"


def read(key: str) -> tuple[int, str] | None:
    """The exit status and text of the answer kept under ``key``, or None."""
    try:
        with open(_path(key), encoding="utf-8") as handle:
            stored = json.load(handle)
        status, text = stored["status"], stored["text"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (status, text) if isinstance(status, int) and isinstance(text, str) else None


def remember(status: int, text: str) -> None:
    """Keep the answer the click command printed for the request the launcher could not answer
    (:data:`_pending`): its exit status (0: printed on stdout; 1 or 2: ``error: text`` on stderr)."""
    global _pending
    key, _pending = _pending, None
    if key is None:
        return
    folder = answers_folder()
    try:
        if folder.is_dir() and sum(1 for _ in folder.glob("*/*.json")) >= MAX_ANSWERS:
            return
        data = json.dumps({"status": status, "text": text}, ensure_ascii=False).encode("utf-8")
    except (OSError, ValueError):
        return
    from rules_text import cache

    cache._write_atomic(_path(key), data)


def pending() -> bool:
    """True when the click command answers a request whose answer :func:`remember` keeps."""
    return _pending is not None


def _situation_bytes(file: str | None) -> bytes | None:
    """The situation's bytes as the command reads them (``--file`` or stdin), or None when the
    command must read them itself (a file it cannot read or that is not a regular file, a terminal)."""
    if file is not None:
        try:
            with open(file, "rb") as handle:
                # a pipe or a device (/dev/stdin) gives its bytes once: the command must read them
                return handle.read() if stat.S_ISREG(os.fstat(handle.fileno()).st_mode) else None
        except OSError:
            return None
    stream = sys.stdin
    if stream is None or stream.isatty() or not hasattr(stream, "buffer"):
        return None
    data = stream.buffer.read()
    # the command reads the same bytes again, should it answer
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding=stream.encoding, errors=stream.errors)
    return data


def answer(args: list[str]) -> tuple[int, str] | None:
    """``fallujah adjudicate`` with ``args``: the exit status and text of the answer the command
    printed before, or None when the click command must answer (it then keeps its answer)."""
    global _pending
    found = request(args)
    if found is None:
        return None
    situation, game, file, as_json, lang = found
    data = _situation_bytes(file)
    if data is None:
        return None
    try:
        key = key_of(situation, game, as_json, lang, data)
    except OSError:
        return None
    if key is None:
        return None
    stored = read(key)
    if stored is None:
        _pending = key
    return stored
