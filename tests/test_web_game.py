"""The game model: VP ledger against the rulebook's scale, victory levels, turn limits,
reinforcements, the Reorganisation Phase's automatic steps, and refusals citing the rules."""

from __future__ import annotations

import pytest

from rules_text import load_game
from web.games.phantom_fury.rules import rules

from .test_web_fixtures import ORDER_OF_BATTLE, START_ZONES, Player

pytest_plugins = ["tests.test_web_fixtures"]

SCALE = {row.result: row.value for row in load_game().tables["vp-scale"].rows}


@pytest.fixture
def player(client):
    return Player.new(client, **ORDER_OF_BATTLE)


def test_setup_places_the_order_of_battle(player):
    state = player.state
    squads = [u for u in state["units"] if u["kind"] == "squad"]
    assert len([u for u in squads if u["where"] == "map"]) == 9
    assert sum(u["caat"] is not None for u in squads) == 4
    assert all(u["caat"]["ammo"] == 4 and u["caat"]["explosives"] for u in squads if u["caat"])
    assert [u["id"] for u in state["units"] if u["where"] == "reinforcements"] == [
        "squad-10", "squad-11", "squad-12", "squad-13", "squad-14", "squad-15", "iif-1", "iif-2", "iif-3", "abrams-1"]
    assert {z["number"] for z in state["zones"] if z["activation"] == "start"} == set(START_ZONES)
    assert player.zone(26)["nature"] == "fortified" and player.zone(27)["control"] is None
    assert player.unit("iif-1")["cf"] == 4 and player.unit("abrams-1")["cf"] == 8


def test_setup_lists_every_problem_at_once(client):
    response = client.post("/api/games", json={
        "strong_points": 2, "start_zones": [1, 2, 26],
        "squads": [{"counter": 1, "cf": 9, "zone": 1}], "company": [{"counter": 1, "cf": 5}]})
    assert response.status_code == 422
    fields = {p["field"] for p in response.get_json()["problems"]}
    assert {"start_zones", "squads", "company", "counter"} <= fields
    assert client.post("/api/games", json={"strong_points": 5}).status_code == 400


def test_historical_variant_has_two_abrams_and_13_turns(client):
    player = Player.new(client, variant="historical")
    assert player.state["last_turn"] == 13
    assert [u["id"] for u in player.state["units"] if u["kind"] == "abrams"] == ["abrams-1", "abrams-2"]


def test_squad_reduced_then_eliminated_costs_7_vp(player):
    """7.2.1: 'a USMC squad which is reduced and then eliminated incurs a loss of 7 VPs'."""
    player.to_phase("fire")
    player.act("unit_step_loss", unit="squad-1")
    assert player.state["vp"] == SCALE["squad_reduced"] == -2
    player.act("unit_step_loss", unit="squad-1")
    assert player.state["vp"] == SCALE["squad_reduced"] + SCALE["squad_eliminated"] == -7
    squad = player.unit("squad-1")
    assert squad["where"] == "eliminated" and squad["caat"] is None


def test_squad_eliminated_outright_costs_5_vp(player):
    player.act("unit_eliminate", unit="squad-2")
    assert player.state["vp"] == -5
    assert [e["rule"] for e in player.state["effects"]] == ["5.1.4.3", "5.1.1.1", "7.2.1"]


def test_caat_taking_the_step_loss_costs_2_and_the_squad_keeps_its_cf(player):
    player.act("unit_step_loss", unit="squad-1", target="caat")
    assert player.state["vp"] == SCALE["caat_eliminated"]
    assert player.unit("squad-1")["caat"] is None and not player.unit("squad-1")["reduced"]
    player.refused("unit_step_loss", unit="squad-1", target="caat")


def test_reduced_iif_costs_nothing_eliminated_iif_costs_2(client):
    player = Player.new(client, **ORDER_OF_BATTLE)
    _take(player, 3)
    player.act("zone_activate", zone=25, nature="normal")
    player.act("zone_control", zone=25, side="usmc", neighbours_zone_26=True)
    assert player.state["iif_from_turn"] == 2
    player.to_phase("reinforcements", turn=2)
    player.act("unit_enter", unit="iif-1", position={"zone": 3, "location": "C"})
    player.act("unit_step_loss", unit="iif-1")
    assert player.state["vp"] == 0
    player.act("unit_step_loss", unit="iif-1")
    assert player.state["vp"] == SCALE["iif_eliminated"]


def test_squad_withdrawn_costs_what_12_4_3_says(player):
    player.act("unit_withdraw", unit="squad-5")
    assert player.state["vp"] == rules().withdrawn_vp == -2
    assert player.state["vp_ledger"][-1]["rule"] == "12.4.3"


