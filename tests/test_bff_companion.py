"""Battle for Fallujah's companion through the generic store and JSON API (SQLite, and
PostgreSQL when TEST_DATABASE_URL is set): the chit cup by 8-12, the VP caps, the Media overflow,
hexes and units, the End of Turn steps, the calculator prefilled from the keyed map and counters
with its consequences applied as undoable actions, export and import, and bad input refused with
its rule and nothing changed."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import unquote

import pytest

from adjudicator import registry
from web.games.battle_for_fallujah import sample

from .test_web_fixtures import Player

pytest_plugins = ["tests.test_web_fixtures"]

GAME = "battle-for-fallujah"


class Bff(Player):
    @classmethod
    def new(cls, client, **setup: Any) -> Bff:
        response = client.post("/api/games", json={"game": GAME, "name": "test", **setup})
        assert response.status_code == 201, response.get_json()
        return cls(client, response.get_json())

    def keyed(self) -> Bff:
        self.act("key_map", map=sample.MAP)
        return self

    def refused_unchanged(self, type_: str, expect: int = 422, **fields: Any) -> dict[str, Any]:
        before = self.client.get(f"/api/games/{self.id}").get_json()
        body = self.refused(type_, expect, **fields)
        assert self.client.get(f"/api/games/{self.id}").get_json() == before, "a refused action changed the game"
        return body

    def roll(self, situation: str, **input_: Any) -> dict[str, Any]:
        return self.act("adjudication", situation=situation, input=input_, rolls_by="player")

    def to_activation(self, roll: int = 5) -> dict[str, Any]:
        self.roll("intelligence", pacified_modifier=0, roll=roll)
        return self.act("next_phase")

    def hex(self, number: int) -> dict[str, Any]:
        return self.state["hexes"][number - 1]

    def effects(self) -> list[str]:
        return [e["rule"] or "" for e in self.state.get("effects", [])]

    def record_assault(self) -> int:
        """A/1/5 and T/1/5 in a formation assault hex 2 (a Mob, Resistance +1) in the 1/5's
        activation (sample.ASSAULT, MOS 3): the version of that recorded roll."""
        self.act("unit_move", unit="A-1-5", hex=2)
        self.act("unit_move", unit="T-1-5", hex=2)
        self.act("formation", units=["A-1-5", "T-1-5"])
        self.act("hex", hex=2, resistance=1, insurgents=["Mob"])
        self.to_activation()
        self.act("chit_draw", chit="1/5")
        self.roll("operation", **sample.ASSAULT)
        return int(self.state["version"])

    def assault_page(self, recorded: int) -> str:
        """The Operation calculator's page of the roll :meth:`record_assault` recorded."""
        url = f"/games/{self.id}/calculator/operation?hex=2&unit=A-1-5&recorded={recorded}"
        return html.unescape(self.client.get(url).get_data(as_text=True))


def problem_rules(body: dict[str, Any]) -> list[str | None]:
    return [p.get("rule") for p in body["problems"]]


def test_setup_places_the_cup_and_tracks_of_9(client):
    game = Bff.new(client).state
    assert (game["turn"], game["phase"], game["vp"], game["media"], game["pressure"]) == (1, "intelligence", 0, 0, 0)
    assert game["cup"] == {"1/5": 2, "2/1": 2, "mef": 1, "end_of_turn": 2}
    assert game["beside"] == {"3/4": 2, "nationalist": 3}
    assert game["victory_level"] == "minor_insurgent_victory"
    assert "the Coalition counters" in game["missing_keys"]


def test_the_intelligence_roll_puts_the_rolled_nationalist_chits_in_the_cup_and_is_needed_first(client):
    player = Bff.new(client)
    body = player.refused_unchanged("next_phase")
    assert problem_rules(body) == ["11.1"]
    player.roll("intelligence", pacified_modifier=0, roll=1)  # 1-3: 2 Wanted! markers (11.2)
    assert player.state["wanted_roll"]["value"] == 2
    assert player.state["cup"]["nationalist"] == 2 and player.state["beside"]["nationalist"] == 1
    assert "11.4" in player.effects()


