"""rulesets.yaml: the points where the English and French rulebooks disagree, kept honest (issues 4 and 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from adjudicator.games.phantom_fury.rulebook import RulebookChanged, current
from rules_text.loading import DataError, load_yaml
from rules_text.register import REGISTER_FILE as RULESETS_FILE
from rules_text.register import read_register as read_rulesets

BOOK = current()
ROOT = Path(__file__).resolve().parent.parent
RAW = load_yaml(
    (ROOT / "rules_text" / "games" / "phantom-fury" / RULESETS_FILE).read_text(encoding="utf-8")
)
#: the code that reads the register: the adjudicator, and the companion's game rules
SOURCE = "\n".join(
    p.read_text(encoding="utf-8")
    for folder in (ROOT / "adjudicator", ROOT / "web" / "games")
    for p in folder.rglob("*.py")
)


def _text(entry: dict, lang: str) -> str:
    if entry.get("table"):
        return "\n".join(row.text.get(lang) or "" for row in BOOK.table(entry["table"]).rows)
    return BOOK.game.corpus(lang).get(entry["section"]).source_text


@pytest.mark.parametrize("entry", RAW, ids=[e["id"] for e in RAW])
def test_entry_quotes_both_rulebooks_verbatim(entry: dict) -> None:
    assert {"id", "section", "en", "fr", "changes", "severity"} <= set(entry)
    assert entry["severity"] in {"result", "procedure", "clarity"}
    for lang in ("en", "fr"):
        assert entry["section"] in BOOK.game.corpus(lang).by_id, (entry["id"], lang)
        assert entry[lang] in _text(entry, lang), (entry["id"], lang)


@pytest.mark.parametrize("entry", RAW, ids=[e["id"] for e in RAW])
def test_readings_and_behaviour_give_both_languages_or_none(entry: dict) -> None:
    for key in ("readings", "ruleset_behaviour"):
        assert set(entry.get(key) or {"en": 0, "fr": 0}) == {"en", "fr"}, (entry["id"], key)


@pytest.mark.parametrize("entry", RAW, ids=[e["id"] for e in RAW])
def test_also_in_names_sections_of_both_rulebooks(entry: dict) -> None:
    for section in entry.get("also_in", []):
        for lang in ("en", "fr"):
            assert section in BOOK.game.corpus(lang).by_id, (entry["id"], section, lang)


def test_ids_are_unique() -> None:
    ids = [e["id"] for e in RAW]
    assert len(ids) == len(set(ids))


def test_the_adjudicator_loads_every_entry() -> None:
    assert set(BOOK.rulesets) == {e["id"] for e in RAW}


@pytest.mark.parametrize(
    "entry", [e for e in RAW if e.get("readings")], ids=lambda e: e["id"]
)
def test_every_entry_with_readings_is_read_by_the_adjudicator(entry: dict) -> None:
    assert entry["readings"]["en"] != entry["readings"]["fr"]
    assert f'"{entry["id"]}"' in SOURCE


def test_every_entry_the_adjudicator_reads_has_both_readings() -> None:
    read = set(re.findall(r'reading\(\s*"([a-z0-9-]+)"', SOURCE))
    assert read, "no book.reading(...) call found in adjudicator/"
    with_readings = {e["id"] for e in RAW if e.get("readings")}
    assert read <= with_readings, read - with_readings


@pytest.mark.parametrize(
    "entry", [e for e in RAW if e["severity"] == "result"], ids=lambda e: e["id"]
)
def test_every_result_entry_is_computed_or_says_why_not(entry: dict) -> None:
    if entry.get("computed", True):
        assert entry.get("readings"), entry["id"]
    else:
        assert entry.get("reason") and not entry.get("readings"), entry["id"]


def test_an_entry_the_format_does_not_allow_is_refused_naming_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "rulesets.yaml"
    entry = {"id": "x", "section": "11.1", "en": "a", "fr": "b", "changes": "c"}
    for fault, message in (
        ({"severity": "major"}, "severity 'major': allowed result, procedure, clarity"),
        ({"severity": "result", "computed": False}, "computed: false needs a 'reason'"),
        ({"severity": "clarity", "readings": {"en": "a"}}, "readings must give both"),
        ({"severity": "clarity", "kind": "vibe"}, "kind 'vibe': allowed"),
    ):
        bad.write_text(yaml.safe_dump([{**entry, **fault}]), encoding="utf-8")
        with pytest.raises(DataError, match=re.escape(message)):
            read_rulesets(bad)


def test_reading_an_entry_without_readings_fails_loudly() -> None:
    entry = next(e["id"] for e in RAW if not e.get("readings"))
    with pytest.raises(RulebookChanged, match=entry):
        BOOK.reading(entry, "fr")


def test_caat_reading_matches_the_locations_read_from_the_text() -> None:
    readings = next(e for e in RAW if e["id"] == "caat-location")["readings"]
    for lang in ("en", "fr"):
        assert BOOK.values.caat_locations[lang] == frozenset(
            part.strip() for part in readings[lang].split(",")
        )
