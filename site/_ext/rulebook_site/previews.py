"""A page's store of the rules it cites (``div.rule-previews``, hidden): what ``rulebook.js`` shows
in the hover preview and in the sheet a tap opens (issue 17), with no network request, so it
works offline and from file://.

One item per cited target, keyed by the link's own href: the rule's label and text, and for a
rule whose rulebooks give different results, the banner naming them with the quoted sentences
marked. The store carries the sheet's words in the page's language.
"""

from __future__ import annotations

from html import escape

from rules_text import Section

from .differences import banner_html, marked_quotes, result_differences
from .links import UI, Linker, Target


def paragraphs_html(text: str) -> str:
    """Plain text (a preview, a quote) as escaped paragraphs, single line breaks kept."""
    blocks = [b.strip() for b in text.strip().split("\n\n") if b.strip()]
    return "\n".join(
        "<p>" + "<br>".join(escape(line) for line in b.splitlines()) + "</p>" for b in blocks
    )


def target_section(linker: Linker, target: Target) -> Section | None:
    """The section a target shows, or None for a source erratum."""
    if target.relation == "erratum":
        return None
    corpus = linker.game.corpora.get(target.lang)
    return corpus.by_id.get(target.anchor) if corpus is not None else None


def preview_html(href: str, target: Target, linker: Linker, docname: str, lang: str) -> str:
    """One cited target: its label, its text, and its result-level difference if registered."""
    text = paragraphs_html(target.text)
    banner = ""
    section = target_section(linker, target)
    found = result_differences(linker, section.id) if section is not None else []
    if section is not None and found:
        banner = banner_html(found, section, linker, docname, lang)
        text = marked_quotes(text, found, section.id, target.lang)
    return (
        f'<div class="rule-preview" data-href="{escape(href)}" lang="{target.lang}">'
        f'<p class="rule-preview-label">{escape(target.label)}</p>{banner}{text}</div>'
    )


def previews_html(targets: dict[str, Target], linker: Linker, docname: str, lang: str = "en") -> str:
    """The page's store: every cited target, and the sheet's words in ``lang``, the language of
    the page (a chapter's; English for the reference pages)."""
    ui = UI[lang]
    words = (
        f'lang="{lang}" data-sheet="{escape(ui["sheet"])}" data-close="{escape(ui["sheet_close"])}" '
        f'data-open="{escape(ui["sheet_open"])}"'
    )
    items = [preview_html(href, target, linker, docname, lang) for href, target in sorted(targets.items())]
    return f'<div class="rule-previews" hidden {words}>\n' + "\n".join(items) + "\n</div>"
