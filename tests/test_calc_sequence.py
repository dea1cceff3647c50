"""The calculator's sequence (issue 17, items 2, 5, 9) through the test client: the next rolls a
recorded roll calls for, unit Locations remembered from the log, the form's pickers (none on
Support Missions), the warning of a fire from a Zone not under USMC Control (11.1), the setup
checklist of the start Zones' 'Suspect' markers (6.2), and the other games' calculators still
opening."""

from __future__ import annotations

import re

import pytest

import adjudicator
from adjudicator import registry
from web.games.phantom_fury.consequences import consequences
from web.games.phantom_fury.prefill import choose, prefill
from web.games.phantom_fury.reminders import reminders
from web.games.phantom_fury.rules import rules

from .test_web_fixtures import ORDER_OF_BATTLE, START_ZONES, Player, app, client, sqlite_app  # noqa: F401 (fixtures)


@pytest.fixture
def player(sqlite_app) -> Player:  # noqa: F811
    """A game with 2 'Suspect' markers in Zone 7, squad 1 moved to Zone 6 (no Location said)."""
    game = Player.new(sqlite_app.test_client(), **ORDER_OF_BATTLE)
    game.act("zone_counts", zone=7, suspects=2)
    game.act("unit_move", unit="squad-1", position={"zone": 6})
    return game


def _state(flask_app, player: Player):
    return flask_app.extensions["fallujah.store"].state(player.id)


def _answer(situation: str, data: dict) -> dict:
    return adjudicator.adjudicate(situation, data).model_dump(mode="json")


def _fire(state, unit: str, roll: int, **extra) -> list:
    choice = choose(state, unit=unit, zone="7", location="1")
    data = {**prefill(state, "fire", choice), "roll": roll, **extra}
    data["shooter"] = {**data["shooter"], "location": "R", "zone_controlled": True}
    return consequences(state, "fire", data, _answer("fire", data), choice)


def _follow(found: list) -> list[str]:
    return [c.calculator for c in found if c.calculator]


def test_a_squad_s_fire_calls_for_no_sniper_attack_unless_an_activation_shows_one(sqlite_app, player):  # noqa: F811
    """11.4.1 with 5.3.3 ('0': "Sniper Attack [11.4.1] after Fire Combat") and the example of a game
    turn: squads #1 and #4 eliminate their targets and suffer none; #8 Activates a 'Suspect' with 0
    and "in return it undergoes a Sniper Attack"."""
    state = _state(sqlite_app, player)
    assert _follow(_fire(state, "squad-1", roll=9)) == []  # a miss
    # a hit on a 'Suspect' without its Activation roll: the Activation, which may show a Sniper
    assert _follow(_fire(state, "squad-1", roll=1)) == ["suspect-activation"]


def test_an_activation_revealing_a_sniper_calls_for_the_sniper_attack(sqlite_app, player):  # noqa: F811
    state = _state(sqlite_app, player)
    faces = {adjudicator.adjudicate("fire", {"shooter": {"cf": 4, "location": "R"}, "target": {
        "unit": "suspect", "location": "1", "zone": "normal"}, "roll": 1, "activation": face}).result.activation: face
        for face in range(10)}
    assert faces["sniper"] == 0  # in a Fire, the Activation's '0' is a Sniper Attack (5.3.3)
    # the result says so in words, the rule's number its link (never a calculator's slug)
    steps = adjudicator.adjudicate("fire", {"shooter": {"cf": 4, "location": "R"}, "target": {
        "unit": "suspect", "location": "1", "zone": "normal"}, "roll": 1, "activation": 0}).result.steps
    assert [step.en for step in steps if step.rule == "11.4.1"] == ["The squad may suffer a Sniper Attack."]
    assert not [step for step in steps if "sniper-fire" in step.en + step.fr]
    found = _fire(state, "squad-1", roll=1, activation=faces["sniper"])
    assert _follow(found) == ["sniper-fire"]
    sniper = next(c for c in found if c.calculator)
    assert sniper.query == {"unit": "squad-1", "zone": 7} and sniper.rules == ("11.4.1",)
    assert _follow(_fire(state, "squad-1", roll=1, activation=faces["guerillas"], drawn_cf=3)) == []


def test_no_sniper_attack_after_an_abrams_fires(sqlite_app, player):  # noqa: F811
    state = _state(sqlite_app, player)
    abrams = state.unit("squad-1").model_copy(update={"kind": "abrams", "id": "abrams-1"})
    state = state.model_copy(update={"units": (*state.units, abrams)})
    choice = choose(state, unit="abrams-1", zone="7", location="1")
    data = {**prefill(state, "fire", choice), "roll": 9}
    data["shooter"] = {**data["shooter"], "location": "street", "cf": 8}
    assert _follow(consequences(state, "fire", data, _answer("fire", data), choice)) == []


def test_a_postponed_support_mission_calls_for_the_insurgent_reaction(sqlite_app, player):  # noqa: F811
    state = _state(sqlite_app, player)
    data = {**prefill(state, "support-mission", choose(state))}
    for roll in range(10):
        answer = _answer("support-mission", {**data, "roll": roll})
        if answer["result"]["outcome"] == "postponed":
            found = consequences(state, "support-mission", {**data, "roll": roll}, answer, choose(state))
            assert _follow(found) == ["insurgent-reaction"]
            return
    pytest.fail("no face postpones the Mission")


def _page(client, url: str) -> str:  # noqa: F811
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:1000]
    return response.get_data(as_text=True)


