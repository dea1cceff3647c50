"""Second Fallujah's companion through the JSON API and the store (SQLite; PostgreSQL too when
TEST_DATABASE_URL is set): setup (11.1), keying the map and counters, a Coalition impulse with a
recorded attack, the bot's casualty allocation confirmed and applied (15), undo and redo, the
bot's impulse choosing an attack target with its trace (14, 14.1), the phases with Infiltration
(9.2) and Reset (4.4), the VP total (1.1), and bad input refused naming field, value and rule."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from web import games as registry

pytest_plugins = ["tests.test_web_fixtures"]

A18 = "a_company_1st_battalion_8th_marine_regiment"
B18 = "b_company_1st_battalion_8th_marine_regiment"
COUNTERS = {A18: {"cf": 4, "cf_spent": 2, "mf": 5}, B18: {"cf": 4, "cf_spent": 2, "mf": 5},
            "fedayeen": {"cf": 3, "cf_spent": 1}, "cadre": {"cf": 2, "cf_spent": 1}, "militia": {"cf": 1, "cf_spent": 0}}


class Game:
    """A game driven through the API, always sending the version it last saw."""

    def __init__(self, client: Any, **setup: Any):
        self.client = client
        answer = client.post("/api/games", json={"game": "second-fallujah", **setup})
        assert answer.status_code == 201, answer.get_json()
        self.state = answer.get_json()

    @property
    def id(self) -> str:
        return self.state["id"]

    def act(self, expect: int = 200, **action: Any) -> dict[str, Any]:
        answer = self.client.post(f"/api/games/{self.id}/actions", json={**action, "expected_version": self.state["version"]})
        assert answer.status_code == expect, answer.get_json()
        if expect == 200:
            self.state = answer.get_json()
        return answer.get_json()

    def take_back(self, what: str, status: int = 200) -> dict[str, Any]:
        answer = self.client.post(f"/api/games/{self.id}/{what}", json={"expected_version": self.state["version"]})
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            self.state = answer.get_json()
        return answer.get_json()

    def unit(self, unit_id: str) -> dict[str, Any]:
        return next(u for u in self.state["units"] if u["id"] == unit_id)

    def bot_confirm(self, **override: Any) -> dict[str, Any]:
        from web.games.second_fallujah import bot
        from web.games.second_fallujah.state import GameState

        store = self.client.application.extensions["fallujah.store"]
        state: GameState = store.state(self.id)
        turn = bot.evaluate(state)
        assert turn is not None and turn.answer and turn.answer["decision"], turn
        body = dict(turn.input)
        if override:
            body["override"] = override
        return self.act(type="adjudication", situation=turn.situation, input=body)


def coalition_in_19(client: Any) -> Game:
    """Nov 8, the first Coalition impulse (11.2): areas 18 and 19 keyed, a Fedayeen beside the
    Cadre of mosque area 19 (11.1), a Militia in area 18, two Marine companies enter area 19."""
    game = Game(client, name="API test", map={"format": "second-fallujah-map", "counters": COUNTERS})
    game.act(type="key_area", area=19, tem=3, adjacent=[18, 20, 24], rules=["2.1", "2.2"])
    game.act(type="key_area", area=18, tem=2, adjacent=[19, 24, 25])
    game.act(type="unit_place", unit_type="fedayeen", area=19)
    game.act(type="unit_place", unit_type="militia", area=18)
    game.act(type="activate", where="ne_entry_zone")
    game.act(type="unit_move", unit=A18, to=19, cost=4)
    game.act(type="unit_move", unit=B18, to=19, cost=4)
    return game


def test_setup_follows_11_1(client):
    game = Game(client, name="Nov 8")
    s = game.state
    assert (s["turn"], s["phase"], s["impulse"], s["side"]) == (8, "action", 0, "coalition")
    assert all(a["control"] == "insurgent" for a in s["areas"]) and len(s["areas"]) == 51
    coalition = [u for u in s["units"] if u["side"] == "coalition"]
    assert len(coalition) == 53
    assert sum(u["location"] == "nw_entry_zone" for u in coalition) == 29
    assert sum(u["location"] == "ne_entry_zone" for u in coalition) == 23
    cadre = sorted(u["location"] for u in s["units"] if u["type"] == "cadre")
    assert len(cadre) == 17 and 40 in cadre and 45 in cadre and 36 not in cadre
    assert s["advantage"] == {"owner": "coalition", "available": True} and s["political_backlash"] == 0
    # 1.1 with 17 Cadre and no Fedayeen yet: 17 x 2 + 15 + 11 + 2 + 1
    assert s["vp"] == 63
    assert s["printed_lists"]["jolan-areas"]["areas"] == [40, 45] and s["printed_lists"]["jolan-areas"]["rule"]
    assert s["printed_lists"]["ne_entry_zone"]["areas"] == [18, 19, 24, 25]


def test_a_coalition_attack_then_the_bot_allocates_casualties_and_undo_takes_the_allocation_back(client):
    game = coalition_in_19(client)
    assert game.unit(A18)["mp_left"] == 1
    attack = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4}, "supporting": [{"type": "infantry", "nationality": "usmc"}],
              "defenders": [{"type": "cadre", "cf": 2}, {"type": "fedayeen", "cf": 3}], "tem": 3, "mosque": True, "area": 19,
              "impulse": 0, "rolls": {"offense": 9, "defense": 5}}
    game.act(type="adjudication", situation="coalition-attack", input=attack)
    combat = game.state["combat"]
    assert combat["area"] == 19 and combat["outcome"] == "success" and combat["insurgent_cp"] == 3
    assert game.state["end_roll_made"] is True and game.state["can_undo"] is False
    bot = game.state["bot"]
    assert bot["situation"] == "bot-casualties" and bot["decision"]["lead"] == "fedayeen-1"
    assert [e["rule"] for e in bot["trace"]][:2] == ["15", "15"]
    game.bot_confirm()
    assert game.state["bot_last"]["situation"] == "bot-casualties"
    # 16: the retreating Fedayeen needs the TEM of the adjacent areas the bot compares
    [retreat] = game.state["retreats"]
    assert retreat["unit"] == "fedayeen-1" and [n["field"] for n in retreat["needs"]] == ["areas.20.tem", "areas.24.tem"]
    assert game.state["follow_ups"] == []
    game.act(type="key_area", area=20, tem=3)
    game.act(type="key_area", area=24, tem=2)
    assert game.state["retreats"][0]["to"] == 20  # 16, criterion 3: the Free area with TEM 3
    [follow] = game.state["follow_ups"]
    assert follow["action"]["type"] == "casualties"
    before = [(u["id"], u["location"], u["status"]) for u in game.state["units"] if u["side"] == "insurgent"]
    game.act(**follow["action"])
    after = [(u["id"], u["location"], u["status"]) for u in game.state["units"] if u["side"] == "insurgent"]
    assert after != before and game.state["combat"]["allocated"] is True and game.state["follow_ups"] == []
    game.take_back("undo")
    assert [(u["id"], u["location"], u["status"]) for u in game.state["units"] if u["side"] == "insurgent"] == before
    assert game.state["combat"]["allocated"] is False and game.state["follow_ups"][0]["action"] == follow["action"]
    # the two TEMs keyed go back too; the confirmed decision and the recorded roll stay: undo stops there
    game.take_back("undo")
    game.take_back("undo")
    assert game.take_back("undo", status=422)["problems"][0]["field"] == "undo"
    for _ in range(3):
        game.take_back("redo")
    assert game.state["combat"]["allocated"] is True


def test_the_bot_chooses_an_attack_target_with_its_trace_and_the_attack_is_declared(client):
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    assert (game.state["impulse"], game.state["side"]) == (1, "insurgent")
    assert game.unit(A18)["status"] == "spent" and game.state["areas"][18]["control"] == "insurgent"
    bot = game.state["bot"]
    assert bot["situation"] == "bot-impulse" and bot["decision"] is None
    assert [n["field"] for n in bot["needs"]] == ["dice.step2"]
    game.act(type="bot_die", field="dice.step2", faces=[2], rules=["14"])
    bot = game.state["bot"]
    assert bot["decision"]["action"] == "attack" and bot["decision"]["target"] == 19 and bot["decision"]["origin"] == 18
    criteria = [(e["rule"], e["criterion"]) for e in bot["trace"]]
    assert ("14", "attack") in criteria and ("14.1", "only_spent") in criteria
    kept = {e["criterion"]: e["kept"] for e in bot["trace"]}
    assert kept["attack"] == [19] and kept["only_spent"] == [19]
    # a die stays: entering it again is refused, and it is not undone
    game.act(expect=422, type="bot_die", field="dice.step2", faces=[6])
    game.bot_confirm()
    assert game.state["bot_last"]["decision"]["target"] == 19 and game.state["bot"] is None
    [follow] = game.state["follow_ups"]
    game.act(**follow["action"])
    assert game.state["activated"] == 18 and game.state["follow_ups"] == []


def test_an_override_needs_a_reason_and_is_logged(client):
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="bot_die", field="dice.step2", faces=[1])
    from web.games.second_fallujah import bot
    from web.games.second_fallujah.state import GameState

    state: GameState = client.application.extensions["fallujah.store"].state(game.id)
    body = {**bot.evaluate(state).input, "override": {"choice": 19, "point": "attack_target"}}  # type: ignore[union-attr]
    refused = game.act(expect=400, type="adjudication", situation="bot-impulse", input=body)
    assert "override.reason" in refused["error"] and "12.2" in refused["error"]
    game.bot_confirm(choice=19, point="attack_target", reason="the table agreed to press area 19")
    assert game.state["bot_last"]["override_reason"] == "the table agreed to press area 19"
    log = client.get(f"/api/games/{game.id}/log").get_json()["events"]
    assert "overridden: the table agreed" in log[-1]["effects"][0]["text"]


def test_app_rolls_a_d6_for_the_bot_and_rolled_again_it_is_the_same(client):
    """The app's dice are seeded per game (web.randomness): the roll can be undone, nothing before
    it, and rolled again it shows the same face."""
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="roll", dice=1, die="d6", purpose="bot:dice.step2", rules=["12.2"])
    faces = game.state["bot_dice"]["dice.step2"]
    assert len(faces) == 1 and 1 <= faces[0] <= 6
    assert game.state["can_undo"] is True
    game.take_back("undo")
    assert "dice.step2" not in game.state["bot_dice"] and game.state["can_undo"] is False
    game.act(type="roll", dice=1, die="d6", purpose="bot:dice.step2", rules=["12.2"])
    assert game.state["bot_dice"]["dice.step2"] == faces
    refused = game.act(expect=400, type="roll", dice=1, die="d10", purpose="bot:dice.step1")
    assert "die" in refused["error"]


def test_phases_infiltration_and_reset(client):
    game = coalition_in_19(client)
    game.act(type="area_control", area=25, side="coalition")  # ungarrisoned, adjacency not keyed
    game.act(type="end_impulse")
    game.act(type="end_impulse", passed=True)  # the bot's impulse passed at the table
    game.act(type="end_roll", ends=True)
    game.act(type="end_impulse")
    assert game.state["phase"] == "regroup"
    game.act(type="next_phase")
    assert game.state["phase"] == "infiltration"
    refused = game.act(expect=422, type="next_phase")
    assert "map" in refused["error"] and "25" in refused["error"] and "9.2" in refused["error"]
    game.act(type="key_area", area=25, adjacent=[18, 24])
    game.act(type="next_phase")
    assert game.state["areas"][24]["control"] == "insurgent" and game.state["phase"] == "reset"
    game.act(type="advantage", use="mulligan")
    assert game.state["advantage"] == {"owner": "insurgent", "available": False}
    game.act(type="next_phase")
    s = game.state
    assert (s["turn"], s["phase"], s["impulse"], s["side"]) == (9, "action", 1, "insurgent")
    assert s["advantage"] == {"owner": "insurgent", "available": True}
    assert game.unit(A18)["status"] == "fresh"


def test_the_coalition_impulse_needs_its_end_roll(client):
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="end_impulse", passed=True)
    refused = game.act(expect=422, type="end_impulse")
    assert "4.1.4" in refused["error"]


def test_map_and_counters_export_and_reuse(client):
    game = coalition_in_19(client)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "second-fallujah-map.json" in page
    from web.games.second_fallujah.pages import map_file

    keyed = map_file(client.application.extensions["fallujah.store"].state(game.id))
    assert keyed["areas"]["19"] == {"tem": 3, "adjacent": [18, 20, 24]} and keyed["counters"][A18]["cf"] == 4
    other = Game(client, name="reuse", map=keyed)
    assert other.state["map"][18] == {"tem": 3, "adjacent": [18, 20, 24]}
    third = Game(client, name="import later")
    third.act(type="key_map", map=keyed)
    assert third.state["counters"]["fedayeen"]["cf"] == 3


@pytest.mark.parametrize(("action", "field"), [
    ({"type": "key_area", "area": 52, "tem": 1}, "area"),
    ({"type": "key_area", "area": 3, "tem": 5}, "tem"),
    ({"type": "key_counter", "key": "fedayeen", "values": {"cf": 12}}, "values.cf"),
    ({"type": "unit_move", "unit": "cadre-1", "to": 0}, "to"),
    ({"type": "unit_place", "unit_type": "fedayeen", "area": 7, "count": 9}, "count"),
])
def test_malformed_actions_are_refused_naming_the_field(client, action, field):
    game = Game(client)
    refused = game.act(expect=400, **action)
    assert any(p["field"].startswith(field) for p in refused["problems"]), refused


def test_refusals_name_the_rule(client):
    game = Game(client)
    refused = game.act(expect=422, type="key_counter", key="nobody", values={"cf": 1})
    assert "map.counters.nobody" in refused["error"]
    game.act(type="unit_place", unit_type="fedayeen", area=7, count=7)  # with the Cadre of mosque area 7: 8
    refused = game.act(expect=422, type="unit_place", unit_type="fedayeen", area=7)
    assert "at most 8" in refused["error"] and refused["problems"][0]["rule"] == "5"
    refused = game.act(expect=422, type="unit_status", unit="cadre-1", dug_in=True)
    assert refused["problems"][0]["rule"] == "4.1.1"


def test_the_sample_game_imports_and_is_a_game_of_second_fallujah(client):
    events = registry.companion("second-fallujah").sample()  # type: ignore[misc]
    answer = client.post("/api/games/import", json={"format": "fallujah-game", "format_version": 2,
                                                   "game": "second-fallujah", "events": events})
    assert answer.status_code == 201, answer.get_json()
    state = answer.get_json()
    assert state["game"] == "second-fallujah" and state["turn"] == 9 and state["political_backlash"] == 1


def test_pages_and_every_calculator_situation_render_for_a_game(client):
    game = coalition_in_19(client)
    assert client.get(f"/games/{game.id}").status_code == 200
    assert client.get(f"/games/{game.id}?area=19").status_code == 200
    assert client.get(f"/games/{game.id}?area=99").status_code == 404
    listing = client.get(f"/games/{game.id}/calculator").get_data(as_text=True)
    from adjudicator import registry as situations

    for name in situations.situations("second-fallujah"):
        assert f"/calculator/{name}" in listing
        page = client.get(f"/games/{game.id}/calculator/{name}?area=19")
        assert page.status_code == 200, name
    attack = client.get(f"/games/{game.id}/calculator/coalition-attack?area=19").get_data(as_text=True)
    assert 'data-path="lead.cf"' in attack and 'value="4"' in attack
    assert client.get(f"/games/{game.id}/calculator/coalition-attack?area=x").status_code == 400


def test_the_first_coalition_unit_entering_an_insurgent_area_triggers_the_bots_reaction(client):
    game = coalition_in_19(client)
    assert game.state["reaction"]["area"] == 19  # A Company entered first; B Company triggered nothing more
    bot = game.state["bot"]
    assert bot["situation"] == "bot-reaction"
    # 17: 1D6 for the Fresh Fedayeen of the area, 2D6 for its Cadre and for each Cadre in a Free adjacent area
    assert [n["field"] for n in bot["needs"]] == ["dice.fedayeen.fedayeen-1", "dice.cadre.cadre-5",
                                                  "dice.cadre.cadre-4", "dice.cadre.cadre-7"]
    for field, face in (("dice.fedayeen.fedayeen-1", 6), ("dice.cadre.cadre-5", 9), ("dice.cadre.cadre-4", 8),
                        ("dice.cadre.cadre-7", 3)):
        game.act(type="bot_die", field=field, faces=[face])
    reactions = {r["unit"]: r for r in game.state["bot"]["decision"]["reactions"]}
    assert reactions["fedayeen-1"]["result"] == "dug_in" and reactions["cadre-5"]["printed"] == "+F"
    game.bot_confirm()
    [follow] = game.state["follow_ups"]
    assert follow["action"]["dug_in"] == ["fedayeen-1"] and len(follow["action"]["placed"]) == 3
    game.act(**follow["action"])
    assert game.unit("fedayeen-1")["dug_in"] is True and game.state["reaction"] is None
    assert sorted(u["id"] for u in game.state["units"] if u["location"] == 19 and u["side"] == "insurgent") == [
        "cadre-5", "fedayeen-1", "fedayeen-2", "militia-2", "militia-3"]
    game.take_back("undo")
    assert game.state["reaction"]["decision"] is not None and game.unit("fedayeen-1")["dug_in"] is False


def test_the_bots_set_up_asks_every_tem_then_rolls_for_tem_2_and_3_and_places_its_fedayeen(client):
    """13: a Fedayeen in each TEM 4 area, a roll for each TEM 2 or 3 area (6 on TEM 2, 4-6 on TEM 3)."""
    tems = {str(a): {"tem": 1} for a in range(1, 52)}
    tems.update({"5": {"tem": 4}, "12": {"tem": 2}, "30": {"tem": 3}})
    game = Game(client, map={"format": "second-fallujah-map", "areas": tems})
    bot = game.state["bot"]
    assert bot["situation"] == "bot-setup" and [n["field"] for n in bot["needs"]] == ["dice.rolls.12", "dice.rolls.30"]
    game.act(type="bot_die", field="dice.rolls.12", faces=[5])
    game.act(type="bot_die", field="dice.rolls.30", faces=[4])
    assert game.state["bot"]["decision"]["fedayeen"] == 2
    game.bot_confirm()
    [follow] = game.state["follow_ups"]
    assert follow["action"] == {"type": "bot_setup", "fedayeen": [5, 30], "rules": ["13"]}
    game.act(**follow["action"])
    assert sorted(u["location"] for u in game.state["units"] if u["type"] == "fedayeen") == [5, 30]
    assert game.state["bot"] is None and game.state["follow_ups"] == []
    # without TEMs keyed, the bot asks for each of the 51 (never guessed)
    other = Game(client)
    assert len(other.state["bot"]["needs"]) == 51 and other.state["bot"]["needs"][0]["field"] == "areas.1.tem"


def test_every_situation_opens_in_the_free_calculator(client):
    from adjudicator import registry as situations

    names = list(situations.situations("second-fallujah"))
    assert {"coalition-attack", "insurgent-attack", "fire-mission", "movement-cost", "end-of-action-phase", "fedayeen-reaction",
            "cadre-reaction", "insurgent-setup", "casualty-allocation", "victory", "bot-impulse"} <= set(names)
    listing = client.get("/calculator/?game=second-fallujah").get_data(as_text=True)
    for name in names:
        assert f"/calculator/{name}" in listing
        assert client.get(f"/calculator/{name}?game=second-fallujah").status_code == 200, name


def test_reset_keeps_spent_what_the_friction_limit_forces_in_solitaire_play(client):
    """4.4 with 5.1: in area 7, the Cadre and four Fresh Fedayeen, two Spent Fedayeen: both stay Spent."""
    game = Game(client)
    game.act(type="unit_place", unit_type="fedayeen", area=7, count=6)
    for unit in ("fedayeen-5", "fedayeen-6"):
        game.act(type="unit_status", unit=unit, status="spent")
    game.act(type="end_roll", ends=True)
    game.act(type="end_impulse")  # impulse 0 to 1 (11.2)
    game.act(type="next_phase")
    game.act(type="next_phase")
    game.act(type="next_phase")
    assert game.state["phase"] == "reset"
    game.act(type="next_phase")
    assert game.state["turn"] == 9
    assert [game.unit(u)["status"] for u in ("fedayeen-5", "fedayeen-6")] == ["spent", "spent"]


def _attack_19(game: Game, offense: int, defense: int) -> None:
    attack = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4}, "supporting": [{"type": "infantry", "nationality": "usmc"}],
              "defenders": [{"type": "cadre", "cf": 2}, {"type": "fedayeen", "cf": 3}], "tem": 3, "mosque": True, "area": 19,
              "impulse": 0, "rolls": {"offense": offense, "defense": defense}}
    game.act(type="adjudication", situation="coalition-attack", input=attack)


def test_the_bot_takes_its_mulligan_before_the_result_is_final(client):
    """15 step 3: the bot holds the Advantage, the rolls differ by 4 or more, two Fedayeen or Cadre eliminated."""
    game = coalition_in_19(client)
    game.act(type="advantage", use="heroic_effort")  # the Coalition's: it passes to the Insurgent, Used box
    game.act(type="key_area", area=20, tem=3)
    game.act(type="key_area", area=24, tem=2)
    _attack_19(game, 12, 2)  # 17 against 8: 9 CP, an Overrun
    assert game.state["bot"]["situation"] == "bot-casualties"
    game.bot_confirm()
    # the Advantage is in the Used box: no Mulligan asked, the allocation is ready
    assert game.state["bot"]["situation"] != "bot-mulligan" and game.state["follow_ups"][0]["action"]["type"] == "casualties"
    assert game.state["follow_ups"][0]["action"]["overrun"] is True


def test_the_mulligan_is_asked_when_the_bot_holds_the_available_advantage(client):
    game = Game(client, map={"format": "second-fallujah-map", "counters": COUNTERS})
    game.act(type="advantage", use="heroic_effort")  # the Coalition uses it: the Insurgent's, in the Used box
    game.act(type="end_impulse", passed=True)  # Nov 8, impulse 0 (11.2)
    game.act(type="end_impulse", passed=True)  # impulse 1, the Insurgent passes too: the Phase ends (4.1.4)
    game.act(type="end_impulse", passed=True)  # after this Coalition impulse
    assert game.state["phase"] == "regroup"
    for _ in range(3):
        game.act(type="next_phase")
    assert (game.state["turn"], game.state["advantage"]) == (9, {"owner": "insurgent", "available": True})
    game.act(type="unit_place", unit_type="fedayeen", area=19)
    game.act(type="key_area", area=19, tem=3, adjacent=[18, 20, 24])
    game.act(type="end_impulse", passed=True)  # the bot's impulse, passed at the table
    game.act(type="unit_move", unit=A18, to=25, rules=["4.2"])  # placed near by hand, then the impulse
    game.act(type="unit_move", unit=A18, to=19, cost=4)
    game.act(type="unit_move", unit=B18, to=19, rules=["4.2"])
    _attack_19(game, 12, 2)  # 17 against 8: 9 CP, an Overrun: the Cadre and the Fedayeen eliminated
    game.bot_confirm()
    bot = game.state["bot"]
    assert bot["situation"] == "bot-mulligan" and bot["decision"]["mulligan"] is True
    assert [e["criterion"] for e in bot["trace"]] == ["has_advantage", "roll_difference", "two_eliminated"]
    assert game.state["follow_ups"] == []  # the allocation waits for the Mulligan
    # the page shows what confirming the Mulligan applies, sent in the same tap (issue 24, item 5)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    then = re.search(r"data-then='([^']+)'", page)
    assert then is not None and json.loads(html.unescape(then.group(1)))["steps"] == [
        {"type": "advantage", "use": "mulligan", "rules": ["15", "10.1"]}]
    game.bot_confirm()
    [follow] = game.state["follow_ups"]
    assert follow["action"] == {"type": "advantage", "use": "mulligan", "rules": ["15", "10.1"]}
    game.act(**follow["action"])
    assert game.state["combat"] is None and game.state["advantage"] == {"owner": "coalition", "available": False}


def test_a_two_player_game_has_no_bot_and_a_reaction_retreat_makes_the_unit_spent(client):
    game = Game(client, variant="two_player")
    assert game.state["bot"] is None
    moved = game.act(type="unit_move", unit=A18, to=18, cost=2)
    assert any(e["rule"] == "4.1.3" for e in moved["effects"]) and game.state["bot"] is None
    game.act(type="reaction", area=18, retreats=[{"unit": "cadre-4", "to": 24}], rules=["4.1.3"])
    assert game.unit("cadre-4")["location"] == 24 and game.unit("cadre-4")["status"] == "spent"  # 4.1.3, not 12.1
    assert client.get(f"/games/{game.id}").status_code == 200
