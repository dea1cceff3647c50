"""The words of the search: case and accent folding, stop words and Snowball stems per language."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.lang import stopwords_for_language
from whoosh.support.charset import accent_map

from ..models import LANGS, Lang

#: a word of a query: letters and digits, with an inner apostrophe ("mayor's")
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def analyzer(lang: Lang, stem: bool = True) -> Any:
    """Case and accent folding, stop words, Snowball stemming for the language."""
    chain = RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map)
    if lang not in LANGS:  # a language a game declares beyond English and French: folded, not stemmed
        return chain
    stops = frozenset(fold(w) for w in stopwords_for_language("english" if lang == "en" else "french"))
    chain = chain | StopFilter(stoplist=stops, minsize=2)
    return chain | StemFilter(lang=lang) if stem else chain


def stems(words: list[str], lang: str) -> list[str]:
    return list(dict.fromkeys(stem for w in words for stem in word_stems(w, lang)))


@lru_cache(maxsize=50_000)
def word_stems(word: str, lang: str) -> tuple[str, ...]:
    """The index terms of one word: folded, stop words out, stemmed (one word may give several)."""
    return tuple(t.text for t in analyzer(lang)(word))


def known(reader: Any, word: str) -> bool:
    """True when the word, as typed or by its stem in either language, occurs in the index."""
    if reader.frequency("spell", word):
        return True
    return any(reader.doc_frequency(f"{field}_{lang}", stem)
               for lang in LANGS for stem in stems([word], lang) for field in ("title", "body"))
