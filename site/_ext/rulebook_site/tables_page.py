"""A game's tables page: every table as data, as an HTML table, die tables with the chance of
each row on an unmodified roll of the table's own die (d10, d6, 2d6), per column for a table of
several columns; the game's extra odds grids; then its lists, modifiers, matrices and cards.

Every chance comes from :mod:`.dice_odds` (the seam to the adjudicator's odds)."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape

from rules_text.markup import CARD_COLUMNS, render_row
from rules_text.models import Lang, Table, TableRow

from .dice_odds import Grid, as_outcomes, extra_grids, table_die, table_row_odds
from .links import LANG_NAMES, UI, Linker, Target
from .previews import previews_html
from .reference import rule_link, text_html

_CITED = re.compile(r"\{(\d{1,2}(?:\.\d{1,2}){0,4})\}")


def _langs(linker: Linker) -> list[Lang]:
    return [lang for lang in ("en", "fr") if lang in linker.game.corpora]  # type: ignore[misc]


def _local(text: object, lang: Lang) -> str | None:
    return text.get(lang) if text is not None else None  # type: ignore[attr-defined]


class _Page:
    """What every table of a page shares: the linker, the page, its previews, the anchors used."""

    def __init__(self, linker: Linker, docname: str):
        self.linker = linker
        self.docname = docname
        self.previews: dict[str, Target] = {}
        self.anchors: set[str] = set()

    def text(self, line: str | None, lang: Lang, table: Table) -> str:
        """A printed line as linked HTML, or the "not in this source" cell content."""
        if line is None:
            # a row whose words one rulebook lacks: said so where there are two, a dash otherwise
            missing = UI["en"]["not_in_other"] if len(self.linker.game.corpora) > 1 else "—"
            return f'<span class="compare-missing">{escape(missing)}</span>'
        return text_html(line, lang, f"table {table.id}", self.linker, self.docname, self.previews)

    def anchor(self, table: Table, row: TableRow, index: int) -> str:
        """A row's id: ``<table>-<result>``, or ``<table>-row-<n>`` where results are absent or repeat."""
        anchor = f"{table.id}-{row.result}" if row.result else f"{table.id}-row-{index + 1}"
        if anchor in self.anchors:
            anchor = f"{table.id}-row-{index + 1}"
        self.anchors.add(anchor)
        return anchor

    def rule(self, rule: str) -> str:
        return rule_link(self.linker, rule, self.docname, self.previews)


def _odds_cell(chance: Fraction | None, die: str) -> str:
    if chance is None:
        return '<td class="odds odds-none">—</td>'
    return f'<td class="odds">{escape(as_outcomes(chance, die))}</td>'


def _line(table: Table, row: TableRow, lang: Lang) -> str | None:
    """A row laid out by the table's ``line`` as the book prints it (None where the source lacks it)."""
    line = render_row(table, row, lang)
    return None if "{missing:" in line else line


def _d10_rows(table: Table, page: _Page, langs: list[Lang]) -> tuple[str, list[str]]:
    chances = table_row_odds(page.linker.game.id, table)[None]
    rows = []
    for index, row in enumerate(table.rows):
        cells = [f'<td class="faces">{escape(row.roll or "")}</td>']
        for lang in langs:
            text, name = _local(row.text, lang), _local(row.name, lang)
            line = None if text is None else " ".join(part for part in (name, text) if part)
            cells.append(f'<td lang="{lang}">{page.text(line, lang, table)}</td>')
        cells.append(_odds_cell(chances[index], "d10"))
        rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{"".join(cells)}</tr>')
    head = "<th>d10</th>" + "".join(f"<th>{LANG_NAMES[lang]}</th>" for lang in langs) + "<th>Probability</th>"
    return head, rows


def _column_names(table: Table, lang: Lang) -> list[str]:
    return [column.name.get(lang) or column.name.en or column.key for column in table.columns]


def _roll_rows(table: Table, page: _Page, langs: list[Lang]) -> tuple[str, list[str]]:
    """A die table keyed by modified totals: each row's printed range, result and chance."""
    die = table_die(table) or ""
    odds = table_row_odds(page.linker.game.id, table)
    lang = langs[0]
    rows = []
    if not table.columns:
        for index, row in enumerate(table.rows):
            cells = [f'<td class="faces">{escape(row.roll or "")}</td>']
            for language in langs:
                cells.append(f'<td lang="{language}">{page.text(_local(row.text, language), language, table)}</td>')
            cells.append(_odds_cell(odds[None][index], die))
            rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{"".join(cells)}</tr>')
        head = (
            f"<th>{escape(die)} total</th>"
            + "".join(f"<th>{LANG_NAMES[language]}</th>" for language in langs)
            + f"<th>Unmodified {escape(die)}</th>"
        )
        return head, rows
    columns = [escape(name) for name in _column_names(table, lang)]
    by_result = any(row.rolls is not None for row in table.rows)
    for index, row in enumerate(table.rows):
        if by_result:  # same result, a range per column
            cells = [f'<td lang="{lang}">{page.text(_local(row.text, lang), lang, table)}</td>']
        else:  # same roll, a result per column
            cells = [f'<td class="faces">{escape(row.roll or "")}</td>']
        for column in table.columns:
            chance = odds[column.key][index]
            if by_result:
                printed = escape((row.rolls or {}).get(column.key, ""))
            else:
                cell = (row.cells or {}).get(column.key)
                printed = page.text(_local(cell.text, lang), lang, table) if cell is not None else ""
            shown = "" if chance is None else f' <span class="odds">{escape(as_outcomes(chance, die))}</span>'
            cells.append(f'<td class="roll-cell" data-column="{escape(column.key)}">{printed}{shown}</td>')
        rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{"".join(cells)}</tr>')
    first = "Result" if by_result else f"{escape(die)} total"
    head = f"<th>{first}</th>" + "".join(f"<th>{name} (unmodified {escape(die)})</th>" for name in columns)
    return head, rows


