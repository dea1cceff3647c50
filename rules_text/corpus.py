"""A game's rulebook in memory: each language's sections, tables, glossary, errata."""

from __future__ import annotations

import difflib
import re
from functools import cached_property

from pydantic import BaseModel, ConfigDict

from .models import (
    Erratum,
    GameDeclaration,
    GlossaryTerm,
    Lang,
    Section,
    Table,
    chapter_number,
    id_key,
    is_numbered,
)


class UnknownSection(LookupError):
    """An id that is not in a corpus; carries the nearest ids that are."""

    def __init__(self, section_id: str, lang: Lang, suggestions: list[str]):
        self.section_id = section_id
        self.lang = lang
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no section {section_id!r} in the {lang} rulebook{hint}")


class Corpus(BaseModel):
    """One language's sections in rulebook order."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)

    game: str
    lang: Lang
    sections: tuple[Section, ...]

    @cached_property
    def by_id(self) -> dict[str, Section]:
        return {section.id: section for section in self.sections}

    @cached_property
    def referenced_by(self) -> dict[str, tuple[str, ...]]:
        """For each id, the sections citing it, in rulebook order."""
        citing: dict[str, list[str]] = {}
        for section in self.sections:
            for ref in section.refs:
                citing.setdefault(ref, []).append(section.id)
        return {key: tuple(value) for key, value in citing.items()}

    @cached_property
    def children(self) -> dict[str | None, tuple[str, ...]]:
        kids: dict[str | None, list[str]] = {}
        for section in self.sections:
            kids.setdefault(section.parent, []).append(section.id)
        return {key: tuple(value) for key, value in kids.items()}

    def __contains__(self, section_id: object) -> bool:
        return section_id in self.by_id

    def get(self, section_id: str) -> Section:
        """The section with this id, typed as printed: "[13.6.4]", "13.6.4.", "22", "22.0", "[22.0]", "22)",
        a slug or a heading ("Search Phase" finds ``search-phase``)."""
        key = normalise_id(section_id)
        found = self.by_id.get(key) or self.by_id.get(slug_of(section_id))
        if found is None:
            raise UnknownSection(key, self.lang, self.nearest(key))
        return found

    def nearest(self, section_id: str, n: int = 3) -> list[str]:
        ids = list(self.by_id)
        close = difflib.get_close_matches(section_id, ids, n=n, cutoff=0.6)
        if is_numbered(section_id):
            # a deeper number that does not exist: offer its existing ancestors first
            parts = section_id.split(".")
            ancestors = [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]
            close = [a for a in ancestors if a in self.by_id][:1] + close
            if not close:  # "99.99": no ancestor, nothing alike; the numbered sections nearest by number
                close = self._nearest_numbers(section_id, n)
        if not close:
            close = difflib.get_close_matches(section_id, ids, n=n, cutoff=0.3)
        return list(dict.fromkeys(close))[:n]

    def _nearest_numbers(self, section_id: str, n: int) -> list[str]:
        """The numbered sections whose numbers are nearest ``section_id``'s, at its depth or above."""
        def key(text: str) -> tuple[int, ...]:
            return tuple(int(part) for part in text.split(".") if part.isdigit())

        wanted = key(section_id)
        numbered = [i for i in self.by_id if is_numbered(i) and len(key(i)) <= len(wanted)]
        return sorted(numbered, key=lambda i: (abs(key(i)[0] - wanted[0]) if key(i) and wanted else 0,
                                               [abs(a - b) for a, b in zip(key(i), wanted, strict=False)]))[:n]

    def breadcrumb(self, section_id: str) -> list[Section]:
        """The section's ancestors, outermost first (not the section itself)."""
        trail: list[Section] = []
        parent = self.get(section_id).parent
        while parent is not None and parent in self.by_id:
            trail.append(self.by_id[parent])
            parent = self.by_id[parent].parent
        return list(reversed(trail))


def normalise_id(section_id: str) -> str:
    """"[13.6.4]", " 13.6.4. " -> "13.6.4"; "22.0", "[22.0]", "22)" -> "22"; slugs lower-cased."""
    key = section_id.strip().strip("[]").strip().rstrip(".").lower()
    return chapter_number(key)


def slug_of(text: str) -> str:
    """A heading as a slug: "Search Phase" -> "search-phase" (slug-style games)."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def numbered_parent(section_id: str, known: set[str]) -> str | None:
    """The nearest existing ancestor of a rule number: 5.1.1.1 -> 5.1.1."""
    parts = section_id.split(".")
    for depth in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:depth])
        if candidate in known:
            return candidate
    return None


class Game(BaseModel):
    """Everything a game's folder declares."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)

    id: str
    title: str
    #: what game.yaml declares (languages, dice, id style, chapter format, sources)
    declaration: GameDeclaration
    corpora: dict[str, Corpus]
    tables: dict[str, Table]
    glossary: tuple[GlossaryTerm, ...]
    errata: tuple[Erratum, ...]
    fingerprint: str

    def corpus(self, lang: Lang) -> Corpus:
        return self.corpora[lang]

    @property
    def langs(self) -> list[str]:
        return list(self.corpora)

    def term(self, query: str) -> GlossaryTerm | None:
        """A glossary term by key, English or French term, abbreviation or alias."""
        wanted = query.strip().casefold()
        for term in self.glossary:
            names = [term.key, term.en, term.fr or ""]
            for lang in ("en", "fr"):
                names += term.forms(lang)
            if wanted in (name.casefold() for name in names if name):
                return term
        return None

    def used_in(self, term: GlossaryTerm, lang: Lang) -> list[str]:
        """Sections whose text uses a term (computed, never typed)."""
        forms = sorted(set(term.forms(lang)), key=len, reverse=True)
        if not forms:
            return []
        pattern = re.compile(
            r"(?<!\w)(?:" + "|".join(re.escape(form) for form in forms) + r")(?!\w)"
        )
        return [
            s.id
            for s in self.corpora[lang].sections
            if pattern.search(s.title) or pattern.search(s.text)
        ]


def sort_key(section: Section) -> tuple[int, ...]:
    return id_key(section.id)
