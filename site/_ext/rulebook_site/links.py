"""Where each section lives on the site, and what a cited rule number resolves to.

A citation resolves, in order, to the section of the same language, to the English section
when the French source lacks the chapter, or to a known source erratum (``errata.yaml``,
``missing_target``). Anything else is an :class:`UnresolvedReference`: the build stops and
names the section, never a silent dead link.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import PurePosixPath

from rules_text import Game, Section
from rules_text.models import Erratum, Lang, chapter_number

LANG_NAMES: dict[str, str] = {"en": "English", "fr": "Français"}

#: the site's own words, per language of the page
UI: dict[str, dict[str, str]] = {
    "en": {
        "referenced_by": "Referenced by",
        "other_lang": "Français",
        "not_in_other": "not in the French source",
        "compare": "compare",
        "example": "Example",
        "designer": "Designer's note",
        "gazette": "Marine Corps Gazette",
        "table": "Table",
        "permalink": "Permanent link to this rule",
        "in_english": "English text (not in the French source)",
        "erratum": "source erratum",
        "contents": "In this chapter",
        "sheet": "Rule",
        "sheet_close": "Close",
        "sheet_open": "Open the full rule",
        "ruling_erratum": "Erratum",
        "ruling_ambiguity": "Ambiguity",
        "reading": "reading",
        "followed": "followed unless a ruling picks another",
    },
    "fr": {
        "referenced_by": "Cité par",
        "other_lang": "English",
        "not_in_other": "absent de la source anglaise",
        "compare": "comparer",
        "example": "Exemple",
        "designer": "Note du concepteur",
        "gazette": "Marine Corps Gazette",
        "table": "Table",
        "permalink": "Lien permanent vers cette règle",
        "in_english": "texte anglais (absent de la source française)",
        "erratum": "erratum de la source",
        "contents": "Dans ce chapitre",
        "sheet": "Règle",
        "sheet_close": "Fermer",
        "sheet_open": "Ouvrir la règle entière",
        "ruling_erratum": "Erratum",
        "ruling_ambiguity": "Ambiguïté",
        "reading": "lecture",
        "followed": "suivie sauf décision contraire",
    },
}


class UnresolvedReference(Exception):
    """A cited rule number that is in no corpus and is not a known source erratum."""

    def __init__(self, where: str, ref: str, lang: str):
        self.where = where
        self.ref = ref
        self.lang = lang
        super().__init__(
            f"{where} ({lang}) cites [{ref}], which is in no rulebook and is not a known source "
            "erratum (add it to errata.yaml as missing_target if the book prints it so)"
        )


@dataclass(frozen=True)
class Target:
    """What a link points at: a page (docname), an anchor, and the text its preview shows."""

    docname: str
    anchor: str
    label: str
    text: str
    lang: str
    #: "same" language, "other" language (the French source lacks it), or "erratum"
    relation: str


def chapter_docname(section: Section) -> str:
    """``en/11-fire-combat`` for a section read from ``en/11-fire-combat.yaml``.

    Docnames here are relative to the game's folder of the site (``phantom-fury/``): every link
    a game's pages hold stays inside that folder, so relative URLs are the same either way."""
    return f"{section.lang}/{PurePosixPath(section.file).stem}"


def relative_url(from_doc: str, to_doc: str, anchor: str = "") -> str:
    """The link from one page to another (and an anchor), relative so the site works offline."""
    path = posixpath.relpath(to_doc + ".html", posixpath.dirname(from_doc) or ".")
    if to_doc == from_doc and anchor:
        return f"#{anchor}"
    return f"{path}#{anchor}" if anchor else path


def erratum_anchor(erratum: Erratum) -> str:
    return f"erratum-{erratum.section}-{erratum.cites or erratum.kind}"


def printed_id(section_id: str, chapter_format: str = "{n}") -> str:
    """A rule number as the book prints it: a chapter by the game's ``chapter_format``
    ("22.0" in Battle for Fallujah, "22)" in Second Fallujah), any other number as it is."""
    if "." in section_id or not section_id.isdigit():
        return section_id
    return chapter_format.format(n=section_id)


def section_label(section: Section, chapter_format: str = "{n}") -> str:
    """ "11.4.1 SNIPER ATTACK", "22.0 VICTORY", "11.4.1", or a note's or example's own title."""
    ui = UI[section.lang]
    if section.numbered:
        number = getattr(section, "number", None) or printed_id(section.id, chapter_format)
        return f"{number} {section.title}".strip()
    if section.note_type is not None:
        return ui[section.note_type.value]
    return section.title or ui.get(section.kind.value, section.id)


class Linker:
    """Resolves citations and places sections on pages, for one game."""

    def __init__(self, game: Game, chapter_format: str = "{n}", bare_chapters: bool = False):
        self.game = game
        #: how the game prints a chapter number (``GameDeclaration.chapter_format``)
        self.chapter_format = chapter_format
        #: the text cites chapters without a dot ("see 16": ``bare_chapter_refs``)
        self.bare_chapters = bare_chapters
        #: the game's name for tight places (``GameDeclaration.short_title``)
        self.short_title = game.title

    def label(self, section: Section) -> str:
        """The section's label as the book prints it (:func:`section_label`)."""
        return section_label(section, self.chapter_format)

    def printed(self, section_id: str) -> str:
        return printed_id(section_id, self.chapter_format)

    def section_target(self, section: Section, relation: str = "same") -> Target:
        return Target(
            docname=chapter_docname(section),
            anchor=section.id,
            label=self.label(section),
            text=section.text,
            lang=section.lang,
            relation=relation,
        )

    def resolve(self, ref: str, lang: Lang, where: str, section_id: str | None = None) -> Target:
        """The target of ``[ref]`` cited in ``where`` (a section id or a table) of a language."""
        ref = chapter_number(ref)
        corpus = self.game.corpus(lang)
        if ref in corpus.by_id:
            return self.section_target(corpus.by_id[ref])
        english = self.game.corpora.get("en")
        if lang != "en" and english is not None and ref in english.by_id:
            return self.section_target(english.by_id[ref], relation="other")
        for erratum in self.game.errata:
            if (
                erratum.kind == "missing_target"
                and erratum.cites == ref
                and erratum.section == section_id
                and lang in (erratum.langs or self.game.corpora)
            ):
                return Target(
                    docname="errata",
                    anchor=erratum_anchor(erratum),
                    label=f"[{ref}]: {UI[lang]['erratum']}",
                    text=erratum.note,
                    lang=lang,
                    relation="erratum",
                )
        raise UnresolvedReference(where, ref, lang)

    def counterpart(self, section: Section) -> Section | None:
        """The same rule in the other language, when that source has it."""
        other = "fr" if section.lang == "en" else "en"
        corpus = self.game.corpora.get(other)
        return corpus.by_id.get(section.id) if corpus is not None else None

    def shared_chapters(self) -> list[str]:
        """Chapter files both languages have (the comparison pages)."""
        stems = {lang: [] for lang in self.game.corpora}
        for lang, corpus in self.game.corpora.items():
            for section in corpus.sections:
                stem = PurePosixPath(section.file).stem
                if stem not in stems[lang]:
                    stems[lang].append(stem)
        if "fr" not in stems:
            return []
        return [stem for stem in stems["en"] if stem in stems["fr"]]

    def chapters(self, lang: str) -> list[tuple[str, Section]]:
        """Each chapter page of a language: its file stem and its first section."""
        seen: dict[str, Section] = {}
        for section in self.game.corpus(lang).sections:  # type: ignore[arg-type]
            seen.setdefault(PurePosixPath(section.file).stem, section)
        return list(seen.items())
