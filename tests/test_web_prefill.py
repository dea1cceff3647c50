"""The calculator's prefill from the game state and the consequences proposed after a roll."""

from __future__ import annotations

import pytest

import adjudicator
from web.games.phantom_fury.actions import parse_action
from web.games.phantom_fury.consequences import consequences
from web.games.phantom_fury.prefill import PrefillError, choose, prefill
from web.games.phantom_fury.rules import rules
from web.games.phantom_fury.state import Caat, GameState, Position

from .test_web_fixtures import ORDER_OF_BATTLE, START_ZONES, Player, sqlite_app  # noqa: F401 (fixture)


@pytest.fixture
def state(sqlite_app) -> GameState:  # noqa: F811
    """A game after setup, with Suspects in Zone 3 and Guerillas in Zone 4, and squad 1 placed in R."""
    client = sqlite_app.test_client()
    player = Player.new(client, **ORDER_OF_BATTLE)
    player.act("zone_counts", zone=3, suspects=2)
    player.act("zone_counts", zone=4, insurgents=1)
    player.act("unit_move", unit="squad-1", position={"zone": 2, "location": "R"})
    for zone in {2, *START_ZONES}:  # the squads fire from Zones under USMC Control (11.1)
        player.act("zone_control", zone=zone, side="usmc")
    return sqlite_app.extensions["fallujah.store"].state(player.id)


def _with_unit(state: GameState, unit_id: str, **changes) -> GameState:
    units = tuple(u.model_copy(update=changes) if u.id == unit_id else u for u in state.units)
    return state.model_copy(update={"units": units})


def test_fire_prefill_takes_cf_location_and_zone_type_from_the_state(state):
    data = prefill(state, "fire", choose(state, unit="squad-1", zone="3", location="C"))
    squad = state.unit("squad-1")
    assert data["shooter"] == {"unit": "squad", "cf": squad.cf, "location": "R",
                               "security_element_detached": False, "zone_controlled": True}
    assert data["target"] == {"unit": "suspect", "location": "C", "zone_number": 3, "zone": "normal"}
    assert data["phantom_fury"] is False
    assert adjudicator.adjudicate("fire", data).probabilities


def test_the_caat_ammo_is_the_players_choice_and_never_pre_ticked(state):
    """11.1.2.1: the CAAT's 'Ammo' marker "is used to provide a +2 modifier": the player decides
    to use it (a round spent); a squad with Ammo left is not prefilled as using it."""
    assert state.unit("squad-1").caat is not None and state.unit("squad-1").caat.ammo > 0
    data = prefill(state, "fire", choose(state, unit="squad-1", zone="3", location="C"))
    assert data["shooter"]["cf"] == state.unit("squad-1").cf  # the squad's own values are prefilled
    assert "caat_ammo" not in data["shooter"]  # the form's box starts unticked


def test_fire_prefill_says_when_the_squad_stands_in_a_zone_not_under_usmc_control(state):
    """11.1: the form reads the squad's Zone as not Controlled, so the adjudicator refuses it
    (the page warns and lets the player override)."""
    lost = state.model_copy(update={"zones": tuple(z.model_copy(update={"control": "insurgents"}) if z.number == 2 else z
                                                   for z in state.zones)})
    data = prefill(lost, "fire", choose(lost, unit="squad-1", zone="3", location="C"))
    assert data["shooter"]["zone_controlled"] is False
    with pytest.raises(adjudicator.InvalidSituation, match="11.1"):
        adjudicator.adjudicate("fire", data)


def test_target_defaults_to_the_insurgents_of_a_zone_without_suspects(state):
    data = prefill(state, "fire", choose(state, unit="squad-1", zone="4", location="R"))
    assert data["target"]["unit"] == "guerillas"


def test_reduced_squad_with_hero_gives_its_reduced_side_and_the_hero_separately(state):
    hurt = _with_unit(state, "squad-2", reduced=True, hero="silver_star", caat=Caat(ammo=0))
    squad = hurt.unit("squad-2")
    data = prefill(hurt, "fire", choose(hurt, unit="squad-2", zone="3", location="R"))
    assert data["shooter"]["cf"] == squad.cf - rules().step_loss_cf
    assert data["shooter"]["hero"] == "silver_star"
    assert "caat_ammo" not in data["shooter"]  # never pre-ticked (11.1.2.1)
    ied = prefill(hurt, "ied", choose(hurt, unit="squad-2"))
    assert ied == {"cf": squad.current_cf, "reduced": True, "ruleset": "en"}  # 13.5 counts the Hero in the CF


def test_security_element_detached_lowers_nothing_twice(state):
    out = _with_unit(state, "squad-1", security_element=Position(zone=2, location="C"))
    data = prefill(out, "pinned-recovery", choose(out, unit="squad-1"))
    assert data["security_element_detached"] is True
    assert data["cf"] == out.unit("squad-1").cf