def test_placed_reading_puts_a_chit_in_with_each_marker_placed(client):
    player = Bff.new(client, chit_reading="placed").keyed()
    player.roll("intelligence", pacified_modifier=0, roll=1)
    assert "nationalist" not in player.state["cup"]
    player.act("hex", hex=2, wanted=True)
    assert player.state["cup"]["nationalist"] == 1
    assert "9.4.1.2" in player.effects()


def test_chit_draws_return_and_end_the_turn_by_12(client):
    player = Bff.new(client).keyed()
    player.to_activation(roll=5)  # one Wanted! marker, one Nationalist chit
    player.act("chit_draw", chit="end_of_turn")
    assert "12.5.1" in player.effects() and player.state["cup"]["end_of_turn"] == 2  # returned: no battalion yet
    player.act("chit_draw", chit="nationalist")
    assert "12.4.1.1" in player.effects() and player.state["cup"]["nationalist"] == 1  # no Coalition unit activated
    player.act("chit_draw", chit="1/5")
    assert (player.state["phase"], player.state["active"]) == ("operations", "1/5")
    body = player.refused_unchanged("chit_draw", chit="2/1")
    assert problem_rules(body) == ["12.1"]
    player.act("operations_end")
    player.act("chit_draw", chit="end_of_turn")
    assert "12.5.3" in player.effects() and player.state["phase"] == "activation"
    player.act("chit_draw", chit="end_of_turn")
    assert "12.5.2" in player.effects()
    assert (player.state["phase"], player.state["eot_step"]) == ("end_of_turn", 0)


def test_a_chit_not_in_the_cup_is_refused_with_8_2(client):
    player = Bff.new(client)
    player.to_activation()
    body = player.refused_unchanged("chit_draw", chit="3/4")
    assert problem_rules(body) == ["8.2"] and "3/4" in body["error"]


def test_the_mef_chit_returns_after_its_operation_unless_no_support_unit_is_good_order(client):
    player = Bff.new(client).keyed()
    player.to_activation()
    player.act("chit_draw", chit="1/5")
    player.act("operations_end")
    player.act("chit_draw", chit="mef")
    player.act("unit_status", unit="CAP", status="ops_complete")
    player.act("operations_end")
    assert "mef" not in player.state["cup"] and "8.2.1" in player.effects()


def test_the_apps_draw_is_recorded_replayed_and_drawn_again_the_same(client):
    """The app's chit draw is seeded per game (web.randomness): undone and drawn again, the same
    chit; nothing before the draw can be undone (it showed what the cup gives next)."""
    player = Bff.new(client)
    player.to_activation()
    assert player.state["can_undo"]
    player.act("chit_draw_app")
    drawn = player.state["drawn"][-1]
    log = client.get(f"/api/games/{player.id}/log").get_json()["events"]
    payload = log[-1]["payload"]
    assert payload["type"] == "chit_draw_app" and 0 <= payload["draw"] < 1
    assert player.state["can_undo"]
    player.undo()
    assert player.post("undo", {}).status_code == 422
    player.act("chit_draw_app")
    assert player.state["drawn"][-1] == drawn
    log = client.get(f"/api/games/{player.id}/log").get_json()["events"]
    assert log[-1]["payload"] == payload
    body = player.refused("chit_draw_app", 400, draw=0.5)
    assert body["problems"][0]["field"] == "draw"
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    again = client.post("/api/games/import", json=exported).get_json()
    assert again["drawn"][-1] == drawn and again["cup"] == player.state["cup"]