@pytest.mark.parametrize("reason", ["guerillas_eliminated", "squad_reduced", "squad_eliminated",
                                    "battalion_reinforcement", "caat_eliminated", "iif_eliminated",
                                    "zone26_uncontrolled"])
def test_vp_reasons_take_their_value_from_the_scale(client, reason):
    player = Player.new(client)
    player.act("vp", reason=reason, count=2)
    assert player.state["vp"] == 2 * SCALE[reason]


def test_vp_value_is_refused_unless_manual(client):
    player = Player.new(client)
    player.refused("vp", expect=400, reason="squad_reduced", value=-9)


@pytest.mark.parametrize("vp, level", [(11, "major"), (10, "minor"), (0, "minor"), (-1, "bitter")])
def test_victory_level_follows_the_table(client, vp, level):
    player = Player.new(client)
    player.act("vp", reason="manual", value=vp, note="probe") if vp else None
    assert player.state["victory_level"] == level


def test_battalion_reinforcements_from_turn_9_cost_2_vp(player):
    _take(player, 2)
    player.to_phase("reinforcements", turn=8)
    body = player.refused("unit_enter", unit="squad-13", position={"zone": 2})
    assert body["problems"][0]["rule"] == "10.3" and "turn 9" in body["error"]
    player.act("unit_enter", unit="squad-10", position={"zone": 2})
    player.to_phase("reinforcements", turn=9)
    vp = player.state["vp"]
    player.act("unit_enter", unit="squad-13", position={"zone": 2})
    assert player.state["vp"] == vp + SCALE["battalion_reinforcement"]


def test_battalion_reinforcements_from_turn_7_at_no_cost_in_the_variant(client):
    player = Player.new(client, **{**ORDER_OF_BATTLE, "variant": "historical"})
    _take(player, 2)
    player.to_phase("reinforcements", turn=7)
    player.act("unit_enter", unit="squad-13", position={"zone": 2})
    assert player.state["vp"] == 0 and player.state["vp_ledger"][-1]["rule"] == "15"
    player.act("vp", reason="battalion_reinforcement")
    assert player.state["vp"] == 0


def test_company_and_abrams_wait_for_turn_2(player):
    _take(player, 2)
    player.to_phase("reinforcements")
    assert player.refused("unit_enter", unit="squad-10", position={"zone": 2})["problems"][0]["rule"] == "10.1"
    reminders = {r["key"] for r in player.state["reminders"]}
    assert {"company-from-turn", "abrams-from-turn", "battalion-from-turn", "iif-after-zone-26"} <= reminders
    player.to_phase("reinforcements", turn=2)
    assert "company-may-enter" in {r["key"] for r in player.state["reminders"]}
    assert player.refused("unit_enter", unit="abrams-1", position={"zone": 2})["problems"][0]["rule"] == "10.2"
    player.act("unit_enter", unit="abrams-1", position={"zone": 2, "location": "street"})
    player.refused("unit_enter", unit="squad-10", position={"zone": 5})


def test_reinforcements_enter_only_in_their_phase(player):
    player.to_phase("fire", turn=2)
    assert player.refused("unit_enter", unit="squad-10", position={"zone": 2})["problems"][0]["field"] == "phase"


def test_standard_game_ends_after_turn_16(client):
    player = Player.new(client)
    player.to_phase("reorganisation", turn=16)
    assert "end-of-game" in {r["key"] for r in player.state["reminders"]}
    player.act("next_phase")
    assert player.state["outcome"] == "insurgent_victory" and player.state["turn"] == 16
    assert player.state["effects"][-1]["rule"] == "7.1"
    player.refused("next_phase")
    player.act("note", text="a hard one")
    player.undo()
    player.undo()
    assert player.state["outcome"] == "in_progress"


def test_historical_game_ends_after_turn_13(client):
    player = Player.new(client, variant="historical")
    player.to_phase("reorganisation", turn=13)
    player.act("next_phase")
    assert player.state["outcome"] == "insurgent_victory" and player.state["turn"] == 13


def _take(player: Player, *zones: int) -> None:
    for zone in zones:
        if player.zone(zone)["activation"] is None:
            player.act("zone_activate", zone=zone, nature="fortified" if zone == 26 else "normal")
        player.act("zone_control", zone=zone, side="usmc")


def test_every_zone_controlled_wins_with_5_vp_per_turn_not_played(client):
    player = Player.new(client)
    player.to_phase("reorganisation", turn=3)
    _take(player, *[z for z in range(1, 62) if z != 27])
    player.act("next_phase")
    assert player.state["outcome"] == "usmc_victory"
    assert player.state["vp"] == (16 - 3) * SCALE["turn_not_played"]


