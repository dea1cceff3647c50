"""Validation of a game's data: every problem at once, known source errata apart.

``fallujah check`` prints the result; the test suite asserts it is clean.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from . import markup
from .corpus import Game
from .models import Erratum, Kind, id_key, is_numbered, table_problems
from .tables import TABLE_KINDS


class Problem(BaseModel):
    """One defect in our data (not in the rulebook)."""

    lang: str | None
    section: str | None
    message: str
    #: the data file at fault, relative to the game folder, when one file is
    file: str | None = None

    def __str__(self) -> str:
        where = " ".join(p for p in (self.lang, self.section) if p)
        text = f"{where}: {self.message}" if where else self.message
        return f"{self.file}: {text}" if self.file else text


class Gap(BaseModel):
    """Text the source lost, marked ``{missing: ...}`` where it stood."""

    lang: str
    section: str
    what: str


class Report(BaseModel):
    problems: list[Problem]
    errata: list[Erratum]
    gaps: list[Gap] = []

    @property
    def ok(self) -> bool:
        return not self.problems


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def check_game(game: Game) -> Report:
    """Every problem of a game's data at once; its source errata and gaps listed apart."""
    problems: list[Problem] = []

    def problem(lang: str | None, section: str | None, message: str, file: str | None = None) -> None:
        problems.append(Problem(lang=lang, section=section, message=message, file=file))

    english = game.corpora.get("en")
    if english is None:
        problem(None, None, "there is no English rulebook")
        return Report(problems=problems, errata=list(game.errata))

    slugs = game.declaration.id_style == "slugs"
    known_missing = {
        (e.section, e.cites, lang) for e in game.errata if e.kind == "missing_target" for lang in e.langs
    }
    #: numbers the source skips (BfF: 4.3): their children need no parent
    skipped = {(e.section, lang) for e in game.errata if e.kind == "gap" for lang in e.langs}
    needed_gaps: set[str] = set()
    cited_missing: set[tuple[str, str | None, str]] = set()

    for lang, corpus in game.corpora.items():
        seen: set[str] = set()
        last_numbered: str | None = None
        for section in corpus.sections:
            if section.id in seen:
                problem(lang, section.id, "duplicate id")
            seen.add(section.id)
            if section.numbered and slugs:
                problem(lang, section.id, "is a rule number, but this game has none (id_style: slugs): use a slug",
                        file=section.file)
            elif section.numbered:
                if last_numbered and id_key(section.id) <= id_key(last_numbered):
                    problem(lang, section.id, f"out of rulebook order: comes after {last_numbered}")
                last_numbered = section.id
                direct = section.id.rsplit(".", 1)[0] if "." in section.id else None
                if direct and direct not in corpus and not (lang != "en" and direct in english):
                    if (direct, lang) in skipped:
                        needed_gaps.add(direct)
                    else:
                        problem(lang, section.id, f"its parent {direct} is missing (if the source skips it, "
                                                  f"record an erratum {{section: \"{direct}\", kind: gap}})")
            elif section.parent is None and slugs and section.kind in (Kind.RULE, Kind.TABLE):
                pass  # a slug-style game's headed sections are all top level, in file order
            elif section.parent is None and section.kind not in (Kind.FOREWORD, Kind.BIBLIOGRAPHY):
                problem(lang, section.id, f"a {section.kind.value} needs a parent")
            elif section.parent is not None and section.parent not in corpus and section.parent not in english:
                problem(lang, section.id, f"parent {section.parent} does not exist")
            if not section.title and not section.text.strip() and not corpus.children.get(section.id):
                problem(lang, section.id, "section has neither title, text nor children")
            for ref in section.refs:
                if ref in corpus or (lang != "en" and ref in english):
                    continue
                if (section.id, ref, lang) in known_missing:
                    cited_missing.add((section.id, ref, lang))
                    continue
                problem(lang, section.id, f"cites [{ref}], which is in no rulebook section")
        if lang != "en":
            for section in corpus.sections:
                if section.id not in english:
                    problem(lang, section.id, "has no English counterpart with the same id")
                elif english.get(section.id).kind != section.kind:
                    problem(lang, section.id, f"is a {section.kind.value} here but not in English")

    for erratum in game.errata:
        outside = [lang for lang in erratum.langs if lang not in game.corpora]
        if outside:
            problem(None, erratum.section, f"erratum names language(s) {', '.join(outside)}, which this game "
                                           f"has no rulebook in", file="errata.yaml")
        if erratum.kind == "gap":
            if erratum.section in english:
                continue  # text the source lost inside a section that is here
            if erratum.section not in needed_gaps:
                problem(None, erratum.section, "gap erratum, but no section is numbered under it: record a gap "
                                               "only for a missing parent", file="errata.yaml")
            continue
        if erratum.section not in english:
            problem(None, erratum.section, "erratum about a section that does not exist")
        for other in erratum.also_in:
            if other not in english:
                problem(None, erratum.section, f"also_in names [{other}], which does not exist", file="errata.yaml")
        if erratum.kind == "missing_target":
            for lang in erratum.langs:
                if (erratum.section, erratum.cites, lang) not in cited_missing:
                    problem(lang, erratum.section, f"erratum says it cites missing [{erratum.cites}], but it does not (stale erratum)")
        elif erratum.cites is not None and erratum.cites not in english:
            problem(None, erratum.section, f"erratum names [{erratum.cites}], which does not exist")

    used_tables = {t for corpus in game.corpora.values() for s in corpus.sections for t in s.tables}
    card_types = game.tables.get("card-types")
    kinds = (*TABLE_KINDS, *game.declaration.table_kinds)
    for table in game.tables.values():
        file = f"tables/{table.id}.yaml"
        if table.kind not in kinds:
            problem(None, f"table {table.id}", f"kind {table.kind!r} is not one of {', '.join(kinds)} "
                                               f"(a kind of the game's own is declared in game.yaml's table_kinds)", file=file)
        template = markup.line_problem(table)
        if template:
            problem(None, f"table {table.id}", template, file=file)
        for fault in table_problems(table):
            problems.append(Problem(lang=None, section=f"table {table.id}", file=file,
                                    message=f"{fault.row}: {fault.message}" if fault.row else fault.message))
        if table.kind == "cards" and card_types is not None:
            letters = {row.result for row in card_types.rows}
            for index, row in enumerate(table.rows):
                if row.type and row.type not in letters:
                    problem(None, f"table {table.id}", f"row {index + 1} ({row.label}): type {row.type!r} is not a "
                                                       f"row of table card-types ({', '.join(sorted(letters))})", file=file)
        if table.rule not in english:
            problem(None, f"table {table.id}", f"belongs to rule {table.rule}, which does not exist")
        for row in table.rows:
            if row.rule is not None and row.rule not in english:
                problem(None, f"table {table.id}", f"row {row.result} cites rule {row.rule}, which does not exist")
        if table.id not in used_tables:
            _check_quoted_rows(game, table, problem)

    for term in game.glossary:
        if term.rule not in english:
            problem(None, f"term {term.key}", f"defined by rule {term.rule}, which does not exist")
            continue
        for lang in dict.fromkeys(("en", "fr", *game.corpora)):
            quote = term.definition.get(lang)
            if not quote:
                continue
            rulebook = game.corpora.get(lang)
            if rulebook is None or term.rule not in rulebook:
                problem(lang, f"term {term.key}", f"has a {lang} definition but rule {term.rule} is not in that rulebook")
                continue
            section = rulebook.get(term.rule)
            words = markup.render(markup.MISSING.sub(" ", section.source_text), lang, game.tables)
            if _squash(quote) not in _squash(section.title + " " + words):
                problem(lang, f"term {term.key}", f"definition is not a quote of rule {term.rule}")

    gaps = [Gap(lang=lang, section=s.id, what=what)
            for lang, corpus in game.corpora.items() for s in corpus.sections for what in s.gaps]
    return Report(problems=problems, errata=list(game.errata), gaps=gaps)


def _check_quoted_rows(game: Game, table: Any, problem: Any) -> None:
    """A table printed in no section must quote its rule's prose (13.4.5, 7.2.2) word for word."""
    for row in table.rows:
        rule_id = row.rule or table.rule
        for lang, corpus in game.corpora.items():
            quote = row.text.get(lang)
            if quote is None:
                continue
            if rule_id not in corpus:
                problem(lang, f"table {table.id}", f"row {row.result} quotes rule {rule_id}, absent from this rulebook")
            elif _squash(quote) not in _squash(corpus.get(rule_id).text):
                problem(lang, f"table {table.id}", f"row {row.result} is printed nowhere: add {{table: {table.id}}} "
                        f"to a section or make its text a quote of rule {rule_id}")


def numbered_ids(game: Game, lang: str) -> list[str]:
    return [s.id for s in game.corpora[lang].sections if is_numbered(s.id)]
