"""The reference pages, as escaped HTML (each page: its body, and its store of previews): tables with the odds of each row, glossary,
side-by-side comparisons, the register of differences, and the source errata and gaps."""

from __future__ import annotations

import re
from html import escape
from pathlib import PurePosixPath

from rules_text.markup import format_value, render_table
from rules_text.models import Lang, Table
from rules_text.register import Difference

from .emit import block_html, previews_html, token_html
from .inline import TextContext, context_for, patterns_for, section_blocks, tokens
from .links import (
    LANG_NAMES,
    UI,
    Linker,
    Target,
    chapter_docname,
    erratum_anchor,
    relative_url,
    section_label,
)
from .odds import OddsGrid, odds_grids, table_odds, tenths


def _text_html(
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


def _rule_link(
    linker: Linker, rule: str, docname: str, previews: dict[str, Target], label: bool = False
) -> str:
    """A link to a rule of the English rulebook (every rule is there), with its preview."""
    target = linker.resolve(rule, "en", f"rule {rule}")
    href = relative_url(docname, target.docname, target.anchor)
    previews[href] = target
    return (
        f'<a class="rule-ref" href="{escape(href)}">{escape(target.label if label else rule)}</a>'
    )


def row_lines(table: Table, lang: Lang) -> list[str | None]:
    """Each row's printed text in a language (``None`` where that source lacks it).

    A d10 row is its name and text (its die range has its own column); other rows are laid
    out by the table's ``line`` as the book prints them."""
    if table.kind != "d10":
        lines: list[str | None] = list(render_table(table, lang).splitlines())
        if len(lines) != len(table.rows):
            raise ValueError(f"table {table.id}: a row's text spans several lines")
        return [None if line is not None and "{missing:" in line else line for line in lines]
    result: list[str | None] = []
    for row in table.rows:
        text = row.text.get(lang)
        name = row.name.get(lang) if row.name is not None else None
        result.append(None if text is None else " ".join(part for part in (name, text) if part))
    return result


def table_html(table: Table, linker: Linker, docname: str, previews: dict[str, Target]) -> str:
    langs = [lang for lang in ("en", "fr") if lang in linker.game.corpora]
    title = " / ".join(escape(t) for t in (table.title.en, table.title.fr) if t)
    if not title:
        title = escape(f"{linker.resolve(table.rule, 'en', f'table {table.id}').label}: table")
    lines = {lang: row_lines(table, lang) for lang in langs}
    head = "".join(f"<th>{LANG_NAMES[lang]}</th>" for lang in langs)
    rows = []
    chances = table_odds(linker.game.id, table) if table.kind == "d10" else {}
    for index, row in enumerate(table.rows):
        cells = []
        if table.kind == "d10":
            cells.append(f'<td class="faces">{escape(row.roll or "")}</td>')
        for lang in langs:
            line = lines[lang][index]
            if line is None:
                missing = UI["en"]["not_in_other"]
                cells.append(f'<td lang="{lang}" class="compare-missing">{escape(missing)}</td>')
                continue
            where = f"table {table.id}"
            cells.append(
                f'<td lang="{lang}">{_text_html(line, lang, where, linker, docname, previews)}</td>'
            )
        if table.kind == "d10":
            cells.append(f'<td class="odds">{tenths(chances[row.result])}</td>')
        rows.append(f'<tr id="{escape(table.id)}-{escape(row.result)}">{"".join(cells)}</tr>')
    before = "<th>d10</th>" if table.kind == "d10" else ""
    after = "<th>Probability</th>" if table.kind == "d10" else ""
    return (
        f'<section class="data-table" id="table-{escape(table.id)}">'
        f"<h2>{title}</h2><p>Rule {_rule_link(linker, table.rule, docname, previews)} · "
        f"<code>{escape(table.id)}</code> ({escape(table.kind)})</p>"
        f'<table class="odds-table"><thead><tr>{before}{head}{after}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></section>"
    )


def grid_html(grid: OddsGrid, linker: Linker, docname: str, previews: dict[str, Target]) -> str:
    """A grid of chances the game declares (rows by columns), as the adjudicator computes it."""
    parts = re.split(r"\{rule:([^}]+)\}", grid.intro)
    intro = "".join(
        escape(part) if index % 2 == 0 else _rule_link(linker, part, docname, previews)
        for index, part in enumerate(parts)
    )
    head = "".join(f"<th>{escape(format_value(col))}</th>" for col in grid.columns)
    rows = "".join(
        f'<tr id="{escape(grid.row_id.format(row=row))}"><th>{escape(grid.row_label.format(row=row))}</th>'
        + "".join(f'<td class="odds">{tenths(grid.chance(row, col))}</td>' for col in grid.columns)
        + "</tr>"
        for row in grid.rows
    )
    return (
        f'<section class="data-table" id="{escape(grid.id)}"><h2>{escape(grid.title)}</h2>'
        f"<p>{intro}</p>"
        f'<table class="odds-table"><thead><tr><th>{escape(grid.corner)}</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


def tables_page(linker: Linker, docname: str) -> tuple[str, str]:
    previews: dict[str, Target] = {}
    d10 = [t for t in linker.game.tables.values() if t.kind == "d10"]
    others = [t for t in linker.game.tables.values() if t.kind != "d10"]
    parts = [
        "<p>Each d10 table with the chance of each row: the faces it covers out of 10 "
        "(0 is 0, not 10 [3]).</p>".replace("[3]", _rule_link(linker, "3", docname, previews))
    ]
    parts += [table_html(t, linker, docname, previews) for t in d10]
    parts += [grid_html(grid, linker, docname, previews) for grid in odds_grids(linker.game.id)]
    parts.append('<h2 id="modifiers-and-scales">Modifiers, scales and missions</h2>')
    parts += [table_html(t, linker, docname, previews) for t in others]
    return "\n".join(parts), previews_html(previews)


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
                _text_html(
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
            f"{definitions}<p>Defined in {_rule_link(linker, term.rule, docname, previews, True)}</p>"
            f"<details><summary>Used in</summary><ul>{''.join(used)}</ul></details></section>"
        )
    return "\n".join(items), previews_html(previews)


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
            cells.append(
                f'<td lang="{lang}" class="kind-{section.kind.value}">'
                f'<p class="rule-head"><a class="compare-label" href="{escape(href)}">'
                f"{escape(section_label(section))}</a></p>{block_html(blocks, docname)}</td>"
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
    return f'<table class="compare-table">{head}{body}</table>', previews_html(previews)


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
        for lang in erratum.langs:
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
            f"{cites} · {escape(erratum.kind.replace('_', ' '))} · {' · '.join(links)}</p>"
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
