"""``fallujah rule ID`` answered from a plain-JSON file, without pydantic or YAML (issue 11, item 7).

Loading a game, even from its pickle, imports pydantic and builds every model class: most of
the 0.4 s that ``fallujah rule`` took. So whenever the rule command has the full game in
memory, it also writes, per game, a "rule answers" file: for every section of every language
what ``fallujah rule`` prints (the ``--json`` payload, which holds the text, breadcrumb, refs,
cited-by and contents, plus the label) and every id, for the nearest-id suggestions. The next
``fallujah rule`` reads that file with the standard library alone.

Never stale: the file records each data file's name, size, modification time, change time and
inode (as the corpus fingerprint does, :mod:`rules_text.cache`) and a hash of the code that
renders an answer. It is served only while the game folder holds exactly the same files with
the same stats and the code is the same; any doubt (file missing, unreadable, other files,
other code, another language, an id it does not know) sends the command down the full path,
which reads the data again and rewrites the file.

It also lays out what the command prints (:func:`printed`), so that the console script's launcher
(:mod:`web.cli`) answers ``fallujah rule`` without importing click, as the click command does.

This module imports only a few modules of the standard library (not even :mod:`rules_text.cache`,
whose pickle and tempfile cost more than the lookup, until it writes, nor shutil and textwrap
until they are needed). The few constants and helpers
it repeats from :mod:`rules_text.loading`, :mod:`rules_text.models` and :mod:`rules_text.cache` are
checked equal by ``tests/test_cli_fast_rule.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing is imported by type checkers only: its import costs ~3 ms
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

#: bump when the answers file changes shape
ANSWERS_VERSION = 2
#: as rules_text.loading.DEFAULT_GAME and rules_text.base.LANGS
DEFAULT_GAME = "phantom-fury"
LANGS: tuple[str, ...] = ("en", "fr")
#: the language ``--lang`` defaults to (rules_text.cli's option, and the launcher web.cli)
DEFAULT_LANG = "en"
#: as rules_text.models.PRINTED_CHAPTER: "22.0" and "22)" are chapter 22
PRINTED_CHAPTER = re.compile(r"^(\d{1,2})(?:\.0|\))$")
#: as rules_text.models.NUMBERED_ID: a rulebook number, not a slug
NUMBERED_ID = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,4}$")
#: the code an answer depends on: the modules of a cached game (rules_text.cache._MODEL_MODULES;
#: cache.py holds its CACHE_VERSION) and the rendering
_CODE_MODULES = ("base.py", "tables.py", "models.py", "markup.py", "corpus.py", "loading.py", "cache.py",
                 "cli.py", "fast_rule.py", "rulings.py")
#: how a ruling's kind is named where it is read (rules_text.rulings.KIND_LABELS, checked equal)
KIND_LABELS = {"erratum": "Erratum", "ambiguity": "Ambiguity", "clarification": "Clarification",
               "house": "House ruling"}

_HERE = Path(__file__).resolve().parent


def games_dir() -> Path:
    """Where the games are: rules_text.loading.GAMES_DIR when it is loaded (tests may set it), else the
    same default it computes (``$FALLUJAH_GAMES_DIR`` or the package's ``games/``)."""
    loading = sys.modules.get("rules_text.loading")
    if loading is not None:
        return Path(loading.GAMES_DIR)
    return Path(os.environ.get("FALLUJAH_GAMES_DIR") or _HERE / "games")


def glossary_file() -> Path:
    loading = sys.modules.get("rules_text.loading")
    if loading is not None:
        return Path(loading.GLOSSARY_FILE)
    return Path(os.environ.get("FALLUJAH_GLOSSARY") or _HERE.parent / "glossary.yaml")


def available_games() -> list[str]:
    """The registered games, as rules_text.loading.available_games lists them."""
    root = games_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def data_files(game: str) -> list[Path]:
    """Every file a game's data is read from (as rules_text.loading.data_files), [] for no such game."""
    root = games_dir() / game
    if "/" in game or game.startswith(".") or not (root / "game.yaml").is_file():
        return []
    files = sorted(root.rglob("*.yaml"))
    glossary = glossary_file()
    return files + ([glossary] if glossary.is_file() else [])


def normalise_id(section_id: str) -> str:
    """As rules_text.corpus.normalise_id: "[13.6.4]", " 13.6.4. " -> "13.6.4"; "22.0", "22)" -> "22"."""
    key = section_id.strip().strip("[]").strip().rstrip(".").lower()
    match = PRINTED_CHAPTER.match(key)
    return match.group(1) if match else key


def slug_of(text: str) -> str:
    """As rules_text.corpus.slug_of: "Search Phase" -> "search-phase"."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def cache_dir() -> Path:
    """The folder of the cached corpora and rule answers (:mod:`rules_text.cache` uses it too)."""
    return Path(os.environ.get("FALLUJAH_CACHE_DIR") or Path.home() / ".cache" / "fallujah")


def file_stats(files: Sequence[Path]) -> list[list[Any]]:
    """Each file's name, size, modification time, change time and inode: changes whenever a
    file does (:mod:`rules_text.cache` uses it too)."""
    stats = []
    for path in files:
        st = path.stat()
        stats.append([str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino])
    return stats


def code_stamp() -> str:
    """A hash of the code a cached game and its answers are made by."""
    digest = hashlib.sha256(f"{ANSWERS_VERSION}|{sys.version_info[:2]}".encode())
    for name in _CODE_MODULES:
        digest.update((_HERE / name).read_bytes())
    return digest.hexdigest()[:12]


def answers_path(game: str) -> Path:
    """One answers file per game and data location (as the corpus fingerprint's name)."""
    key = hashlib.sha256(f"{games_dir().resolve()}|{glossary_file().resolve()}|{game}".encode()).hexdigest()[:12]
    return cache_dir() / "corpus" / f"{game}-{key}.answers.json"


def current_stats(game: str) -> list[list[Any]] | None:
    """The stats of the game's data files now, or None when they cannot be read."""
    try:
        files = data_files(game)
        return file_stats(files) if files else None
    except OSError:
        return None


def read_answers(game: str) -> dict[str, Any] | None:
    """The game's answers file when it matches the data files and the code exactly, else None.

    The file is JSON lines: a header (version, code stamp, file stats, each language's ids in
    rulebook order), then one answer per line in that order, parsed only when asked for."""
    try:
        lines = answers_path(game).read_bytes().split(b"\n")
        answers = json.loads(lines[0])
    except (OSError, ValueError):
        return None
    if not isinstance(answers, dict) or answers.get("version") != ANSWERS_VERSION:
        return None
    try:
        stamp = code_stamp()
    except OSError:
        return None
    stats = current_stats(game)
    if stats is None or answers.get("code") != stamp or answers.get("game") != game or answers.get("stats") != stats:
        return None
    ids = answers.get("ids")
    if not isinstance(ids, dict) or len(lines) != 1 + sum(len(v) for v in ids.values()):
        return None
    answers["lines"] = lines
    return answers


def lookup(game: str, lang: str, section_id: str) -> dict[str, Any] | None:
    """What ``fallujah rule`` prints for this id, or None: answer it the full way."""
    answers = read_answers(game)
    return None if answers is None else find(answers, lang, section_id)


def find(answers: dict[str, Any], lang: str, section_id: str) -> dict[str, Any] | None:
    """The answer for an id typed as printed ("[13.6.4]", "22.0", a heading), as Corpus.get finds it."""
    if lang not in answers["ids"]:
        return None
    line = 1
    for code, ids in answers["ids"].items():
        if code == lang:
            break
        line += len(ids)
    position = {section: index for index, section in enumerate(answers["ids"][lang])}
    index = position.get(normalise_id(section_id))
    if index is None:
        index = position.get(slug_of(section_id))
    if index is None:
        return None
    try:
        found = json.loads(answers["lines"][line + index])
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def write_answers(game: str, stats: list[list[Any]], langs: dict[str, dict[str, Any]]) -> None:
    """Keep the answers for the next process (``stats``: the data files' stats before the game was read)."""
    try:
        header = {"version": ANSWERS_VERSION, "code": code_stamp(), "game": game, "stats": stats,
                  "ids": {lang: list(sections) for lang, sections in langs.items()}}
        lines = [header] + [answer for sections in langs.values() for answer in sections.values()]
        data = "\n".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) for line in lines).encode()
    except (OSError, TypeError, ValueError):
        return
    from . import cache

    cache._write_atomic(answers_path(game), data)


