"""At the table, without a browser (issue 17, items 1, 3, 6, 10): the log in words for every game,
the amend action and its refusals, the rule sheet's fragment and the difference banner."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from web.games import companions

from .test_web_fixtures import sqlite_client

FIRE = {"shooter": {"unit": "squad", "cf": 4, "location": "2"},
        "target": {"unit": "suspect", "location": "1", "zone": "normal", "zone_number": 7},
        "roll": 5, "activation": 6, "drawn_cf": 3}


@pytest.fixture
def client(tmp_path):
    with sqlite_client(tmp_path) as client:
        yield client


class Game:
    def __init__(self, client, **setup: Any):
        self.client = client
        answer = client.post("/api/games", json={"game": "phantom-fury", "strong_points": 2, **setup})
        assert answer.status_code == 201, answer.get_json()
        self.id, self.version = answer.get_json()["id"], answer.get_json()["version"]

    def act(self, status: int = 200, **body: Any) -> dict[str, Any]:
        answer = self.client.post(f"/api/games/{self.id}/actions", json={**body, "expected_version": self.version})
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            self.version = answer.get_json()["version"]
        return answer.get_json()

    def log(self, lang: str = "en") -> str:
        answer = self.client.get(f"/games/{self.id}/log?lang={lang}")
        assert answer.status_code == 200
        return answer.get_data(as_text=True)


def _texts(html: str) -> list[str]:
    return [re.sub(r"&#39;", "'", t) for t in re.findall(r'class="log-text">(.*?)</span>', html)]


def test_a_recorded_roll_is_amended_and_the_original_stays_in_the_log(client):
    game = Game(client)
    game.act(type="next_phase")
    game.act(type="next_phase")
    recorded = game.act(type="adjudication", situation="fire", input=FIRE, rolls_by="player")["version"]
    amended = copy.deepcopy(FIRE) | {"roll": 2}
    answer = game.act(type="amend", amends=recorded, input=amended)
    assert answer["version"] == recorded + 1
    log = client.get(f"/api/games/{game.id}/log?after={recorded - 1}").get_json()["events"]
    original, amendment = log
    assert original["payload"]["input"]["roll"] == 5 and not original["undone"]
    assert amendment["type"] == "amend" and amendment["payload"]["amends"] == recorded
    assert amendment["payload"]["result"]["result"]["final"] == 3
    assert amendment["payload"]["result"]["result"]["outcome"] == "success"
    html = game.log()
    assert f'class="log-event amended" id="event-{recorded}"' in html
    assert f"amended by #{recorded + 1}" in html
    assert _texts(html)[0].startswith(f"Roll #{recorded} amended: A squad (CF 4) fired")
    # the export replays, and an edited amendment's result is refused
    exported = client.get(f"/api/games/{game.id}/export").get_json()
    assert client.post("/api/games/import", json=exported).status_code == 201
    exported["events"][-1]["payload"]["result"]["result"]["final"] = 9
    refused = client.post("/api/games/import", json=exported)
    assert refused.status_code == 400 and "recomputed" in refused.get_json()["error"]


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"situation": "assault"}, "situation", "changes only the recorded input and dice"),
    ({"rolls_by": "app"}, "rolls_by", "changes only the recorded input and dice"),
    ({"result": {}}, "result", "changes only the recorded input and dice"),
    ({"input": FIRE}, "input", "nothing to amend"),
    ({"input": FIRE | {"roll": 10}}, "input.roll", "a d10 shows 0 to 9"),
    ({"amends": 1}, "amends", "the event of a recorded roll"),
    ({"amends": 999}, "amends", "the event of a recorded roll"),
    ({"amends": "4"}, "amends", "an integer"),
])
def test_an_amendment_changing_anything_but_the_input_and_dice_is_refused(client, change, field, words):
    game = Game(client)
    recorded = game.act(type="adjudication", situation="fire", input=FIRE, rolls_by="player")["version"]
    before = game.version
    body = {"type": "amend", "amends": recorded, "input": FIRE | {"roll": 1}} | change
    answer = game.act(status=400 if field in ("situation", "rolls_by", "result", "input.roll") or change.get(
        "amends") == "4" else 422, **body)
    assert answer["problems"][0]["field"] == field
    assert words in answer["problems"][0]["allowed"]
    assert client.get(f"/api/games/{game.id}").get_json()["version"] == before


def test_a_roll_made_by_the_app_cannot_be_amended_to_other_faces(client):
    game = Game(client)
    rolled = game.act(type="roll", dice=1, purpose="fire")
    face = rolled["app_rolls"][-1]["faces"][0]
    data = FIRE | {"roll": face}
    recorded = game.act(type="adjudication", situation="fire", input=data, rolls_by="app",
                        app_roll=rolled["version"])["version"]
    refused = game.act(status=422, type="amend", amends=recorded, input=data | {"roll": (face + 1) % 10})
    assert "cannot be amended to other faces" in refused["error"]
    # what the player typed may still change: the shooter's CF
    game.act(type="amend", amends=recorded, input=data | {"shooter": {**data["shooter"], "cf": 5}})


def test_the_log_groups_by_turn_and_phase_in_french_with_plurals(client):
    game = Game(client, name="Jolan")
    html = game.log("fr")
    assert "1 événement ;" in html and "1 événements" not in html
    game.act(type="next_phase")
    game.act(type="next_phase")
    game.act(type="zone_counts", zone=5, suspects=1, insurgents=2)
    game.act(type="vp", reason="guerillas_eliminated")
    client.post(f"/api/games/{game.id}/undo", json={"expected_version": game.version})
    html = game.log("fr")
    main = html.split("<main", 1)[1].split("</main>", 1)[0]  # the log's own headings, not the shell's help
    assert re.findall(r'<h2[^>]*>(.*?)</h2>', main) == ["Tour 1 › Tir", "Tour 1 › Renfort", "Tour 1 › Soutien",
                                                        "Mise en place"]
    texts = _texts(html)
    assert texts[:3] == ["Annulé : PV +1 (Unité 'Guerillas' éliminée)", "PV +1 (Unité 'Guerillas' éliminée)",
                         "Zone 5 : 1 marqueur ‘Suspect’, 2 unités ‘Insurgés’"]
    assert "Undid" not in html and "action 6 undone" not in html.split("<details")[0]


def test_every_game_s_log_reads_in_words_without_an_error(client):
    """Games whose package gives no sentences get the generic line: the action schema's names."""
    for kind, companion in companions().items():
        if companion.sample is None:
            continue
        exported = {"format": "fallujah-game", "format_version": 2, "game": kind, "events": companion.sample()}
        answer = client.post("/api/games/import", json=exported)
        assert answer.status_code == 201, (kind, answer.get_json())
        game_id = answer.get_json()["id"]
        for lang in ("en", "fr"):
            page = client.get(f"/games/{game_id}/log?lang={lang}")
            assert page.status_code == 200, (kind, lang)
            texts = _texts(page.get_data(as_text=True))
            assert len(texts) == len(exported["events"]), kind
            assert all(t.strip() for t in texts), (kind, texts)
            assert not any(t.startswith("{") for t in texts), (kind, texts)


