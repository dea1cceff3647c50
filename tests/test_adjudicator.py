"""The adjudicator's behaviours, one test per rule or ruleset reading (issue 4)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from adjudicator import InvalidSituation, adjudicate
from adjudicator.games.phantom_fury.assault.kind import assault_type
from adjudicator.games.phantom_fury.rulebook import current
from rules_text.loading import load_yaml

BOOK = current()


def fire(shooter: dict, target: dict, **extra) -> dict:
    return adjudicate("fire", {"shooter": shooter, "target": target, **extra}).model_dump(
        mode="json"
    )


#: assaults whose Events decide the outcome, and the result each must give
ASSAULT_EVENTS = load_yaml(
    (Path(__file__).parent / "data" / "phantom_fury" / "assault_events.yaml").read_text(encoding="utf-8")
)


def assault(attacker: dict, defender: dict, **extra) -> dict:
    return adjudicate("assault", {"attacker": attacker, "defender": defender, **extra}).model_dump(
        mode="json"
    )


# --- Fire Combat (11.1, 11.2) -------------------------------------------------------------


def test_fire_success_is_final_result_at_most_cf_and_never_a_9() -> None:
    answer = fire(
        {"cf": 6, "location": "2"},
        {"unit": "guerillas", "cf": 2, "location": "R", "zone": "normal"},
    )
    assert answer["drm"] == 0
    # faces 0-6 hit, but 9 never does (11.2.4): 7 of 10
    assert answer["exact"]["success"] == "7/10"


def test_fire_result_with_an_unmodified_9_has_no_effect() -> None:
    answer = fire(
        {"cf": 6, "location": "2", "caat_ammo": True}, {"unit": "suspect", "location": "R"}, roll=9
    )
    assert answer["result"]["outcome"] == "no_effect"
    assert any(step["rule"] == "11.2.4" for step in answer["result"]["steps"])


def test_caat_bonus_applies_from_open_ground_only_in_english_rules() -> None:
    shooter = {"cf": 4, "location": "OG", "caat_ammo": True}
    target = {"unit": "guerillas", "cf": 1, "location": "R"}
    english = fire(shooter, target)
    french = fire(shooter, target, ruleset="fr")
    assert english["cf"]["final"] == 6 and french["cf"]["final"] == 4
    assert english["exact"]["success"] == "7/10" and french["exact"]["success"] == "1/2"
    assert any(
        n["ruleset_entry"] == "caat-location" and "French" in n["en"] for n in english["notes"]
    )


def test_caat_bonus_from_courtyard_is_the_same_in_both_rulesets() -> None:
    shooter = {"cf": 4, "location": "C", "caat_ammo": True}
    target = {"unit": "suspect", "location": "R"}
    assert fire(shooter, target)["exact"] == fire(shooter, target, ruleset="fr")["exact"]
    assert not any("would differ" in n["en"] for n in fire(shooter, target)["notes"])


def test_zone_26_gives_insurgents_a_de_facto_plus_3_whatever_their_location() -> None:
    for location in ("1", "R"):
        answer = fire(
            {"cf": 6, "location": "2"},
            {"unit": "martyrs", "cf": 4, "location": location, "zone_number": 26},
        )
        assert answer["drm"] == 3, location


def test_phantom_fury_counts_for_usmc_squads_not_iif_nor_abrams() -> None:
    target = {"unit": "suspect", "location": "1", "zone": "normal"}
    assert fire({"cf": 5, "location": "2"}, target, phantom_fury=True)["drm"] == 0
    assert fire({"unit": "iif", "cf": 4, "location": "2"}, target, phantom_fury=True)["drm"] == 1
    assert fire({"unit": "abrams", "location": "street"}, target, phantom_fury=True)["drm"] == 1


def test_hero_and_security_element_change_the_squads_cf() -> None:
    answer = fire(
        {"cf": 5, "location": "C", "hero": "medal_of_honor", "security_element_detached": True},
        {"unit": "suspect", "location": "1"},
    )
    assert answer["cf"]["final"] == 6
    assert [m["rule"] for m in answer["cf"]["modifiers"]] == ["5.1.5.3", "12.3.2.2"]


def test_abrams_cannot_fire_at_a_rooftop() -> None:
    with pytest.raises(InvalidSituation) as error:
        adjudicate(
            "fire",
            {
                "shooter": {"unit": "abrams", "location": "street"},
                "target": {"unit": "suspect", "location": "R"},
            },
        )
    assert (
        "target.location" in str(error.value)
        and "'R'" in str(error.value)
        and "11.1.3" in str(error.value)
    )


def test_abrams_in_open_ground_cannot_fire() -> None:
    with pytest.raises(InvalidSituation, match="11.1.3"):
        adjudicate(
            "fire",
            {
                "shooter": {"unit": "abrams", "location": "OG"},
                "target": {"unit": "suspect", "location": "1"},
            },
        )


def test_hit_on_a_suspect_gives_the_activation_chain() -> None:
    answer = fire(
        {"cf": 6, "location": "2"}, {"unit": "suspect", "location": "1", "zone": "fortified"}
    )
    chain = {k: Fraction(v) for k, v in answer["after_hit_exact"].items()}
    assert sum(chain.values()) == 1
    assert chain["guerillas"] == 0  # a Fortified Zone holds no 'Guerillas' (5.3.4)


def test_no_sniper_attack_after_an_abrams_fired() -> None:
    answer = fire(
        {"unit": "abrams", "location": "street"},
        {"unit": "suspect", "location": "1", "zone": "fortified"},
        roll=0,
        activation=8,
    )
    assert answer["result"]["activation"] == "sniper"
    assert "sniper_prevented" in answer["after_hit"]
    assert any(step["rule"] == "11.4.1" for step in answer["result"]["steps"])


# --- Suspect Activation (5.3.3, 5.3.4, 6.2) -------------------------------------------------


@pytest.mark.parametrize(
    ("context", "zone", "key"),
    [
        ("fire", "normal", "sniper"),
        ("assault", "normal", "ied"),
        ("defensive_fire", "fortified", "ied"),
        ("fire", "fortified", "sniper"),
    ],
)
def test_ied_or_sniper_result_depends_on_the_context(context: str, zone: str, key: str) -> None:
    answer = adjudicate("suspect-activation", {"zone": zone, "context": context})
    expected = Fraction(1, 10) if zone == "normal" else Fraction(2, 10)
    assert Fraction(answer.exact[key]) == expected


def test_a_0_at_setup_is_a_dummy() -> None:
    answer = adjudicate("suspect-activation", {"zone": "normal", "context": "setup", "roll": 0})
    assert answer.result.outcome == "dummy"
    assert (
        answer.exact["dummy"] == "3/5"
        and answer.exact["ied"] == "0"
        and answer.exact["sniper"] == "0"
    )


def test_start_zones_are_normal() -> None:
    with pytest.raises(InvalidSituation, match="6.2"):
        adjudicate("suspect-activation", {"zone": "fortified", "context": "setup"})


def test_dragon_eye_keeps_the_marker_on_an_ied_sniper_result() -> None:
    answer = adjudicate(
        "suspect-activation", {"zone": "normal", "context": "dragon_eye", "roll": 0}
    )
    assert answer.result.outcome == "retained"


def test_drawn_cf_is_equally_likely_when_unknown_and_said_so() -> None:
    answer = adjudicate("suspect-activation", {"zone": "normal", "context": "assault"})
    assert answer.model_dump()["drawn_cf"] == {"1": 0.25, "2": 0.25, "3": 0.25, "4": 0.25}
    assert any("equally likely" in n.en for n in answer.notes)


# --- Sniper Attacks (11.4) -----------------------------------------------------------------


def test_sniper_attack_after_fire_pins_and_a_0_also_costs_a_step() -> None:
    answer = adjudicate("sniper-fire", {"count": 3})
    assert answer.exact == {"untouched": "3/5", "pinned": "3/10", "pinned_and_step_loss": "1/10"}


def test_sniper_attack_with_nothing_counted_rolls_in_english_not_in_french() -> None:
    english = adjudicate("sniper-fire", {"count": 0})
    french = adjudicate("sniper-fire", {"count": 0, "ruleset": "fr"})
    assert english.exact["pinned_and_step_loss"] == "1/10"
    assert french.exact["untouched"] == "1"
    assert any(
        n.ruleset_entry == "sniper-attack-no-count" and "would differ" in n.en
        for n in english.notes
    )


def test_street_crossing_step_loss_and_pin_can_combine() -> None:
    answer = adjudicate("sniper-street", {"insurgent_units": 2, "suspects": 1})
    assert answer.exact["step_loss_and_pinned"] == str(Fraction(3, 10) * Fraction(2, 10))


def test_abrams_in_the_street_ignores_suspects_and_turns_step_loss_into_pinned() -> None:
    answer = adjudicate(
        "sniper-street", {"insurgent_units": 2, "suspects": 5, "abrams_in_street": True}
    )
    assert answer.exact == {
        "untouched": "7/10",
        "pinned": "3/10",
        "step_loss": "0",
        "step_loss_and_pinned": "0",
    }
    with pytest.raises(InvalidSituation, match="11.4.2.2"):
        adjudicate(
            "sniper-street",
            {
                "insurgent_units": 2,
                "suspects": 5,
                "abrams_in_street": True,
                "rolls": {"suspects": 3},
            },
        )


# --- Defensive Fire (12.7) and IED (13.5) ---------------------------------------------------


def test_defensive_fire_lower_is_step_loss_equal_is_pinned() -> None:
    answer = adjudicate(
        "defensive-fire",
        {"insurgent": {"unit": "martyrs", "cf": 4}, "squad": {"cf": 5, "location": "OG"}},
    )
    assert answer.drm == -1  # alone in OG
    # faces 0-4 give -1..3 < 4: step loss; face 5 gives 4: pinned
    assert answer.exact == {"step_loss": "1/2", "pinned": "1/10", "no_effect": "2/5"}


def test_defensive_fire_ruins_and_fanaticism_modifiers() -> None:
    answer = adjudicate(
        "defensive-fire",
        {
            "insurgent": {"unit": "guerillas", "cf": 2},
            "squad": {"cf": 5, "location": "C"},
            "ruins": True,
            "fanaticism": True,
        },
    )
    assert sorted(m.key for m in answer.modifiers) == [
        "defensive-fire-modifiers:fanaticism_event",
        "defensive-fire-modifiers:ruins_courtyard",
    ]
    assert answer.drm == 0


def test_suspect_placing_a_unit_fires_at_once() -> None:
    answer = adjudicate(
        "defensive-fire",
        {
            "insurgent": {"unit": "suspect"},
            "squad": {"cf": 4, "location": "C"},
            "zone": "fortified",
            "rolls": {"check": 7, "activation": 3, "drawn_cf": 4, "fire": 2},
        },
    )
    assert answer.result.activation == "martyrs" and answer.result.outcome == "step_loss"
    chain = answer.model_dump()["chain_exact"]
    assert sum(Fraction(v) for v in chain.values()) == 1


def test_ied_pins_at_or_below_cf_else_step_loss() -> None:
    answer = adjudicate("ied", {"cf": 4, "reduced": True, "roll": 7})
    assert answer.exact == {"pinned": "1/2", "step_loss": "1/2"}
    assert answer.result.outcome == "step_loss" and answer.result.eliminated is True


# --- Assault (13) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "kind"),
    [
        ("R", "2", "top_down"),
        ("R", "2'", "top_down"),
        ("2", "1", "top_down"),
        ("2'", '1"', "top_down"),
        ("1", "2", "bottom_up"),
        ("1'", "2'", "bottom_up"),
        ("2", "R", "bottom_up"),
        ("R", "R", "normal"),
        ("C", "1", "normal"),
        ("OG", "C", "normal"),
        ("R", "1", "normal"),
        ("2", "2'", "normal"),
    ],
)
def test_assault_type_from_the_two_locations(attacker: str, defender: str, kind: str) -> None:
    assert assault_type(attacker, defender)[0] == kind


def test_flooding_assaults_are_top_down() -> None:
    assert assault_type("2", "2'", flooding=True) == ("top_down", "13.4.8")


def test_top_down_survival_drm_applies_only_if_the_unit_survives() -> None:
    answer = assault(
        {"cf": 5, "location": "R"},
        {"unit": "martyrs", "cf": 2, "location": "2"},
        rolls={"usmc": 2, "insurgent": 3},
    )
    # 2 - 1 + 1 = 2 <= 5: eliminated, so the Martyrs roll 3 has no DRM: 3 > 2
    assert (
        answer["result"]["insurgent"] == "eliminated" and answer["result"]["insurgent_final"] == 3
    )
    assert answer["result"]["usmc"] == "untouched"
    conditional = [m for m in answer["modifiers"]["insurgent"] if m["condition"] == "if_survives"]
    assert [m["value"] for m in conditional] == [-1]


def test_unmodified_9_never_hits_in_an_assault() -> None:
    answer = assault(
        {"cf": 6, "location": "C", "explosives": True},
        {"unit": "guerillas", "cf": 1, "location": "1"},
        rolls={"usmc": 9, "insurgent": 9},
    )
    assert answer["result"]["insurgent"] == "survives" and answer["result"]["usmc"] == "untouched"


def test_explosives_use_cf_8_and_no_drm_in_english_rules() -> None:
    attacker = {"cf": 4, "location": "2", "explosives": True, "security_element_detached": True}
    defender = {"unit": "martyrs", "cf": 3, "location": "1"}
    english = assault(attacker, defender)
    french = assault(attacker, defender, ruleset="fr")
    assert english["cf"]["final"] == 8 and french["cf"]["final"] == 8
    assert english["modifiers"]["usmc"] == [] and english["drm"]["usmc"] == 0
    assert french["drm"]["usmc"] == 0  # +1 Martyrs, -1 Top-Down
    assert [m["key"] for m in french["modifiers"]["usmc"]] == [
        "assault-modifiers-usmc:martyrs",
        "assault-type-modifiers:top_down_usmc",
    ]
    assert english["probabilities"] != french["probabilities"]


def test_explosives_are_not_allowed_during_a_flooding() -> None:
    with pytest.raises(InvalidSituation, match="13.7.2"):
        adjudicate(
            "assault",
            {
                "attacker": {"cf": 6, "location": "2", "explosives": True},
                "defender": {"unit": "suspect", "location": "1"},
                "flooding": True,
            },
        )


def test_both_sides_rolling_0_cancels_the_events() -> None:
    answer = assault(
        {"cf": 5, "location": "C"},
        {"unit": "guerillas", "cf": 2, "location": "1"},
        rolls={"usmc": 0, "insurgent": 0},
    )
    assert (
        answer["result"]["events"] == [] and answer["result"]["events_cancelled"] == "both_rolled_0"
    )
    with pytest.raises(InvalidSituation, match="13.4.3"):
        adjudicate(
            "assault",
            {
                "attacker": {"cf": 5, "location": "C"},
                "defender": {"unit": "guerillas", "cf": 2, "location": "1"},
                "rolls": {"usmc": 0, "insurgent": 0, "usmc_event": 3},
            },
        )


def test_no_insurgents_event_marker_nullifies_their_events() -> None:
    answer = assault(
        {"cf": 5, "location": "C"},
        {"unit": "martyrs", "cf": 2, "location": "1", "security_element_in_zone": True},
        no_insurgent_event=True,
        rolls={"usmc": 5, "insurgent": 0},
    )
    assert answer["result"]["events_cancelled"] == "no_insurgent_event_marker"
    assert not any(key.startswith("insurgent_event_") for key in answer["probabilities"])


@pytest.mark.parametrize("case", ASSAULT_EVENTS, ids=[case["name"] for case in ASSAULT_EVENTS])
def test_an_assault_s_events_give_the_worked_result(case) -> None:
    answer = assault(case["attacker"], case["defender"], rolls=case["rolls"])
    assert {key: answer["result"][key] for key in case["result"]} == case["result"], case.get("why")


def test_flight_leaves_cf1_guerillas_unchanged_in_english_rules() -> None:
    situation = {
        "attacker": {"cf": 4, "location": "C", "reduced": False},
        "defender": {"unit": "guerillas", "cf": 1, "location": "1"},
        "rolls": {"usmc": 0, "insurgent": 1, "usmc_event": 8},
    }
    english = adjudicate("assault", situation).model_dump()["result"]
    french = adjudicate("assault", {**situation, "ruleset": "fr"}).model_dump()["result"]
    # English: the unit keeps CF 1; the USMC 0 hits (0 <= 4) and eliminates it anyway, but it strikes back: 1 <= 1
    assert english["usmc"] == "step_loss" and english["insurgent"] == "eliminated"
    # French: eliminated before resolution, so it inflicts nothing
    assert french["usmc"] == "untouched" and french["insurgent"] == "eliminated"


def test_iif_in_zone_26_uses_the_common_events_table() -> None:
    answer = assault(
        {"unit": "iif", "cf": 4, "location": "C"},
        {"unit": "martyrs", "cf": 3, "location": "1", "zone_number": 26},
        rolls={"usmc": 0, "insurgent": 4, "usmc_event": 0},
    )
    assert answer["result"]["events"][0]["event"] == "al_fajr"
    assert any(k.startswith("usmc_event_al_fajr") for k in answer["probabilities"])


def test_iif_assaults_only_in_zone_26_and_usmc_squads_never_there() -> None:
    with pytest.raises(InvalidSituation, match="5.1.6.1"):
        adjudicate(
            "assault",
            {
                "attacker": {"unit": "iif", "cf": 4, "location": "C"},
                "defender": {"unit": "martyrs", "cf": 3, "location": "1"},
            },
        )
    with pytest.raises(InvalidSituation, match="12.4.2"):
        adjudicate(
            "assault",
            {
                "attacker": {"cf": 4, "location": "C"},
                "defender": {"unit": "martyrs", "cf": 3, "location": "1", "zone_number": 26},
            },
        )


def test_guerillas_in_zone_26_or_under_fanaticism_do_not_retreat() -> None:
    mosque = assault(
        {"unit": "iif", "cf": 4, "location": "C"},
        {"unit": "guerillas", "cf": 3, "location": "1", "zone_number": 26},
        rolls={"usmc": 8, "insurgent": 8},
    )
    fanatic = assault(
        {"cf": 4, "location": "C"},
        {"unit": "guerillas", "cf": 3, "location": "1"},
        fanaticism=True,
        rolls={"usmc": 8, "insurgent": 8},
    )
    assert mosque["result"]["retreat"] is False and fanatic["result"]["retreat"] is False
    assert mosque["probabilities"]["retreat"] == 0 and fanatic["probabilities"]["retreat"] == 0


def test_fanaticism_event_exempts_the_unit_from_retreat_in_both_rulesets() -> None:
    for ruleset in ("en", "fr"):
        answer = assault(
            {"cf": 4, "location": "C"},
            {"unit": "guerillas", "cf": 2, "location": "1"},
            ruleset=ruleset,
            rolls={"usmc": 8, "insurgent": 0, "insurgent_event": 1},
        )
        assert answer["result"]["retreat"] is False and answer["result"]["insurgent"] == "survives"


def test_security_element_blocks_retreat_and_reduces_cf() -> None:
    answer = assault(
        {"cf": 5, "location": "2", "security_element_detached": True},
        {"unit": "guerillas", "cf": 3, "location": "1"},
        rolls={"usmc": 8, "insurgent": 8},
    )
    result = answer["result"]
    assert result["retreat"] is False and result["security_element_blocked"] is True
    assert result["insurgent"] == "reduced" and result["insurgent_cf_after"] == 2
    assert result["no_insurgent_event_marker"] == "placed"


def test_security_element_and_cf1_guerillas_english_unchanged_french_eliminated() -> None:
    situation = {
        "attacker": {"cf": 5, "location": "2", "security_element_detached": True},
        "defender": {"unit": "guerillas", "cf": 1, "location": "1"},
        "rolls": {"usmc": 8, "insurgent": 8},
    }
    assert adjudicate("assault", situation).result.insurgent == "survives"
    french = adjudicate("assault", {**situation, "ruleset": "fr"})
    assert french.result.insurgent == "eliminated"


def test_unmodified_9_spares_blocked_guerillas_in_french_rules_only() -> None:
    situation = {
        "attacker": {"cf": 5, "location": "2", "security_element_detached": True},
        "defender": {"unit": "guerillas", "cf": 3, "location": "1"},
        "rolls": {"usmc": 9, "insurgent": 8},
    }
    english = adjudicate("assault", situation)
    french = adjudicate("assault", {**situation, "ruleset": "fr"})
    assert english.result.insurgent_cf_after == 2 and french.result.insurgent_cf_after == 3
    assert any(n.ruleset_entry and "result insurgent_cf_after" in n.en for n in english.notes)


def test_flooding_marker_is_deferred_in_french_rules() -> None:
    situation = {
        "attacker": {"cf": 6, "location": "2", "security_element_detached": True},
        "defender": {"unit": "guerillas", "cf": 3, "location": "1"},
        "flooding": True,
        "rolls": {"usmc": 8, "insurgent": 8},
    }
    assert adjudicate("assault", situation).result.no_insurgent_event_marker == "placed"
    assert (
        adjudicate("assault", {**situation, "ruleset": "fr"}).result.no_insurgent_event_marker
        == "after_flooding"
    )


def test_top_down_from_rooftop_must_flood_when_face_up_may_when_flipped() -> None:
    defender = {"unit": "guerillas", "cf": 2, "location": "2"}
    rolls = {"usmc": 1, "insurgent": 8}
    assert (
        assault({"cf": 6, "location": "R"}, defender, rolls=rolls)["result"]["flooding"] == "must"
    )
    assert (
        assault({"cf": 5, "location": "R", "reduced": True}, defender, rolls=rolls)["result"][
            "flooding"
        ]
        == "may"
    )
    # a step loss in this Assault flips the counter: 6 -> 5, so "may"
    assert (
        assault({"cf": 6, "location": "R"}, defender, rolls={"usmc": 1, "insurgent": 1})["result"][
            "flooding"
        ]
        == "may"
    )


def test_no_flooding_with_cf_4_or_less_or_in_a_fortified_zone() -> None:
    defender = {"unit": "martyrs", "cf": 2, "location": "2"}
    rolls = {"usmc": 1, "insurgent": 8}
    assert (
        assault(
            {"cf": 5, "location": "R", "security_element_detached": True}, defender, rolls=rolls
        )["result"]["flooding"]
        == "no"
    )
    assert (
        assault({"cf": 6, "location": "R"}, {**defender, "zone": "fortified"}, rolls=rolls)[
            "result"
        ]["flooding"]
        == "no"
    )
    with pytest.raises(InvalidSituation, match="13.4.8.2"):
        adjudicate(
            "assault",
            {
                "attacker": {"cf": 4, "location": "2"},
                "defender": {"unit": "suspect", "location": "1"},
                "flooding": True,
            },
        )


def test_phantom_fury_event_applies_to_the_current_assault_in_french_rules() -> None:
    # CF 3 (reduced) - 1 (Security Element) = 2; DRM +1 Martyrs +1 Bottom-Up = +2
    situation = {
        "attacker": {"cf": 3, "location": "1", "reduced": True, "security_element_detached": True},
        "defender": {"unit": "martyrs", "cf": 2, "location": "2", "zone": "fortified"},
        "rolls": {"usmc": 0, "insurgent": 5, "usmc_event": 0},
    }
    english = adjudicate("assault", situation).model_dump()["result"]
    french = adjudicate("assault", {**situation, "ruleset": "fr"}).model_dump()["result"]
    assert english["events"][0]["event"] == "phantom_fury"
    assert english["usmc_final"] == 2 and french["usmc_final"] == 1


def test_phantom_fury_current_assault_changes_odds_when_drm_exceeds_cf() -> None:
    situation = {
        "attacker": {"cf": 3, "location": "1", "reduced": True, "security_element_detached": True},
        "defender": {"unit": "suspect", "location": "2", "zone": "fortified"},
    }
    english = adjudicate("assault", situation)
    french = adjudicate("assault", {**situation, "ruleset": "fr"})
    # USMC CF 2, DRM +3 (activation, Martyrs, Bottom-Up): only the French -1 lets a 0 hit
    assert (
        french.probabilities["insurgent_eliminated"] > english.probabilities["insurgent_eliminated"]
    )


def test_adjacent_zone_assault_from_a_cleared_zone_is_refused_in_english_rules() -> None:
    situation = {
        "attacker": {"cf": 5, "location": "R", "zone_cleared": True},
        "defender": {"unit": "suspect", "location": "R", "adjacent_zone": True},
    }
    with pytest.raises(InvalidSituation, match="12.1.2"):
        adjudicate("assault", situation)
    french = adjudicate("assault", {**situation, "ruleset": "fr"})
    assert any("not allowed" in n.en and "12.1.2" in n.en for n in french.notes)


def test_counter_attack_is_resolved_without_any_drm() -> None:
    answer = assault(
        {"cf": 5, "location": "R"},
        {"unit": "guerillas", "cf": 3, "location": "2"},
        counter_attack=True,
        fanaticism=True,
    )
    assert answer["modifiers"] == {"usmc": [], "insurgent": []}
    with pytest.raises(InvalidSituation, match="9.4.1"):
        adjudicate(
            "assault",
            {
                "attacker": {"cf": 5, "location": "R"},
                "defender": {"unit": "martyrs", "cf": 3, "location": "2"},
                "counter_attack": True,
            },
        )


def test_assault_with_missing_rolls_says_what_it_waits_for() -> None:
    answer = assault(
        {"cf": 5, "location": "C"}, {"unit": "suspect", "location": "1"}, rolls={"activation": 7}
    )
    assert answer["result"]["pending"] == ["drawn_cf"]
    assert "probabilities" in answer["result"]


def test_assault_odds_per_drawn_cf() -> None:
    answer = assault({"cf": 5, "location": "C"}, {"unit": "suspect", "location": "1"})
    by_cf = answer["by_drawn_cf"]
    assert sorted(by_cf) == ["1", "2", "3", "4"]
    # a CF 4 is drawn only by a 'Martyrs' unit (5.2): with the Guerillas over 1-3, the odds after
    # a CF-4 draw differ from those after a CF-1 draw, and the overall odds lie between them
    low, high = sorted(by_cf[c]["insurgent_eliminated"] for c in by_cf)[::3]
    assert low <= answer["probabilities"]["insurgent_eliminated"] <= high


# --- Pinned, Abrams, Support, Victory ---------------------------------------------------------


@pytest.mark.parametrize(
    ("location", "abrams", "drm"),
    [("C", False, 1), ("OG", False, 2), ("street", False, 2), ("street", True, 0), ("1", False, 0)],
)
def test_pinned_recovery_drm(location: str, abrams: bool, drm: int) -> None:
    answer = adjudicate(
        "pinned-recovery", {"cf": 5, "location": location, "abrams_in_street": abrams}
    )
    assert answer.drm == drm
    assert Fraction(answer.exact["recovered"]) == Fraction(max(0, min(10, 5 - drm + 1)), 10)


def test_pinned_squad_with_no_enemy_nearby_recovers_automatically() -> None:
    answer = adjudicate("pinned-recovery", {"cf": 4, "location": "OG", "enemy_nearby": False})
    assert answer.exact["recovered"] == "1" and answer.result.outcome == "recovered"


def test_abrams_movement_capacity_table() -> None:
    assert adjudicate("abrams-mc", {}).exact == {
        "mc_4": "1/5",
        "mc_3": "2/5",
        "mc_2": "3/10",
        "mc_1": "1/10",
    }


def test_support_mission_odds_and_postponed_reaction() -> None:
    answer = adjudicate("support-mission", {"mission": "hornet", "roll": 7, "reaction_roll": 9})
    assert answer.exact == {"success": "1/2", "postponed": "1/2"}
    assert answer.result.outcome == "postponed" and answer.result.reaction == "hbied"
    with pytest.raises(InvalidSituation, match="9.2"):
        adjudicate("support-mission", {"mission": "hornet", "successes_so_far": 1})


def test_insurgent_reaction_dagger_does_not_apply_with_a_security_element() -> None:
    answer = adjudicate("insurgent-reaction", {"roll": 7, "security_element": True})
    assert answer.result.outcome == "counter_attack" and answer.result.applies_here is False
    assert answer.exact["eagle_of_fallujah"] == "1/10"


def test_victory_before_the_last_turn_with_points() -> None:
    answer = adjudicate(
        "victory",
        {
            "last_turn_played": 12,
            "guerillas_eliminated": 9,
            "squads_reduced": 3,
            "squads_eliminated": 1,
            "battalion_reinforcements": 1,
        },
    ).model_dump()
    # 9 + 4 turns x 5 - 3 x 2 - 5 - 2 = 16
    assert answer["vp"] == 16 and answer["level"] == "major"


def test_victory_with_only_an_empty_zone_26_left_costs_5_vp() -> None:
    answer = adjudicate(
        "victory",
        {
            "last_turn_played": 16,
            "uncontrolled_zones": [26],
            "zone26_empty": True,
            "guerillas_eliminated": 3,
        },
    ).model_dump()
    assert answer["vp"] == -2 and answer["level"] == "bitter"


def test_defeat_and_game_in_progress() -> None:
    assert (
        adjudicate("victory", {"last_turn_played": 16, "uncontrolled_zones": [26]}).model_dump()[
            "level"
        ]
        == "defeat"
    )
    assert (
        adjudicate("victory", {"last_turn_played": 10, "uncontrolled_zones": [3]}).model_dump()[
            "level"
        ]
        == "in_progress"
    )


def test_historical_variant_ends_on_turn_13_without_battalion_penalty() -> None:
    answer = adjudicate(
        "victory", {"variant": "historical", "last_turn_played": 13, "battalion_reinforcements": 3}
    ).model_dump()
    assert answer["vp"] == 0 and answer["level"] == "minor"
    with pytest.raises(InvalidSituation, match="last_turn_played"):
        adjudicate("victory", {"variant": "historical", "last_turn_played": 14})


# --- Bad input --------------------------------------------------------------------------------


def test_cf_11_names_field_value_and_what_is_allowed() -> None:
    with pytest.raises(InvalidSituation) as error:
        adjudicate(
            "fire",
            {
                "shooter": {"cf": 11, "location": "2"},
                "target": {"unit": "suspect", "location": "1"},
            },
        )
    message = str(error.value)
    assert "shooter.cf" in message and "11" in message and "3 to 6" in message


def test_roll_of_10_is_refused() -> None:
    with pytest.raises(InvalidSituation) as error:
        adjudicate("ied", {"cf": 5, "roll": 10})
    assert "roll" in str(error.value) and "10" in str(error.value) and "0 to 9" in str(error.value)
    assert error.value.problems[0].rule == "3"


def test_unknown_location_and_missing_field_reported_together() -> None:
    with pytest.raises(InvalidSituation) as error:
        adjudicate("fire", {"shooter": {"cf": 5, "location": "3"}, "target": {"location": "1"}})
    fields = {p.field for p in error.value.problems}
    assert {"shooter.location", "target.unit"} <= fields


def test_unknown_field_is_reported_not_ignored() -> None:
    with pytest.raises(InvalidSituation, match="caat_amo"):
        adjudicate(
            "fire",
            {
                "shooter": {"cf": 5, "location": "2", "caat_amo": True},
                "target": {"unit": "suspect", "location": "1"},
            },
        )


def test_contradictory_zone_26_normal() -> None:
    with pytest.raises(InvalidSituation, match="4.1.5"):
        adjudicate(
            "fire",
            {
                "shooter": {"cf": 5, "location": "2"},
                "target": {"unit": "suspect", "location": "1", "zone": "normal", "zone_number": 26},
            },
        )


def test_unknown_situation() -> None:
    with pytest.raises(InvalidSituation, match="one of fire"):
        adjudicate("parachute", {})


def test_book_values_come_from_the_corpus() -> None:
    v = BOOK.values
    assert (v.caat_bonus, v.zone26_fire_drm, v.explosives_cf, v.flooding_max_cf) == (2, 3, 8, 4)
    assert v.caat_locations == {"en": frozenset({"OG", "C", "R"}), "fr": frozenset({"C", "R"})}


def test_docstring_examples_run() -> None:
    import doctest

    import adjudicator
    import adjudicator.api
    import adjudicator.games.phantom_fury
    import adjudicator.games.phantom_fury.assault

    for module in (adjudicator, adjudicator.api, adjudicator.games.phantom_fury, adjudicator.games.phantom_fury.assault):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__
