"""``fallujah compare``: the JSON contract of issue 5, the aligned view, and bad input."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

DIFFERENCE_KEYS = {"kind", "severity", "en", "fr", "note", "registered"}


@pytest.fixture(scope="module")
def all_sections():
    result = run_cli("compare", "--all", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["sections"]


def test_all_json_lists_every_section_with_a_status(all_sections, game):
    by_id = {s["id"]: s for s in all_sections}
    assert set(by_id) == set(game.corpus("en").by_id) | set(game.corpus("fr").by_id)
    assert {s["status"] for s in all_sections} <= {"same", "differs", "missing_fr", "missing_en"}
    assert by_id["9.1"]["status"] == "missing_fr"
    assert by_id["13.6.4"]["status"] == "differs"
    assert by_id["11.1.2"]["status"] == "differs"


def test_all_json_differences_follow_the_contract(all_sections):
    for section in all_sections:
        flags = [d["registered"] for d in section["differences"]]
        assert flags == sorted(flags, reverse=True), (
            f"{section['id']}: registered differences come first"
        )
        for difference in section["differences"]:
            assert DIFFERENCE_KEYS <= set(difference)
            assert difference["severity"] in ("result", "procedure", "clarity")
            assert isinstance(difference["registered"], bool)
        if section["status"] == "same":
            assert section["differences"] == []


def test_one_section_json_carries_both_texts(game):
    result = run_cli("compare", "13.6.4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == "13.6.4" and data["status"] == "differs"
    assert data["en"] == game.corpus("en").get("13.6.4").text
    assert data["fr"] == game.corpus("fr").get("13.6.4").text
    registered = [d for d in data["differences"] if d["registered"]]
    assert {"security-element-cf1", "security-element-unmodified-9"} <= {
        d["key"] for d in registered
    }


def test_severity_filters_differences():
    result = run_cli("compare", "--all", "--json", "--severity", "result")
    assert result.returncode == 0, result.stderr
    sections = json.loads(result.stdout)["sections"]
    assert sections, "some difference changes the result of play"
    assert all(d["severity"] == "result" for s in sections for d in s["differences"])
    assert all(s["differences"] for s in sections)


def test_no_register_gives_the_finder_alone():
    result = run_cli("compare", "11.1.2", "--json", "--no-register")
    data = json.loads(result.stdout)
    assert data["differences"] and not any(d["registered"] for d in data["differences"])
    assert any(d["kind"] == "location" for d in data["differences"])


def test_aligned_view_in_two_columns_without_colour_when_piped():
    result = run_cli("compare", "11.1.2", env={"COLUMNS": "120"})
    assert result.returncode == 0, result.stderr
    assert "\x1b[" not in result.stdout
    lines = result.stdout.splitlines()
    assert any("English" in line and "Français" in line for line in lines)
    assert any(
        "marked OG, C or R" in line and "≠" in line for line in lines
    )  # a registered difference
    assert "1 difference" in result.stdout or "2 difference" in result.stdout
    assert max(len(line) for line in lines) <= 120


def test_narrow_terminal_stacks_the_texts():
    result = run_cli("compare", "11.1.2", env={"COLUMNS": "30"})
    assert result.returncode == 0, result.stderr
    assert "stacked" in result.stdout
    out = result.stdout
    assert out.index("English") < out.index("Français")
    assert "│" not in out


def test_section_in_one_language_only_says_so():
    result = run_cli("compare", "9.1")
    assert result.returncode == 0, result.stderr
    assert "Not in the French rulebook" in result.stdout


def test_unknown_id_exits_1_with_suggestions():
    result = run_cli("compare", "13.6.44")
    assert result.returncode == 1
    assert "no section '13.6.44'" in result.stderr and "did you mean" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [(), ("13.6.4", "--all"), ("--all", "--severity", "fatal")])
def test_usage_errors_exit_2(args):
    result = run_cli("compare", *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.strip()


def test_measure_prints_both_figures():
    result = run_cli("compare", "--measure", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["recall"] >= 0.8 and figures["precision"] >= 0.6


def test_source_errata_are_reported_next_to_the_sections(game):
    result = run_cli("compare", "--all", "--json")
    data = json.loads(result.stdout)
    assert len(data["errata"]) == len(game.errata)
    by_id = {s["id"]: s for s in data["sections"]}
    for erratum in game.errata:
        assert erratum.note in [e["note"] for e in by_id[erratum.section]["errata"]]


def test_only_the_sentences_a_difference_quotes_are_marked():
    """Flight's CF 1 sentence differs (remains unchanged / éliminée); the sniper row's does not."""
    result = run_cli("compare", "table-events-usmc", env={"COLUMNS": "90"})
    marked = [line for line in result.stdout.splitlines() if "≠" in line]
    assert any(
        "remains unchanged" in line or "Guerillas’ unit’s initial CF" in line for line in marked
    )
    assert not any("immediately" in line for line in marked)


def test_summary_counts_sections_and_registered_differences(all_sections):
    result = run_cli("compare", "--all", "--json")
    summary = json.loads(result.stdout)["summary"]
    assert sum(summary["sections"].values()) == len(all_sections)
    registered = {d["key"] for s in all_sections for d in s["differences"] if d["registered"]}
    assert sum(summary["registered"].values()) == len(registered)
