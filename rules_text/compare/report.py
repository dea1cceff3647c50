"""The comparison report: every section's status and differences, and the finder's two figures.

Status (issue 5): ``same``, ``differs``, ``missing_fr`` (the French source lacks 1 to 10.2),
``missing_en``. Differences list registered ones first, then automatic findings not yet
reviewed; findings that a register entry covers or that the review dismissed are not repeated.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules_text.corpus import Game
from rules_text.models import Erratum, Section

from .finder import Finder, Finding
from .register import SEVERITIES, Dismissal, RegisterEntry, covers, load_register, load_review

STATUSES = ("same", "differs", "missing_fr", "missing_en")


@dataclass(frozen=True)
class Difference:
    """A line of the report: a registered difference or an unreviewed finding."""

    kind: str
    severity: str
    en: str
    fr: str
    note: str
    registered: bool
    key: str

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "severity": self.severity,
            "en": self.en,
            "fr": self.fr,
            "note": self.note,
            "registered": self.registered,
            "key": self.key,
        }


@dataclass
class SectionReport:
    """One aligned section's comparison."""

    id: str
    en: Section | None
    fr: Section | None
    differences: list[Difference] = field(default_factory=list)
    #: findings dismissed by the review, with the reason
    dismissed: list[tuple[Finding, Dismissal]] = field(default_factory=list)
    #: findings a register entry covers
    covered: list[Finding] = field(default_factory=list)
    #: errors printed in the rulebook itself (errata.yaml), in either language
    errata: list[Erratum] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.fr is None:
            return "missing_fr"
        if self.en is None:
            return "missing_en"
        return "differs" if self.differences else "same"

    def as_json(self, *, texts: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "differences": [d.as_json() for d in self.differences],
        }
        if self.dismissed:
            data["dismissed"] = [
                {"key": f.key, "kind": f.kind, "reason": d.reason} for f, d in self.dismissed
            ]
        if self.errata:
            data["errata"] = [erratum_json(e) for e in self.errata]
        if texts:
            data["en"] = self.en.text if self.en else None
            data["fr"] = self.fr.text if self.fr else None
        return data


def erratum_json(erratum: Erratum) -> dict[str, Any]:
    """A source erratum as the report gives it (issue 5, item 5)."""
    return {
        "section": erratum.section,
        "kind": erratum.kind,
        "langs": list(erratum.langs),
        "cites": erratum.cites,
        "note": erratum.note,
    }


def section_ids(game: Game) -> list[str]:
    """Every id of either language, in English rulebook order, French-only ids after their neighbour."""
    ids: list[str] = [s.id for s in game.corpus("en").sections]
    seen = set(ids)
    previous: str | None = None
    for section in game.corpus("fr").sections:
        if section.id not in seen:
            at = ids.index(previous) + 1 if previous in seen else len(ids)
            ids.insert(at, section.id)
            seen.add(section.id)
        previous = section.id
    return ids


def entry_sections(game: Game, entry: RegisterEntry) -> set[str]:
    """The sections a register entry concerns: its section, those printing its table, ``also_in``."""
    found = {entry.section, *entry.also_in}
    if entry.table:
        for lang in game.langs:
            found |= {s.id for s in game.corpus(lang).sections if entry.table in s.tables}
    return found


#: the finder's kinds as the register names them (rulesets.yaml ``kind``)
REGISTER_KIND = {
    "designation": "unit",
    "exception": "clause",
    "sentence": "clause",
    "list_item": "clause",
}


def _covered(entry: RegisterEntry, finding: Finding) -> bool:
    """A register entry accounts for a finding: same quotes, or the same kind in an ``also_in`` section."""
    if covers(entry, finding.en, finding.fr):
        return True
    check = finding.check or finding.kind
    if finding.section not in entry.also_in or REGISTER_KIND.get(check, check) != entry.kind:
        return False
    # the same difference: the anchors it is about are named by the entry
    told = f"{entry.en} {entry.fr} {entry.changes}"
    return not finding.odd or any(anchor in told for anchor in finding.odd)


def place(game: Game, section_id: str) -> str:
    """Where a player reads a section: a table section is read under the rule that prints it."""
    section = game.corpus("en").by_id.get(section_id) or game.corpus("fr").by_id.get(section_id)
    if section is not None and section.kind.value == "table" and section.parent:
        return section.parent
    return section_id


