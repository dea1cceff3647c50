"""The reference pages, as escaped HTML (each page: its body, and its store of previews): glossary,
side-by-side comparisons, the register of differences, and the source errata and gaps (the
tables page is :mod:`.tables_page`)."""

from __future__ import annotations

from html import escape
from pathlib import PurePosixPath

from rules_text.models import Lang
from rules_text.register import Difference

from .differences import marked_quotes
from .emit import block_html, token_html
from .inline import TextContext, context_for, patterns_for, section_blocks, tokens
from .links import (
    LANG_NAMES,
    UI,
    Linker,
    Target,
    chapter_docname,
    erratum_anchor,
    relative_url,
)
from .previews import previews_html


def text_html(
    text: str,
    lang: Lang,
    where: str,
    linker: Linker,
    docname: str,
    previews: dict[str, Target],
    terms: bool = True,
    section_id: str | None = None,
) -> str:
    """A line of corpus text as HTML: citations linked (with previews), glossary terms linked.

    ``section_id`` is the section the text is quoted from (its known source errata apply)."""
    patterns = patterns_for(linker, lang) if terms else []
    context = TextContext(
        lang=lang, where=where, section_id=section_id, linker=linker, terms=patterns
    )
    found = tokens(text, context)
    for token in found:
        if token.target is not None:
            previews[relative_url(docname, token.target.docname, token.target.anchor)] = (
                token.target
            )
    return token_html(found, docname)


def rule_link(
    linker: Linker, rule: str, docname: str, previews: dict[str, Target], label: bool = False
) -> str:
    """A link to a rule of the English rulebook (every rule is there), with its preview."""
    target = linker.resolve(rule, "en", f"rule {rule}")
    href = relative_url(docname, target.docname, target.anchor)
    previews[href] = target
    return (
        f'<a class="rule-ref" href="{escape(href)}">{escape(target.label if label or not rule[:1].isdigit() else linker.printed(rule))}</a>'
    )


def glossary_page(linker: Linker, docname: str) -> tuple[str, str]:
    previews: dict[str, Target] = {}
    game = linker.game
    items = []
    for term in sorted(game.glossary, key=lambda t: t.en.casefold()):
        names = escape(term.en) + (
            f' <span lang="fr">/ {escape(term.fr)}</span>' if term.fr and term.fr != term.en else ""
        )
        abbr = [a for a in (term.abbr.en, term.abbr.fr) if a]
        abbr_html = (
            f' <span class="abbr">({escape(" / ".join(dict.fromkeys(abbr)))})</span>'
            if abbr
            else ""
        )
        definitions = "".join(
            f'<blockquote lang="{lang}"><p>'
            + "<br>".join(
                text_html(
                    line,
                    lang,
                    f"glossary term {term.key}",
                    linker,
                    docname,
                    previews,
                    terms=False,
                    section_id=term.rule,
                )
                for line in text.strip().splitlines()
            )
            + "</p></blockquote>"
            for lang in ("en", "fr")
            if (text := term.definition.get(lang))
        )
        used = []
        for lang in game.corpora:
            ids = game.used_in(term, lang)  # type: ignore[arg-type]
            if ids:
                corpus = game.corpus(lang)  # type: ignore[arg-type]
                links = ", ".join(
                    f'<a class="backlink" href="{escape(relative_url(docname, chapter_docname(corpus.by_id[i]), i))}">'
                    f"{escape(i)}</a>"
                    for i in ids
                )
                used.append(f"<li>{LANG_NAMES[lang]}: {links}</li>")
        items.append(
            f'<section class="glossary-term" id="term-{escape(term.key)}"><h3>{names}{abbr_html}</h3>'
            f"{definitions}<p>Defined in {rule_link(linker, term.rule, docname, previews, True)}</p>"
            f"<details><summary>Used in</summary><ul>{''.join(used)}</ul></details></section>"
        )
    return "\n".join(items), previews_html(previews, linker, docname)


def aligned_ids(linker: Linker, stem: str) -> list[str]:
    """The ids of a chapter in both languages, in English order, French-only ones after their predecessor."""

    def ids(lang: str) -> list[str]:
        return [
            s.id
            for s in linker.game.corpus(lang).sections  # type: ignore[arg-type]
            if PurePosixPath(s.file).stem == stem
        ]

    merged = ids("en")
    previous: str | None = None
    for section_id in ids("fr"):
        if section_id not in merged:
            merged.insert(
                merged.index(previous) + 1 if previous in merged else len(merged), section_id
            )
        previous = section_id
    return merged


def difference_html(difference: Difference, linker: Linker, docname: str) -> str:
    severity = escape(difference.severity or "unclassified")
    quotes = "".join(
        f'<blockquote lang="{lang}"><p><strong>{LANG_NAMES[lang]}:</strong> {escape(text)}</p></blockquote>'
        for lang, text in (("en", difference.en), ("fr", difference.fr))
        if text
    )
    behaviour = "".join(
        f"<li>{LANG_NAMES.get(lang, escape(lang))} ruleset: {escape(str(text))}</li>"
        for lang, text in difference.ruleset_behaviour.items()
    )
    table = f" (table <code>{escape(difference.table)}</code>)" if difference.table else ""
    return (
        f'<div class="difference severity-{severity}" id="difference-{escape(difference.id)}">'
        f'<p class="difference-head"><span class="difference-severity">{severity}</span> '
        f"<strong>{escape(difference.id)}</strong>{table}</p>"
        f"<p>{escape(difference.changes)}</p>{quotes}"
        + (f"<ul>{behaviour}</ul>" if behaviour else "")
        + "</div>"
    )


