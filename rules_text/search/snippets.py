"""The stretch of a hit's text that holds most of the query's words, each marked."""

from __future__ import annotations

import re
from functools import lru_cache

from .analysis import analyzer


@lru_cache(maxsize=50_000)
def _stem_of(word: str, lang: str) -> str | None:
    tokens = [t.text for t in analyzer(lang)(word)]
    return tokens[0] if tokens else None


@lru_cache(maxsize=2048)
def _stemmed_spans(flat: str, lang: str) -> tuple[tuple[int, int, str | None], ...]:
    return tuple((m.start(), m.end(), _stem_of(m.group(), lang)) for m in re.finditer(r"[^\W_]+", flat))


def snippet_of(text: str, wanted: set[str], lang: str, size: int = 180) -> str:
    """The stretch of text with most query words, each matched word between ** **."""
    flat = " ".join(text.split())
    spans = [(a, b) for a, b, stem in _stemmed_spans(flat, lang) if stem in wanted]
    if not spans:
        return flat if len(flat) <= size else flat[:size].rsplit(" ", 1)[0] + " …"
    best_start, best_count = spans[0][0], 0
    for i, (start, _) in enumerate(spans):  # the window of `size` characters holding most matches
        count = sum(1 for s, _ in spans[i:] if s < start + size - 40)
        if count > best_count:
            best_start, best_count = start, count
    begin = max(0, flat.rfind(" ", 0, max(0, best_start - 40)) + 1)
    end = min(len(flat), begin + size)
    if end < len(flat):
        end = max(begin + 1, flat.rfind(" ", begin, end))
    out, cursor = [], begin
    for start, stop in spans:
        if start >= begin and stop <= end:
            out += [flat[cursor:start], "**", flat[start:stop], "**"]
            cursor = stop
    out.append(flat[cursor:end])
    return ("… " if begin > 0 else "") + "".join(out) + (" …" if end < len(flat) else "")
