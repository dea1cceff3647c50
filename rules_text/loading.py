"""Reading a game's folder into a :class:`~rules_text.corpus.Game`.

Any problem with a file (missing, not YAML, a field of the wrong shape) raises
:class:`DataError`, whose one-line message names the file, the section and what
is wrong.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import cache, markup
from .corpus import Corpus, Game, numbered_parent
from .models import (
    Erratum,
    GameDeclaration,
    GlossaryTerm,
    Lang,
    Section,
    SectionData,
    Table,
    is_numbered,
)

#: where the games' folders are; FALLUJAH_GAMES_DIR points elsewhere (tests, new games)
GAMES_DIR = Path(os.environ.get("FALLUJAH_GAMES_DIR") or Path(__file__).resolve().parent / "games")
GLOSSARY_FILE = Path(
    os.environ.get("FALLUJAH_GLOSSARY") or Path(__file__).resolve().parent.parent / "glossary.yaml"
)
DEFAULT_GAME = "phantom-fury"


class DataError(Exception):
    """A data file that cannot be used: names the file, the section and the fault.

    ``problems`` holds every fault found (one line each) when there were several;
    the message is the first.
    """

    def __init__(self, file: Path | str, message: str, section: str | None = None,
                 problems: list[str] | None = None):
        self.file = str(file)
        self.section = section
        self.message = message
        where = f"{self.file}: section {section}" if section else self.file
        self.problems = problems or [f"{where}: {message}"]
        more = f" (and {len(self.problems) - 1} more problem(s); fallujah check lists them)" if len(self.problems) > 1 else ""
        super().__init__(f"{where}: {message}{more}")


class UnknownGame(DataError, LookupError):
    """A game id that no folder declares; the one-line message lists the known games.

    The one class every layer raises and catches for an unknown game (the adjudicator's
    registry and the companion's ``web.games`` re-export it); a :class:`LookupError` too."""

    def __init__(self, game: str):
        self.game = game
        self.known = available_games()
        text = f"unknown game {game!r} (known games: {', '.join(self.known) or 'none'})"
        super().__init__(GAMES_DIR / game, text)
        self.args = (text,)

    def __str__(self) -> str:
        return str(self.args[0])


def available_games() -> list[str]:
    if not GAMES_DIR.is_dir():
        return []
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / "game.yaml").is_file())


def load_yaml(text: Any) -> Any:
    """A YAML document (text or an open file) read safely: plain data, no Python objects; with
    libyaml's safe loader where PyYAML was built with it (ten times faster on the rulebooks' data,
    the same values), else PyYAML's own. PyYAML is imported here, when a file is read: a game
    answered from its cache reads none (issue 21: start-up)."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def read_yaml(path: Path) -> Any:
    import yaml

    try:
        with path.open(encoding="utf-8") as handle:
            return load_yaml(handle)
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(path, f"not valid YAML{line}: {problem}") from None


def _where(loc: tuple[Any, ...]) -> str:
    """A pydantic error location as a reader names it: ("rows", 2, "copies") -> "row 3: copies"."""
    if len(loc) >= 2 and loc[0] == "rows" and isinstance(loc[1], int):
        rest = ".".join(str(part) for part in loc[2:])
        return f"row {loc[1] + 1}" + (f": {rest}" if rest else "")
    return ".".join(str(part) for part in loc)


def _validation_messages(exc: ValidationError) -> list[str]:
    out = []
    for error in exc.errors():
        where = _where(tuple(error["loc"]))
        out.append(f"{where + ': ' if where else ''}{error['msg']}")
    return out


def _validation_message(exc: ValidationError) -> str:
    messages = _validation_messages(exc)
    extra = f" (and {len(messages) - 1} more)" if len(messages) > 1 else ""
    return messages[0] + extra


def game_dir(game: str) -> Path:
    """The folder of a game; UnknownGame when no such folder exists."""
    path = GAMES_DIR / game
    if not path.is_dir() or "/" in game or game.startswith("."):
        raise UnknownGame(game)
    if not (path / "game.yaml").is_file():
        raise DataError(path / "game.yaml", "file not found: every game folder declares itself in game.yaml")
    return path


def declaration(game: str) -> GameDeclaration:
    """What ``games/<game>/game.yaml`` declares: title, languages, dice, id style, sources."""
    path = game_dir(game) / "game.yaml"
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(path, "expected a mapping (id, title, package, languages, ...)")
    try:
        declared = GameDeclaration.model_validate(raw)
    except ValidationError as exc:
        raise DataError(path, _validation_message(exc), problems=[f"{path}: {m}" for m in _validation_messages(exc)]) from None
    if declared.id != game:
        raise DataError(path, f"id {declared.id!r} differs from the folder name {game!r}")
    return declared


def package_of(game: str) -> str:
    """The Python package of a game's adjudicator and companion (``package:`` in game.yaml);
    :class:`UnknownGame` for an undeclared id. Read again only when game.yaml changes: between
    processes too, remembered in the cache folder with game.yaml's stats (name, size, times,
    inode) and the code that reads it (:func:`rules_text.cache.remembered_hash`), so that
    ``fallujah adjudicate`` reads no YAML for it."""
    path = game_dir(game) / "game.yaml"
    return _package(game, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _package(game: str, _stamp: int) -> str:
    path = game_dir(game) / "game.yaml"
    key = hashlib.sha256(f"{GAMES_DIR.resolve()}|{game}".encode()).hexdigest()[:12]
    return cache.remembered_hash(f"{game}-package-{key}-{cache.code_stamp()}", [path],
                                 lambda: declaration(game).package)


def declarations() -> list[GameDeclaration]:
    """Every registered game's declaration, by id."""
    return [declaration(game) for game in available_games()]