def test_markers_of_the_target_zone_reach_the_assault(state):
    zones = tuple(z.model_copy(update={"phantom_fury": "0015", "fanaticism": True, "no_insurgents_event": True})
                  if z.number == 4 else z for z in state.zones)
    marked = state.model_copy(update={"zones": zones})
    data = prefill(marked, "assault", choose(marked, unit="squad-1", zone="4", location="1"))
    assert data["phantom_fury"] and data["fanaticism"] and data["no_insurgent_event"]
    assert data["defender"]["adjacent_zone"] is True
    assert data["attacker"]["explosives"] is False  # a choice of the player (13.7.1)


def test_zone_26_is_fortified_by_default(state):
    data = prefill(state, "suspect-activation", choose(state, zone="26"))
    assert data["zone"] == "fortified" and data["zone_number"] == 26


def test_victory_prefill_counts_the_ledger(state):
    data = prefill(state, "victory", choose(state))
    assert data["last_turn_played"] == 1 and data["variant"] == "standard"
    assert len(data["uncontrolled_zones"]) == 60 - len({2, *START_ZONES})  # every Zone but 27 (4.1.4), 2 and the start Zones (USMC)
    assert adjudicator.adjudicate("victory", data)


@pytest.mark.parametrize(("field", "query", "allowed"), [
    ("unit", {"unit": "squad-99"}, "a unit of this game"),
    ("zone", {"zone": "62"}, "a Zone number from 1 to 61"),
    ("zone", {"zone": "x"}, "a Zone number"),
    ("zone", {"zone": "¹"}, "a Zone number"),  # a digit to str.isdigit, not to int()
    ("location", {"location": "roof"}, "one of OG, C"),
    ("target", {"target": "tank"}, "one of suspect, guerillas, martyrs"),
])
def test_bad_choices_name_the_field_the_value_and_what_is_allowed(state, field, query, allowed):
    with pytest.raises(PrefillError) as caught:
        choose(state, **query)
    assert caught.value.field == field
    assert allowed in str(caught.value) and repr(next(iter(query.values()))) in str(caught.value)


def _payloads(found):
    return [c.payload() for c in found if c.action]


def _answer(situation, data):
    return adjudicator.adjudicate(situation, data).model_dump()


def test_fire_on_a_suspect_revealing_guerillas_proposes_fired_ammo_and_the_new_counts(state):
    choice = choose(state, unit="squad-1", zone="3", location="C")
    data = {**prefill(state, "fire", choice), "roll": 1, "activation": 7}
    data["shooter"]["caat_ammo"] = True  # the player uses the CAAT's 'Ammo' (11.1.2.1)
    found = consequences(state, "fire", data, _answer("fire", data), choice)
    payloads = _payloads(found)
    assert {"type": "unit_status", "unit": "squad-1", "status": "fired", "rules": ["11.3"]} in payloads
    assert {"type": "caat_ammo", "unit": "squad-1", "rules": ["11.1.2.1"]} in payloads
    assert {"type": "zone_counts", "zone": 3, "suspects": 1, "insurgents": 1, "rules": ["11.2.2"]} in payloads
    for payload in payloads:
        parse_action(payload)  # a valid action: 400 otherwise


def test_fire_hit_without_the_activation_roll_asks_for_it(state):
    choice = choose(state, unit="squad-1", zone="3", location="C")
    data = {**prefill(state, "fire", choice), "roll": 1}
    found = consequences(state, "fire", data, _answer("fire", data), choice)
    follow = [c for c in found if c.calculator]
    assert follow and follow[0].calculator == "suspect-activation" and follow[0].query["zone"] == 3


def test_guerillas_eliminated_by_fire_gain_a_vp(state):
    choice = choose(state, unit="squad-5", zone="4", location="R", target="guerillas")
    data = prefill(state, "fire", choice)
    data = {**data, "shooter": {**data["shooter"], "location": "R"}, "target": {**data["target"], "cf": 1}, "roll": 0}
    found = _payloads(consequences(state, "fire", data, _answer("fire", data), choice))
    assert {"type": "vp", "reason": "guerillas_eliminated", "count": 1, "rules": ["7.2.1"]} in found
    assert {"type": "zone_counts", "zone": 4, "suspects": 0, "insurgents": 0, "rules": ["11.2.2"]} in found
    assert not any(p["type"] == "caat_ammo" for p in found)  # squad 5 has no CAAT


def test_ied_step_loss_proposes_the_squad_or_its_caat(state):
    choice = choose(state, unit="squad-1")
    data = {**prefill(state, "ied", choice), "roll": 9}
    found = _payloads(consequences(state, "ied", data, _answer("ied", data), choice))
    assert [p["target"] for p in found if p["type"] == "unit_step_loss"] == ["squad", "caat"]