def test_vp_track_stops_at_6_and_minus_6_and_the_ledger_keeps_what_was_lost(client):
    player = Bff.new(client)
    player.act("vp", value=5, reason="spent margin", rule="18.2.1")
    player.act("vp", value=3, reason="spent margin", rule="18.2.1")
    assert player.state["vp"] == 6 and "25.3.1" in player.effects()
    line = player.state["vp_ledger"][-1]
    assert (line["value"], line["applied"]) == (3, 1)
    player.act("vp", value=-12, reason="failed assault", rule="18.5.1")
    player.act("vp", value=-2, reason="failed assault", rule="18.5.1")
    assert player.state["vp"] == -6 and "25.11.1" in player.effects()
    assert player.state["vp_ledger"][-1]["applied"] == 0
    assert player.state["victory_level"] == "major_insurgent_victory"
    assert player.refused_unchanged("vp", 400, value=0, reason="x", rule="18.2.1")
    assert "rules" in player.refused_unchanged("vp", value=1, reason="x", rule="99.9")["error"]


def test_media_overflows_into_political_pressure_reading_a(client):
    player = Bff.new(client)
    player.act("media", count=7)
    assert (player.state["media"], player.state["pressure"]) == (2, 1)  # 5, then 1 (23.1.3), then 2
    assert "23.1.3" in player.effects()
    player.act("media", count=15)
    assert player.state["pressure"] == 3
    assert "14.2.1" in player.effects()  # the track's last circle


def test_hex_markers_follow_the_rules(client):
    player = Bff.new(client).keyed()
    assert problem_rules(player.refused_unchanged("hex", hex=1, wanted=True)) == ["11.3"]  # a green hex
    assert problem_rules(player.refused_unchanged("hex", hex=2, resistance=2, pacified=True)) == ["25.18"]
    player.act("hex", hex=2, isolated=["1/5"])
    assert problem_rules(player.refused_unchanged("hex", hex=3, isolated=["1/5"])) == ["25.12.4"]
    assert problem_rules(player.refused_unchanged("hex", hex=2, insurgents=["Large Mob"])) == ["25.10"]
    player.roll("intelligence", pacified_modifier=0, roll=5)
    assert "Mayor" in player.refused_unchanged("hex", hex=3, wanted=True)["error"]  # 11.3
    player.act("unit_move", unit="E-2-1", hex=5)
    assert "contested" in player.refused_unchanged("hex", hex=5, wanted=True)["error"]
    player.act("hex", hex=4, wanted=True)
    player.act("hex", hex=4, wanted=False)
    assert "nationalist" not in player.state["cup"] and "8.3.1" in player.effects()
    player.act("key_hex", hex={"number": 6, "terrain": "urban", "adjacent": [2, 7]})
    player.act("key_hex", hex={"number": 7, "terrain": "urban", "adjacent": [6]})
    player.act("hex", hex=6, wanted=True)
    assert "between" in player.refused_unchanged("hex", hex=7, wanted=True)["error"]


def test_units_move_form_formations_and_change_status(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)
    player.act("unit_move", unit="E-2-1", hex=2)
    assert problem_rules(player.refused_unchanged("formation", units=["A-1-5", "E-2-1"])) == ["6.3"]
    assert problem_rules(player.refused_unchanged("unit_move", unit="CAP", hex=2)) == ["13.6"]
    player.act("unit_move", unit="T-1-5", hex=2)
    player.act("formation", units=["A-1-5", "T-1-5"])
    assert player.unit("T-1-5")["formation"] == "A-1-5+T-1-5"
    player.act("unit_move", unit="T-1-5", hex=3)
    assert player.unit("A-1-5")["formation"] is None and "6.3.2" in player.effects()
    assert "keyed units" in player.refused_unchanged("unit_status", unit="nobody", status="good_order")["error"]


def test_undo_and_redo_take_back_an_action(client):
    player = Bff.new(client)
    player.act("media", count=2)
    player.undo()
    assert player.state["media"] == 0 and player.state["can_redo"]
    player.redo()
    assert player.state["media"] == 2


def _to_end_of_turn(player: Bff) -> None:
    player.to_activation()
    player.act("chit_draw", chit="2/1")
    player.act("operations_end")
    player.act("chit_draw", chit="end_of_turn")
    player.act("chit_draw", chit="end_of_turn")


