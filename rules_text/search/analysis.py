"""The words of the search: case and accent folding, stop words and Snowball stems per language."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from itertools import pairwise
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


#: a token of the indexed text: a rule number as printed ("9.2", one token: a reference is not a
#: count of dice), or a run of letters and digits
TOKEN = r"\d+(?:\.\d+)+|[^\W_]+"


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def analyzer(lang: Lang, stem: bool = True) -> Any:
    """Case and accent folding, stop words, Snowball stemming for the language."""
    chain = RegexTokenizer(TOKEN) | LowercaseFilter() | CharsetFilter(accent_map)
    if lang not in LANGS:  # a language a game declares beyond English and French: folded, not stemmed
        return chain
    chain = chain | StopFilter(stoplist=stop_words(lang), minsize=1)
    return chain | StemFilter(lang=lang) if stem else chain


#: one-letter words are not searched ("a", "I", "d'"), one-digit ones are: a player asks what a
#: "0" on the die does (Phantom Fury 3, 13.4.3)
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


@cache
def stop_words(lang: Lang) -> frozenset[str]:
    """The language's stop words (folded) and every one-letter word."""
    return frozenset(fold(w) for w in stopwords_for_language("english" if lang == "en" else "french")) | LETTERS


def stems(words: list[str], lang: str) -> list[str]:
    return list(dict.fromkeys(stem for w in words for stem in word_stems(w, lang)))


def pairs(tokens: list[str]) -> list[str]:
    """Each two tokens side by side, as one term ("game over" of "the game is over": stop words
    are out already): a section that says the player's words together answers him more likely."""
    return [f"{a}_{b}" for a, b in pairwise(tokens) if a != b]


def query_pairs(words: list[str], lang: str) -> list[str]:
    """The pairs of the query's words side by side, once each, in order."""
    return list(dict.fromkeys(pairs([t for w in words for t in word_stems(w, lang)])))


@lru_cache(maxsize=50_000)
def word_stems(word: str, lang: str) -> tuple[str, ...]:
    """The index terms of one word: folded, stop words out, stemmed (one word may give several)."""
    return tuple(t.text for t in analyzer(lang)(word))


@lru_cache(maxsize=50_000)
def stem_of(word: str, lang: str) -> str | None:
    """The first index term of one word (a snippet marks the words whose term the query has)."""
    tokens = word_stems(word, lang)
    return tokens[0] if tokens else None


def known(reader: Any, word: str) -> bool:
    """True when the word, as typed or by its stem in either language, occurs in the index."""
    if reader.frequency("spell", word):
        return True
    return any(reader.doc_frequency(f"{field}_{lang}", stem)
               for lang in LANGS for stem in stems([word], lang) for field in ("title", "body"))
