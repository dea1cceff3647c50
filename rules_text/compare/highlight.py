"""A registered difference's quote marked in a rule's HTML, wherever its words stand (issue 21, item 7).

The text of a rule is shown with its citations and glossary terms as links, so a quote rarely
stands whole in the HTML: "[13.4.8.1]" is a link, "Security Element" a glossary link. The quote
is found in the text as read (tags left out, spaces and apostrophes as the register's matching
reads them, :func:`rules_text.compare.register._norm`) and marked piece by piece, a ``<mark>`` closed
before each tag and opened again after it, so the HTML stays well formed. The site's compare
pages and banners and the companion's rule pages all mark through :func:`mark_quote`.
"""

from __future__ import annotations

import html as html_lib
import re

_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
_APOSTROPHES = "'’‘"


def _visible(html: str) -> tuple[str, list[int]]:
    """The text a reader sees (entities read as their character) and, for each of its
    characters, where it starts in the HTML."""
    chars: list[str] = []
    where: list[int] = []
    position = 0
    while position < len(html):
        tag = _TAG.match(html, position)
        if tag:
            position = tag.end()
            continue
        entity = _ENTITY.match(html, position)
        if entity:
            chars.append(html_lib.unescape(entity.group()))
            where.append(position)
            position = entity.end()
            continue
        chars.append(html[position])
        where.append(position)
        position += 1
    return "".join(chars), where


def _pattern(quote: str) -> re.Pattern[str] | None:
    words = quote.split()
    if not words:
        return None
    parts = []
    for word in words:
        parts.append("".join(f"[{_APOSTROPHES}]" if c in _APOSTROPHES else re.escape(c) for c in word))
    return re.compile(r"\s+".join(parts), re.IGNORECASE)


def mark_quote(html: str, quote: str, css: str = "difference-mark") -> tuple[str, bool]:
    """The HTML with the first place its visible text reads ``quote`` marked; and whether it was found."""
    pattern = _pattern(quote)
    if pattern is None:
        return html, False
    text, where = _visible(html)
    found = pattern.search(text)
    if not found:
        return html, False
    start, end = where[found.start()], _end_of(html, where, found.end() - 1)
    pieces: list[str] = []
    at = start
    for tag in _TAG.finditer(html, start, end):
        if tag.start() > at:
            pieces.append(f'<mark class="{css}">{html[at:tag.start()]}</mark>')
        pieces.append(tag.group())
        at = tag.end()
    if end > at:
        pieces.append(f'<mark class="{css}">{html[at:end]}</mark>')
    return html[:start] + "".join(pieces) + html[end:], True


def _end_of(html: str, where: list[int], last: int) -> int:
    """Where the visible character ``last`` ends in the HTML (after its entity, if it is one)."""
    position = where[last]
    entity = _ENTITY.match(html, position)
    return entity.end() if entity else position + 1


def mark_quotes(html: str, quotes: list[str], css: str = "difference-mark") -> str:
    """The HTML with each quote (longer than a few characters) marked where it is found."""
    for quote in quotes:
        if len(quote.strip()) > 8:
            html, _found = mark_quote(html, quote.strip(), css)
    return html