def test_an_empty_zone_26_left_at_the_end_still_wins_with_a_penalty(client):
    player = Player.new(client, variant="historical")
    player.to_phase("reorganisation", turn=13)
    _take(player, *[z for z in range(1, 62) if z not in (26, 27)])
    player.act("next_phase")
    assert player.state["outcome"] == "usmc_victory"
    assert player.state["vp"] == SCALE["zone26_uncontrolled"]


def test_zone_activated_once_strong_points_counted(client):
    player = Player.new(client, strong_points=1)
    player.act("zone_activate", zone=30, nature="fortified")
    assert player.zone(30)["nature"] == "fortified"
    assert player.refused("zone_activate", zone=30, nature="normal")["problems"][0]["rule"] == "4.1.3"
    assert player.refused("zone_activate", zone=31, nature="fortified")["problems"][0]["rule"] == "6.1.2"
    player.act("zone_activate", zone=26, nature="fortified")


def test_zone_27_cannot_be_controlled(client):
    player = Player.new(client)
    assert player.refused("zone_control", zone=27, side="usmc")["problems"][0]["rule"] == "4.1.4"


def test_taking_control_removes_fanaticism(client):
    player = Player.new(client)
    player.act("zone_activate", zone=40, nature="normal")
    player.act("zone_marker", zone=40, marker="fanaticism", present=True)
    player.act("zone_control", zone=40, side="usmc")
    assert player.zone(40)["fanaticism"] is False and player.zone(40)["control"] == "usmc"


def test_phantom_fury_marker_flips_then_expires(client):
    """14.5: 0030 markers removed, 0015 turned to 0030, at each Reorganisation Phase."""
    player = Player.new(client)
    player.to_phase("assault")
    player.act("zone_marker", zone=14, marker="phantom_fury", present=True)
    assert player.zone(14)["phantom_fury"] == "0015"
    player.to_phase("support", turn=2)
    assert player.zone(14)["phantom_fury"] == "0030"
    player.to_phase("support", turn=3)
    assert player.zone(14)["phantom_fury"] is None


def test_reorganisation_resets_fired_regroups_and_removes_empty_caats(player):
    _take(player, 2)
    player.to_phase("fire")
    for _ in range(4):
        player.act("caat_ammo", unit="squad-1")
    player.act("unit_status", unit="squad-1", status="fired")
    player.act("unit_move", unit="squad-2", position={"zone": 2, "location": "C"})
    player.act("security_element_detach", unit="squad-2")
    assert player.unit("squad-2")["current_cf"] == player.unit("squad-2")["cf"] - 1
    player.to_phase("assault")
    player.act("caat_explosives", unit="squad-1")
    player.to_phase("reorganisation")
    automatic = {r["key"] for r in player.state["reminders"] if r["automatic"]}
    assert {"fired-reset", "security-elements", "caat-removal"} <= automatic
    player.act("next_phase")
    assert {e["rule"] for e in player.state["effects"]} >= {"14.3.1", "14.3.3", "14.3.5"}
    assert player.unit("squad-1")["status"] == "ready" and player.unit("squad-1")["caat"] is None
    assert player.unit("squad-2")["security_element"] is None


@pytest.mark.parametrize(("ruleset", "abrams_after"), [("en", "fired"), ("fr", "ready")])
def test_fired_abrams_is_turned_back_only_under_the_french_14_3_3(client, ruleset, abrams_after):
    """14.3.3: 'All Fired USMC squads' (en) / 'Toutes les unités USMC Fired' (fr): rulesets.yaml
    fired-reset-units. The squads are turned back under both rulesets."""
    player = Player.new(client, ruleset=ruleset, **ORDER_OF_BATTLE)
    assert player.state["ruleset"] == ruleset
    _take(player, 2)
    player.to_phase("reinforcements", turn=2)
    player.act("unit_enter", unit="abrams-1", position={"zone": 2, "location": "street"})
    player.to_phase("fire")
    player.act("unit_status", unit="abrams-1", status="fired")
    player.act("unit_status", unit="squad-1", status="fired")
    player.to_phase("reorganisation")
    player.act("next_phase")
    assert player.unit("abrams-1")["status"] == abrams_after
    assert player.unit("squad-1")["status"] == "ready"
    if ruleset == "en":
        assert any("fired-reset-units" in e["text"] for e in player.state["effects"])


def test_pinned_twice_and_moving_while_pinned_are_refused(player):
    player.act("unit_status", unit="squad-3", status="pinned")
    assert player.refused("unit_status", unit="squad-3", status="pinned")["problems"][0]["rule"] == "11.5"
    player.to_phase("movement")
    assert player.refused("unit_move", unit="squad-3", position={"zone": 3, "location": "R"})["problems"][0]["rule"] == "11.5"