def answer_or_error(game: str, lang: str, section_id: str) -> tuple[dict[str, Any] | None, str | None]:
    """What the answers file says of an id: ``(answer, None)``; ``(None, message)`` for an id the
    rulebook does not have (the message of rules_text.corpus.UnknownSection); ``(None, None)`` when
    the file cannot say (missing, stale, another language): the full path answers then."""
    answers = read_answers(game)
    if answers is None:
        return None, None
    answer = find(answers, lang, section_id)
    return (answer, None) if answer is not None else (None, unknown_section(answers, lang, section_id))


def read_args(args: Sequence[str], options: Mapping[str, bool],
              dash_is_a_word: bool = False) -> tuple[list[str], dict[str, str]] | None:
    """A fast path's reading of its command's arguments: the words and each option's value, or
    None for what it leaves to click: an option not in ``options`` (name -> whether it takes a
    value), one given twice, a value given to a flag, an option missing its value
    (``dash_is_a_word``: a lone ``-`` is a word, not an option)."""
    values: dict[str, str] = {}
    words: list[str] = []
    rest = iter(args)
    for arg in rest:
        if not arg.startswith("-") or (dash_is_a_word and arg == "-"):
            words.append(arg)
            continue
        name, equals, value = arg.partition("=")
        if name not in options or name in values or (equals and not options[name]):
            return None
        if options[name] and not equals:
            following = next(rest, None)
            if following is None:
                return None
            value = following
        values[name] = value
    return words, values