def test_the_rule_sheet_fragment_and_the_13_6_4_banner(client):
    game = Game(client, ruleset="fr")
    sheet = client.get(f"/rule/en/13.6.4/sheet?from={game.id}").get_data(as_text=True)
    assert 'id="rule-sheet-title">13.6.4 Security Elements and Retreat Movement</h2>' in sheet
    assert "give 3 different results here" in sheet and "This game follows the French rulebook." in sheet
    assert sheet.count('<mark class="difference-mark">') == 3
    assert f'href="/rule/en/13.6.4?from={game.id}">Open the full rule</a>' in sheet
    page = client.get(f"/rule/en/13.6.4?from={game.id}").get_data(as_text=True)
    assert f'class="brand" href="/games/{game.id}"' in page  # the game's header
    assert client.get("/rule/en/11.2/sheet").get_data(as_text=True).count("difference-banner") == 0
    # a game since deleted or never made: the rule alone, no 404
    assert client.get("/rule/en/13.6.4?from=NoSuchGame").status_code == 200
    assert client.get("/rule/en/99.99/sheet").status_code == 404


def test_a_fire_with_the_caat_ammo_reads_its_bonus_in_both_languages(client):
    game = Game(client)
    shooter = {**FIRE["shooter"], "caat_ammo": True}
    game.act(type="adjudication", situation="fire", input=FIRE | {"shooter": shooter}, rolls_by="player")
    assert _texts(game.log())[0].startswith("A squad (CF 4 + CAAT Ammo) fired at a 'Suspect' marker in Zone 7")
    assert _texts(game.log("fr"))[0].startswith("Un squad (FC 4 + Ammo du CAAT) a tiré sur un marqueur ‘Suspect’")


@pytest.mark.parametrize("face", range(10))
def test_an_app_face_stays_whatever_the_other_numbers_of_the_input(face):
    """A face equal to another number of the input (the CF 4, Zone 7, a typed Activation 6) is
    not taken for it: the die field the app filled must keep its face, whatever the app rolled."""
    from web.amend import _app_faces_kept, situation_schema

    schema = situation_schema("fire", "phantom-fury")
    recorded = FIRE | {"roll": face}
    assert not _app_faces_kept(schema, [face], recorded, recorded | {"roll": (face + 1) % 10})
    assert _app_faces_kept(schema, [face], recorded, recorded | {"shooter": {**FIRE["shooter"], "cf": 5}})
    assert _app_faces_kept(schema, [face], recorded, recorded | {"activation": (FIRE["activation"] + 1) % 10})
