"""Sentence alignment of an English and a French section (no translation needed).

A section is cut into sentences (list items and table rows are sentences of their own), then
the two sequences are aligned by dynamic programming in the manner of Gale and Church: a pair
costs less the closer its length ratio is to the two rulebooks' usual ratio and the more
anchors (numbers, references, Location codes, designations, glossary terms) it shares. Beads
are 1-1, 1-2, 2-1, 2-2, and 1-0 / 0-1 for a sentence present in one language only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from rules_text.models import GlossaryTerm, Lang

from .anchors import anchor_keys

#: French runs a little longer than English in this rulebook (median character ratio fr/en of
#: aligned sentences, measured on chapters 10.3-15)
FR_EN_RATIO = 1.03
#: a sentence ends at . ! ? before a capital, a quote, a bullet or a parenthesis
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý‘'“\"(•\[])|(?<=\.\))\s+(?=[A-ZÀ-Ý])")
_ABBREVIATIONS = re.compile(r"(?:\b(?:i\.e|e\.g|ex|etc|cf|p|n°|No|USMC #\d)\.)$", re.IGNORECASE)
#: cost of a sentence left without a partner; a pair costing more is split into two of these
SKIP_COST = 3.0
#: spread of log(fr/en) between sentences that translate each other (measured: 0.105)
LENGTH_SD = 0.15


def sentences(text: str) -> list[str]:
    """The sentences of a text: one per line first, then cut at sentence ends."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        start = 0
        pieces: list[str] = []
        for match in _SENTENCE_END.finditer(line):
            head = line[start : match.start()]
            if _ABBREVIATIONS.search(head):
                continue
            pieces.append(head)
            start = match.end()
        pieces.append(line[start:])
        out.extend(p.strip() for p in pieces if p.strip())
    return out


@dataclass(frozen=True)
class Bead:
    """Aligned sentences: indices into each side, either side possibly empty."""

    en: tuple[int, ...]
    fr: tuple[int, ...]

    @property
    def one_sided(self) -> bool:
        return not self.en or not self.fr


class Glossary:
    """The glossary's terms as anchor patterns, one per term and language."""

    def __init__(self, terms: Iterable[GlossaryTerm]):
        self.patterns: dict[Lang, list[tuple[str, re.Pattern[str]]]] = {"en": [], "fr": []}
        for term in terms:
            for lang in ("en", "fr"):
                forms = sorted({f for f in term.forms(lang) if len(f) > 2}, key=len, reverse=True)
                if forms:
                    pattern = re.compile(
                        r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)", re.IGNORECASE
                    )
                    self.patterns[lang].append((term.key, pattern))

    def keys(self, text: str, lang: Lang) -> set[str]:
        return {f"g:{key}" for key, pattern in self.patterns[lang] if pattern.search(text)}


def _keys(text: str, lang: Lang, glossary: Glossary | None) -> set[str]:
    keys = anchor_keys(text, lang)
    return keys | glossary.keys(text, lang) if glossary else keys


def length_residual(en: str, fr: str) -> float:
    """log(fr/en) minus its usual value: > 0 when the French runs longer than a translation would."""
    return math.log((len(fr) + 10) / (FR_EN_RATIO * (len(en) + 10)))


def pair_cost(en: str, fr: str, en_keys: set[str], fr_keys: set[str]) -> float:
    """How unlikely it is that these texts translate each other (0 = certainly do)."""
    length = (length_residual(en, fr) / LENGTH_SD) ** 2 / 2
    union = en_keys | fr_keys
    if union:
        shared = len(en_keys & fr_keys) / len(union)
        anchors = 1.0 * (1 - shared) - 0.5 * shared
    else:
        anchors = 0.5
    return max(0.0, length + anchors)


def align(
    en: Sequence[str], fr: Sequence[str], lang_glossary: Glossary | None = None
) -> list[Bead]:
    """The cheapest alignment of two sentence lists, in order."""
    en_keys = [_keys(s, "en", lang_glossary) for s in en]
    fr_keys = [_keys(s, "fr", lang_glossary) for s in fr]

    def joined(side: Sequence[str], keys: list[set[str]], lo: int, hi: int) -> tuple[str, set[str]]:
        return " ".join(side[lo:hi]), set().union(*keys[lo:hi]) if hi > lo else set()

    @cache
    def best(i: int, j: int) -> tuple[float, tuple[Bead, ...]]:
        if i == len(en) and j == len(fr):
            return 0.0, ()
        options: list[tuple[float, tuple[Bead, ...]]] = []
        if i < len(en):
            cost, rest = best(i + 1, j)
            options.append((cost + SKIP_COST, (Bead((i,), ()),) + rest))
        if j < len(fr):
            cost, rest = best(i, j + 1)
            options.append((cost + SKIP_COST, (Bead((), (j,)),) + rest))
        for di, dj, penalty in ((1, 1, 0.0), (2, 1, 1.0), (1, 2, 1.0), (2, 2, 2.5)):
            if i + di <= len(en) and j + dj <= len(fr):
                e_text, e_keys = joined(en, en_keys, i, i + di)
                f_text, f_keys = joined(fr, fr_keys, j, j + dj)
                cost, rest = best(i + di, j + dj)
                bead = Bead(tuple(range(i, i + di)), tuple(range(j, j + dj)))
                options.append(
                    (cost + penalty + pair_cost(e_text, f_text, e_keys, f_keys), (bead,) + rest)
                )
        return min(options, key=lambda option: option[0])

    return list(best(0, 0)[1])
