"""What-ifs and distribution summaries (issue 22): each game's choices checked against odds
computed by hand from the rulebooks' tables, and the kernel's contract on every example."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from adjudicator.cli import adjudicate_command
from adjudicator.registry import adjudicate, games, situations
from adjudicator.what_if import summary

FIRE = {"shooter": {"cf": 5, "location": "C"},
        "target": {"location": "1", "unit": "suspect", "zone": "normal", "zone_number": 14}}


def _entry(answer, words: str) -> dict:
    found = [e for e in answer["what_if"] if e["choice"] == words]
    assert len(found) == 1, [e["choice"] for e in answer["what_if"]]
    return found[0]


def _json(situation: str, body: dict, game: str) -> dict:
    result = CliRunner().invoke(adjudicate_command, [situation, "--game", game, "--json"], input=json.dumps(body))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_phantom_fury_caat_ammo_what_if_matches_the_fire_table_by_hand():
    """A CF 5 squad fires at a 'Suspect' marker: DRM +1 ('Suspect' marker, 11.2.1). A hit is an
    unmodified d10 (0-9) + DRM <= CF, never on a 9 (11.2.2, 11.2.4).
    Without CAAT: d10 + 1 <= 5, faces 0-4: 5/10 = 1/2.
    With the CAAT 'Ammo' bonus, +2 to the CF (11.1.2.1): d10 + 1 <= 7, faces 0-6: 7/10."""
    answer = _json("fire", FIRE, "phantom-fury")
    with_caat = _entry(answer, "with the CAAT 'Ammo' bonus")
    without = _entry(answer, "without the CAAT 'Ammo' bonus")
    assert with_caat["exact"]["success"] == "7/10" and with_caat["success_exact"] == "7/10"
    assert with_caat["rule"] == "11.1.2.1" and not with_caat["current"]
    assert without["exact"]["success"] == "1/2" and without["current"]
    assert without["probabilities"] == answer["probabilities"]
    assert answer["best"] == ["with the CAAT 'Ammo' bonus"]
    assert "11.1.2.1" in answer["rules"]


def test_phantom_fury_support_mission_what_if_names_each_mission_of_the_table():
    """The Support Missions table (9.3) succeeds on 0-8 (Dragon Eye, 9/10), 0-6 (Super Cobra,
    7/10), 0-4 (Hornet, 5/10); the player chooses the Mission (9.1)."""
    answer = _json("support-mission", {"mission": "hornet", "roll": 2}, "phantom-fury")
    odds = {e["value"]: e["success_exact"] for e in answer["what_if"]}
    assert odds == {"dragon_eye": "9/10", "super_cobra": "7/10", "hornet": "1/2"}
    assert [e["value"] for e in answer["what_if"] if e["current"]] == ["hornet"]
    assert len(answer["best"]) == 1 and "Dragon Eye" in answer["best"][0]


def test_caat_what_if_from_og_follows_the_answers_ruleset_and_says_the_other_differs():
    """From a Location marked OG the CAAT bonus applies under the English rules (C, R, OG) and
    not under the French ones (C, R) (rulesets.yaml: caat-location). With it, English: d10 + 1
    <= 7, 7/10; French: no bonus, d10 + 1 <= 5, 1/2."""
    body = {**FIRE, "shooter": {"cf": 5, "location": "OG"}}
    english = adjudicate("fire", body).model_dump(mode="json")
    french = adjudicate("fire", {**body, "ruleset": "fr"}).model_dump(mode="json")
    assert _entry(english, "with the CAAT 'Ammo' bonus")["success_exact"] == "7/10"
    assert _entry(french, "with the CAAT 'Ammo' bonus")["success_exact"] == "1/2"
    for answer in (english, french):
        entry = _entry(answer, "with the CAAT 'Ammo' bonus")
        assert entry["ruleset_points"] == ["caat-location"]
        assert any(n.get("ruleset_entry") == "caat-location" for n in entry["notes"])
        assert any("what-if" in n["en"] for n in answer["notes"])


def test_a_choice_the_rules_refuse_is_left_out():
    """An IIF squad has no CAAT support (6.3.1): only the choice as entered remains."""
    body = {**FIRE, "shooter": {"unit": "iif", "cf": 4, "location": "C"}}
    answer = adjudicate("fire", body).model_dump(mode="json")
    assert [e["choice"] for e in answer["what_if"]] == ["without the CAAT 'Ammo' bonus"]


def test_battle_for_fallujah_support_unit_what_if_matches_dice_counted_by_hand():
    """A Coalition Assault in Dense Urban terrain: no attacker terrain dice, 2 white defender
    terrain dice (17.1.5, 17.2.4 tables). White succeeds on 4+ (1/2), red on 3+ (2/3) (7.4.1).
    TN = the defender's successes, at least 1 (17.1.7): TN 1 with 3/4, TN 2 with 1/4.
    Success: the attacker's successes exceed the TN (18.1.1, MOS > 0).
    Without CAP (2 white): P(2) = 1/4, P(>=3) = 0: 3/4 * 1/4 = 3/16.
    With CAP's red die: P(>=2) = 1/4 + 1/2 * 2/3 = 7/12, P(3) = 1/4 * 2/3 = 1/6:
    3/4 * 7/12 + 1/4 * 1/6 = 21/48 + 2/48 = 23/48."""
    body = {"mission": "assault", "terrain": "dense_urban", "defending": [],
            "attacking": [{"source": "lead", "white": 2, "unit": "combat_unit"},
                          {"source": "support_unit", "name": "CAP", "red": 1, "unit": "support_unit"}]}
    answer = _json("operation", body, "battle-for-fallujah")
    assert _entry(answer, "with CAP")["success_exact"] == "23/48"
    assert _entry(answer, "with CAP")["current"]
    assert _entry(answer, "without CAP")["exact"]["success"] == "3/16"
    assert _entry(answer, "without CAP")["rule"] == "17.2.3.1"
    assert answer["best"] == ["with CAP"]


def test_battle_for_fallujah_insurgent_assault_goal_is_its_failure():
    body = {"mission": "assault", "attacker": "insurgency", "terrain": "dense_urban",
            "attacking": [{"source": "lead", "white": 3}],
            "defending": [{"source": "lead", "white": 2},
                          {"source": "support_unit", "name": "CAP", "red": 2}]}
    answer = adjudicate("operation", body, game="battle-for-fallujah").model_dump(mode="json")
    assert answer["goal"]["en"] == "the Insurgency's Assault fails"
    with_cap = _entry(answer, "with CAP")
    assert with_cap["success_exact"] == with_cap["exact"]["failure"]
    assert _entry(answer, "without CAP")["rule"] == "17.1.4.1"


def test_second_fallujah_supporting_unit_what_if_matches_two_2d6_by_hand():
    """Lead USMC infantry CF 4 with a supporting Army tank: 4 + 2 (tank) - 1 (Army and Marines)
    = OV 5 (7.2.4); DV 3 (Fedayeen CF 3, TEM 0; 7.2.6). Success: OT > DT (7.2.7), i.e. the
    difference D of two 2D6 rolls exceeds DV - OV. Over 1,296: D > 0 in 575, D = 0 in 146,
    D = 1 in 140, D = 2 in 125 (products of 2D6 counts 1,2,3,4,5,6,5,4,3,2,1).
    With the tank, D >= -1: 575 + 146 + 140 = 861/1296 = 287/432.
    Without it, OV 4: D >= 0: 721/1296.
    With the riverine unit too, OV 6 (+1, 7.2.3): D >= -2: 986/1296 = 493/648."""
    body = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4},
            "supporting": [{"type": "tank", "nationality": "army"}],
            "defenders": [{"type": "fedayeen", "cf": 3}], "tem": 0}
    answer = _json("coalition-attack", body, "second-fallujah")
    assert Fraction(_entry(answer, "with every supporting unit (1)")["success_exact"]) == Fraction(287, 432)
    assert Fraction(_entry(answer, "without supporting unit 1 (army tank)")["exact"]["success"]) == Fraction(721, 1296)
    assert Fraction(_entry(answer, "with the riverine unit's support")["success_exact"]) == Fraction(493, 648)
    assert Fraction(_entry(answer, "keeping the Advantage")["success_exact"]) == Fraction(287, 432)
    assert _entry(answer, "keeping the Advantage")["rule"] == "10.1"
    assert answer["best"] == ["the Advantage: a Mulligan on a stall or a repulse"]


def test_second_fallujah_advantage_what_if_matches_the_2d6_counted_by_hand():
    """The same attack, OV 5 against DV 3: success 861/1296 = 287/432 (above); a stall is a
    margin of 0, D = -2, in 125 of 1,296.
    Heroic Effort on a stall (10.1): the roll +1 makes it a success: 861 + 125 = 986/1296 = 493/648.
    A Mulligan on a stall or a repulse (10.1): p + (1 - p) p with p = 287/432:
    287/432 * (1 + 145/432) = 287 * 577 / 432^2 = 165599/186624."""
    body = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4},
            "supporting": [{"type": "tank", "nationality": "army"}],
            "defenders": [{"type": "fedayeen", "cf": 3}], "tem": 0}
    answer = _json("coalition-attack", body, "second-fallujah")
    assert Fraction(_entry(answer, "the Advantage: Heroic Effort on a stall")["exact"]["success"]) == Fraction(493, 648)
    assert _entry(answer, "the Advantage: Heroic Effort on a stall")["probabilities"]["stall"] == 0
    assert Fraction(_entry(answer, "the Advantage: a Mulligan on a stall or a repulse")["success_exact"]) \
        == Fraction(165599, 186624)
    used = _json("coalition-attack", {**body, "advantage": "heroic_effort"}, "second-fallujah")
    assert Fraction(used["exact"]["success"]) == Fraction(493, 648)
    assert any(n["rule"] == "10.1" for n in used["notes"])


def test_summary_of_four_white_dice_is_binomial():
    """Four white dice, each a success on 4+ (1/2): mean 2, variance 1, at least 3 = 5/16."""
    answer = _json("dice-pool", {"white": 4}, "battle-for-fallujah")
    s = answer["summary"]["successes"]
    assert (s["mean"], s["sd"]) == (2.0, 1.0)
    assert s["exact"]["at_least"]["3"] == "5/16" and s["exact"]["at_most"]["1"] == "5/16"
    assert s["at_least"]["0"] == 1.0 and s["at_most"]["4"] == 1.0


def test_summary_reads_a_distribution_in_value_order():
    read = summary({"3": Fraction(1, 2), "-1": Fraction(1, 4), "0": Fraction(1, 4)})
    assert read is not None
    assert list(read.at_least) == ["-1", "0", "3"]
    assert read.exact["mean"] == "5/4" and read.exact["variance"] == "51/16"
    assert read.exact["at_least"]["0"] == "3/4"


@pytest.mark.parametrize("game", games())
def test_every_answer_carries_what_if_best_and_a_summary_of_each_distribution(game):
    for name, proc in situations(game).items():
        for example in proc.examples[:2]:
            answer = adjudicate(name, example, game=game).model_dump(mode="json")
            assert isinstance(answer["what_if"], list) and isinstance(answer["best"], list)
            for entry in answer["what_if"]:
                assert {"choice", "rule", "probabilities", "exact"} <= set(entry)
            assert set(answer["best"]) <= {e["choice"] for e in answer["what_if"]}
            for dist in answer.get("distributions") or {}:
                assert {"at_least", "at_most", "mean", "sd"} <= set(answer["summary"][dist]), (name, dist)


def test_card_game_policy_what_if_matches_the_score_counted_by_hand():
    """Hand: Warlock Jammer (a Disarm card, no Force) and Humvee (Armor, Force 1); deck: Low Tech
    Bomb (Explosives, 1), then Roadside Bomb (5). A bomb is neutralized by an Infantry or Armor
    card of equal or greater Force or by a Disarm card; both go to the Elimination Pile, an
    unneutralized bomb to the Casualty Pile (DISARM PHASE). Score = 100 - Casualty Force +
    Elimination Force, the American cards included (SCORING, literal reading).
    Greedy keeps a Disarm card for a bomb of Force 4 or more (policies.py): it plays the Humvee on
    the first bomb (Force 1 >= 1: +1 +1) and the Jammer on the Roadside Bomb (+5): 100 + 7 = 107.
    Lookahead finds the same play: 107. Both are best."""
    answer = _json("expected-score", {"deck": ["Low Tech Bomb", "Roadside Bomb"],
                                      "hand": ["Warlock Jammer", "Humvee"]}, "fallujah-cards")
    by_policy = {e["value"]: e for e in answer["what_if"]}
    assert by_policy["greedy"]["expected_exact"] == "107" and by_policy["greedy"]["current"]
    assert by_policy["lookahead"]["expected_exact"] == "107"
    assert by_policy["lookahead"]["exact"]["score"] == {"107": "1"}
    assert sorted(answer["best"]) == sorted([by_policy["lookahead"]["choice"], by_policy["greedy"]["choice"]])