def test_hero_appears_then_flips_then_no_more(player):
    player.act("unit_hero", unit="squad-4")
    assert player.unit("squad-4")["hero"] == "silver_star"
    assert player.unit("squad-4")["current_cf"] == player.unit("squad-4")["cf"] + 1
    player.act("unit_hero", unit="squad-4")
    assert player.unit("squad-4")["hero"] == "medal_of_honor"
    assert player.refused("unit_hero", unit="squad-4")["problems"][0]["rule"] == "5.1.5.2"


def test_support_missions_count_against_their_maximum(client):
    player = Player.new(client)
    player.act("support_mission", mission="hornet", outcome="success")
    assert player.refused("support_mission", mission="hornet", outcome="success")["problems"][0]["rule"] == "9.2"
    hornet = next(m for m in player.state["missions"] if m["mission"] == "hornet")
    assert (hornet["used"], hornet["left"], hornet["max"]) == (1, 0, 1)
    player.act("support_mission", mission="dragon_eye", outcome="postponed")
    assert player.refused("support_mission", mission="dragon_eye", outcome="success")["problems"][0]["rule"] == "9.1"
    assert player.refused("support_mission", mission="apache", outcome="success")["problems"][0]["rule"] == "9.3"


def test_caat_ammo_only_in_fire_combat(player):
    assert player.refused("caat_ammo", unit="squad-1")["problems"][0]["rule"] == "11.1.2.1"
    player.to_phase("fire")
    assert player.act("caat_ammo", unit="squad-1")["units"][0]["caat"]["ammo"] == 3


def test_security_element_keeps_its_squad_in_the_zone(player):
    player.act("unit_move", unit="squad-2", position={"zone": 3, "location": "R"})
    player.act("security_element_detach", unit="squad-2")
    body = player.refused("unit_move", unit="squad-2", position={"zone": 4, "location": "C"})
    assert body["problems"][0]["rule"] == "12.3.2.2"
    player.act("zone_marker", zone=3, marker="no_insurgents_event", present=True)
    player.act("security_element_regroup", unit="squad-2")
    assert player.zone(3)["no_insurgents_event"] is False


def test_units_can_be_added_after_setup_within_the_order_of_battle(client):
    player = Player.new(client)
    player.act("unit_add", kind="squad", counter=7, cf=5, origin="start", position={"zone": 3}, caat=True)
    player.act("unit_add", kind="squad", counter=8, cf=4, origin="company")
    assert player.refused("unit_add", kind="squad", counter=7, cf=5, origin="company")["problems"][0]["field"] == "counter"
    assert player.refused("unit_add", kind="squad", counter=9, cf=7, origin="company")["problems"][0]["rule"] == "5.1.1"
    assert player.refused("unit_add", kind="iif", counter=4)["problems"][0]["rule"] == "10.4"
    assert player.refused("unit_add", kind="squad", counter=9, cf=5, origin="company", caat=True)["problems"][0]["rule"] == "6.3.1"


def test_the_vp_total_and_vp_by_turn_of_a_ledger_are_its_lines_summed_however_it_was_reached():
    """Phantom Fury's VP sums (7.2.1) are kept per ledger and extended from a shorter one that a
    longer one starts with (``state.ledger_sums``): every ledger a game passes through (lines
    added, taken back by an undo, a ledger read again from JSON, another game's) sums as its lines."""
    import random

    from web.games.phantom_fury.state import VpEntry, ledger_sums

    def line(version: int, turn: int, value: int) -> VpEntry:
        return VpEntry(version=version, turn=turn, phase="support", reason="manual", count=1, value=value, rule="7.2.1")

    rng = random.Random(7)
    ledgers: list[tuple[VpEntry, ...]] = [()]
    for version in range(2, 400):
        base = rng.choice(ledgers[-5:]) if rng.random() < 0.2 else ledgers[-1]  # an undo, or the next line
        ledger = base + (line(version, 1 + version // 60, rng.randint(-3, 3)),)
        if rng.random() < 0.05:  # the same lines as other objects (a state read from a snapshot)
            ledger = tuple(VpEntry.model_validate_json(e.model_dump_json()) for e in ledger)
        ledgers.append(ledger)
        total, by_turn = ledger_sums(ledger)
        expected: dict[int, int] = {}
        for entry in ledger:
            expected[entry.turn] = expected.get(entry.turn, 0) + entry.value
        assert total == sum(e.value for e in ledger) and by_turn == expected, version
