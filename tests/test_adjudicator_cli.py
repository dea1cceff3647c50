"""``fallujah adjudicate`` as a user runs it (issue 4): JSON in, breakdown or JSON out, exit 2 on bad input."""

from __future__ import annotations

import json

import pytest

from adjudicator import SITUATIONS

from .conftest import run_cli

FIRE = {
    "shooter": {"cf": 6, "location": "R", "caat_ammo": True},
    "target": {"unit": "guerillas", "cf": 2, "location": "1", "zone": "normal"},
    "roll": 5,
}


def test_json_output_follows_the_contract() -> None:
    result = run_cli("adjudicate", "fire", "--json", stdin=json.dumps(FIRE))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"situation", "ruleset", "modifiers", "drm", "probabilities", "result", "notes"} <= set(
        data
    )
    assert data["probabilities"] == {"success": 0.8, "no_effect": 0.2}
    assert data["result"]["outcome"] == "success" and data["result"]["final"] == 6
    assert all({"value", "rule", "reason"} <= set(m) for m in data["modifiers"])


def test_readable_breakdown_shows_rule_ids_percentages_and_outcome() -> None:
    result = run_cli("adjudicate", "fire", stdin=json.dumps(FIRE))
    assert result.returncode == 0, result.stderr
    assert "11.2.1" in result.stdout and "80.00%" in result.stdout and "success" in result.stdout
    assert "+1" in result.stdout


def test_breakdown_in_french_for_the_french_ruleset() -> None:
    result = run_cli("adjudicate", "fire", stdin=json.dumps({**FIRE, "ruleset": "fr"}))
    assert "Chances" in result.stdout and "Tir" in result.stdout


def test_assault_from_a_file(tmp_path) -> None:
    path = tmp_path / "assault.json"
    path.write_text(
        json.dumps(
            {
                "attacker": {"cf": 5, "location": "C"},
                "defender": {
                    "unit": "suspect",
                    "location": "1",
                    "zone": "normal",
                    "zone_number": 14,
                },
                "rolls": {
                    "activation": 8,
                    "drawn_cf": 3,
                    "usmc": 4,
                    "insurgent": 0,
                    "insurgent_event": 6,
                },
            }
        )
    )
    result = run_cli("adjudicate", "assault", "--file", str(path), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["assault_type"] == "normal"
    assert {"insurgent_eliminated", "usmc_step_loss", "cancelled"} <= set(data["probabilities"])
    assert set(data["modifiers"]) == {"usmc", "insurgent"}
    assert data["result"]["insurgent"] == "reduced" and data["result"]["retreat"] is True


def test_insurgent_reaction_takes_an_empty_object() -> None:
    result = run_cli("adjudicate", "insurgent-reaction", "--json", stdin="{}")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["probabilities"]["hbied"] == 0.1


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_schema_of_every_situation(situation: str) -> None:
    result = run_cli("adjudicate", situation, "--schema")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["type"] == "object" and "properties" in schema


@pytest.mark.parametrize(
    ("situation", "data", "words"),
    [
        (
            "fire",
            {
                "shooter": {"cf": 11, "location": "2"},
                "target": {"unit": "suspect", "location": "1"},
            },
            ["shooter.cf", "11"],
        ),
        ("ied", {"cf": 5, "roll": 10}, ["roll", "10"]),
        (
            "fire",
            {
                "shooter": {"unit": "abrams", "location": "street"},
                "target": {"unit": "suspect", "location": "R"},
            },
            ["target.location", "'R'", "11.1.3"],
        ),
        (
            "assault",
            {
                "attacker": {"cf": 5, "location": "street"},
                "defender": {"unit": "suspect", "location": "1"},
            },
            ["attacker.location", "street"],
        ),
        ("sniper-street", {"insurgent_units": -1, "suspects": 0}, ["insurgent_units", "-1"]),
    ],
)
def test_bad_input_exits_1_with_one_line(situation: str, data: dict, words: list[str]) -> None:
    """A situation the rules refuse is a data error (exit 1); README "Commands"."""
    result = run_cli("adjudicate", situation, stdin=json.dumps(data))
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in result.stderr


def test_an_unknown_situation_exits_2_and_unreadable_input_1() -> None:
    unknown = run_cli("adjudicate", "parachute", stdin="{}")
    assert unknown.returncode == 2 and "parachute" in unknown.stderr and "fire" in unknown.stderr
    broken = run_cli("adjudicate", "fire", stdin="{not json")
    assert (
        broken.returncode == 1
        and "JSON" in broken.stderr
        and len(broken.stderr.strip().splitlines()) == 1
    )
    missing = run_cli("adjudicate", "fire", "--file", "/nonexistent/situation.json")
    assert missing.returncode == 1 and "/nonexistent/situation.json" in missing.stderr
