"""The aligned view in a terminal: English and French side by side, differences highlighted.

Two columns wrapped to the terminal's width, aligned sentence by sentence (:mod:`.align`); a
sentence touched by a difference is highlighted (click strips the colour when the output is not
a terminal). Below 40 columns the two texts are stacked, English first.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from typing import Any

import click

from rules_text.models import Erratum

from .align import Glossary, align, sentences
from .register import _norm
from .report import Difference, SectionReport

#: narrower than this, two columns are unreadable: the texts are stacked
MIN_COLUMNS = 40
GUTTER = " │ "
#: the gutter beside sentences touched by a difference, readable without colour (piped output)
GUTTER_DIFFERS = " ≠ "
SOURCE_LACKS = {
    "missing_fr": "Not in the French rulebook (the French source lacks chapters 1 to 10.2 and some notes): English only.",
    "missing_en": "Not in the English rulebook: French only.",
}


def _touches(text: str, extract: str) -> bool:
    """True when an extract holds this text or the text holds the extract."""
    plain, quote = _norm(text), _norm(extract)
    return bool(plain and quote) and (plain in quote or quote in plain)


def hot_beads(pairs: list[tuple[str, str]], differences: list[Difference]) -> set[int]:
    """The aligned sentences a difference quotes, by index.

    A quote found in several places on one side (the same French sentence closes two table
    rows) is placed by the other side's quote when that one is found.
    """
    hot: set[int] = set()
    for difference in differences:
        en = {i for i, (text, _) in enumerate(pairs) if _touches(text, difference.en)}
        fr = {i for i, (_, text) in enumerate(pairs) if _touches(text, difference.fr)}
        if len(fr) > 1 and en:
            fr = en & fr
        if len(en) > 1 and fr:
            en = en & fr
        hot |= en | fr
    return hot


#: below this width, wrapping would cut every word: lines are left to the terminal
MIN_WRAP = 20


def _wrap(text: str, width: int) -> list[str]:
    if width < MIN_WRAP:
        return [text]
    return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False) or [""]


def _style(line: str, highlight: bool) -> str:
    return click.style(line, fg="yellow", bold=True) if highlight else line


def columns(report: SectionReport, width: int, glossary: Glossary | None = None) -> Iterator[str]:
    """The section's two texts side by side, one aligned group of sentences after another."""
    assert report.en is not None and report.fr is not None
    column = (width - len(GUTTER)) // 2
    en_s, fr_s = sentences(report.en.text), sentences(report.fr.text)
    yield _style("English".ljust(column), False) + GUTTER + "Français"
    yield "─" * column + "─┼─" + "─" * column
    beads = align(en_s, fr_s, glossary)
    pairs = [(" ".join(en_s[i] for i in b.en), " ".join(fr_s[i] for i in b.fr)) for b in beads]
    quoted = hot_beads(pairs, report.differences)
    for index, (bead, (en, fr)) in enumerate(zip(beads, pairs, strict=True)):
        hot = index in quoted or bead.one_sided
        left = _wrap(en, column) if en else ["—"]
        right = _wrap(fr, column) if fr else ["—"]
        for i in range(max(len(left), len(right))):
            lpart = left[i] if i < len(left) else ""
            rpart = right[i] if i < len(right) else ""
            gutter = click.style(GUTTER_DIFFERS, fg="red", bold=True) if hot else GUTTER
            yield _style(lpart.ljust(column), hot) + gutter + _style(rpart, hot)
        yield " " * column + GUTTER


def stacked(report: SectionReport, width: int) -> Iterator[str]:
    """The two texts one above the other, for narrow terminals."""
    for label, section in (("English", report.en), ("Français", report.fr)):
        if section is None:
            continue
        yield click.style(label, bold=True)
        for line in section.text.splitlines():
            yield from _wrap(line, width) if line.strip() else [""]
        yield ""


def differences(report: SectionReport, width: int) -> Iterator[str]:
    """The differences listed under the texts: registered first, then unreviewed findings."""
    if report.status in SOURCE_LACKS:
        return
    if not report.differences:
        yield "No difference: none registered, none found by the automatic checks."
    else:
        yield click.style(f"{len(report.differences)} difference(s):", bold=True)
    for difference in report.differences:
        origin = "registered" if difference.registered else "found, not reviewed"
        head = f"• [{difference.severity}] {difference.kind} ({origin}, {difference.key})"
        yield click.style(head, fg="red" if difference.severity == "result" else None)
        for line in _wrap(difference.note, max(20, width - 4)):
            yield "    " + line
    for finding, dismissal in report.dismissed:
        text = f"Dismissed {finding.kind} finding ({finding.key}): {dismissal.reason}"
        for i, line in enumerate(_wrap(text, max(20, width - 4))):
            yield click.style(("  " if i == 0 else "    ") + line, dim=True)


def errata(report: SectionReport, width: int) -> Iterator[str]:
    """Errors printed in the rulebook itself at this section (errata.yaml)."""
    for erratum in report.errata:
        langs = " and ".join({"en": "English", "fr": "French"}[lang] for lang in erratum.langs)
        for i, line in enumerate(
            _wrap(f"Source erratum ({langs}): {erratum.note}", max(20, width - 4))
        ):
            yield ("• " if i == 0 else "    ") + line


def render_section(
    report: SectionReport, width: int, glossary: Glossary | None = None
) -> Iterator[str]:
    """The whole aligned view of one section."""
    section = report.en or report.fr
    assert section is not None
    yield click.style(section.label, bold=True) + f"  [{report.status}]"
    if report.status in SOURCE_LACKS:
        yield from _wrap(SOURCE_LACKS[report.status], width)
        yield ""
        yield from stacked(report, width)
    elif width < MIN_COLUMNS:
        yield f"(a terminal of {width} columns is too narrow for two columns of {MIN_COLUMNS}: stacked)"
        yield from stacked(report, width)
        yield from differences(report, width)
    else:
        yield from columns(report, width, glossary)
        yield from differences(report, width)
    yield from errata(report, width)


def render_report(
    reports: list[SectionReport], source_errata: Iterable[Erratum], figures: dict[str, Any]
) -> Iterator[str]:
    """``--all`` as text: each section's status and differences, the errata, the totals."""
    for report in reports:
        count = f"{len(report.differences)} difference(s)" if report.differences else ""
        yield f"{report.id:<28} {report.status:<10} {count}".rstrip()
        for difference in report.differences:
            mark = "registered" if difference.registered else "found, not reviewed"
            yield f"    [{difference.severity}] {difference.kind} ({mark}): {difference.note}"
    source_errata = list(source_errata)
    yield ""
    yield f"Source errata ({len(source_errata)}), errors printed in the rulebook itself:"
    for erratum in source_errata:
        yield f"  {erratum.section} ({'/'.join(erratum.langs)}): {erratum.note}"
    yield ""
    yield "Sections: " + ", ".join(f"{n} {status}" for status, n in figures["sections"].items())
    registered = figures["registered"]
    yield (
        f"Registered differences: {sum(registered.values())} ("
        + ", ".join(f"{n} {severity}" for severity, n in registered.items())
        + f"); automatic findings not reviewed: {figures['unreviewed_findings']}, "
        f"dismissed: {figures['dismissed_findings']}"
    )
