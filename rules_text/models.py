"""The corpus's value types: sections, tables, glossary terms, source errata.

Every model is a frozen pydantic model; the YAML files under ``games/`` are
validated into them by :mod:`rules_text.loading`.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from .base import LANGS, Die, Frozen, Lang, LocalText
from .tables import (
    Cell,
    Column,
    Table,
    TableProblem,
    TableRow,
    parse_roll,
    parse_totals,
    table_problems,
)

__all__ = [
    "LANGS", "AmbiguityReading", "Cell", "Column", "Erratum", "GameDeclaration", "GlossaryTerm", "Kind", "Lang", "LeftOut",
    "LocalText", "NoteType", "Section", "SectionData", "Table", "TableProblem", "TableRow",
    "chapter_number", "id_key", "is_numbered", "parse_roll", "parse_totals", "table_problems",
]

#: A rulebook number as printed, without the trailing dot: "4", "4.1", "13.4.3.2".
NUMBERED_ID = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,4}$")
#: A stable slug for unnumbered material: "foreword", "example-assault", "5.1.1-note-1".
SLUG_ID = re.compile(r"^[a-z0-9][a-z0-9.\-]*[a-z0-9]$")
#: A chapter number as some rulebooks print it: "22.0" (BfF), "22)" (SF); stored as "22".
PRINTED_CHAPTER = re.compile(r"^(\d{1,2})(?:\.0|\))$")


def is_numbered(section_id: str) -> bool:
    """True for a rulebook number ("11.4.1"), False for a slug ("example-assault")."""
    return bool(NUMBERED_ID.match(section_id))


def id_key(section_id: str) -> tuple[int, ...]:
    """Sort key of a numbered id: "13.4.10" sorts after "13.4.9"."""
    return tuple(int(part) for part in section_id.split("."))


class Kind(StrEnum):
    """What a section is, so rule text can be told from commentary."""

    RULE = "rule"
    EXAMPLE = "example"
    NOTE = "note"
    TABLE = "table"
    FOREWORD = "foreword"
    BIBLIOGRAPHY = "bibliography"


class NoteType(StrEnum):
    """Who speaks in a note (see the foreword)."""

    GAZETTE = "gazette"  #: quoted Marine Corps Gazette extract, blue in the printed book
    DESIGNER = "designer"  #: designer's note, red in the printed book




class SectionData(Frozen):
    """One section as written in a ``games/<game>/<lang>/*.yaml`` file."""

    id: str
    title: str = ""
    kind: Kind
    note_type: NoteType | None = None
    parent: str | None = None
    text: str = ""
    table: str | None = None

    @field_validator("id")
    @classmethod
    def _well_formed_id(cls, value: str) -> str:
        chapter = PRINTED_CHAPTER.match(value)
        if chapter:
            raise ValueError(
                f"id {value!r}: a chapter is stored without its printed suffix: write {chapter.group(1)!r}"
            )
        if not (NUMBERED_ID.match(value) or SLUG_ID.match(value)):
            raise ValueError(
                f"id {value!r} is neither a rule number like '11.4.1' nor a slug like 'example-assault'"
            )
        return value

    @model_validator(mode="after")
    def _consistent(self) -> SectionData:
        if self.kind is Kind.NOTE and self.note_type is None:
            raise ValueError(f"note {self.id!r} needs a note_type (gazette or designer)")
        if self.kind is not Kind.NOTE and self.note_type is not None:
            raise ValueError(f"section {self.id!r} is a {self.kind.value}, not a note: drop note_type")
        if is_numbered(self.id) and self.parent is not None:
            raise ValueError(f"numbered section {self.id!r} gets its parent from its number: drop parent")
        return self


class Section(Frozen):
    """A section of one language's corpus, with its derived facts."""

    id: str
    lang: Lang
    title: str
    kind: Kind
    note_type: NoteType | None = None
    parent: str | None
    #: the text as stored, with ``{table: ...}`` and ``{missing: ...}`` markup
    source_text: str
    #: readable text: tables rendered, gaps spelled out
    text: str
    #: ids cited by this section, in order of first citation
    refs: tuple[str, ...] = ()
    #: descriptions of text lost in the source
    gaps: tuple[str, ...] = ()
    #: tables whose rows stand in this section
    tables: tuple[str, ...] = ()
    #: file the section was read from, relative to the game folder
    file: str
    #: the number as the rulebook prints it ("22.0", "22)", "11.4.1"); None for a slug
    number: str | None = None

    @property
    def numbered(self) -> bool:
        return is_numbered(self.id)

    @property
    def label(self) -> str:
        """How a player names the section: "11.4.1 SNIPER ATTACK", "22.0 Insurgency Reaction" or the title alone."""
        if self.numbered:
            return f"{self.number or self.id} {self.title}".strip()
        return self.title or self.id


class GlossaryTerm(Frozen):
    """A defined term of the rules (1: capitalised terms have a formal meaning)."""

    key: str
    en: str
    fr: str | None = None
    abbr: LocalText = LocalText()
    aliases: dict[Lang, list[str]] = Field(default_factory=dict)
    rule: str
    definition: LocalText

    def forms(self, lang: Lang) -> list[str]:
        """Every printed form of the term in a language, for finding its uses."""
        forms = [f for f in (getattr(self, lang), self.abbr.get(lang)) if f]
        return forms + list(self.aliases.get(lang, []))


ErratumKind = Literal["missing_target", "wrong_reference", "inconsistency", "gap", "ambiguity"]


class AmbiguityReading(Frozen):
    """One reading of a registered ambiguity: the key the engines read, the words a player reads."""

    key: str
    text: str

    @field_validator("key")
    @classmethod
    def _key(cls, value: str) -> str:
        if not re.fullmatch(r"[a-z0-9][a-z0-9\-]*", value):
            raise ValueError(f"reading key {value!r} must be lower case words joined by '-'")
        return value


class Erratum(Frozen):
    """An error printed in the rulebook itself, kept in the text and explained here.

    ``gap``: a number the source skips (BfF prints 4.3.1 without 4.3): ``section`` is the
    missing id, and the check accepts the sections that would be its children.
    ``ambiguity``: the rulebook reads two ways; the note gives both readings and which one
    the adjudicator takes.
    """

    section: str
    #: the rulebooks printing the error; empty in the file means every language of the game
    langs: tuple[Lang, ...] = ()
    kind: ErratumKind
    cites: str | None = None
    note: str
    #: a registered ambiguity's stable id (``bff-tie-ivp``): what a player's ruling names to pick
    #: one of its ``readings``; the notes' own labels (A-2) stay in the note
    id: str | None = None
    #: other rules where the same question arises (shown beside those rules too)
    also_in: tuple[str, ...] = ()
    #: an ambiguity's readings, each a key the engines read and the words that say it
    readings: tuple[AmbiguityReading, ...] = ()
    #: the reading the adjudicator and the engines follow when the player's rulings pick none
    follows: str | None = None
    #: whether the engines compute the result both ways where it differs (False: ``note`` says why not)
    computed: bool = False

    @model_validator(mode="after")
    def _readings(self) -> Erratum:
        if not self.readings:
            if self.follows is not None:
                raise ValueError("follows names a reading, but no readings are given")
            return self
        if self.kind != "ambiguity":
            raise ValueError(f"readings belong to an ambiguity, not to kind {self.kind!r}")
        if not self.id:
            raise ValueError("an ambiguity with readings needs an id (a ruling names it to pick a reading)")
        keys = [reading.key for reading in self.readings]
        if len(keys) < 2 or len(set(keys)) != len(keys):
            raise ValueError(f"an ambiguity needs at least two readings with distinct keys, not {keys}")
        if self.follows not in keys:
            raise ValueError(f"follows {self.follows!r}: allowed {', '.join(keys)} (the reading the engines take)")
        return self

    @property
    def sections(self) -> tuple[str, ...]:
        """Every rule this entry is shown beside: its own section, then ``also_in``."""
        return (self.section, *self.also_in)


class LeftOut(Frozen):
    """Source lines deliberately not in the corpus (an index of page numbers), said in the data."""

    lines: str
    what: str
    lang: Lang = "en"

    @field_validator("lines")
    @classmethod
    def _line_range(cls, value: str) -> str:
        if not re.fullmatch(r"\d+(?:\s*-\s*\d+)?", str(value).strip()):
            raise ValueError(f"lines {value!r} is not a line or a range of lines like '1316-1491'")
        start, _, stop = str(value).partition("-")
        if stop and int(stop) < int(start):
            raise ValueError(f"lines {value!r} runs backwards")
        return str(value).strip()

    @property
    def numbers(self) -> range:
        """The 1-based line numbers left out."""
        start, _, stop = self.lines.partition("-")
        return range(int(start), int(stop or start) + 1)


class GameDeclaration(Frozen):
    """A game as ``games/<id>/game.yaml`` declares it: every layer finds a game through this."""

    id: str
    title: str
    short_title: str | None = None
    designer: str | None = None
    publisher: str | None = None
    #: the Python package of the game's adjudicator and companion (adjudicator/<package>);
    #: when not declared, the id with '-' read as '_'
    package: str
    languages: tuple[Lang, ...] = ("en",)
    #: the dice the game is played with: any ``NdM`` (d6, d8, d12, 2d6, 3d6) or ``deck``
    dice: tuple[Die, ...] = ()
    #: kinds of table of the game's own, besides the built-in ones (rules_text.tables.TABLE_KINDS):
    #: printed row by row by the table's ``line``
    table_kinds: tuple[str, ...] = ()
    #: the source file of each language, in ../shared/sources
    sources: dict[Lang, str] = Field(default_factory=dict)
    #: dotted: numbered sections (11.4.1); slugs: no numbers, every section top level
    id_style: Literal["dotted", "slugs"] = "dotted"
    #: how a chapter number is printed: "{n}", "{n}.0", "{n})"
    chapter_format: str = "{n}"
    #: the text cites chapters without a dot ("see 16", "(see 5 and 5.1)")
    bare_chapter_refs: bool = False
    left_out: tuple[LeftOut, ...] = ()
    #: the rulebook's edition as printed ("Rulebook v1.0"); None where the source prints none
    edition: str | None = None
    #: references by name: the words as printed -> the section they cite
    #: ("'After the Operation' section" -> 17.5); found like numbered citations
    name_refs: dict[str, str] = Field(default_factory=dict)
    #: chapters that restate rules given elsewhere (a glossary whose entries repeat the rules of
    #: the chapters before it): search ranks their sections below a rule of another chapter that
    #: holds as many of the query's words (rules_text.fast_search.below_rules)
    restating: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _default_package(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("package") and isinstance(data.get("id"), str):
            return {**data, "package": data["id"].replace("-", "_")}
        return data

    @field_validator("id", "package")
    @classmethod
    def _identifier(cls, value: str, info) -> str:  # type: ignore[no-untyped-def]
        pattern = r"[a-z][a-z0-9\-]*" if info.field_name == "id" else r"[a-z][a-z0-9_]*"
        if not re.fullmatch(pattern, value):
            raise ValueError(f"{info.field_name} {value!r} does not match {pattern}")
        return value

    @field_validator("chapter_format")
    @classmethod
    def _has_number(cls, value: str) -> str:
        if value not in ("{n}", "{n}.0", "{n})"):
            raise ValueError(f"chapter_format {value!r} is not one of '{{n}}', '{{n}}.0', '{{n}})'")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> GameDeclaration:
        if not self.languages:
            raise ValueError("languages is empty: a game has at least one rulebook language")
        unknown = [lang for lang in self.sources if lang not in self.languages]
        if unknown:
            raise ValueError(f"sources names language(s) {unknown} not in languages {list(self.languages)}")
        return self

    @property
    def name(self) -> str:
        """The title for tight places."""
        return self.short_title or self.title

    def printed_number(self, section_id: str) -> str:
        """A section id as the rulebook prints it: chapter "22" -> "22.0" (BfF), "22)" (SF)."""
        if re.fullmatch(r"\d{1,2}", section_id):
            return self.chapter_format.format(n=section_id)
        return section_id


def chapter_number(section_id: str) -> str:
    """A printed chapter number as stored: "22.0" and "22)" -> "22"; anything else unchanged."""
    match = PRINTED_CHAPTER.match(section_id)
    return match.group(1) if match else section_id