def test_end_of_turn_steps_in_order_with_the_ceasefire_roll(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=3)  # the Mayor's compound, contested
    player.act("hex", hex=4, pacified=True)
    _to_end_of_turn(player)
    assert problem_rules(player.refused_unchanged("next_step")) == ["24.1"]
    assert problem_rules(player.refused_unchanged("adjudication", situation="ceasefire",
                                                  input={"turn": 1, "roll": 6}, rolls_by="player")) == ["14.2"]
    player.act("pacified_modifier", modifier=-2)
    player.act("next_step")
    assert player.state["vp"] == -1 and {"14.1.1", "14.1.2"} <= set(player.effects())
    assert problem_rules(player.refused_unchanged("next_step")) == ["14.2.1"]
    player.roll("ceasefire", turn=1, political_pressure=0, roll=6)
    player.act("next_step")
    assert player.state["outcome"] == "in_progress" and player.state["eot_step_name"] == "reinforcements"
    player.roll("reinforcements", turn=1, pacified_modifier=-2, roll=6)  # 6 + 1 - 2 = 5: none
    player.act("next_step")
    player.act("next_step")
    player.act("next_step")
    state = player.state
    assert (state["turn"], state["phase"]) == (2, "intelligence")
    assert all(u["status"] == "good_order" for u in state["units"])
    assert state["cup"] == {"1/5": 2, "2/1": 2, "mef": 1, "end_of_turn": 2}
    assert [p["turn"] for p in state["tracks_by_turn"]] == [1, 2]


def test_a_ceasefire_ends_the_game_with_minus_1_vp(client):
    player = Bff.new(client).keyed()
    player.act("media", count=18)  # Political Pressure +3
    _to_end_of_turn(player)
    player.act("pacified_modifier", modifier=0)
    player.act("next_step")  # the compound is Insurgent controlled: -1
    player.roll("ceasefire", turn=1, political_pressure=3, roll=4)  # 7: ceasefire
    player.act("next_step")
    assert player.state["outcome"] == "ceasefire" and player.state["vp"] == -2
    assert "14.2.2.1" in player.effects()
    assert problem_rules(player.refused_unchanged("media", count=1)) == ["14.4.1"]


def test_reinforcements_put_the_3_4_chits_in_the_cup(client):
    player = Bff.new(client).keyed()
    _to_end_of_turn(player)
    player.act("pacified_modifier", modifier=1)
    player.act("next_step")
    player.roll("ceasefire", turn=1, political_pressure=0, roll=1)
    player.act("next_step")
    player.roll("reinforcements", turn=1, pacified_modifier=1, roll=5)  # 5 + 1 + 1 = 7
    player.act("next_step")
    assert player.state["reinforced"] and player.state["cup"]["3/4"] == 2


def test_the_mayors_compound_is_asked_for_when_not_keyed(client):
    player = Bff.new(client)
    _to_end_of_turn(player)
    player.act("pacified_modifier", modifier=0)
    assert problem_rules(player.refused_unchanged("next_step")) == ["14.1.1"]
    player.act("next_step", mayor_compound="contested")
    assert player.state["vp"] == 1


def test_every_situation_is_reachable_from_the_companions_calculator(client):
    player = Bff.new(client).keyed()
    names = list(registry.situations(GAME))
    assert {"dice-pool", "operation", "spend-margin", "ceasefire", "reinforcements", "contact"} <= set(names)
    listing = client.get(f"/games/{player.id}/calculator/").get_data(as_text=True)
    for name in names:
        assert f"/games/{player.id}/calculator/{name}" in listing, name
        response = client.get(f"/games/{player.id}/calculator/{name}")
        assert response.status_code == 200, (name, response.status_code)


