"""Battle for Fallujah: April 2004 as data (issue 12): every numbered section the source prints
(chapters 1.0 to 25.0) is in the export, in the source's order, with the chapter titles as printed;
the source's own gap (4.1-4.3) and errors are registered, not repaired; every table's rows equal
the rows typed by hand from the source in ``tests/data/battle-for-fallujah/tables_expected*.yaml``.

The source file is read through ``FALLUJAH_SOURCES_DIR`` (default ``../shared/sources``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from rules_text import load_game
from rules_text.check import check_game
from rules_text.fidelity import measure
from rules_text.models import id_key, is_numbered

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rules_text" / "games" / "battle-for-fallujah"
EXPECTED_DIR = ROOT / "tests" / "data" / "battle-for-fallujah"
SOURCES = Path(os.environ.get("FALLUJAH_SOURCES_DIR") or ROOT.parent / "shared" / "sources")
SOURCE = SOURCES / "002_04711c80c068b52e.txt"
INDEX_FIRST_LINE = 1316  # the index (L1316-L1491) is left out (game.yaml): page numbers only

# A numbered heading at the start of a line: "14.0 End of Turn Phase", "12.4.2.1 Add +1 ...".
HEADING = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){1,4}) \S")

# The 25 chapters, typed from the source (L14 ... L1004), as printed after "N.0 ".
CHAPTERS = {
    "1": "Introduction",
    "2": "Table of Contents",
    "3": "The Map",
    "4": "The Markers",
    "5": "The Counters",
    "6": "Unit Status",
    "7": "The Dice",
    "8": "Chits",
    "9": "Setting up Battle for Fallujah",
    "10": "Sequence of Play",
    "11": "Intelligence Phase",
    "12": "Activation Phase",
    "13": "Operations Phase",
    "14": "End of Turn Phase",
    "15": "Operational Missions",
    "16": "Move",
    "17": "Operational Dice Pools",
    "18": "Assault",
    "19": "Raid",
    "20": "Search",
    "21": "Strike [non SF Support only].",
    "22": "Insurgency Reaction",
    "23": "Media & Political Pressure",
    "24": "Blocks Pacified by Coalition Forces",
    "25": "Glossary",
}


def _stored_id(printed: str) -> str:
    """'14.0' -> '14' (chapters are stored without the printed suffix); others unchanged."""
    return printed[:-2] if re.fullmatch(r"\d{1,2}\.0", printed) else printed


@pytest.fixture(scope="module")
def source_lines() -> list[str]:
    if not SOURCE.is_file():
        pytest.skip(f"source {SOURCE.name} not found: set FALLUJAH_SOURCES_DIR to the folder of the source texts")
    return SOURCE.read_text(encoding="utf-8").split("\n")


@pytest.fixture(scope="module")
def printed_ids(source_lines) -> list[str]:
    """Every numbered id printed at the start of a line before the index, in the source's order."""
    found = []
    for line in source_lines[: INDEX_FIRST_LINE - 1]:
        match = HEADING.match(line)
        if match:
            found.append(_stored_id(match.group(1)))
    return found


@pytest.fixture(scope="module")
def bff():
    return load_game("battle-for-fallujah")


@pytest.fixture(scope="module")
def english(bff):
    return bff.corpus("en")


@pytest.fixture(scope="module")
def expected() -> dict:
    merged: dict = {}
    for path in sorted(EXPECTED_DIR.glob("tables_expected*.yaml")):
        for key, value in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            assert key not in merged, f"table {key} typed twice ({path.name})"
            merged[key] = value
    return merged


@pytest.fixture(scope="module")
def tables() -> dict[str, dict]:
    """The table files as written (raw YAML, so the comparison does not go through our loader)."""
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "tables").glob("*.yaml"))}


# --- sections -------------------------------------------------------------------------------

def test_regex_finds_the_25_chapters_typed_by_hand(printed_ids):
    chapters = [i for i in printed_ids if "." not in i]
    assert chapters == list(CHAPTERS)


def test_source_ids_are_strictly_increasing(printed_ids):
    assert len(printed_ids) == len(set(printed_ids))
    assert printed_ids == sorted(printed_ids, key=id_key)
    assert len(printed_ids) > 400  # about 420 in 25 chapters


