"""A bug is a bug (issue 20): an exception inside the adjudicator or a game's pack is logged with
its traceback and answered 500 with a short message and an id (also in the log line), never a 400
blaming the player's input; the game is left as it was.

The bug is real, not a mock: a situation registered for the test in the default game's
adjudicator package, whose procedure fails on a valid input as a broken table lookup would."""

from __future__ import annotations

import logging
import re

import pytest
from pydantic import BaseModel, ConfigDict

from adjudicator import registry
from adjudicator.models import Adjudication
from adjudicator.registry import Procedure

from .test_web_fixtures import Player

pytest_plugins = ["tests.test_web_fixtures"]

BROKEN = "broken-for-the-test"


class BrokenInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    roll: int


def _run(situation: BrokenInput) -> Adjudication:
    table: dict[int, str] = {}
    return table[situation.roll]  # type: ignore[return-value]  # the bug: a row the table lacks


@pytest.fixture
def broken_situation(monkeypatch):
    module = registry.game_module(registry.DEFAULT_GAME)
    monkeypatch.setitem(module.SITUATIONS, BROKEN, Procedure(
        name=BROKEN, title="A situation whose procedure has a bug", rule="3", input_model=BrokenInput,
        result_model=Adjudication, run=_run))
    return BROKEN


def _incident(response, caplog) -> str:
    assert response.status_code == 500, response.get_data(as_text=True)
    body = response.get_json()
    assert re.fullmatch(r"[0-9a-f]{12}", body["id"])
    assert body["id"] in body["error"] and "not in your input" in body["error"]
    assert "problems" not in body  # no field is blamed
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR and body["id"] in r.getMessage()]
    assert logged and logged[0].exc_info is not None and logged[0].exc_info[0] is KeyError
    return body["id"]


def test_a_bug_in_a_procedure_is_a_500_with_an_id_not_a_400(client, broken_situation, caplog):
    response = client.post(f"/api/adjudicate/{broken_situation}", json={"roll": 4})
    _incident(response, caplog)


def test_bad_input_to_the_same_situation_is_still_a_400_naming_the_field(client, broken_situation):
    response = client.post(f"/api/adjudicate/{broken_situation}", json={"roll": "four"})
    assert response.status_code == 400
    assert [p["field"] for p in response.get_json()["problems"]] == ["roll"]


def test_a_bug_while_recording_an_adjudication_changes_nothing(client, broken_situation, caplog):
    player = Player.new(client)
    version = player.state["version"]
    response = player.post("actions", {"type": "adjudication", "situation": broken_situation,
                                       "input": {"roll": 4}, "rolls_by": "player"})
    _incident(response, caplog)
    assert client.get(f"/api/games/{player.id}").get_json()["version"] == version


def test_two_incidents_have_two_ids(client, broken_situation, caplog):
    first = _incident(client.post(f"/api/adjudicate/{broken_situation}", json={"roll": 1}), caplog)
    second = _incident(client.post(f"/api/adjudicate/{broken_situation}", json={"roll": 2}), caplog)
    assert first != second