def test_the_operation_is_prefilled_from_the_hex_and_the_keyed_counters(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)
    player.act("unit_move", unit="T-1-5", hex=2)
    player.act("hex", hex=2, resistance=1, insurgents=["Mob", "Small Group"])
    page = client.get(f"/games/{player.id}/calculator/operation?hex=2&unit=A-1-5").get_data(as_text=True)
    assert re.search(r'data-path="attacking\.0\.white"[^>]*value="3"', page)  # A/1/5's Proficiency
    assert re.search(r'data-path="attacking\.1\.red"[^>]*value="1"', page)  # the tanks' Support Rating
    assert re.search(r'data-path="defending\.0\.white"[^>]*value="2"', page)  # the Mob leads (6.7)
    assert re.search(r'data-path="defending\.2\.white"[^>]*value="1"', page)  # Resistance +1, keyed white
    assert '<option value="urban" selected>' in page
    bare = Bff.new(client)
    bare.act("key_counter", counter={"id": "B-1-5", "name": "B/1/5", "battalion": "1/5", "kind": "infantry"})
    bare.act("unit_move", unit="B-1-5", hex=7)
    page = html.unescape(client.get(f"/games/{bare.id}/calculator/operation?unit=B-1-5").get_data(as_text=True))
    assert "hex 7: its terrain is not keyed: choose it" in page
    assert "B-1-5: its Proficiency (colour and number) is not keyed" in page
    assert client.get(f"/games/{player.id}/calculator/operation?hex=40").status_code == 400


def test_a_recorded_assault_offers_its_consequences_as_undoable_actions(client):
    player = Bff.new(client).keyed()
    version = player.record_assault()
    page = player.assault_page(version)
    actions = [json.loads(a) for a in re.findall(r"data-action='([^']+)'", page)]
    assert {"type": "media", "count": 1, "rule": "17.2.5.1", "rules": ["17.2.5.1", "23.1.2"]} in actions
    assert {a.get("unit") for a in actions if a["type"] == "unit_status"} == {"A-1-5", "T-1-5"}
    assert "spend-margin?" in page and "margin=3" in page
    player.act("media", count=1, rule="17.2.5.1", rules=["17.2.5.1", "23.1.2"])
    assert player.state["media"] == 1
    page = player.assault_page(version)
    after = [json.loads(a) for a in re.findall(r"data-action='([^']+)'", page)]
    assert [a for a in after if a["type"] == "media"] == [] and len(after) == len(actions) - 1
    player.undo()
    assert player.state["media"] == 0
    spend = player.roll("spend-margin", mission="assault", attacker="coalition", margin=3, spend={"insurgent_steps": 3})
    assert spend["version"] == version + 3


def test_export_import_and_the_map_file(client):
    player = Bff.new(client).keyed()
    player.act("hex", hex=2, resistance=2)
    page = client.get(f"/games/{player.id}").get_data(as_text=True)
    href = html.unescape(re.search(r'id="map-download" download="[^"]+" href="([^"]+)"', page).group(1))
    assert href.startswith("data:application/json")
    file = json.loads(unquote(href.split(",", 1)[1]))
    assert file["type"] == "key_map" and len(file["map"]["hexes"]) == 4
    fresh = Bff.new(client)
    response = fresh.post("actions", file)
    assert response.status_code == 200 and response.get_json()["map"] == player.state["map"]
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    again = client.post("/api/games/import", json=exported).get_json()
    for key in ("map", "hexes", "units", "cup", "vp_ledger"):
        assert again[key] == player.state[key]


def test_bad_map_and_bad_actions_name_their_field(client):
    player = Bff.new(client)
    body = player.refused_unchanged("key_map", 400, map={"hexes": [{"number": 40}]})
    assert body["problems"][0]["field"].startswith("map.hexes")
    body = player.refused_unchanged("key_map", map={"hexes": [{"number": 3, "mayor": True}, {"number": 4, "mayor": True}]})
    assert problem_rules(body) == ["14.1.1"]
    body = player.refused_unchanged("chit_draw", 400, chit="4/4")
    assert body["problems"][0]["field"] == "chit"
    response = client.post("/api/games", json={"game": GAME, "chit_reading": "guessed"})
    assert response.status_code == 400 and "chit_reading" in response.get_json()["error"]


@pytest.mark.parametrize("page", ["", "?hex=3", "/log", "/calculator/"])
def test_the_pages_render(client, page):
    player = Bff.new(client).keyed()
    assert client.get(f"/games/{player.id}{page}").status_code == 200
    assert client.get(f"/games/{player.id}?hex=99").status_code == 404