class Comparison:
    """The whole comparison of a game's two rulebooks, computed once."""

    def __init__(self, game: Game, *, use_register: bool = True):
        self.game = game
        self.finder = Finder(game.glossary)
        self.register = load_register(game.id) if use_register else []
        self.review = load_review(game.id) if use_register else {}
        self._findings: dict[str, list[Finding]] = {}

    def findings(self, section_id: str) -> list[Finding]:
        """The finder's raw output for a section present in both languages."""
        if section_id not in self._findings:
            en = self.game.corpus("en").by_id.get(section_id)
            fr = self.game.corpus("fr").by_id.get(section_id)
            self._findings[section_id] = (
                self.finder.sections(self.game, en, fr) if en and fr else []
            )
        return self._findings[section_id]

    def section(self, section_id: str) -> SectionReport:
        en = self.game.corpus("en").by_id.get(section_id)
        fr = self.game.corpus("fr").by_id.get(section_id)
        report = SectionReport(section_id, en, fr)
        report.errata = [e for e in self.game.errata if e.section == section_id]
        entries = [e for e in self.register if section_id in entry_sections(self.game, e)]
        for entry in entries:
            note = (
                entry.changes
                if section_id in (entry.section, place(self.game, entry.section))
                or not entry.also_in
                else f"as in {entry.section}: {entry.changes}"
            )
            report.differences.append(
                Difference(
                    entry.kind or "registered",
                    entry.severity,
                    entry.en,
                    entry.fr,
                    note,
                    True,
                    entry.id,
                )
            )
        for finding in self.findings(section_id):
            if any(_covered(entry, finding) for entry in entries):
                report.covered.append(finding)
            elif finding.key in self.review:
                report.dismissed.append((finding, self.review[finding.key]))
            else:
                report.differences.append(
                    Difference(
                        finding.kind,
                        finding.severity,
                        finding.en,
                        finding.fr,
                        finding.note,
                        False,
                        finding.key,
                    )
                )
        return report

    def sections(self) -> list[SectionReport]:
        return [self.section(section_id) for section_id in section_ids(self.game)]


def summary(comparison: Comparison, reports: list[SectionReport]) -> dict[str, Any]:
    """The closing figures of a report: sections by status, register entries by severity."""
    statuses = Counter(r.status for r in reports)
    return {
        "sections": {status: statuses.get(status, 0) for status in STATUSES},
        "registered": {
            severity: sum(1 for e in comparison.register if e.severity == severity)
            for severity in SEVERITIES
        },
        "unreviewed_findings": sum(1 for r in reports for d in r.differences if not d.registered),
        "dismissed_findings": sum(len(r.dismissed) for r in reports),
    }


def filter_severity(report: SectionReport, severity: str | None) -> SectionReport:
    """The report keeping only differences of one severity."""
    if severity is None:
        return report
    kept = [d for d in report.differences if d.severity == severity]
    return SectionReport(
        report.id, report.en, report.fr, kept, report.dismissed, report.covered, report.errata
    )


@dataclass(frozen=True)
class Figures:
    """How well the finder alone matches the register (issue 5's two targets)."""

    registered_sections: frozenset[str]
    flagged_sections: frozenset[str]

    @property
    def recall(self) -> float:
        """Share of sections with a registered difference that the finder flags (target 80 %)."""
        if not self.registered_sections:
            return 1.0
        return len(self.registered_sections & self.flagged_sections) / len(self.registered_sections)

    @property
    def precision(self) -> float:
        """Share of flagged sections that have a registered difference (target 60 %)."""
        if not self.flagged_sections:
            return 1.0
        return len(self.registered_sections & self.flagged_sections) / len(self.flagged_sections)

    def as_json(self) -> dict[str, Any]:
        return {
            "recall": round(self.recall, 3),
            "precision": round(self.precision, 3),
            "registered_sections": sorted(self.registered_sections),
            "flagged_sections": sorted(self.flagged_sections),
            "missed": sorted(self.registered_sections - self.flagged_sections),
            "flagged_unregistered": sorted(self.flagged_sections - self.registered_sections),
        }


def measure(game: Game) -> Figures:
    """The finder with the register switched off, measured against the register.

    Counted in places a player reads: sections in both languages, a table counted under the
    rule that prints it (13.4.3 for its Events tables).
    """
    register = load_register(game.id)
    aligned = set(game.corpus("en").by_id) & set(game.corpus("fr").by_id)
    registered = {
        place(game, s) for entry in register for s in entry_sections(game, entry) if s in aligned
    }
    finder = Comparison(game, use_register=False)
    flagged = {place(game, s) for s in aligned if finder.findings(s)}
    return Figures(frozenset(registered), frozenset(flagged))
