"""The small markup of section texts: cross-references, tables and gaps.

- ``[11.4.1]``, ``[5.3.3; 5.3.4]``, ``see 4.1.6``: cross-references as printed; where a
  game declares ``bare_chapter_refs``, chapters cited without a dot too (``see 16``,
  ``(see 5 and 5.1)``, ``section 12``); a printed chapter ``22.0`` or ``22)`` is chapter ``22``; version
  strings (``Rulebook v1.0``, ``(version 1.0)``) are never citations;
- ``{table: fire-modifiers}``: where a table's rows stand (games/README.md);
- ``{missing: door entry symbol}``: text the source lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from .base import Lang, LocalText
from .models import chapter_number
from .tables import Table, TableRow

_ID = r"\d{1,2}(?:\.\d{1,2}){0,4}"
#: a bracket holding only rule numbers: [9], [11.4.1], [7.1; 7.2], [13.4.4, 13.4.5]
BRACKET_REF = re.compile(rf"\[\s*({_ID}\.?(?:\s*[;,]\s*{_ID}\.?)*)\s*\]")
#: a dotted rule number in running text: "see 4.1.6", "Contrary to 12.2.1.1"; not a
#: version ("v1.0", "version 1.0")
BARE_REF = re.compile(
    r"(?<![\d.\[vV])(?<!version )(?<!Version )(?<!VERSION )(\d{1,2}(?:\.\d{1,2}){1,4})(?![\d']|\.\d)"
)
#: "see", "section" or "chapter" and a list of rule numbers, dotted or not: "see 16",
#: "(see 5 and 5.1)", "read section 12 and its subsections" ("step 2" is not a citation)
SEE_REF = re.compile(
    rf"\b(?:[Ss]ee|[Ss]ections?|[Cc]hapters?)\s+({_ID}(?:\s*(?:,|;|\band\b|\bor\b|&)\s*{_ID})*)(?![\d.]*\d|\s*%)"
)
_ID_IN_LIST = re.compile(_ID)
TABLE = re.compile(r"\{table:\s*([a-z0-9\-]+)\s*\}")
MISSING = re.compile(r"\{missing:\s*([^{}]+?)\s*\}")
#: how a gap reads, per language
GAP_LABEL: Mapping[str, str] = {"en": "text missing in source", "fr": "texte absent de la source"}


def name_ref_spans(text: str, names: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """(start, end, id) of every reference by name: the words a game declares (``name_refs``)."""
    spans = []
    for words, cited in names.items():
        for match in re.finditer(re.escape(words), text):
            spans.append((match.start(), match.end(), cited))
    return spans


def _citations(text: str, bare_chapters: bool, names: Mapping[str, str] | None = None) -> list[tuple[int, int, str]]:
    """Citations as (start, end, id): bracketed ones first, then those in running text (numbers,
    then the game's references by name), each in text order."""
    spans: list[tuple[int, int, str]] = []
    for match in BRACKET_REF.finditer(text):
        for part in re.split(r"[;,]", match.group(1)):
            spans.append((match.start(), match.end(), chapter_number(part.strip().rstrip("."))))
    taken = [(start, end) for start, end, _ in spans]
    return spans + sorted(running_ref_spans(text, taken, bare_chapters, names), key=lambda span: span[0])


def running_ref_spans(
    text: str, taken: list[tuple[int, int]], bare_chapters: bool, names: Mapping[str, str] | None
) -> list[tuple[int, int, str]]:
    """(start, end, id) of the citations in running text, outside the ``taken`` spans (the
    bracketed citations): bare ``see 4.1.6``, where the game cites chapters without a dot
    (``bare_chapters``) ``see 16``, then the references by name it declares (``names``) that
    overlap none of them. The id is the stored one (a printed chapter ``22.0`` is ``22``)."""

    def free(position: int) -> bool:
        return not any(start <= position < end for start, end in taken)

    running: list[tuple[int, int, str]] = []
    for match in BARE_REF.finditer(text):
        if free(match.start()):
            running.append((match.start(1), match.end(1), chapter_number(match.group(1))))
    if bare_chapters:
        for match in SEE_REF.finditer(text):
            offset = match.start(1)
            for number in _ID_IN_LIST.finditer(match.group(1)):
                start = offset + number.start()
                if free(start) and "." not in number.group():
                    running.append((start, offset + number.end(), number.group()))
    for start, end, cited in name_ref_spans(text, names or {}):
        if free(start) and not any(s < end and start < e for s, e, _ in running):
            running.append((start, end, cited))
    return running


def find_ref_spans(text: str, *, bare_chapters: bool = False,
                   names: Mapping[str, str] | None = None) -> list[tuple[int, int, str]]:
    """Every citation in a text as (start, end, cited id), in text order (for linking them).

    The id is the stored form: a printed chapter "22.0" is "22". With ``bare_chapters``
    (the game declares ``bare_chapter_refs``), "see 16" and "(see 5 and 5.1)" cite
    chapters 16 and 5 too.
    """
    return sorted(_citations(text, bare_chapters, names), key=lambda span: span[0])


def find_refs(text: str, *, bare_chapters: bool = False, names: Mapping[str, str] | None = None) -> list[str]:
    """Rule ids cited by a text, each once: bracketed citations first, then those in running text
    (``names``: the game's references by name, ``name_refs``)."""
    return list(dict.fromkeys(ref for _, _, ref in _citations(text, bare_chapters, names)))


def table_ids(text: str) -> list[str]:
    return TABLE.findall(text)


def gaps(text: str) -> list[str]:
    return MISSING.findall(text)


def format_value(value: int) -> str:
    """A DRM or VP value as the rulebook prints it: +1, –1 (en dash), 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"–{-value}"
    return "0"


def _local(text: LocalText | None, lang: Lang) -> str:
    """The words in a language; a gap where another language's source has them; "" where none prints any."""
    if text is None or all(text.get(other) is None for other in ("en", "fr")):
        return ""
    value = text.get(lang)
    return value if value is not None else f"{{missing: not in the {lang} source}}"


#: the printed column headings of a card list, when the table does not give them
CARD_COLUMNS = ("Card Name", "Type", "#", "Force", "Notes")


class _Cells(dict):  # type: ignore[type-arg]
    """Cells or rolls by column key for a ``line`` template; an absent column reads ""."""

    def __missing__(self, key: str) -> str:
        return ""


def _fields(table: Table, row: TableRow, lang: Lang) -> dict[str, object]:
    return {
        "roll": row.roll or "",
        "result": row.result,
        "text": _local(row.text, lang),
        "name": _local(row.name, lang),
        "points": _local(row.points, lang),
        "value": format_value(row.value) if row.value is not None else "",
        "max": row.max if row.max is not None else "",
        "min": row.min if row.min is not None else "",
        "type": row.type or "",
        "copies": row.copies if row.copies is not None else "",
        "force": row.force if row.force is not None else "-",
        "note": _local(row.note, lang) if row.note is not None else "",
        "rolls": _Cells(row.rolls or {}),
        "cells": _Cells({key: _local(cell.text, lang) for key, cell in (row.cells or {}).items()}),
    }


def _column_names(table: Table, lang: Lang) -> dict[str, str]:
    return {c.key: c.name.get(lang) or c.name.en or c.key for c in table.columns}


def default_line(table: Table, row: TableRow, lang: Lang) -> str:
    """A readable line for a row of a table that declares no ``line``, its columns labelled."""
    names = _column_names(table, lang)
    fields = _fields(table, row, lang)
    if table.kind in ("d10", "modifiers", "scale", "missions"):
        return "{roll}: {text}".format(**fields)
    if table.kind == "roll" and row.rolls is not None:
        ranges = "; ".join(f"{names[k]} {row.rolls[k]}" for k in names if k in row.rolls)
        return f"{fields['text']}: {ranges}"
    if table.kind in ("roll", "matrix") and row.cells is not None:
        head = row.roll if table.kind == "roll" else fields["name"] or fields["text"]
        cells = "; ".join(f"{names[k]}: {fields['cells'][k]}" for k in names if k in row.cells)  # type: ignore[index]
        return f"{head}: {cells}"
    if table.kind == "cards":
        heads = dict(zip(("name", "type", "copies", "force", "note"), table.columns_printed or CARD_COLUMNS))
        parts = [f"{heads['type']}: {fields['type']}", f"{heads['copies']}: {fields['copies']}",
                 f"{heads['force']}: {fields['force']}"]
        if fields["note"]:
            parts.append(f"{heads['note']}: {fields['note']}")
        return f"{fields['name']} — " + "; ".join(parts)
    if table.kind == "list":
        name, text = fields["name"], fields["text"]
        return f"{name}: {text}" if name and text else str(name or text)
    return "{roll}: {text}".format(**fields)


def line_problem(table: Table) -> str | None:
    """What is wrong with a table's ``line`` template, or None (the check reports it)."""
    if table.line is None or not table.rows:
        return None
    try:
        table.line.format(**_fields(table, table.rows[0], "en"))
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        fields = ", ".join(_fields(table, table.rows[0], "en"))
        return f"line {table.line!r} cannot be filled ({type(exc).__name__}: {exc}); its fields are {fields}"
    return None


def render_row(table: Table, row: TableRow, lang: Lang, *, heading_printed: bool = False) -> str:
    """One row as a line: the table's ``line`` template, or the kind's readable default.

    ``heading_printed``: the row's name is a heading already printed over an earlier row
    (``name_once``), so it is left out. A template that cannot be filled falls back to the
    default (``fallujah check`` names it).
    """
    fields = _fields(table, row, lang)
    if heading_printed:
        fields["name"] = ""
    if table.line is not None:
        try:
            return table.line.format(**fields).strip()
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
    return default_line(table, row, lang).strip()


def render_rows(table: Table, lang: Lang) -> str:
    """The rows of a table, one per line, laid out as the book prints them (no title, no heads)."""
    lines = []
    for index, row in enumerate(table.rows):
        repeated = table.name_once and index > 0 and row.name is not None and row.name == table.rows[index - 1].name
        lines.append(render_row(table, row, lang, heading_printed=repeated))
    return "\n".join(lines)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def table_heading(table: Table, lang: Lang, *, section_title: str | None = None) -> list[str]:
    """The lines printed above a table's rows: its printed title, then its printed column heads.

    The heads are joined by " | " (an empty head, such as the corner of a matrix, stays empty).
    The title is left out where it is already printed: as the heading of the section that holds
    the table (``section_title``, "CARD LIST"), or inside the head line itself, where the book
    merges them ("D6 roll Insurgent Activation Table", Battle for Fallujah 12.4.2).
    """
    title = (table.title.get(lang) or "").strip()
    heads = [head.strip() for head in table.columns_printed]
    if table.kind == "cards" and not heads:
        heads = list(CARD_COLUMNS)
    head_line = " | ".join(heads).strip() if any(heads) else ""
    lines: list[str] = []
    in_heads = bool(head_line) and set(_words(title)) <= set(_words(head_line))
    if title and not in_heads and _words(title) != _words(section_title or ""):
        lines.append(title)
    if head_line:
        lines.append(head_line)
    return lines


def render_table(table: Table, lang: Lang, *, section_title: str | None = None) -> str:
    """A table as the book prints it: its title and column heads (:func:`table_heading`), then its
    rows, one per line."""
    return "\n".join([*table_heading(table, lang, section_title=section_title), render_rows(table, lang)])


def printed_cells(table: Table, row: TableRow, lang: Lang) -> list[str]:
    """A row's printed words, cell by cell, without our labels (for the fidelity measure).

    A table that declares ``line`` prints as its line; otherwise each printed cell stands
    alone, in the order of the printed columns.
    """
    if table.line is not None or table.kind in ("d10", "modifiers", "scale", "missions"):
        return [render_row(table, row, lang)]
    fields = _fields(table, row, lang)
    if table.kind == "cards":
        cells = [fields["name"], fields["type"], fields["copies"], fields["force"], fields["note"]]
    elif row.rolls is not None:
        cells = [fields["text"], *(row.rolls.get(c.key, "") for c in table.columns)]
    elif row.cells is not None:
        head = row.roll if table.kind == "roll" else fields["name"]
        cells = [head, *(fields["cells"][c.key] for c in table.columns)]  # type: ignore[index]
    else:
        cells = [fields["name"] if row.name is not None else "", row.roll or "", fields["text"]]
    return [str(c) for c in cells if str(c).strip()]


def render(text: str, lang: Lang, tables: Mapping[str, Table], *, section_title: str | None = None) -> str:
    """Readable text: each table (title, heads, rows) in place of ``{table: id}``, gaps spelled out.

    ``section_title``: the heading of the section the text belongs to (a table whose title it
    repeats does not print its title twice)."""

    def table_rows(match: re.Match[str]) -> str:
        return render_table(tables[match.group(1)], lang, section_title=section_title)

    text = TABLE.sub(table_rows, text)
    return MISSING.sub(lambda m: f"[{GAP_LABEL[lang]}: {m.group(1)}]", text)


def strip_markup(text: str) -> str:
    """The text without our own markup (gap descriptions are ours, not the source's)."""
    return MISSING.sub(" ", TABLE.sub(" ", text))


def paragraphs(text: str) -> Iterator[str]:
    for block in re.split(r"\n\s*\n", text.strip()):
        if block.strip():
            yield block.strip()