def test_no_roll_no_consequence(state):
    choice = choose(state, unit="squad-1")
    data = prefill(state, "ied", choice)
    assert consequences(state, "ied", data, _answer("ied", data), choice) == []


def test_every_proposed_action_is_accepted_by_the_game(sqlite_app):  # noqa: F811
    client = sqlite_app.test_client()
    player = Player.new(client, **ORDER_OF_BATTLE)
    player.act("zone_counts", zone=3, suspects=2)
    for zone in START_ZONES:
        player.act("zone_control", zone=zone, side="usmc")
    player.to_phase("fire")
    store = sqlite_app.extensions["fallujah.store"]
    state = store.state(player.id)
    choice = choose(state, unit="squad-1", zone="3", location="C")
    data = {**prefill(state, "fire", choice), "roll": 1, "activation": 7}
    data["shooter"] |= {"location": "R", "caat_ammo": True}  # the player uses the CAAT's 'Ammo' (11.1.2.1)
    for consequence in consequences(state, "fire", data, _answer("fire", data), choice):
        if consequence.action:
            player.act(type_=consequence.action["type"],
                       **{k: v for k, v in consequence.payload().items() if k != "type"})
    final = player.state
    assert player.unit("squad-1")["status"] == "fired"
    assert player.unit("squad-1")["caat"]["ammo"] == rules().caat_ammo - 1
    assert player.zone(3)["suspects"] == 1 and player.zone(3)["insurgents"] == 1
    assert final["can_undo"]


def test_assault_that_eliminates_guerillas_with_explosives_proposes_counts_vp_and_explosives(state):
    choice = choose(state, unit="squad-1", zone="4", location="1", target="guerillas")
    data = prefill(state, "assault", choice)
    data["attacker"].update(location="C", explosives=True)
    data["defender"].update(cf=3, zone="normal")
    data["rolls"] = {"usmc": 1, "insurgent": 5}
    found = _payloads(consequences(state, "assault", data, _answer("assault", data), choice))
    assert {"type": "zone_counts", "zone": 4, "suspects": 0, "insurgents": 0, "rules": ["13.4.2"]} in found
    assert {"type": "vp", "reason": "guerillas_eliminated", "count": 1, "rules": ["7.2.1"]} in found
    assert {"type": "caat_explosives", "unit": "squad-1", "rules": ["13.7.1"]} in found
    assert not any(p["type"] == "unit_step_loss" for p in found)


def test_assault_usmc_event_hero_proposes_the_hero_marker(state):
    choice = choose(state, unit="squad-5", zone="4", location="1", target="guerillas")
    data = {"attacker": {"cf": 6, "location": "C"}, "defender": {"unit": "guerillas", "cf": 3, "location": "1", "zone": "normal"},
            "rolls": {"usmc": 0, "insurgent": 5, "usmc_event": 3}}
    found = _payloads(consequences(state, "assault", data, _answer("assault", data), choice))
    assert {"type": "unit_hero", "unit": "squad-5", "rules": ["5.1.5.1"]} in found


def test_pinned_recovery_turns_the_squad_back(state):
    pinned = _with_unit(state, "squad-1", status="pinned")
    choice = choose(pinned, unit="squad-1")
    data = {**prefill(pinned, "pinned-recovery", choice), "roll": 0}
    answer = _answer("pinned-recovery", data)
    found = _payloads(consequences(pinned, "pinned-recovery", data, answer, choice))
    assert answer["result"]["outcome"] == "recovered"
    assert found == [{"type": "unit_status", "unit": "squad-1", "status": "ready", "rules": ["14.3.4"]}]


def test_sniper_pins_and_wounds_the_squad(state):
    choice = choose(state, unit="squad-5", zone="3")
    data = {**prefill(state, "sniper-fire", choice), "roll": 0}
    answer = _answer("sniper-fire", data)
    assert answer["result"]["outcome"] == "pinned_and_step_loss"
    found = _payloads(consequences(state, "sniper-fire", data, answer, choice))
    assert [p["type"] for p in found] == ["unit_step_loss", "unit_status"]


def test_postponed_mission_is_recorded_and_asks_for_the_reaction(state):
    choice = choose(state)
    data = {**prefill(state, "support-mission", choice), "roll": 9}
    answer = _answer("support-mission", data)
    assert answer["result"]["outcome"] == "postponed"
    found = consequences(state, "support-mission", data, answer, choice)
    assert found[0].payload() == {"type": "support_mission", "mission": "dragon_eye", "outcome": "postponed",
                                  "rules": ["9.2", "9.3"]}
    assert found[1].calculator == "insurgent-reaction"


def test_the_game_ruleset_is_the_calculators(state):
    assert prefill(state, "ied", choose(state, unit="squad-1"))["ruleset"] == "en"
    french = state.model_copy(update={"ruleset": "fr"})
    assert prefill(french, "fire", choose(french, unit="squad-1"))["ruleset"] == "fr"
