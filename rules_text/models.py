"""The corpus's value types: sections, tables, glossary terms, source errata.

Every model is a frozen pydantic model; the YAML files under ``games/`` are
validated into them by :mod:`rules_text.loading`.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")

#: A rulebook number as printed, without the trailing dot: "4", "4.1", "13.4.3.2".
NUMBERED_ID = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,4}$")
#: A stable slug for unnumbered material: "foreword", "example-assault", "5.1.1-note-1".
SLUG_ID = re.compile(r"^[a-z0-9][a-z0-9.\-]*[a-z0-9]$")


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


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SectionData(_Frozen):
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


class Section(_Frozen):
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

    @property
    def numbered(self) -> bool:
        return is_numbered(self.id)

    @property
    def label(self) -> str:
        """How a player names the section: "11.4.1 SNIPER ATTACK" or the title alone."""
        if self.numbered:
            return f"{self.id} {self.title}".strip()
        return self.title or self.id


class LocalText(_Frozen):
    """The same words in each language; ``None`` where a source lacks them."""

    en: str | None = None
    fr: str | None = None

    def get(self, lang: Lang) -> str | None:
        return getattr(self, lang)


Face = Annotated[int, Field(ge=0, le=9)]
_ROLL = re.compile(r"^(\d)(?:\s*[-–]\s*(\d))?$")


def parse_roll(roll: str) -> tuple[int, ...]:
    """The d10 faces of a printed range: "0" -> (0,), "6-8" -> (6, 7, 8); 0 is 0, not 10 (3)."""
    match = _ROLL.match(roll.strip())
    if not match:
        raise ValueError(f"roll {roll!r} is not a face (0-9) or a range like '6-8'")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    if high < low:
        raise ValueError(f"roll {roll!r} runs backwards")
    return tuple(range(low, high + 1))


class TableRow(_Frozen):
    """One printed row: a die range and its result, a modifier, or a VP value."""

    model_config = ConfigDict(frozen=True, extra="allow")

    result: str
    roll: str | None = None
    value: int | None = None
    side: str | None = None
    rule: str | None = None
    max: int | None = None
    min: int | None = None
    text: LocalText = LocalText()
    name: LocalText | None = None
    points: LocalText | None = None

    @property
    def faces(self) -> tuple[int, ...]:
        return parse_roll(self.roll) if self.roll is not None else ()


class Table(_Frozen):
    """A d10 table, modifier list or scale, declared once (see games/README.md)."""

    model_config = ConfigDict(frozen=True, extra="allow")

    id: str
    rule: str
    title: LocalText = LocalText()
    kind: Literal["d10", "modifiers", "scale", "missions"]
    line: str = "{roll}: {text}"
    rows: tuple[TableRow, ...]

    @model_validator(mode="after")
    def _faces_cover_the_die(self) -> Table:
        if self.kind != "d10":
            return self
        seen: list[int] = []
        for row in self.rows:
            if row.roll is None:
                raise ValueError(f"table {self.id!r} row {row.result!r} has no roll")
            seen.extend(parse_roll(row.roll))
        if sorted(seen) != list(range(10)):
            raise ValueError(
                f"table {self.id!r} rolls cover faces {sorted(seen)}, not 0-9 exactly once"
            )
        return self

    def row(self, result: str) -> TableRow:
        for row in self.rows:
            if row.result == result:
                return row
        raise KeyError(f"table {self.id!r} has no row {result!r}")

    def result_for(self, face: int) -> TableRow:
        """The row a d10 face selects (d10 tables only)."""
        for row in self.rows:
            if face in row.faces:
                return row
        raise KeyError(f"table {self.id!r} has no row for face {face}")


class GlossaryTerm(_Frozen):
    """A defined term of the rules (1: capitalised terms have a formal meaning)."""

    key: str
    en: str
    fr: str | None = None
    abbr: LocalText = LocalText()
    aliases: dict[Lang, list[str]] = {}
    rule: str
    definition: LocalText

    def forms(self, lang: Lang) -> list[str]:
        """Every printed form of the term in a language, for finding its uses."""
        forms = [f for f in (getattr(self, lang), self.abbr.get(lang)) if f]
        return forms + list(self.aliases.get(lang, []))


class Erratum(_Frozen):
    """An error printed in the rulebook itself, kept in the text and explained here."""

    section: str
    langs: tuple[Lang, ...] = ("en", "fr")
    kind: Literal["missing_target", "wrong_reference", "inconsistency", "gap"]
    cites: str | None = None
    note: str
