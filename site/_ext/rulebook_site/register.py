"""The register of English/French differences (``games/<game>/rulesets.yaml``), read as data.

Another module may grow around this register; the site reads the YAML directly and tolerates
entries without ``readings`` or ``ruleset_behaviour``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_text.loading import DataError, game_dir, read_yaml


@dataclass(frozen=True)
class Difference:
    """One registered point where the English and French rulebooks disagree."""

    id: str
    section: str
    en: str = ""
    fr: str = ""
    changes: str = ""
    severity: str = ""
    table: str | None = None
    ruleset_behaviour: dict[str, str] = field(default_factory=dict)
    readings: dict[str, Any] = field(default_factory=dict)


def register_file(game: str) -> Path:
    return game_dir(game) / "rulesets.yaml"


def load_register(game: str) -> list[Difference]:
    """Every registered difference, in file order; no file means no differences."""
    path = register_file(game)
    if not path.is_file():
        return []
    raw = read_yaml(path) or []
    if isinstance(raw, dict):
        raw = raw.get("differences") or []
    if not isinstance(raw, list):
        raise DataError(path, "expected a list of differences")
    differences = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or "section" not in item:
            raise DataError(
                path, "each difference needs at least 'section'", section=f"#{index + 1}"
            )
        differences.append(
            Difference(
                id=str(item.get("id") or f"difference-{index + 1}"),
                section=str(item["section"]),
                en=str(item.get("en") or ""),
                fr=str(item.get("fr") or ""),
                changes=str(item.get("changes") or ""),
                severity=str(item.get("severity") or ""),
                table=item.get("table"),
                ruleset_behaviour=dict(item.get("ruleset_behaviour") or {}),
                readings=dict(item.get("readings") or {}),
            )
        )
    return differences
