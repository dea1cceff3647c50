"""``fallujah compare ID | --all [--json] [--severity S] [--no-register] [--measure]`` (issue 5).

Thin: the comparison lives in :mod:`rules_text.compare`; this module reads options and prints.
"""

from __future__ import annotations

import os
import shutil
import sys

import click

from rules_text.cli import JSON_OPTION, emit_json, fails_cleanly, game_option
from rules_text.compare.register import SEVERITIES
from rules_text.compare.render import render_section
from rules_text.compare.report import Comparison, erratum_json, filter_severity, measure
from rules_text.corpus import normalise_id
from rules_text.loading import load_game


def _width() -> int:
    """The terminal's width; piped output takes $COLUMNS or 100."""
    if "COLUMNS" in os.environ:
        try:
            return max(1, int(os.environ["COLUMNS"]))
        except ValueError:
            pass
    return shutil.get_terminal_size((100, 24)).columns


@click.command("compare")
@click.argument("section_id", metavar="[ID]", required=False)
@click.option(
    "--all", "all_sections", is_flag=True, help="Every section of both rulebooks, with its status."
)
@JSON_OPTION
@click.option(
    "--severity",
    type=click.Choice(SEVERITIES),
    default=None,
    help="Only differences of this severity (and, with --all, only sections having one).",
)
@click.option(
    "--no-register",
    is_flag=True,
    help="The automatic finder alone, without the register or the review.",
)
@click.option(
    "--measure",
    "show_figures",
    is_flag=True,
    help="Print how the finder alone matches the register (share of registered sections flagged, "
    "share of flagged sections registered).",
)
@game_option
@fails_cleanly
def compare(
    section_id: str | None,
    all_sections: bool,
    as_json: bool,
    severity: str | None,
    no_register: bool,
    show_figures: bool,
    game: str,
) -> None:
    """Compare the English and French texts of rule ID side by side, or of every section (--all)."""
    chosen = sum((section_id is not None, all_sections, show_figures))
    if chosen != 1:
        raise click.UsageError("give one of: a rule ID (e.g. 13.6.4), --all, or --measure")
    loaded = load_game(game)
    if show_figures:
        figures = measure(loaded)
        if as_json:
            emit_json(figures.as_json())
            return
        click.echo(
            f"registered sections flagged by the finder: {figures.recall:.0%} "
            f"({len(figures.registered_sections & figures.flagged_sections)}/{len(figures.registered_sections)}, target 80 %)"
        )
        click.echo(
            f"flagged sections with a registered difference: {figures.precision:.0%} "
            f"({len(figures.registered_sections & figures.flagged_sections)}/{len(figures.flagged_sections)}, target 60 %)"
        )
        return
    comparison = Comparison(loaded, use_register=not no_register)
    if all_sections:
        reports = [filter_severity(r, severity) for r in comparison.sections()]
        if severity:
            reports = [r for r in reports if r.differences]
        if as_json:
            emit_json(
                {
                    "sections": [r.as_json() for r in reports],
                    "errata": [erratum_json(e) for e in loaded.errata],
                }
            )
            return
        for report in reports:
            count = f"{len(report.differences)} difference(s)" if report.differences else ""
            click.echo(f"{report.id:<28} {report.status:<10} {count}".rstrip())
            for difference in report.differences:
                mark = "registered" if difference.registered else "found, not reviewed"
                click.echo(
                    f"    [{difference.severity}] {difference.kind} ({mark}): {difference.note}"
                )
        click.echo(
            f"\nSource errata ({len(loaded.errata)}), errors printed in the rulebook itself:"
        )
        for erratum in loaded.errata:
            click.echo(f"  {erratum.section} ({'/'.join(erratum.langs)}): {erratum.note}")
        return
    assert section_id is not None
    key = normalise_id(section_id)
    if not any(key in loaded.corpus(lang) for lang in loaded.langs):  # type: ignore[arg-type]
        suggestions = list(
            dict.fromkeys(loaded.corpus("en").nearest(key) + loaded.corpus("fr").nearest(key))
        )[:3]
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        click.echo(
            f"error: no section {key!r} in the English or the French rulebook{hint}", err=True
        )
        sys.exit(1)
    report = filter_severity(comparison.section(key), severity)
    if as_json:
        emit_json(report.as_json(texts=True))
        return
    for line in render_section(report, _width(), comparison.finder.glossary):
        click.echo(line)