def _selected(html: str, field_id: str) -> str | None:
    tag = re.search(rf'<select[^>]*id="{field_id}"[^>]*>(.*?)</select>', html, re.DOTALL)
    assert tag, field_id
    chosen = re.search(r'<option value="([^"]*)" selected>', tag.group(1))
    return chosen.group(1) if chosen else None


def test_a_unit_s_location_is_remembered_from_its_last_recorded_roll_until_it_moves(sqlite_app, player):  # noqa: F811
    web = sqlite_app.test_client()
    url = f"/games/{player.id}/calculator/fire?unit=squad-1&zone=7"
    assert _selected(_page(web, url), "f-shooter-location") is None  # never said
    player.to_phase("fire")
    data = {"shooter": {"cf": 5, "location": "OG"}, "target": {"unit": "suspect", "location": "1", "zone": "normal"},
            "roll": 9}
    player.act("adjudication", situation="fire", input=data, rolls_by="player")
    player.act("unit_status", unit="squad-1", status="fired", rules=["11.3"])
    assert _selected(_page(web, url), "f-shooter-location") == "OG"
    assert "Zone 6 OG" in _page(web, url)  # the unit picker says it too
    player.act("unit_move", unit="squad-1", position={"zone": 6})
    assert _selected(_page(web, url), "f-shooter-location") is None  # it moved: forgotten


def test_one_form_no_picker_on_top_and_none_on_support_missions(sqlite_app, player):  # noqa: F811
    web = sqlite_app.test_client()
    fire = _page(web, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=7")
    assert "calc-pick" not in fire and 'id="pick-unit"' in fire and 'id="pick-location"' not in fire
    assert re.search(r'id="f-target-zone_number"[^>]*data-query="zone"', fire)
    # who comes before the target, the target before the situation's modifiers, the dice last
    order = [fire.index(s) for s in ('id="pick-unit"', 'id="f-shooter-cf"', 'id="f-target-unit"',
                                     'id="f-phantom_fury"', 'id="f-roll"')]
    assert order == sorted(order)
    support = _page(web, f"/games/{player.id}/calculator/support-mission")
    assert "pick-" not in support and "calc-who" not in support and "calc-pick" not in support
    # nothing required is left out of the Record button's reach: hidden until the dice
    assert re.search(r'<button[^>]*id="calc-record"[^>]*hidden', fire)
    assert re.search(r'id="f-shooter-location"[^>]*data-required', fire)
    assert not re.search(r'id="f-roll"[^>]*data-required', fire)  # a die is not needed for the odds


def test_fire_from_a_zone_not_under_usmc_control_is_warned_with_its_rule(sqlite_app, player):  # noqa: F811
    web = sqlite_app.test_client()
    html = _page(web, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=7")
    assert "calc-warning" in html and "Zone 6, which is not under USMC Control" in html
    assert "shooter.zone_controlled" in html and 'href="/rule/en/11.1' in html
    player.act("zone_control", zone=6, side="usmc")
    assert "calc-warning" not in _page(web, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=7")


def test_setup_checklist_lists_the_start_zones_with_suspects_and_their_activation_reads_setup(sqlite_app, player):  # noqa: F811
    player.act("zone_counts", zone=START_ZONES[0], suspects=2)
    player.act("zone_counts", zone=START_ZONES[1], suspects=1)
    state = _state(sqlite_app, player)
    found = [r for r in reminders(state, rules()) if r.key == "setup-suspects"]
    assert len(found) == 1 and found[0].zones == (START_ZONES[0], START_ZONES[1]) and found[0].rules == ("6.2", "5.3.3")
    data = prefill(state, "suspect-activation", choose(state, zone=str(START_ZONES[0])))
    assert data["context"] == "setup"
    assert prefill(state, "suspect-activation", choose(state, zone="7"))["context"] == "fire"  # not a start Zone
    player.to_phase("reinforcements")
    assert not [r for r in reminders(_state(sqlite_app, player), rules()) if r.key == "setup-suspects"]


@pytest.mark.parametrize("game", [g for g in registry.games() if g != "phantom-fury"])
def test_the_other_games_calculators_still_open(client, game):  # noqa: F811
    for situation in registry.situations(game):
        html = _page(client, f"/calculator/{situation}?game={game}")
        assert 'id="calc"' in html and 'id="calc-summary"' in html


def test_setup_activations_chain_from_one_start_zone_suspect_to_the_next(sqlite_app, player):  # noqa: F811
    """6.2: each recorded setup Activation offers the next: the same Zone while it holds another
    'Suspect' marker, then the next start Zone holding one, then nothing."""
    first, second = START_ZONES[0], START_ZONES[1]
    player.act("zone_counts", zone=first, suspects=2)
    player.act("zone_counts", zone=second, suspects=1)
    state = _state(sqlite_app, player)

    def after(zone: int, face: int, s=state) -> list:
        choice = choose(s, zone=str(zone))
        data = {**prefill(s, "suspect-activation", choice), "roll": face}
        assert data["context"] == "setup"
        found = consequences(s, "suspect-activation", data, _answer("suspect-activation", data), choice)
        return [c.query for c in found if c.calculator == "suspect-activation"]

    assert after(first, 0) == [{"zone": first}]  # a '0' is a Dummy (6.2): one left here
    player.act("zone_counts", zone=first, suspects=1)
    state = _state(sqlite_app, player)
    assert after(first, 0, state) == [{"zone": second}]
    player.act("zone_counts", zone=first, suspects=0)
    state = _state(sqlite_app, player)
    assert after(second, 0, state) == []