def data_files(game: str) -> list[Path]:
    """Every file a game's data is read from, for fingerprints and watching."""
    root = game_dir(game)
    files = sorted(root.rglob("*.yaml"))
    return files + ([GLOSSARY_FILE] if GLOSSARY_FILE.is_file() else [])


def content_hash(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(path.parents[2])).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def fingerprint(game: str) -> str:
    """A hash of the game's data: changes whenever any of its files changes.

    The SHA-256 of every file's bytes, remembered (rules_text.cache) while no file's size,
    modification time, change time or inode moved, so that a fresh process does not read
    every file to learn that nothing changed.
    """
    files = data_files(game)
    key = hashlib.sha256(f"{GAMES_DIR.resolve()}|{GLOSSARY_FILE.resolve()}|{game}".encode()).hexdigest()[:12]
    return cache.remembered_hash(f"{game}-{key}", files, lambda: content_hash(files))


def load_tables(root: Path) -> dict[str, Table]:
    """Every table file; DataError listing every file that does not validate."""
    tables: dict[str, Table] = {}
    problems: list[tuple[Path, str]] = []
    for path in sorted((root / "tables").glob("*.yaml")):
        try:
            raw = read_yaml(path)
        except DataError as exc:
            problems.append((path, exc.message))
            continue
        label = f"table {raw.get('id', path.stem)}: " if isinstance(raw, dict) else ""
        try:
            table = Table.model_validate(raw)
        except ValidationError as exc:
            problems += [(path, label + message) for message in _validation_messages(exc)]
            continue
        if table.id != path.stem:
            problems.append((path, f"table id {table.id!r} differs from the file name {path.stem!r}"))
            continue
        tables[table.id] = table
    if problems:
        first_path, first = problems[0]
        raise DataError(first_path, first, problems=[f"{p}: {m}" for p, m in problems])
    return tables


