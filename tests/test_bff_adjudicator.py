"""Battle for Fallujah adjudicator: the issue's Contract, reachability (CLI and HTTP), and the
names the package types agreeing with the game's tables.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from adjudicator.games.battle_for_fallujah import SITUATIONS
from adjudicator.games.battle_for_fallujah.operation import MISSIONS, TERRAINS, UNIT_TYPES
from adjudicator.registry import adjudicate, situations
from rules_text.loading import load_game

from .conftest import run_cli
from .test_web_fixtures import sqlite_client

GAME = "battle-for-fallujah"
TABLES = load_game(GAME).tables
URBAN_ASSAULT = {
    "mission": "assault",
    "attacker": "coalition",
    "terrain": "urban",
    "attacking": [{"source": "lead", "name": "C/1/5", "white": 4}, {"source": "support_unit", "name": "CAP", "red": 2}],
    "defending": [{"source": "lead", "white": 3}, {"source": "resistance", "white": 2}],
}
CONTRACT = {
    "dice-pool": ({"blue": 2, "white": 3, "red": 1}, [], ["successes"]),
    "operation": (URBAN_ASSAULT, ["success", "failure"], ["mos", "mof", "vp", "media"]),
    "insurgent-reaction": (
        {"resistance": 2, "wanted_in_hex": False, "wanted_adjacent": True, "isolated_in_hex": False,
         "air_or_artillery_available": False, "special_forces_raid": False},
        ["jihadi_cell"], [],
    ),
    "intelligence": ({"pacified_modifier": -1}, [], ["wanted"]),
    "ceasefire": ({"turn": 3, "political_pressure": 2}, ["ceasefire"], []),
    "reinforcements": ({"turn": 4, "pacified_modifier": 0}, ["arrive"], []),
    "contact": ({"wanted_in_hex": True, "wanted_adjacent": 1, "search_mof": 2}, ["contact", "ambush"], []),
}
ALL = [
    "dice-pool", "operation", "spend-margin", "availability", "intelligence", "insurgent-activation",
    "level-of-resistance", "insurgent-reaction", "contact", "ceasefire", "reinforcements",
    "end-of-turn-vp", "victory-level", "raid-defenders",
]


def test_every_situation_of_the_issue_is_registered() -> None:
    assert set(ALL) <= set(situations(GAME)) == set(SITUATIONS)


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_contract_fields(name: str) -> None:
    body, odds, dists = CONTRACT[name]
    answer = adjudicate(name, body, game=GAME)
    for key in odds:
        assert Fraction(answer.exact[key]) == Fraction(answer.probabilities[key]).limit_denominator(10**12)
    for key in dists:
        assert answer.distributions[key] and answer.exact[key].keys() == answer.distributions[key].keys()
    if name == "insurgent-reaction":
        assert answer.dice == 4  # 1D6 + 2 (Resistance) + 1 (Wanted! adjacent)
    if name == "operation":
        # the tool adds the Terrain dice: +1 white each side in Urban (17.1.5, 17.2.4)
        assert answer.pools["attacking"].white == 5 and answer.pools["defending"].white == 6
        assert all(int(v) <= 0 for v in answer.exact["vp"])  # a Coalition Assault gives only IVPs


def test_every_die_group_of_an_operation_cites_its_rule() -> None:
    answer = adjudicate("operation", URBAN_ASSAULT, game=GAME)
    rules = {side: [m.rule for m in mods] for side, mods in answer.modifiers.items()}
    assert rules == {
        "attacking": ["17.2.1", "17.2.3.2", "17.2.4"],
        "defending": ["17.1.2", "17.1.3.3", "17.1.5"],
    }
    assert answer.drm == {"attacking": 7, "defending": 6}


def test_the_names_typed_in_code_are_the_tables() -> None:
    assert list(TERRAINS) == [c.key for c in TABLES["level-of-resistance"].columns]
    for table in ("attacker-terrain-dice", "defender-terrain-dice"):
        rows = {r.result for r in TABLES[table].rows}
        assert set(MISSIONS) | {"move"} == rows
        assert {f"{side}_{t}" for side in ("coalition", "insurgency") for t in TERRAINS} == {
            c.key for c in TABLES[table].columns
        }
    assert set(UNIT_TYPES) == {r.result for r in TABLES["operational-missions"].rows}
    assert set(MISSIONS) <= {c.key for c in TABLES["operational-missions"].columns}


def test_cli_schema_and_json_answer() -> None:
    schema = run_cli("adjudicate", "--game", GAME, "--schema", "operation")
    assert schema.returncode == 0, schema.stderr
    doc = json.loads(schema.stdout)
    assert {"mission", "attacker", "terrain", "attacking", "defending", "rolls"} <= set(doc["properties"])
    assert doc["properties"]["mission"]["enum"] == list(MISSIONS)
    done = run_cli("adjudicate", "--game", GAME, "operation", "--json", stdin=json.dumps(URBAN_ASSAULT))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["situation"] == "operation"
    assert set(answer["probabilities"]) >= {"success", "failure"}
    assert {"mos", "mof", "vp", "media"} <= set(answer["distributions"])
    text = run_cli("adjudicate", "--game", GAME, "operation", stdin=json.dumps(URBAN_ASSAULT))
    assert text.returncode == 0 and "17.2.3.2" in text.stdout and "success" in text.stdout


def test_cli_bad_input_exits_1_with_one_line_naming_every_problem() -> None:
    """A situation the rules refuse is a data error: exit 1 (README "Commands")."""
    bad = {"mission": "strike", "attacker": "insurgency", "terrain": "urban",
           "attacking": [{"source": "lead", "white": -1, "green": 1}], "rolls": {"attacking": {"white": [7]}}}
    done = run_cli("adjudicate", "--game", GAME, "operation", stdin=json.dumps(bad))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    line = done.stderr.strip()
    assert "\n" not in line
    for piece in ("mission: 'strike'", "(15.3)", "attacking.0.white: -1", "(7.2.1)", "attacking.0.green", "(7)",
                  "rolls.attacking.white.0: 7"):
        assert piece in line, piece


@pytest.fixture
def client(tmp_path):
    with sqlite_client(tmp_path) as client:
        yield client


@pytest.mark.parametrize("name", ALL)
def test_api_route_answers_every_situation(client, name: str) -> None:
    body = SITUATIONS[name].examples[0]
    response = client.post(f"/api/adjudicate/{name}?game={GAME}", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == adjudicate(name, body, game=GAME).model_dump(mode="json")


def test_api_route_refuses_bad_input_with_400_and_each_problem(client) -> None:
    response = client.post(f"/api/adjudicate/spend-margin?game={GAME}",
                           json={"mission": "search", "margin": 2, "spend": {"insurgent_steps": 2}})
    assert response.status_code == 400
    problems = response.get_json()["problems"]
    assert problems == [{"field": "spend", "value": 4, "allowed": problems[0]["allowed"], "rule": "20.3"}]
    assert "at most the margin, 2" in problems[0]["allowed"]
