"""The automatic difference finder: what an English and a French section disagree on.

No machine translation: each check compares anchors printed alike in both languages
(see :mod:`.anchors`) or the shape of the text (sentences, list items, table rows). A finding
names its kind, quotes both extracts (the aligned sentences where the difference sits), guesses
a severity (result: the dice or outcome differ; procedure: what the player does differs;
clarity: wording only) and says in a note what differs.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rules_text.corpus import Game
from rules_text.markup import find_refs, render_rows, strip_markup
from rules_text.models import GlossaryTerm, Lang, Section, Table

from . import anchors as A
from .align import Bead, Glossary, align, length_residual, sentences

KINDS = (
    "number",
    "location",
    "reference",
    "designation",
    "exception",
    "condition",
    "outcome",
    "list_item",
    "sentence",
    "clause",
    "table_row",
)


@dataclass(frozen=True)
class Finding:
    """One automatic difference between the two texts of a section."""

    section: str
    kind: str
    severity: str
    en: str
    fr: str
    note: str
    #: the language holding what the other lacks; None when each holds something
    side: Lang | None = None
    #: the check that found it (a table row's finding keeps the check: number, outcome...)
    check: str = ""
    #: the anchors printed on one side only ("OG", "M1A2"), when the check compares anchors
    odd: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """A stable key for the review file: section, kind and a hash of both extracts."""
        digest = hashlib.sha1(f"{self.en}\n{self.fr}".encode()).hexdigest()[:10]
        return f"{self.section}:{self.kind}:{digest}"


@dataclass(frozen=True)
class Pair:
    """Two texts to compare, cut into aligned sentences."""

    en: list[str]
    fr: list[str]
    beads: list[Bead]

    @classmethod
    def of(cls, en: str, fr: str, glossary: Glossary | None = None) -> Pair:
        en_s, fr_s = sentences(en), sentences(fr)
        return cls(en_s, fr_s, align(en_s, fr_s, glossary))

    def text(self, bead: Bead, lang: Lang) -> str:
        side = self.en if lang == "en" else self.fr
        return " ".join(side[i] for i in (bead.en if lang == "en" else bead.fr))

    def where(self, lang: Lang, test: Callable[[str], bool]) -> tuple[str, str]:
        """Both extracts of the first bead whose text in ``lang`` passes ``test``."""
        for bead in self.beads:
            if test(self.text(bead, lang)):
                return self.text(bead, "en"), self.text(bead, "fr")
        return " ".join(self.en), " ".join(self.fr)


def _counter_diff(en: Counter[str], fr: Counter[str]) -> tuple[list[str], list[str]]:
    only_en = sorted((en - fr).elements())
    only_fr = sorted((fr - en).elements())
    return only_en, only_fr


def _diff_note(what: str, only_en: list[str], only_fr: list[str]) -> str:
    parts = []
    if only_en:
        parts.append(f"English only: {', '.join(only_en)}")
    if only_fr:
        parts.append(f"French only: {', '.join(only_fr)}")
    return f"{what} differ ({'; '.join(parts)})"


def _token_findings(
    section: str,
    pair: Pair,
    kind: str,
    severity: str,
    what: str,
    extract: Callable[[str, Lang], Counter[str]],
) -> list[Finding]:
    """Compare a counted anchor over the whole texts; quote the sentences that hold the odd ones."""
    fr_lang = A.written_in(" ".join(pair.fr), "fr")
    en = extract(" ".join(pair.en), "en")
    fr = extract(" ".join(pair.fr), fr_lang)
    only_en, only_fr = _counter_diff(en, fr)
    if not only_en and not only_fr:
        return []
    odd = set(only_en) | set(only_fr)
    lang: Lang = "en" if only_en else "fr"
    text_lang = lang if lang == "en" else fr_lang
    # the aligned sentences whose counts differ; else the first holding an odd one
    for bead in pair.beads:
        en_b, fr_b = extract(pair.text(bead, "en"), "en"), extract(pair.text(bead, "fr"), fr_lang)
        if any(en_b[key] != fr_b[key] for key in odd):
            en_x, fr_x = pair.text(bead, "en"), pair.text(bead, "fr")
            break
    else:
        en_x, fr_x = pair.where(lang, lambda text: bool(set(extract(text, text_lang)) & odd))
    side: Lang | None = None if only_en and only_fr else lang
    note = _diff_note(what, only_en, only_fr)
    return [Finding(section, kind, severity, en_x, fr_x, note, side, odd=tuple(sorted(odd)))]


def _one_sided(section: str, pair: Pair) -> list[Finding]:
    """Sentences the alignment left without a partner: present in one language only."""
    found = []
    for bead in pair.beads:
        if not bead.one_sided:
            continue
        lang: Lang = "en" if bead.en else "fr"
        text = pair.text(bead, lang)
        if len(text) < 25:
            continue
        severity = "result" if A.numbers(text, lang) or A.exceptions(text, lang) else "procedure"
        other = "French" if lang == "en" else "English"
        found.append(
            Finding(
                section,
                "sentence",
                severity,
                pair.text(bead, "en"),
                pair.text(bead, "fr"),
                f"a sentence with no counterpart in the {other} text",
                lang,
            )
        )
    return found


def _per_sentence(
    section: str, pair: Pair, kind: str, what: str, extract: Callable[[str, Lang], Counter[str]]
) -> list[Finding]:
    """Aligned sentences of which one uses a word class (a condition, "without"...) and the other not.

    Compared sentence by sentence, not over the section: a translator turns "if ... and there
    are no" into "si ... et s’il n’y a plus", but does not drop a condition from a sentence.
    """
    fr_lang = A.written_in(" ".join(pair.fr), "fr")
    for bead in pair.beads:
        if bead.one_sided:
            continue
        en, fr = pair.text(bead, "en"), pair.text(bead, "fr")
        en_k, fr_k = set(extract(en, "en")), set(extract(fr, fr_lang))
        if en_k != fr_k:
            lang: Lang = "en" if en_k - fr_k else "fr"
            where = "English" if lang == "en" else "French"
            odd = ", ".join(sorted(en_k ^ fr_k))
            note = f"{what} ({odd}) in the {where} text only"
            return [
                Finding(
                    section,
                    kind,
                    "result" if kind == "condition" else "procedure",
                    en,
                    fr,
                    note,
                    lang,
                )
            ]
    return []


def _moved_references(section: str, pair: Pair) -> list[Finding]:
    """The same references in both texts, but one cited by another sentence in each language.

    A reference moved inside its sentence (word order) is not a finding.
    """
    for bead in pair.beads:
        en_refs = set(find_refs(pair.text(bead, "en")))
        fr_refs = set(find_refs(pair.text(bead, "fr")))
        if en_refs != fr_refs and not bead.one_sided:
            moved = sorted(en_refs ^ fr_refs)
            return [
                Finding(
                    section,
                    "reference",
                    "clarity",
                    pair.text(bead, "en"),
                    pair.text(bead, "fr"),
                    f"cross-reference {', '.join(moved)} cited by another sentence in each language",
                )
            ]
    return []


def _names_findings(section: str, pair: Pair, names: A.Names) -> list[Finding]:
    """Acronyms and quoted names (‘Hero’, CAAT, ‘No Insurgents Event’) present on one side only."""
    only_en, only_fr = names.missing(" ".join(pair.en), " ".join(pair.fr))
    if not only_en and not only_fr:
        return []
    lang: Lang = "en" if only_en else "fr"
    odd = set(only_en or only_fr)
    en_x, fr_x = pair.where(lang, lambda text: bool(names.names(text) & odd))
    side: Lang | None = None if only_en and only_fr else lang
    return [
        Finding(
            section,
            "designation",
            "procedure",
            en_x,
            fr_x,
            _diff_note("unit designations and names", only_en, only_fr),
            side,
            odd=tuple(sorted(odd | set(only_fr))),
        )
    ]


#: a French text this much longer or shorter (log ratio beyond its usual) holds more or less
#: than a translation: 2.5 standard deviations of the measured spread (0.105)
CLAUSE_RESIDUAL = 0.25
#: ...and at least this many characters more or fewer (a short sentence varies more)
CLAUSE_CHARS = 25
_PARENTHESIS = re.compile(r"\(([^()]*)\)")


def _clauses(section: str, pair: Pair) -> list[Finding]:
    """Aligned sentences where one language holds a clause the other lacks.

    Two signs: a parenthesis present on one side only, or a length far from a translation's.
    """
    found = []
    for bead in pair.beads:
        if bead.one_sided:
            continue
        en, fr = pair.text(bead, "en"), pair.text(bead, "fr")
        en_p, fr_p = _PARENTHESIS.findall(en), _PARENTHESIS.findall(fr)
        residual = length_residual(en, fr)
        if len(en_p) != len(fr_p):
            lang: Lang = "en" if len(en_p) > len(fr_p) else "fr"
            note = f"a parenthesis in the {'English' if lang == 'en' else 'French'} text only?"
        elif abs(residual) > CLAUSE_RESIDUAL and abs(len(fr) - len(en)) > CLAUSE_CHARS:
            lang = "fr" if residual > 0 else "en"
            note = (
                f"the {'French' if lang == 'fr' else 'English'} text runs {abs(len(fr) - len(en))} characters "
                "longer than a translation would: a clause in one language only?"
            )
        else:
            continue
        text = fr if lang == "fr" else en
        severity = "result" if A.numbers(text, lang) or A.exceptions(text, lang) else "procedure"
        found.append(Finding(section, "clause", severity, en, fr, note, lang))
    return found


class Finder:
    """The checks, with what they need from the game: its glossary."""

    def __init__(self, glossary: Iterable[GlossaryTerm] = ()):
        terms = tuple(glossary)
        self.glossary = Glossary(terms)
        self.names = A.Names(terms)

    def texts(self, section: str, en: str, fr: str) -> list[Finding]:
        """Every automatic finding between two texts of one section (no tables)."""
        if _same_words(en, fr):
            return []
        pair = Pair.of(en, fr, self.glossary)
        found: list[Finding] = []
        found += _token_findings(section, pair, "number", "result", "numbers", A.numbers)
        found += _token_findings(
            section,
            pair,
            "location",
            "result",
            "Location codes",
            lambda text, lang: A.locations(text),
        )
        found += _token_findings(
            section,
            pair,
            "reference",
            "clarity",
            "cross-references",
            lambda text, lang: Counter(find_refs(text)),
        )
        found += (
            _moved_references(section, pair)
            if not any(f.kind == "reference" for f in found)
            else []
        )
        found += _token_findings(section, pair, "designation", "clarity", "unit models", A.models)
        found += _names_findings(section, pair, self.names)
        found += _token_findings(
            section, pair, "exception", "result", "exception clauses", A.exceptions
        )
        found += _per_sentence(section, pair, "condition", "a condition", A.conditions)
        found += _per_sentence(section, pair, "clause", "a qualifier", A.qualifiers)
        found += _token_findings(section, pair, "outcome", "result", "outcomes", A.outcomes)
        en_items, fr_items = A.bullets(en), A.bullets(fr)
        if en_items != fr_items:
            found.append(
                Finding(
                    section,
                    "list_item",
                    "procedure",
                    en,
                    fr,
                    f"list items differ: {en_items} in English, {fr_items} in French",
                )
            )
        found += _one_sided(section, pair)
        found += _clauses(section, pair)
        return found

    def table(self, section: str, table: Table) -> list[Finding]:
        """Row by row: a table's English and French row texts (rows are shared data)."""
        found: list[Finding] = []
        en_rows = render_rows(table, "en").splitlines()
        fr_rows = render_rows(table, "fr").splitlines()
        for row, en, fr in zip(table.rows, en_rows, fr_rows, strict=True):
            for lang in ("en", "fr"):
                if any(
                    text is not None and text.get(lang) is None
                    for text in (row.text, row.name, row.points)
                ):
                    found.append(
                        Finding(
                            section,
                            "table_row",
                            "procedure",
                            en,
                            fr,
                            f"table {table.id} row {row.result!r} has no {lang} text",
                        )
                    )
            for finding in self.texts(section, en, fr):
                found.append(
                    Finding(
                        section,
                        "table_row",
                        finding.severity,
                        finding.en,
                        finding.fr,
                        f"table {table.id} row {row.result!r}: {finding.note}",
                        finding.side,
                        finding.kind,
                        finding.odd,
                    )
                )
        return found

    def sections(self, game: Game, en: Section, fr: Section) -> list[Finding]:
        """The findings of a section present in both languages: its text, then its tables' rows.

        Where the source lost text on one side ({missing: ...}, as the start of 10.2 in French),
        what only the other side holds may be the lost text: only the differences the gapped
        side holds, or both sides, are kept.
        """
        found = self.texts(en.id, strip_markup(en.source_text), strip_markup(fr.source_text))
        found += _token_findings(
            en.id,
            Pair.of(en.title, fr.title),
            "designation",
            "clarity",
            "unit models in the titles",
            A.models,
        )
        if en.gaps or fr.gaps:
            complete = {lang for lang, s in (("en", en), ("fr", fr)) if not s.gaps}
            found = [
                f
                for f in found
                if (f.side is None and f.kind != "list_item")
                or (f.side is not None and f.side not in complete)
            ]
        for table_id in dict.fromkeys(en.tables + fr.tables):
            found += self.table(en.id, game.tables[table_id])
        return found


def _same_words(en: str, fr: str) -> bool:
    """True when both texts are the same words (the English quotations both books print)."""
    return re.sub(r"\W+", " ", en).strip().casefold() == re.sub(r"\W+", " ", fr).strip().casefold()