def json_text(payload: Any) -> str:
    """A command's ``--json`` output."""
    return json.dumps(payload, ensure_ascii=False, indent=2)


def terminal_columns(fallback: int = 100) -> int:
    """``shutil.get_terminal_size((fallback, 20)).columns``, without importing shutil: ``$COLUMNS``,
    else the terminal's width, else ``fallback``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else fallback


def printed(answer: dict[str, Any], as_json: bool, columns: int) -> list[tuple[str, str | None]]:
    """What ``fallujah rule`` prints for an answer, one message (a line or a block) at a time, each
    with its style: None, "dim" (the breadcrumb) or "bold" (the label); the text wrapped to the
    terminal's ``columns``, at most 100."""
    data = answer["data"]
    if as_json:
        return [(json_text(data), None)]
    out: list[tuple[str, str | None]] = []
    crumbs = " › ".join(f"{c['id']} {c['title']}".strip() for c in data["breadcrumb"])
    if crumbs:
        out.append((crumbs, "dim"))
    out.append((answer["label"] + (f"  ({data['kind']})" if data["kind"] != "rule" else ""), "bold"))
    if data["text"]:
        out.append((_wrap(data["text"], min(columns, 100)), None))
    rulings = data.get("rulings") or []
    if data["refs"]:
        flagged = {r["cites"]: r for r in rulings if r.get("cites")}
        refs = [f"{ref} ({flagged[ref]['erratum'].replace('_', ' ')}, see below)" if ref in flagged else ref
                for ref in data["refs"]]
        out.append((f"\nCites: {', '.join(refs)}", None))
    if data["referenced_by"]:
        out.append((f"Cited by: {', '.join(data['referenced_by'])}", None))
    if data["children"]:
        out.append((f"Contains: {', '.join(data['children'])}", None))
    if rulings:
        out.append((_wrap("\n" + "\n".join(ruling_lines(rulings)), min(columns, 100)), None))
    return out


def ruling_lines(rulings: list[dict[str, Any]]) -> list[str]:
    """The rulings beside a rule, as lines: each kind, id and text, an ambiguity's readings (the
    one followed marked), a ruling's pick and source (rules_text.rulings)."""
    lines = []
    for ruling in rulings:
        kind = KIND_LABELS.get(ruling["kind"], ruling["kind"])
        detail = f", {ruling['erratum'].replace('_', ' ')}" if ruling.get("erratum") else ""
        lines.append(f"{kind}{detail} [{ruling['id']}]: {ruling['text']}")
        for reading in ruling.get("readings") or []:
            followed = " (followed unless a ruling picks another)" if reading["key"] == ruling.get("follows") else ""
            lines.append(f"• reading {reading['key']}{followed}: {reading['text']}")
        if ruling.get("ambiguity"):
            lines.append(f"• picks reading {ruling['reading']} of {ruling['ambiguity']}")
        if ruling["kind"] in ("clarification", "house"):
            lines.append(f"• source: {ruling['source']}")
    return lines


def _wrap(text: str, width: int) -> str:
    import textwrap

    out = []
    for line in text.splitlines():
        out.append(textwrap.fill(line, width=width, subsequent_indent="  " if line.startswith("•") else "") if line.strip() else "")
    return "\n".join(out)


def unknown_section(answers: dict[str, Any], lang: str, section_id: str) -> str | None:
    """For an id the file's rulebook does not have: the message of rules_text.corpus.UnknownSection,
    with the nearest ids as Corpus.nearest finds them; None when the file does not hold ``lang``."""
    ids = answers["ids"].get(lang)
    if not isinstance(ids, list):
        return None
    key = normalise_id(section_id)
    suggestions = nearest(ids, key)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    return f"no section {key!r} in the {lang} rulebook{hint}"


def nearest(ids: list[str], section_id: str, n: int = 3) -> list[str]:
    """As rules_text.corpus.Corpus.nearest over ``ids`` (the corpus's ids in rulebook order)."""
    import difflib

    known = set(ids)
    close = difflib.get_close_matches(section_id, ids, n=n, cutoff=0.6)
    if NUMBERED_ID.match(section_id):
        parts = section_id.split(".")
        ancestors = [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]
        close = [a for a in ancestors if a in known][:1] + close
        if not close:
            close = _nearest_numbers(ids, section_id, n)
    if not close:
        close = difflib.get_close_matches(section_id, ids, n=n, cutoff=0.3)
    return list(dict.fromkeys(close))[:n]


def _nearest_numbers(ids: list[str], section_id: str, n: int) -> list[str]:
    def key(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split(".") if part.isdigit())

    wanted = key(section_id)
    numbered = [i for i in ids if NUMBERED_ID.match(i) and len(key(i)) <= len(wanted)]
    return sorted(numbered, key=lambda i: (abs(key(i)[0] - wanted[0]) if key(i) and wanted else 0,
                                           [abs(a - b) for a, b in zip(key(i), wanted, strict=False)]))[:n]
