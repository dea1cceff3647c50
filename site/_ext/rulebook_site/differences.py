"""The registered differences between a game's English and French rulebooks as the site shows
them (issue 17): the banner over a rule whose rulebooks give different results, and the quoted
sentences marked in its text. The register itself is ``rules_text.register``."""

from __future__ import annotations

from html import escape
from pathlib import PurePosixPath

from rules_text import Section
from rules_text.compare.highlight import mark_quotes
from rules_text.register import Difference, load_register

from .links import Linker, relative_url

#: the banner's words, in the language of the page showing it
BANNER = {
    "en": ("The English and French rulebooks give a different result here:",
           "The English and French rulebooks give {n} different results here:", "Compare both texts"),
    "fr": ("Les livrets anglais et français donnent ici un résultat différent :",
           "Les livrets anglais et français donnent ici {n} résultats différents :", "Comparer les deux textes"),
}

_RESULTS: dict[tuple[str, str], tuple[Difference, ...]] = {}


def result_differences(linker: Linker, section_id: str) -> list[Difference]:
    """The register's differences of severity ``result`` printed in a section (its own or
    ``also_in``); the register is read once per game and data version."""
    key = (linker.game.id, linker.game.fingerprint)
    if key not in _RESULTS:
        _RESULTS[key] = tuple(d for d in load_register(linker.game.id).values() if d.severity == "result")
    return [d for d in _RESULTS[key] if section_id in d.sections]


def banner_html(found: list[Difference], section: Section, linker: Linker, docname: str, lang: str) -> str:
    """What differs at a result level, linked to the side-by-side page (or the register), in the
    words of ``lang`` (the page's language); ``companion-link.js`` adds the rulebook a game follows."""
    one, many, compare = BANNER.get(lang, BANNER["en"])
    stem = PurePosixPath(section.file).stem
    href = (relative_url(docname, f"compare/{stem}", section.id) if stem in linker.shared_chapters()
            else relative_url(docname, "differences", f"difference-{found[0].id}"))
    items = "".join(f'<li lang="en">{escape(d.changes)}</li>' for d in found)
    title = one if len(found) == 1 else many.format(n=len(found))
    return (f'<aside class="difference-banner no-search" role="note" lang="{escape(lang)}">'
            f"<p><strong>{escape(title)}</strong></p>"
            f'<ul>{items}</ul><p><span class="difference-follows" data-follows></span> '
            f'<a class="compare-link" href="{escape(href)}">{escape(compare)}</a></p></aside>')


def marked_quotes(html: str, register: list[Difference], section_id: str, lang: str) -> str:
    """A section's HTML with the words each registered difference quotes marked (issues 17 and 21),
    wherever they stand, across its links and lines (:func:`rules_text.compare.highlight.mark_quote`)."""
    quotes = [getattr(d, lang, "") or "" for d in register if section_id in d.sections]
    return mark_quotes(html, quotes)
