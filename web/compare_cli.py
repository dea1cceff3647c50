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
from rules_text.compare.render import render_report, render_section
from rules_text.compare.report import (
    Comparison,
    erratum_json,
    filter_severity,
    measure,
    summary,
)
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
        raise click.UsageError("give one of: a rule ID, --all, or --measure")
    loaded = load_game(game)
    if len(loaded.langs) < 2:  # nothing to compare: a usage error, like a --lang the game lacks
        click.echo(f"error: fallujah compare: {game} has one rulebook ({', '.join(loaded.langs)}): compare sets "
                   "an English and a French rulebook side by side (fallujah games lists each game's languages)",
                   err=True)
        sys.exit(2)
    if show_figures:
        figures = measure(loaded)
        if as_json:
            emit_json(figures.as_json())
            return
        both = len(figures.registered_sections & figures.flagged_sections)
        registered, flagged = len(figures.registered_sections), len(figures.flagged_sections)
        click.echo(
            f"sections with a registered difference that the finder flags: {figures.recall:.0%} "
            f"({both}/{registered}; target 80 %)"
        )
        click.echo(
            f"sections flagged by the finder that have a registered difference: "
            f"{figures.precision:.0%} ({both}/{flagged}; target 60 %)"
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
                    "summary": summary(comparison, reports),
                }
            )
            return
        for line in render_report(reports, loaded.errata, summary(comparison, reports)):
            click.echo(line)
        return
    assert section_id is not None
    key = normalise_id(section_id)
    if not any(key in loaded.corpus(lang) for lang in loaded.langs):
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
