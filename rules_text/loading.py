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

import yaml
from pydantic import ValidationError

from . import markup
from .corpus import Corpus, Game, numbered_parent
from .models import LANGS, Erratum, GlossaryTerm, Lang, Section, SectionData, Table, is_numbered

#: where the games' folders are; FALLUJAH_GAMES_DIR points elsewhere (tests, new games)
GAMES_DIR = Path(os.environ.get("FALLUJAH_GAMES_DIR") or Path(__file__).resolve().parent / "games")
GLOSSARY_FILE = Path(
    os.environ.get("FALLUJAH_GLOSSARY") or Path(__file__).resolve().parent.parent / "glossary.yaml"
)
DEFAULT_GAME = "phantom-fury"


class DataError(Exception):
    """A data file that cannot be used: names the file, the section and the fault."""

    def __init__(self, file: Path | str, message: str, section: str | None = None):
        self.file = str(file)
        self.section = section
        self.message = message
        where = f"{self.file}: section {section}" if section else self.file
        super().__init__(f"{where}: {message}")


def available_games() -> list[str]:
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / "game.yaml").is_file())


def read_yaml(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(path, f"not valid YAML{line}: {problem}") from None


def _validation_message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    extra = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where + ': ' if where else ''}{first['msg']}{extra}"


def game_dir(game: str) -> Path:
    path = GAMES_DIR / game
    if not (path / "game.yaml").is_file():
        known = ", ".join(available_games()) or "none"
        raise DataError(path / "game.yaml", f"unknown game {game!r} (known games: {known})")
    return path


def data_files(game: str) -> list[Path]:
    """Every file a game's data is read from, for fingerprints and watching."""
    root = game_dir(game)
    files = sorted(root.rglob("*.yaml"))
    return files + ([GLOSSARY_FILE] if GLOSSARY_FILE.is_file() else [])


def fingerprint(game: str) -> str:
    """A hash of the game's data: changes whenever any of its files changes."""
    digest = hashlib.sha256()
    for path in data_files(game):
        digest.update(str(path.relative_to(path.parents[2])).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def load_tables(root: Path) -> dict[str, Table]:
    tables: dict[str, Table] = {}
    for path in sorted((root / "tables").glob("*.yaml")):
        raw = read_yaml(path)
        try:
            table = Table.model_validate(raw)
        except ValidationError as exc:
            raise DataError(path, _validation_message(exc)) from None
        if table.id != path.stem:
            raise DataError(path, f"table id {table.id!r} differs from the file name {path.stem!r}")
        tables[table.id] = table
    return tables


def load_sections(root: Path, lang: Lang, tables: dict[str, Table]) -> list[Section]:
    raw_sections: list[tuple[Path, SectionData]] = []
    for path in sorted((root / lang).glob("*.yaml")):
        raw = read_yaml(path)
        if not isinstance(raw, dict) or not isinstance(raw.get("sections"), list):
            raise DataError(path, "expected a mapping with a 'sections' list")
        for index, item in enumerate(raw["sections"]):
            label = item.get("id", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
            try:
                raw_sections.append((path, SectionData.model_validate(item)))
            except ValidationError as exc:
                raise DataError(path, _validation_message(exc), section=str(label)) from None
    known = {data.id for _, data in raw_sections}
    sections: list[Section] = []
    for path, data in raw_sections:
        for table_id in markup.table_ids(data.text) + ([data.table] if data.table else []):
            if table_id not in tables:
                raise DataError(path, f"unknown table {table_id!r}", section=data.id)
        source_text = data.text
        if data.table and not source_text.strip():
            source_text = f"{{table: {data.table}}}"
        parent = numbered_parent(data.id, known) if is_numbered(data.id) else data.parent
        sections.append(
            Section(
                id=data.id,
                lang=lang,
                title=data.title,
                kind=data.kind,
                note_type=data.note_type,
                parent=parent,
                source_text=source_text,
                text=markup.render(source_text, lang, tables),
                refs=tuple(markup.find_refs(data.title + "\n" + markup.render(markup.MISSING.sub(" ", source_text), lang, tables))),
                gaps=tuple(markup.gaps(source_text)),
                tables=tuple(markup.table_ids(source_text)),
                file=str(path.relative_to(root)),
            )
        )
    return sections


def load_glossary(game: str) -> tuple[GlossaryTerm, ...]:
    if not GLOSSARY_FILE.is_file():
        return ()
    raw = read_yaml(GLOSSARY_FILE)
    terms = (((raw or {}).get("games") or {}).get(game) or {}).get("terms") or []
    result = []
    for index, item in enumerate(terms):
        try:
            result.append(GlossaryTerm.model_validate(item))
        except ValidationError as exc:
            label = item.get("key", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
            raise DataError(GLOSSARY_FILE, _validation_message(exc), section=f"term {label}") from None
    return tuple(result)


def load_errata(root: Path) -> tuple[Erratum, ...]:
    path = root / "errata.yaml"
    if not path.is_file():
        return ()
    raw = read_yaml(path) or {}
    result = []
    for index, item in enumerate(raw.get("errata") or []):
        try:
            result.append(Erratum.model_validate(item))
        except ValidationError as exc:
            raise DataError(path, _validation_message(exc), section=f"erratum #{index + 1}") from None
    return tuple(result)


@lru_cache(maxsize=8)
def _load(game: str, stamp: str) -> Game:
    root = game_dir(game)
    meta = read_yaml(root / "game.yaml") or {}
    tables = load_tables(root)
    corpora = {
        lang: Corpus(game=game, lang=lang, sections=tuple(load_sections(root, lang, tables)))
        for lang in LANGS
        if (root / lang).is_dir()
    }
    return Game(
        id=game,
        title=str(meta.get("title", game)),
        corpora=corpora,
        tables=tables,
        glossary=load_glossary(game),
        errata=load_errata(root),
        fingerprint=stamp,
    )


def load_game(game: str = DEFAULT_GAME) -> Game:
    """The game's data, read once and read again whenever a file changes."""
    return _load(game, fingerprint(game))


def load_corpus(lang: Lang = "en", game: str = DEFAULT_GAME) -> Corpus:
    loaded = load_game(game)
    if lang not in loaded.corpora:
        raise DataError(game_dir(game), f"no {lang!r} rulebook (languages: {', '.join(loaded.corpora)})")
    return loaded.corpora[lang]