def test_every_printed_id_is_in_the_export_in_the_source_order(english, printed_ids):
    numbered = [s.id for s in english.sections if s.numbered]
    assert [i for i in printed_ids if i not in english.by_id] == []
    assert [i for i in numbered if i not in set(printed_ids)] == []  # nothing invented
    assert numbered == printed_ids


def test_export_lists_every_numbered_id_in_order(printed_ids):
    """The CLI export a user runs, not only the loaded corpus."""
    import json
    import subprocess
    import sys

    fallujah = Path(sys.executable).with_name("fallujah")
    done = subprocess.run([str(fallujah), "export", "--game", "battle-for-fallujah", "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    ids = [s["id"] for s in json.loads(done.stdout)["sections"] if is_numbered(s["id"])]
    assert ids == printed_ids


def test_chapter_titles_as_printed(english):
    assert {c: english.get(c).title for c in CHAPTERS} == CHAPTERS


def test_chapter_4_gap_is_registered_not_invented(bff, english):
    assert [i for i in ("4.1", "4.2", "4.3") if i in english.by_id] == []
    assert {"4.3.1", "4.3.2"} <= set(english.by_id)
    assert any(e.section == "4.3" and e.kind == "gap" for e in bff.errata)


def test_check_finds_no_problem(bff):
    report = check_game(bff)
    assert [str(p) for p in report.problems] == []


def test_sentence_headings_keep_their_words(english):
    assert english.get("12.2").title == "If the chit is a Coalition symbol."
    assert english.get("14.2").title == "Ceasefire roll (turns 1-7 only)."
    assert english.get("13.5").title == "Battalion Operations Segment (1/5, 2/1 or 3/4 Battalion once available)"
    assert english.get("7.4").title == "Success Number (SN)"
    assert english.get("7.4.1.1").title == ""


def test_text_is_repaired_not_rewritten(english):
    # hyphenation and broken lines joined, the author's words kept
    assert "their attached Armour" in english.get("5.1.1").text
    assert "performs a mission." in english.get("13.1").text
    assert "Mayor's Compound/Army Complex hex" in english.get("14.1.1").text
    assert "within Fallujah." in english.get("16").text
    # the book's own errors stay as printed (errata.yaml)
    assert english.get("7.6.1").text.strip() == "Subtract the Successes from the TN."
    assert english.get("7.7.1").text.strip() == "Subtract the number TN from the number of Successes gained."
    assert "-3|VP to +1CVP" in english.get("14.1.2").text
    assert "section (16.4)" in english.get("14.2.3").text


def test_counter_captions_are_examples_under_their_rule(english):
    wanted = {"example-c-1-5": "5.2.3", "example-cap": "5.4.2",
              "example-jihadi-cell": "5.4.2", "example-ac-130": "5.5.3"}
    assert {k: english.get(k).parent for k in wanted} == wanted
    assert "needs to roll a 4, 5 or 6 to remain Good Order" in english.get("example-ac-130").text


def test_index_and_title_block_are_left_out(bff, english):
    left = {part.lines: part.what for part in bff.declaration.left_out}
    assert "1316-1491" in left and "index" in left["1316-1491"]
    everything = " ".join(s.text for s in english.sections)
    assert "AC-130 2, 6, 7" not in everything
    assert "Rulebook v1.0" not in everything
    assert bff.declaration.chapter_format == "{n}.0"
    assert bff.declaration.printed_number("14") == "14.0"


# --- errata ---------------------------------------------------------------------------------

def test_known_source_errors_are_registered(bff):
    found = {(e.section, e.kind, e.cites) for e in bff.errata}
    assert ("7.6.1", "inconsistency", None) in found
    assert ("7.7.1", "inconsistency", None) in found
    assert ("14.2.3", "wrong_reference", "16.4") in found
    assert ("16.2.4", "missing_target", "18.2.3") in found
    assert ("14.1.2", "inconsistency", None) in found
    assert ("14.2.2.1", "inconsistency", None) in found
    assert ("12.4.2", "ambiguity", None) in found


def test_every_erratum_names_a_section_or_a_gap(bff, english):
    for erratum in bff.errata:
        assert erratum.section in english.by_id or erratum.kind == "gap", erratum.section


# --- tables ---------------------------------------------------------------------------------

def test_every_table_has_rows_typed_by_hand(tables, expected):
    assert sorted(tables) == sorted(expected)


def test_tables_printed_as_tables_stand_where_the_book_prints_their_rows(english):
    assert "{table: coalition-intelligence}" in english.get("11.2").source_text
    assert "{table: insurgent-activation}" in english.get("12.4.2").source_text


@pytest.mark.parametrize("prose", ["success-numbers", "availability", "ceasefire", "reinforcements",
                                   "victory-levels", "end-of-turn-vp", "insurgent-activation-modifiers"])
def test_prose_tables_mirror_their_rule_without_replacing_it(english, tables, prose):
    table = tables[prose]
    assert table["rule"] in english.by_id
    assert all(f"{{table: {prose}}}" not in s.source_text for s in english.sections)
    for row in table["rows"]:
        words = (row.get("text") or {}).get("en")
        if words:
            rule = english.get(row.get("rule") or table["rule"])
            assert " ".join(words.split()) in " ".join(f"{rule.title} {rule.text}".split()), row["result"]


def _cover(roll: str, low: int, high: int) -> list[int]:
    """The totals a printed roll range covers within [low, high]."""
    roll = roll.replace("–", "-").strip()
    if m := re.fullmatch(r"(-?\d+)\s*\+", roll):
        return list(range(int(m.group(1)), high + 1))
    if m := re.fullmatch(r"(-?\d+)\s*(?:-|to)\s*(-?\d+)", roll):
        return list(range(int(m.group(1)), int(m.group(2)) + 1))
    if m := re.fullmatch(r"(-?\d+)", roll):
        return [int(m.group(1))]
    raise AssertionError(f"unreadable roll {roll!r}")


def _compare(table: dict, want) -> None:
    kind, rows = table["kind"], table["rows"]
    if kind == "roll" and table.get("columns"):
        assert table["range"] == want["range"]
        for column in table["columns"]:
            key = column["key"]
            assert {r["rolls"][key]: r["result"] for r in rows if key in r.get("rolls", {})} == want[key], key
    elif kind == "roll":
        assert table["range"] == want["range"]
        assert {r["roll"]: r["result"] for r in rows} == want["rows"]
        for result, words in want.get("words", {}).items():
            assert next(r for r in rows if r["result"] == result)["text"]["en"] == words
        low, high = table["range"]
        covered = sorted(t for r in rows for t in _cover(r["roll"], low, high))
        assert covered == list(range(low, high + 1))
    elif kind == "modifiers":
        assert {r["result"]: r["value"] for r in rows} == want
    elif kind == "list":
        by_result = {r["result"]: r for r in rows}
        assert sorted(by_result) == sorted(want)
        for result, fields in want.items():
            assert {f: by_result[result].get(f) for f in fields} == fields, result
    elif kind == "matrix":
        by_result = {r["result"]: r for r in rows}
        assert sorted(by_result) == sorted(want)
        for result, cells in want.items():
            got = by_result[result]["cells"]
            for key, value in cells.items():
                if isinstance(value, dict):  # side -> {terrain: dice}
                    assert {t: got[f"{key}_{t}"].get("value") for t in value} == value, (result, key)
                elif value == "not_applicable" and key not in got:  # side: every terrain
                    side = [c for c in got if c.startswith(f"{key}_")]
                    assert side and all(got[c]["result"] == "not_applicable" for c in side), (result, key)
                else:
                    assert got[key]["result"] == value, (result, key)
    else:
        raise AssertionError(f"no comparison for kind {kind}")


def test_table_rows_equal_the_rows_typed_from_the_source(tables, expected):
    wrong = []
    for table_id, want in expected.items():
        if table_id not in tables:
            wrong.append(f"{table_id}: no table file")
            continue
        try:
            _compare(tables[table_id], want)
        except (AssertionError, KeyError, StopIteration) as exc:
            wrong.append(f"{table_id}: {exc!r}")
    assert wrong == []


def test_coalition_intelligence_reads_the_blocks_pacified_range(tables):
    """1D6 (1-6) + Blocks Pacified (-3..+1): every total from -2 to 7 is answered once."""
    table = tables["coalition-intelligence"]
    answers = {t: r["result"] for r in table["rows"] for t in _cover(r["roll"], -2, 7)}
    assert [answers[t] for t in range(-2, 8)] == ["wanted_3"] * 3 + ["wanted_2"] * 3 + ["wanted_1"] * 4


# --- fidelity -------------------------------------------------------------------------------

def test_fidelity_to_the_source(bff, source_lines):
    result = measure(bff, "en")
    assert result.precision >= 0.98, result.invented_examples
    assert result.recall >= 0.95, result.missing_examples