def test_an_insurgent_flag_activates_the_hex_of_the_lowest_rated_infantry_and_prefills_its_assault(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)  # Proficiency 3
    player.act("unit_move", unit="E-2-1", hex=4)  # Proficiency 2: the lowest (12.4.1)
    player.act("hex", hex=4, insurgents=["Small Group", "Mob"], resistance=2)
    player.to_activation(roll=1)  # two Wanted! markers: two Nationalist chits
    player.act("chit_draw", chit="2/1")
    player.act("operations_end")
    player.act("chit_draw", chit="nationalist")
    assert (player.state["active"], player.state["active_hex"]) == ("nationalist", 4)
    assert "12.4.1" in player.effects()
    page = client.get(f"/games/{player.id}/calculator/operation?attacker=insurgency").get_data(as_text=True)
    assert re.search(r'data-path="attacking\.0\.source"[^>]*>.*?<option value="support" selected>', page, re.DOTALL)
    assert re.search(r'data-path="attacking\.1\.white"[^>]*value="2"', page)  # the Mob leads (6.7)
    assert re.search(r'data-path="attacking\.2\.white"[^>]*value="2"', page)  # Resistance +2 in white
    assert re.search(r'data-path="defending\.0\.white"[^>]*value="2"', page)  # E/2/1's Proficiency (25.13.4)
    prefilled = client.get(f"/games/{player.id}/calculator/insurgent-activation").get_data(as_text=True)
    assert re.search(r'data-path="resistance_level"[^>]*value="2"', prefilled)
    player.act("operations_end")
    assert player.state["phase"] == "activation" and player.state["aside"]["nationalist"] == 1


def test_a_mef_strike_is_led_by_its_support_unit_and_ends_with_its_availability_roll(client):
    player = Bff.new(client).keyed()
    player.act("key_counter", counter={"id": "CAP", "name": "CAP", "battalion": "mef", "kind": "support", "mission": "strike",
                                       "proficiency": {"colour": "red", "count": 3}, "support": {"colour": "red", "count": 2},
                                       "availability": 3})
    player.act("hex", hex=2, resistance=1, insurgents=["Mob"])
    player.to_activation()
    player.act("chit_draw", chit="1/5")
    player.act("operations_end")
    player.act("chit_draw", chit="mef")
    game_page = client.get(f"/games/{player.id}").get_data(as_text=True)
    assert "operation?support=CAP" in game_page
    page = client.get(f"/games/{player.id}/calculator/operation?support=CAP&hex=2").get_data(as_text=True)
    assert '<option value="strike" selected>' in page
    assert re.search(r'data-path="attacking\.0\.red"[^>]*value="3"', page)
    strike = {"mission": "strike", "attacker": "coalition", "terrain": "urban",
              "attacking": [{"source": "lead", "name": "CAP", "red": 3, "unit": "support_unit"}],
              "defending": [{"source": "lead", "name": "Mob", "white": 2}, {"source": "resistance", "white": 1}],
              "rolls": {"attacking": {"red": [5, 6, 1], "white": [2]}, "defending": {"white": [1, 2, 3, 4, 5]}}}
    answer = client.post("/api/adjudicate/operation?game=battle-for-fallujah", json=strike)
    assert answer.status_code == 200, answer.get_json()
    player.roll("operation", **strike)
    version = player.state["version"]
    page = html.unescape(client.get(f"/games/{player.id}/calculator/operation?support=CAP&hex=2&recorded={version}")
                         .get_data(as_text=True))
    assert re.search(r"calculator/availability\?[^\"]*unit=CAP", page)
    actions = [json.loads(x) for x in re.findall(r"data-action='([^']+)'", page)]
    assert {"type": "operations_end", "rules": ["13.6.3"]} in actions
    availability = client.get(f"/games/{player.id}/calculator/availability?unit=CAP").get_data(as_text=True)
    assert re.search(r'data-path="availability_number"[^>]*value="3"', availability)


