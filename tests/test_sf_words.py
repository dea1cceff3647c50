"""Second Fallujah's words on its pages (issue 24, item 8): the stored effects of its log (its
English record, with ids, kept as stored so that old logs load the same) are shown with each
identifier named through the catalogue, in English and French."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.games.second_fallujah.sample import A1_8
from web.games.second_fallujah.sample import SETUP as SF_SETUP

from .test_web_fixtures import sqlite_client


@pytest.fixture
def client(tmp_path):
    with sqlite_client(tmp_path) as client:
        yield client


def _game(client: Any, *actions: dict[str, Any]) -> str:
    made = client.post("/api/games", json={"game": "second-fallujah", **SF_SETUP})
    assert made.status_code == 201, made.get_json()
    game_id, version = made.get_json()["id"], made.get_json()["version"]
    for action in actions:
        answer = client.post(f"/api/games/{game_id}/actions", json={**action, "expected_version": version})
        assert answer.status_code == 200, answer.get_json()
        version = answer.get_json()["version"]
    return game_id


def _text(client: Any, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200
    return answer.get_data(as_text=True).replace("&#39;", "'")


def test_the_log_names_an_entry_zone_and_a_unit_the_record_keeps_by_its_id(client):
    game_id = _game(client, {"type": "activate", "where": "ne_entry_zone"},
                    {"type": "unit_move", "unit": A1_8, "to": 25, "cost": 2})
    page = _text(client, f"/games/{game_id}/log?lang=en")
    assert "coalition impulse 0: activates NE Entry Zone" in page
    assert "ne_entry_zone" not in page and A1_8 not in page
    french = _text(client, f"/games/{game_id}/log?lang=fr")
    assert "activates Zone d'entrée NE" in french
    # the record itself is unchanged: the log's data keeps the text stored
    log = client.get(f"/api/games/{game_id}/log").get_json()
    assert any(effect["text"] == "coalition impulse 0: activates ne_entry_zone"
               for event in log["events"] for effect in event.get("effects") or [])


def test_undo_names_the_action_it_takes_back_in_words(client):
    """The game page says what Undo takes back by the action's name in the catalogue, never its
    type (``unit_place``), in English and French."""
    game_id = _game(client, {"type": "unit_place", "unit_type": "fedayeen", "area": 24})
    for lang, words in (("en", "Units placed"), ("fr", "Unités placées")):
        hint = re.search(r'<p class="hint" id="undo-what">(.*?)</p>', _text(client, f"/games/{game_id}?lang={lang}"))
        assert hint is not None and hint.group(1).endswith(f": {words}"), hint


def test_the_effects_an_action_answers_carry_the_page_s_words_beside_the_record(client):
    made = client.post("/api/games", json={"game": "second-fallujah", **SF_SETUP}).get_json()
    answer = client.post(f"/api/games/{made['id']}/actions?lang=fr",
                         json={"type": "activate", "where": "ne_entry_zone", "expected_version": made["version"]})
    [effect] = answer.get_json()["effects"]
    assert effect["text"] == "coalition impulse 0: activates ne_entry_zone"
    assert effect["words"] == "coalition impulse 0: activates Zone d'entrée NE"
