"""rulesets.yaml: the points where the English and French rulebooks disagree, kept honest (issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator import current
from adjudicator.rulebook import RULESETS_FILE

BOOK = current()
ROOT = Path(__file__).resolve().parent.parent
RAW = yaml.safe_load(
    (ROOT / "rules_text" / "games" / "phantom-fury" / RULESETS_FILE).read_text(encoding="utf-8")
)
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "adjudicator").rglob("*.py"))


def _text(entry: dict, lang: str) -> str:
    if entry.get("table"):
        return "\n".join(row.text.get(lang) or "" for row in BOOK.table(entry["table"]).rows)
    return BOOK.game.corpus(lang).get(entry["section"]).source_text


@pytest.mark.parametrize("entry", RAW, ids=[e["id"] for e in RAW])
def test_entry_quotes_both_rulebooks_verbatim(entry: dict) -> None:
    assert {
        "id",
        "section",
        "en",
        "fr",
        "changes",
        "severity",
        "ruleset_behaviour",
        "readings",
    } <= set(entry)
    assert entry["severity"] in {"result", "procedure", "clarity"}
    assert set(entry["readings"]) == {"en", "fr"} and set(entry["ruleset_behaviour"]) == {
        "en",
        "fr",
    }
    for lang in ("en", "fr"):
        assert entry["section"] in BOOK.game.corpus(lang).by_id, (entry["id"], lang)
        assert entry[lang] in _text(entry, lang), (entry["id"], lang)


def test_ids_are_unique() -> None:
    ids = [e["id"] for e in RAW]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    "entry", [e for e in RAW if e["severity"] == "result"], ids=lambda e: e["id"]
)
def test_every_result_entry_is_read_by_the_adjudicator(entry: dict) -> None:
    assert entry["readings"]["en"] != entry["readings"]["fr"]
    assert f'"{entry["id"]}"' in SOURCE


def test_caat_reading_matches_the_locations_read_from_the_text() -> None:
    readings = next(e for e in RAW if e["id"] == "caat-location")["readings"]
    for lang in ("en", "fr"):
        assert BOOK.values.caat_locations[lang] == frozenset(
            part.strip() for part in readings[lang].split(",")
        )