def load_sections(root: Path, lang: Lang, tables: dict[str, Table],
                  declared: GameDeclaration | None = None) -> list[Section]:
    """One language's sections, in file order; DataError listing every bad section of every file."""
    bare_chapters = bool(declared and declared.bare_chapter_refs)
    raw_sections: list[tuple[Path, SectionData]] = []
    problems: list[DataError] = []
    for path in sorted((root / lang).glob("*.yaml")):
        try:
            raw = read_yaml(path)
        except DataError as exc:
            problems.append(exc)
            continue
        if not isinstance(raw, dict) or not isinstance(raw.get("sections"), list):
            problems.append(DataError(path, "expected a mapping with a 'sections' list"))
            continue
        for index, item in enumerate(raw["sections"]):
            label = item.get("id", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
            try:
                raw_sections.append((path, SectionData.model_validate(item)))
            except ValidationError as exc:
                problems.append(DataError(path, _validation_message(exc), section=str(label)))
    known = {data.id for _, data in raw_sections}
    sections: list[Section] = []
    for path, data in raw_sections:
        unknown = [t for t in markup.table_ids(data.text) + ([data.table] if data.table else []) if t not in tables]
        if unknown:
            problems += [DataError(path, f"unknown table {t!r}", section=data.id) for t in unknown]
            continue
        source_text = data.text
        if data.table and not source_text.strip():
            source_text = f"{{table: {data.table}}}"
        parent = numbered_parent(data.id, known) if is_numbered(data.id) else data.parent
        readable = markup.render(markup.MISSING.sub(" ", source_text), lang, tables, section_title=data.title)
        sections.append(
            Section(
                id=data.id,
                lang=lang,
                title=data.title,
                kind=data.kind,
                note_type=data.note_type,
                parent=parent,
                source_text=source_text,
                text=markup.render(source_text, lang, tables, section_title=data.title),
                refs=tuple(markup.find_refs(data.title + "\n" + readable, bare_chapters=bare_chapters,
                                            names=declared.name_refs if declared else None)),
                gaps=tuple(markup.gaps(source_text)),
                tables=tuple(markup.table_ids(source_text)),
                file=str(path.relative_to(root)),
                number=declared.printed_number(data.id) if declared and is_numbered(data.id) else None,
            )
        )
    if problems:
        first = problems[0]
        raise DataError(first.file, first.message, section=first.section,
                        problems=[line for p in problems for line in p.problems])
    return sections


def load_glossary(game: str) -> tuple[GlossaryTerm, ...]:
    if not GLOSSARY_FILE.is_file():
        return ()
    raw = read_yaml(GLOSSARY_FILE)
    terms = (((raw or {}).get("games") or {}).get(game) or {}).get("terms") or []
    result = []
    problems: list[DataError] = []
    for index, item in enumerate(terms):
        try:
            result.append(GlossaryTerm.model_validate(item))
        except ValidationError as exc:
            label = item.get("key", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
            problems.append(DataError(GLOSSARY_FILE, _validation_message(exc), section=f"term {label}"))
    if problems:
        raise DataError(GLOSSARY_FILE, problems[0].message, section=problems[0].section,
                        problems=[line for p in problems for line in p.problems])
    return tuple(result)


def load_errata(root: Path, languages: tuple[Lang, ...] = ("en", "fr")) -> tuple[Erratum, ...]:
    """The known source errata; an erratum naming no language concerns every language of the game."""
    path = root / "errata.yaml"
    if not path.is_file():
        return ()
    raw = read_yaml(path) or {}
    result: list[Erratum] = []
    problems: list[DataError] = []
    for index, item in enumerate(raw.get("errata") or []):
        try:
            erratum = Erratum.model_validate(item)
        except ValidationError as exc:
            problems.append(DataError(path, _validation_message(exc), section=f"erratum #{index + 1}"))
            continue
        if erratum.id and any(other.id == erratum.id for other in result):
            problems.append(DataError(path, f"ambiguity id {erratum.id!r} is registered twice",
                                      section=f"erratum #{index + 1}"))
            continue
        result.append(erratum if erratum.langs else erratum.model_copy(update={"langs": languages}))
    if problems:
        raise DataError(path, problems[0].message, section=problems[0].section,
                        problems=[line for p in problems for line in p.problems])
    return tuple(result)


def read_game(game: str, stamp: str) -> Game:
    """Read and validate a game's folder (no cache)."""
    root = game_dir(game)
    declared = declaration(game)
    tables = load_tables(root)
    for lang in declared.languages:
        if not (root / lang).is_dir():
            raise DataError(root / lang, f"languages declares {lang!r} but the folder {lang}/ is missing")
    corpora = {
        lang: Corpus(game=game, lang=lang, sections=tuple(load_sections(root, lang, tables, declared)))
        for lang in declared.languages
    }
    for lang, corpus in corpora.items():
        unknown = [chapter for chapter in declared.restating if chapter not in corpus.by_id]
        if unknown:
            raise DataError(root / "game.yaml", f"restating names {unknown[0]!r}, which is no section of the {lang} "
                                                f"rulebook; list the ids of chapters that restate rules (a glossary)")
    return Game(
        id=game,
        title=declared.title,
        declaration=declared,
        corpora=corpora,
        tables=tables,
        glossary=load_glossary(game),
        errata=load_errata(root, declared.languages),
        fingerprint=stamp,
    )


@lru_cache(maxsize=8)
def _load(game: str, stamp: str) -> Game:
    cached = cache.read_game(game, stamp)
    if isinstance(cached, Game) and cached.id == game and cached.fingerprint == stamp:
        return cached
    loaded = read_game(game, stamp)
    cache.write_game(game, stamp, loaded)
    return loaded


def load_game(game: str = DEFAULT_GAME) -> Game:
    """The game's data: from the on-disk cache while its files are unchanged, else read again."""
    return _load(game, fingerprint(game))


def load_corpus(lang: Lang = "en", game: str = DEFAULT_GAME) -> Corpus:
    loaded = load_game(game)
    if lang not in loaded.corpora:
        raise DataError(game_dir(game), f"no {lang!r} rulebook (languages: {', '.join(loaded.corpora)})")
    return loaded.corpora[lang]
