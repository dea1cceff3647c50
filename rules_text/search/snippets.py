"""The stretch of a hit's text that holds most of the query's words, each marked
(:func:`rules_text.fast_search.snippet_of`, over the analyzer's stems)."""

from __future__ import annotations

from .. import fast_search
from .analysis import stem_of


class _Analyzer:
    """The stems of a snippet's words, from the analyzer itself."""

    @staticmethod
    def stem_of(word: str, lang: str) -> str | None:
        return stem_of(word, lang)


def snippet_of(text: str, wanted: set[str], lang: str, size: int = 180) -> str:
    """The stretch of text with most query words, each matched word between ** **."""
    return fast_search.snippet_of(_Analyzer(), text, wanted, lang, size)  # type: ignore[arg-type]