def test_moving_in_calls_for_the_level_of_resistance_and_its_marker_is_offered(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)
    assert "22.1" in player.effects()
    page = client.get(f"/games/{player.id}/calculator/level-of-resistance?hex=2").get_data(as_text=True)
    assert '<option value="urban" selected>' in page
    player.roll("level-of-resistance", terrain="urban", wanted_in_hex=False, wanted_adjacent=False, roll=4)
    version = player.state["version"]
    page = html.unescape(client.get(f"/games/{player.id}/calculator/level-of-resistance?hex=2&recorded={version}")
                         .get_data(as_text=True))
    actions = [json.loads(x) for x in re.findall(r"data-action='([^']+)'", page)]
    assert {"type": "hex", "hex": 2, "resistance": 2, "rules": ["22.1", "25.9"]} in actions
    assert "calculator/insurgent-reaction?" in page
    player.act("hex", hex=2, resistance=2)
    player.act("unit_move", unit="T-1-5", hex=2)
    assert "22.2" in player.effects()


def test_a_failed_search_calls_for_the_activation_and_contact_tables(client):
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)
    player.act("hex", hex=2, resistance=1, insurgents=["Mob"])
    search = {"mission": "search", "attacker": "coalition", "terrain": "urban",
              "attacking": [{"source": "lead", "name": "A/1/5", "white": 3}],
              "defending": [{"source": "lead", "name": "Mob", "white": 2}, {"source": "resistance", "white": 1}]}
    odds = client.post("/api/adjudicate/operation?game=battle-for-fallujah", json=search).get_json()
    pools = odds["pools"]
    rolls = {"attacking": {"white": [1] * pools["attacking"]["white"]},
             "defending": {"white": [6] * pools["defending"]["white"]}}
    player.roll("operation", **search, rolls=rolls)
    version = player.state["version"]
    page = html.unescape(client.get(f"/games/{player.id}/calculator/operation?hex=2&unit=A-1-5&recorded={version}")
                         .get_data(as_text=True))
    assert re.search(r"calculator/insurgent-activation\?[^\"]*hex=2", page)
    link = re.search(r'href="([^"]*calculator/contact\?[^"]*)"', page).group(1)
    assert "search_mof=" in link
    contact = client.get(link).get_data(as_text=True)
    mof = re.search(r"search_mof=(\d+)", link).group(1)
    assert re.search(rf'data-path="search_mof"[^>]*value="{mof}"', contact)


def test_an_amended_turn_roll_changes_what_the_companion_kept_while_its_step_is_open(client):
    player = Bff.new(client).keyed()
    player.roll("intelligence", pacified_modifier=0, roll=5)  # 1 Wanted! marker
    assert player.state["cup"]["nationalist"] == 1
    player.act("amend", amends=player.state["version"], input={"pacified_modifier": 0, "roll": 1})  # 2 markers
    assert player.state["cup"]["nationalist"] == 2 and player.state["wanted_roll"]["value"] == 2
    player.act("next_phase")
    player.act("chit_draw", chit="1/5")
    player.act("operations_end")
    player.act("chit_draw", chit="end_of_turn")
    player.act("chit_draw", chit="end_of_turn")
    player.act("pacified_modifier", modifier=0)
    player.act("next_step")
    player.roll("ceasefire", turn=1, political_pressure=0, roll=2)
    rolled = player.state["version"]
    body = player.refused_unchanged("amend", 400, amends=rolled, input={"turn": 1, "political_pressure": 0, "roll": 8})
    assert body["problems"][0]["field"] == "input.roll"
    player.act("amend", amends=rolled, input={"turn": 1, "political_pressure": 0, "roll": 5})
    assert player.state["ceasefire_roll"]["total"] == 5
    player.act("next_step")
    assert player.state["eot_step_name"] == "reinforcements"
    body = player.refused_unchanged("amend", amends=rolled, input={"turn": 1, "political_pressure": 0, "roll": 6})
    assert problem_rules(body) == ["14.2"]
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    again = client.post("/api/games/import", json=exported).get_json()
    assert again["ceasefire_roll"] == player.state["ceasefire_roll"] and again["cup"] == player.state["cup"]


