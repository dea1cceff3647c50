"""What a sentence says that needs no translation to compare: its anchors.

Numbers (die faces and ranges, DRMs, CFs, turns, VP), Location codes (4.2.1: OG, C, 1, 1',
2, 2', R), cross-references, unit designations and marker names, exception clauses and a
few outcome words. Each is extracted from the English and the French text alike, so two
translations of one rule yield the same anchors and a disagreement shows as a difference.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from rules_text.markup import BARE_REF, BRACKET_REF, find_refs
from rules_text.models import GlossaryTerm, Lang

#: number words both rulebooks spell out; "one"/"un"/"une" are articles as often as numbers and
#: "two"/"deux" mostly mean "both" ("les deux camps"), so they are left out
NUMBER_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "three": "3",
        "four": "4",
        "five": "5",
        "six": "6",
        "seven": "7",
        "eight": "8",
        "nine": "9",
        "ten": "10",
    },
    "fr": {
        "trois": "3",
        "quatre": "4",
        "cinq": "5",
        "six": "6",
        "sept": "7",
        "huit": "8",
        "neuf": "9",
        "dix": "10",
    },
}
_DASH = "[-–—]"
#: "+1", "+ 1", "–1", "1-3", "1 à 3", "1 to 3", "6-8", "12", "0015"
NUMBER = re.compile(
    rf"(?<![\w.])([+±]|{_DASH}(?=\s?\d))?\s?(\d+)(?:\s?(?:{_DASH}|à|to)\s?(\d+))?(?![\w'’])"
)
_CODE = r"(?:OG|C|R|1['’\"]?|2['’]?)"
#: Location codes after "marked"/"indicée", or "Location 1"; lists such as "OG, C or R"
LOCATION_LIST = re.compile(
    rf"(?:marked|indicées?|Locations?)\s+({_CODE}(?:\s*(?:,|or|and|ou|et|/)\s*{_CODE})*)(?![\w])"
)
_CODE_SPLIT = re.compile(r"\s*(?:,|\bor\b|\band\b|\bou\b|\bet\b|/)\s*")
#: unit models: the tank is an "M1A1 Abrams" in English, an "M1A2 ‘Abrams’" in French
MODEL = re.compile(r"\bM\d+A\d+\b")
#: acronyms and quoted names: CAAT, IIF, ‘Hero’, ‘No Insurgents Event’
ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
QUOTED = re.compile(r"[‘'“\"]([A-Z][\w ’'\-]{1,40}?)[’'”\"](?!\w)")
EXCEPTION: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:Exception|except(?:ed|ing)?)\b", re.IGNORECASE),
    "fr": re.compile(r"(?<!\w)(?:Exception|sauf|excepté|à l’exception)\b", re.IGNORECASE),
}
#: conditions and their negative forms: "if"/"unless"/"except", "si"/"s’il"/"à moins"/"sauf"
CONDITION: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:if|unless|except)\b", re.IGNORECASE),
    "fr": re.compile(r"(?<!\w)(?:si|s’ils?|s'ils?|à moins|sauf|excepté)(?!\w)", re.IGNORECASE),
}
#: qualifiers whose absence on one side changes a rule's scope: "without"/"sans" (not the
#: "sans effet" of "no effect"), "each"/"chaque"
QUALIFIERS: dict[str, dict[Lang, re.Pattern[str]]] = {
    "without": {
        "en": re.compile(r"\b(?:without|with no)\b", re.IGNORECASE),
        "fr": re.compile(r"\bsans\b(?! effet)", re.IGNORECASE),
    },
    "each": {
        "en": re.compile(r"\beach\b", re.IGNORECASE),
        "fr": re.compile(r"\bchaque\b|\bchacun", re.IGNORECASE),
    },
}
#: outcomes whose wording differs in no other way between the languages
OUTCOMES: dict[str, dict[Lang, re.Pattern[str]]] = {
    "eliminated": {
        "en": re.compile(r"\beliminat", re.IGNORECASE),
        "fr": re.compile(r"\bélimin", re.IGNORECASE),
    },
    "unchanged": {
        "en": re.compile(r"\bunchanged\b", re.IGNORECASE),
        "fr": re.compile(r"\binchangée?s?\b", re.IGNORECASE),
    },
    "cancelled": {
        "en": re.compile(r"\b(?:cancel|nullif)", re.IGNORECASE),
        "fr": re.compile(r"\bannul", re.IGNORECASE),
    },
}
#: acronyms that are words of one language only, not designations
NOT_DESIGNATIONS = frozenset({"DRM", "CF", "FC", "VP", "PV", "OG", "NB", "II", "IED", "EEI", "USA"})


def _strip_refs(text: str) -> str:
    return BARE_REF.sub(" ", BRACKET_REF.sub(" ", text))


def numbers(text: str, lang: Lang) -> Counter[str]:
    """Numbers as printed, normalised: "+ 1" -> "+1", "–1" -> "-1", "1 à 3" -> "1-3", "trois" -> "3".

    Cross-references and die names ("d10") are not numbers of the rule.
    """
    plain = _strip_refs(text)
    plain = re.sub(r"\bd10\b|\b\d+(?:st|nd|rd|th|er|ère|e|ème)\b", " ", plain)
    plain = re.sub(r"#\d+", " ", plain)
    found: Counter[str] = Counter()
    for match in NUMBER.finditer(plain):
        sign, low, high = match.groups()
        sign = {"–": "-", "—": "-", "-": "-", "+": "+", "±": "±"}.get(sign or "", "")
        found[f"{sign}{int(low)}" + (f"-{int(high)}" if high else "")] += 1
    words = NUMBER_WORDS[lang]
    for word in re.findall(r"\b\w+\b", plain.lower()):
        if word in words:
            found[words[word]] += 1
    return found


def locations(text: str) -> Counter[str]:
    """Location codes named by the text (4.2.1), one per mention."""
    found: Counter[str] = Counter()
    for match in LOCATION_LIST.finditer(text):
        for code in _CODE_SPLIT.split(match.group(1)):
            if code:
                found[code.replace("’", "'")] += 1
    return found


def models(text: str, lang: Lang) -> Counter[str]:
    """Unit models as printed (M1A1, M1A2): compared exactly, never through the glossary."""
    del lang
    return Counter(set(MODEL.findall(text)))


class Names:
    """Names printed alike in both languages, or known to the glossary in each (CAAT, ‘Hero’)."""

    def __init__(self, glossary: Iterable[GlossaryTerm] = ()):
        self.terms: dict[Lang, dict[str, GlossaryTerm]] = {"en": {}, "fr": {}}
        for term in glossary:
            for lang in ("en", "fr"):
                for form in term.forms(lang):
                    self.terms[lang][_plain(form)] = term

    def names(self, text: str) -> set[str]:
        plain = _strip_refs(text)
        found = {q.strip() for q in QUOTED.findall(plain)}
        found |= {a for a in ACRONYM.findall(plain) if a not in NOT_DESIGNATIONS}
        return found

    def _present(self, name: str, lang: Lang, other: str, other_lang: Lang) -> bool:
        term = self.terms[lang].get(_plain(name))
        forms = [name]
        if term is not None:
            forms += term.forms(other_lang) or term.forms(lang)
        haystack = _plain(other)
        return any(
            re.search(r"(?<!\w)" + re.escape(_plain(f)) + r"(?!\w)", haystack) for f in forms if f
        )

    def missing(self, en: str, fr: str) -> tuple[list[str], list[str]]:
        """Names of the English text absent from the French one, and the reverse."""
        only_en = sorted(n for n in self.names(en) if not self._present(n, "en", fr, "fr"))
        only_fr = sorted(n for n in self.names(fr) if not self._present(n, "fr", en, "en"))
        return only_en, only_fr


def _plain(text: str) -> str:
    return re.sub(r"[‘’'“”\"]", "", text).casefold()


def exceptions(text: str, lang: Lang) -> Counter[str]:
    """Exception clauses ("Exception:", "except", "sauf"), counted under one key."""
    count = len(EXCEPTION[lang].findall(text))
    return Counter({"exception": count}) if count else Counter()


def conditions(text: str, lang: Lang) -> Counter[str]:
    """Sentences stating a condition ("if", "si"), counted under one key.

    Sentences, not words: "if ... and there are no" is "si ... et s’il n’y a plus" in French.
    """
    count = sum(
        1 for sentence in re.split(r"(?<=[.!?])\s+", text) if CONDITION[lang].search(sentence)
    )
    return Counter({"condition": count}) if count else Counter()


def qualifiers(text: str, lang: Lang) -> Counter[str]:
    """The qualifiers a text uses ("without", "each"), once each."""
    return Counter({name: 1 for name, p in QUALIFIERS.items() if p[lang].search(text)})


def written_in(text: str, lang: Lang) -> Lang:
    """The language a text is actually written in: the French book quotes the Gazette in English."""
    english = len(re.findall(r"\b(?:the|and|of|is|to)\b", text))
    french = len(re.findall(r"\b(?:le|la|les|et|des|est|une?)\b", text))
    if lang == "fr" and english > 2 * french + 2:
        return "en"
    return lang


def outcomes(text: str, lang: Lang) -> Counter[str]:
    return Counter(
        {name: len(p[lang].findall(text)) for name, p in OUTCOMES.items() if p[lang].search(text)}
    )


def bullets(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith(("•", "-", "–")))


def anchor_keys(text: str, lang: Lang) -> set[str]:
    """A flat set of a text's anchors, for scoring a sentence alignment."""
    return (
        {f"n:{k}" for k in numbers(text, lang)}
        | {f"l:{k}" for k in locations(text)}
        | {f"r:{k}" for k in find_refs(text)}
        | {f"m:{k}" for k in models(text, lang)}
    )
