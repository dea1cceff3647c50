"""The small markup of section texts: cross-references, tables and gaps.

- ``[11.4.1]``, ``[5.3.3; 5.3.4]``, ``see 4.1.6``: cross-references as printed;
- ``{table: fire-modifiers}``: where a table's rows stand (games/README.md);
- ``{missing: door entry symbol}``: text the source lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from .models import Lang, LocalText, Table

_ID = r"\d{1,2}(?:\.\d{1,2}){0,4}"
#: a bracket holding only rule numbers: [9], [11.4.1], [7.1; 7.2], [13.4.4, 13.4.5]
BRACKET_REF = re.compile(rf"\[\s*({_ID}\.?(?:\s*[;,]\s*{_ID}\.?)*)\s*\]")
#: a dotted rule number in running text: "see 4.1.6", "Contrary to 12.2.1.1"
BARE_REF = re.compile(r"(?<![\d.\[])(\d{1,2}(?:\.\d{1,2}){1,4})(?![\d']|\.\d)")
TABLE = re.compile(r"\{table:\s*([a-z0-9\-]+)\s*\}")
MISSING = re.compile(r"\{missing:\s*([^{}]+?)\s*\}")
#: how a gap reads, per language
GAP_LABEL: Mapping[str, str] = {"en": "text missing in source", "fr": "texte absent de la source"}


def find_refs(text: str) -> list[str]:
    """Rule ids cited by a text, in order of first citation, each once."""
    found: list[str] = []
    bracket_spans: list[tuple[int, int]] = []
    for match in BRACKET_REF.finditer(text):
        bracket_spans.append(match.span())
        for part in re.split(r"[;,]", match.group(1)):
            found.append(part.strip().rstrip("."))
    for match in BARE_REF.finditer(text):
        if not any(start <= match.start() < end for start, end in bracket_spans):
            found.append(match.group(1))
    return list(dict.fromkeys(found))


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
    if text is None:
        return ""
    value = text.get(lang)
    return value if value is not None else f"{{missing: not in the {lang} source}}"


def render_table(table: Table, lang: Lang) -> str:
    """The rows of a table, one per line, laid out as the book prints them."""
    lines = []
    for row in table.rows:
        fields = {
            "roll": row.roll or "",
            "text": _local(row.text, lang),
            "name": _local(row.name, lang),
            "points": _local(row.points, lang),
            "value": format_value(row.value) if row.value is not None else "",
            "max": row.max if row.max is not None else "",
            "min": row.min if row.min is not None else "",
        }
        lines.append(table.line.format(**fields).strip())
    return "\n".join(lines)


def render(text: str, lang: Lang, tables: Mapping[str, Table]) -> str:
    """Readable text: table rows in place of ``{table: id}``, gaps spelled out."""

    def table_rows(match: re.Match[str]) -> str:
        return render_table(tables[match.group(1)], lang)

    text = TABLE.sub(table_rows, text)
    return MISSING.sub(lambda m: f"[{GAP_LABEL[lang]}: {m.group(1)}]", text)


def strip_markup(text: str) -> str:
    """The text without our own markup (gap descriptions are ours, not the source's)."""
    return MISSING.sub(" ", TABLE.sub(" ", text))


def paragraphs(text: str) -> Iterator[str]:
    for block in re.split(r"\n\s*\n", text.strip()):
        if block.strip():
            yield block.strip()