#: an Industrial hex 1 between two hexes with Wanted! markers (11.3: the two are not adjacent)
WANTED_MAP: dict[str, Any] = {
    "hexes": [
        {"number": 1, "terrain": "industrial", "colour": "blue", "adjacent": [2, 3]},
        {"number": 2, "terrain": "urban", "colour": "yellow", "adjacent": [1]},
        {"number": 3, "terrain": "urban", "colour": "yellow", "adjacent": [1]},
    ],
}


def wanted_on_both_sides(client) -> Bff:
    player = Bff.new(client)
    player.act("key_map", map=WANTED_MAP)
    player.act("hex", hex=2, wanted=True)
    player.act("hex", hex=3, wanted=True)
    return player


@pytest.mark.parametrize("situation", ["level-of-resistance", "contact", "raid-defenders"])
def test_the_rolls_counting_wanted_markers_are_prefilled_with_the_count_of_adjacent_markers(client, situation):
    """22.1, 22.3 and 19: "+1 per Wanted! Marker in adjacent hexes": two adjacent markers prefill 2
    (a true/false there was dropped by the browser's number field, and with it both markers)."""
    player = wanted_on_both_sides(client)
    page = client.get(f"/games/{player.id}/calculator/{situation}?hex=1").get_data(as_text=True)
    assert re.search(r'data-path="wanted_adjacent"[^>]*value="2"', page), situation
    activation = client.get(f"/games/{player.id}/calculator/insurgent-activation?hex=1").get_data(as_text=True)
    assert re.search(r'data-path="wanted_adjacent"[^>]*checked', activation)  # 12.4.2.1: a marker adjacent, yes or no


#: an Insurgent Assault on A/1/5 in an Urban hex (one white Terrain die on each side, 17.1.6)
INSURGENT_ASSAULT: dict[str, Any] = {
    "mission": "assault", "attacker": "insurgency", "terrain": "urban",
    "attacking": [{"source": "lead", "name": "Mob", "white": 2}],
    "defending": [{"source": "lead", "name": "A/1/5", "white": 3, "unit": "combat_unit"}],
}


def _recorded_operation(client, player: Bff, rolls: dict[str, Any]) -> str:
    player.roll("operation", **INSURGENT_ASSAULT, rolls=rolls)
    version = player.state["version"]
    return html.unescape(client.get(f"/games/{player.id}/calculator/operation?hex=2&attacker=insurgency&recorded={version}")
                         .get_data(as_text=True))


def test_after_an_insurgent_assault_only_the_coalition_spends_a_margin_of_failure(client):
    """18.3: the Insurgency's success gains it VP and an Isolated Marker, and nothing is spent;
    18.6.1: its failure lets the Coalition spend the Margin of Failure on Insurgent steps."""
    player = Bff.new(client).keyed()
    player.act("unit_move", unit="A-1-5", hex=2)
    player.act("hex", hex=2, insurgents=["Mob"])
    won = _recorded_operation(client, player, {"attacking": {"white": [6, 6, 6]}, "defending": {"white": [1, 1, 1, 1]}})
    assert "VP -2: Insurgent assault" in won  # the recorded success's consequences (18.3.1)
    assert "spend-margin?" not in won and "Spend the Margin" not in won
    lost = _recorded_operation(client, player, {"attacking": {"white": [1, 1, 1]}, "defending": {"white": [6, 6, 6, 6]}})
    assert "The Coalition spends the Margin of Failure (4)" in lost
    link = re.search(r'href="([^"]*spend-margin\?[^"]*)"', lost)
    assert link is not None
    query = unquote(link.group(1))
    assert all(part in query for part in ("mission=assault", "attacker=insurgency", "margin=4", "hex=2")), query
    spend = client.get(link.group(1)).get_data(as_text=True)
    assert re.search(r'data-path="margin"[^>]*value="4"', spend)
    player.roll("spend-margin", mission="assault", attacker="insurgency", margin=4, spend={"insurgent_steps": 2})