def compare_page(
    linker: Linker, stem: str, register: list[Difference], docname: str
) -> tuple[str, str]:
    previews: dict[str, Target] = {}
    rows = []
    for section_id in aligned_ids(linker, stem):
        cells = []
        for lang in ("en", "fr"):
            section = linker.game.corpus(lang).by_id.get(section_id)  # type: ignore[arg-type]
            if section is None:
                missing = UI["en"]["not_in_other"] if lang == "fr" else UI["fr"]["not_in_other"]
                cells.append(f'<td lang="{lang}" class="compare-missing">{escape(missing)}</td>')
                continue
            context = context_for(section, linker)
            blocks = section_blocks(section, context)
            for block in blocks:
                for line in block.lines:
                    for token in line:
                        if token.target is not None:
                            href = relative_url(docname, token.target.docname, token.target.anchor)
                            previews[href] = token.target
            href = relative_url(docname, chapter_docname(section), section.id)
            text_html = marked_quotes(block_html(blocks, docname), register, section_id, lang)
            cells.append(
                f'<td lang="{lang}" class="kind-{section.kind.value}">'
                f'<p class="rule-head"><a class="compare-label" href="{escape(href)}">'
                f"{escape(linker.label(section))}</a></p>{text_html}</td>"
            )
        rows.append(f'<tr id="{escape(section_id)}">{"".join(cells)}</tr>')
        for difference in register:
            if difference.section == section_id:
                rows.append(
                    f'<tr class="difference-row"><td colspan="2">'
                    f"{difference_html(difference, linker, docname)}</td></tr>"
                )
    head = "<thead><tr><th>English</th><th>Français</th></tr></thead>"
    body = f"<tbody>{''.join(rows)}</tbody>"
    return f'<table class="compare-table">{head}{body}</table>', previews_html(previews, linker, docname)


def differences_page(linker: Linker, register: list[Difference], docname: str) -> tuple[str, str]:
    if not register:
        return "<p>The register of differences is empty.</p>", ""
    shared = linker.shared_chapters()
    items = []
    for difference in register:
        links = []
        for lang in ("en", "fr"):
            section = (
                linker.game.corpora[lang].by_id.get(difference.section)
                if lang in linker.game.corpora
                else None
            )
            if section is not None:
                href = relative_url(docname, chapter_docname(section), section.id)
                links.append(
                    f'<a href="{escape(href)}">{LANG_NAMES[lang]} {escape(section.id)}</a>'
                )
                stem = PurePosixPath(section.file).stem
                if lang == "en" and stem in shared:
                    compare = relative_url(docname, f"compare/{stem}", section.id)
                    links.append(
                        f'<a class="compare-link" href="{escape(compare)}">side by side</a>'
                    )
        items.append(
            f'<p class="difference-where">{" · ".join(links) or escape(difference.section)}</p>'
            + difference_html(difference, linker, docname)
        )
    return "\n".join(items), ""


def errata_page(linker: Linker, docname: str) -> tuple[str, str]:
    game = linker.game
    parts = ['<h2 id="printed-errors">Errors printed in the rulebook</h2>']
    anchors: set[str] = set()
    for erratum in game.errata:
        anchor = erratum_anchor(erratum)
        # two errata of one kind on one section (one per language) keep distinct anchors
        anchor = next(
            f"{anchor}-{n}" if n else anchor
            for n in range(len(game.errata) + 1)
            if (f"{anchor}-{n}" if n else anchor) not in anchors
        )
        anchors.add(anchor)
        links = []
        for lang in erratum.langs or tuple(game.corpora):
            section = (
                game.corpora[lang].by_id.get(erratum.section) if lang in game.corpora else None
            )
            if section is not None:
                href = relative_url(docname, chapter_docname(section), section.id)
                links.append(
                    f'<a href="{escape(href)}">{LANG_NAMES[lang]} {escape(section.id)}</a>'
                )
        cites = f" cites <code>[{escape(erratum.cites)}]</code>" if erratum.cites else ""
        parts.append(
            f'<div class="erratum" id="{escape(anchor)}"><p><strong>{escape(erratum.section)}</strong>'
            f"{cites} · {escape(erratum.kind.replace('_', ' '))}{''.join(' · ' + link for link in links)}</p>"
            f"<p>{escape(erratum.note)}</p></div>"
        )
    parts.append('<h2 id="gaps">Text lost in the source</h2><ul>')
    for lang, corpus in game.corpora.items():
        for section in corpus.sections:
            for gap in section.gaps:
                href = relative_url(docname, chapter_docname(section), section.id)
                parts.append(
                    f'<li>{LANG_NAMES[lang]} <a href="{escape(href)}">{escape(section.id)}</a>: '
                    f"{escape(gap)}</li>"
                )
    parts.append("</ul>")
    english = game.corpora.get("en")
    french = game.corpora.get("fr")
    if english is not None and french is not None:
        parts.append(
            '<h2 id="french-cites-english">French rules citing chapters the French source lacks</h2>'
            "<p>These links lead to the English text.</p><ul>"
        )
        for section in french.sections:
            outside = [r for r in section.refs if r not in french.by_id and r in english.by_id]
            if outside:
                href = relative_url(docname, chapter_docname(section), section.id)
                cited = ", ".join(
                    f'<a href="{escape(relative_url(docname, chapter_docname(english.by_id[r]), r))}">{escape(r)}</a>'
                    for r in outside
                )
                parts.append(
                    f'<li><a href="{escape(href)}">{escape(section.id)}</a> cites {cited}</li>'
                )
        parts.append("</ul>")
    return "\n".join(parts), ""