def _matrix_rows(table: Table, page: _Page, langs: list[Lang]) -> tuple[str, list[str]]:
    lang = langs[0]
    rows = []
    for index, row in enumerate(table.rows):
        name = _local(row.name, lang) or _local(row.text, lang) or row.result
        cells = [f"<th>{page.text(name, lang, table)}</th>"]
        for column in table.columns:
            cell = (row.cells or {}).get(column.key)
            text = _local(cell.text, lang) if cell is not None else ""
            cells.append(f'<td data-column="{escape(column.key)}">{page.text(text, lang, table) if text else ""}</td>')
        rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{"".join(cells)}</tr>')
    head = "<th></th>" + "".join(f"<th>{escape(name)}</th>" for name in _column_names(table, lang))
    return head, rows


def _card_rows(table: Table, page: _Page, langs: list[Lang]) -> tuple[str, list[str]]:
    lang = langs[0]
    printed = list(getattr(table, "columns_printed", ()) or CARD_COLUMNS)
    rows = []
    for index, row in enumerate(table.rows):
        note = _local(row.note, lang) if row.note is not None else ""
        values = [
            escape(_local(row.name, lang) or row.result),
            escape(row.type or ""),
            escape("" if row.copies is None else str(row.copies)),
            escape("-" if row.force is None else str(row.force)),
            page.text(note, lang, table) if note else "",
        ]
        cells = "".join(f"<td>{value}</td>" for value in values)
        rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{cells}</tr>')
    head = "".join(f"<th>{escape(name)}</th>" for name in printed[: 5])
    return head, rows


def _line_rows(table: Table, page: _Page, langs: list[Lang]) -> tuple[str, list[str]]:
    """Lists, modifiers, scales: each row as the book prints it, in each language."""
    rows = []
    for index, row in enumerate(table.rows):
        cells = []
        for lang in langs:
            line = _line(table, row, lang)
            if line is None:
                missing = UI["en"]["not_in_other"]
                cells.append(f'<td lang="{lang}" class="compare-missing">{escape(missing)}</td>')
                continue
            html = "<br>".join(page.text(part, lang, table) for part in line.splitlines())
            cells.append(f'<td lang="{lang}">{html}</td>')
        rows.append(f'<tr id="{escape(page.anchor(table, row, index))}">{"".join(cells)}</tr>')
    head = "".join(f"<th>{LANG_NAMES[lang]}</th>" for lang in langs)
    return head, rows


_RENDERERS = {"d10": _d10_rows, "roll": _roll_rows, "matrix": _matrix_rows, "cards": _card_rows}


def table_html(table: Table, page: _Page) -> str:
    langs = _langs(page.linker)
    title = " / ".join(escape(t) for t in (table.title.en, table.title.fr) if t)
    if not title:
        target = page.linker.resolve(table.rule, "en", f"table {table.id}")
        title = escape(f"{target.label}: table")
    render = _RENDERERS.get(table.kind, _line_rows)
    head, rows = render(table, page, langs)
    printed = " | ".join(table.columns_printed).strip()
    heads = f'<p class="printed-heads">Printed heads: {escape(printed)}</p>' if printed else ""
    return (
        f'<section class="data-table" id="table-{escape(table.id)}">'
        f"<h2>{title}</h2><p>Rule {page.rule(table.rule)} · "
        f"<code>{escape(table.id)}</code> ({escape(table.kind)})</p>{heads}"
        f'<div class="table-scroll"><table class="odds-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def grid_html(grid: Grid, page: _Page) -> str:
    """An extra grid of odds (rows × columns of chances), its caption's rules linked."""
    caption = _CITED.sub(lambda m: page.rule(m.group(1)), escape(grid.caption))
    head = "".join(f"<th>{escape(column)}</th>" for column in grid.columns)
    rows = "".join(
        f'<tr id="{escape(anchor)}"><th>{escape(label)}</th>'
        + "".join(_odds_cell(chance, grid.die) for chance in chances)
        + "</tr>"
        for anchor, label, chances in grid.rows
    )
    return (
        f'<section class="data-table" id="{escape(grid.id)}"><h2>{escape(grid.title)}</h2>'
        f"<p>{caption}</p>"
        f'<div class="table-scroll"><table class="odds-table"><thead><tr><th>{escape(grid.corner)}</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div></section>"
    )


def tables_page(linker: Linker, docname: str) -> tuple[str, str]:
    page = _Page(linker, docname)
    tables = list(linker.game.tables.values())
    rolled = [t for t in tables if table_die(t) is not None]
    others = [t for t in tables if table_die(t) is None]
    dice = sorted({table_die(t) for t in rolled})  # type: ignore[type-var]
    parts = []
    if rolled:
        parts.append(
            "<p>Each die table with the chance of each row on an unmodified roll of its own die"
            f" ({escape(', '.join(dice))}): the outcomes a row covers out of all the die's outcomes"
            + (" (a d10's 0 is 0, not 10)" if "d10" in dice else "")
            + "; a table of several columns, per column. Rows only a modified total reaches "
            "show 0.</p>"
        )
    parts += [table_html(t, page) for t in rolled]
    parts += [grid_html(grid, page) for grid in extra_grids(linker.game.id)]
    if others:
        parts.append('<h2 id="modifiers-and-scales">Modifiers, lists, matrices and cards</h2>')
        parts += [table_html(t, page) for t in others]
    return "\n".join(parts), previews_html(page.previews, linker, docname)
