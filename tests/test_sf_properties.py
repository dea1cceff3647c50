"""Second Fallujah properties (hypothesis): odds sum to 1; more OV never lowers success; the bot
is deterministic for the same state and dice; every trace's criteria follow their printed order."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.second_fallujah.common import SUPPORT_TYPES, CoalitionType
from adjudicator.games.second_fallujah.priorities import order_of
from adjudicator.registry import adjudicate

GAME = "second-fallujah"
INSURGENT = ["fedayeen", "cadre", "militia"]
COALITION = list(get_args(CoalitionType))


def total(exact: dict[str, str], keys: list[str]) -> Fraction:
    return sum((Fraction(exact[k]) for k in keys), Fraction(0))


defender = st.fixed_dictionaries(
    {
        "type": st.sampled_from(INSURGENT),
        "cf": st.integers(-2, 9),
        "status": st.sampled_from(["fresh", "spent"]),
    }
)


@given(
    cf=st.integers(-2, 9),
    tem=st.integers(0, 4),
    defenders=st.lists(defender, min_size=1, max_size=4),
    tank=st.booleans(),
    ambush=st.sampled_from([0, 1, 2]),
)
@settings(max_examples=60, deadline=None)
def test_coalition_odds_sum_to_one_and_more_ov_never_lowers_success(
    cf, tem, defenders, tank, ambush
) -> None:
    supporting = [{"type": "tank", "nationality": "usmc"}] if tank else []
    body = {
        "lead": {"type": "infantry", "nationality": "usmc", "cf": cf},
        "supporting": supporting,
        "defenders": defenders,
        "tem": tem,
        "ambush": ambush,
    }
    answer = adjudicate("coalition-attack", body, game=GAME)
    assert total(answer.exact, ["success", "stall", "repulse"]) == 1
    assert all(
        Fraction(v).denominator
        in (
            1,
            2,
            3,
            4,
            6,
            8,
            9,
            12,
            16,
            18,
            24,
            27,
            36,
            48,
            54,
            72,
            81,
            108,
            144,
            162,
            216,
            324,
            432,
            648,
            1296,
        )
        for v in answer.exact.values()
    )
    if cf < 9:
        stronger = adjudicate(
            "coalition-attack", {**body, "lead": {**body["lead"], "cf": cf + 1}}, game=GAME
        )
        assert Fraction(stronger.exact["success"]) >= Fraction(answer.exact["success"])
        assert Fraction(stronger.exact["repulse"]) <= Fraction(answer.exact["repulse"])


@given(attacker=st.sampled_from(INSURGENT), tem=st.integers(0, 4), cf=st.integers(-2, 9))
@settings(max_examples=40, deadline=None)
def test_insurgent_and_fire_mission_odds_sum_to_one(attacker, tem, cf) -> None:
    answer = adjudicate(
        "insurgent-attack",
        {
            "attacker": attacker,
            "tem": tem,
            "defenders": [{"type": "infantry", "nationality": "usmc", "cf": cf}],
        },
        game=GAME,
    )
    assert total(answer.exact, ["success", "fail"]) == 1
    fire = adjudicate(
        "fire-mission",
        {"defenders": [{"type": "cadre", "cf": cf}], "tem": tem, "us_units_in_area": cf % 2 == 0},
        game=GAME,
    )
    assert total(fire.exact, ["success", "stall", "repulse"]) == 1
    feda = adjudicate("fedayeen-reaction", {"tem": tem}, game=GAME)
    assert total(feda.exact, list(feda.exact)) == 1
    for where in ("reaction_area", "adjacent"):
        cadre = adjudicate("cadre-reaction", {"where": where, "tem": tem}, game=GAME)
        assert total(cadre.exact, list(cadre.exact)) == 1


@given(impulse=st.integers(0, 20))
def test_end_of_phase_odds_sum_to_one_and_grow_with_the_impulse(impulse) -> None:
    now = adjudicate("end-of-action-phase", {"impulse": impulse}, game=GAME)
    later = adjudicate("end-of-action-phase", {"impulse": impulse + 1}, game=GAME)
    assert total(now.exact, ["ends", "continues"]) == 1
    assert Fraction(later.exact["ends"]) >= Fraction(now.exact["ends"])


AREAS = list(range(1, 13))


@st.composite
def states(draw):
    """A small synthetic keyed state: 12 areas, random borders, control, TEM, units within stacking."""
    edges = draw(
        st.sets(
            st.tuples(st.sampled_from(AREAS), st.sampled_from(AREAS)).filter(lambda e: e[0] < e[1]),
            max_size=30,
        )
    )
    adjacency = {
        a: sorted({b for x, b in edges if x == a} | {x for x, b in edges if b == a}) for a in AREAS
    }
    areas = [
        {
            "id": a,
            "control": draw(st.sampled_from(["insurgent", "coalition"])),
            "tem": draw(st.integers(0, 4)),
            "adjacent": adjacency[a],
        }
        for a in AREAS
    ] + [{"id": a, "control": "insurgent"} for a in range(13, 52)]
    units = []
    for a in AREAS:
        for side, types in (("insurgent", INSURGENT), ("coalition", COALITION)):
            for n in range(draw(st.integers(0, 3))):
                kind = draw(st.sampled_from(types))
                unit = {
                    "id": f"{side[0]}{a}-{n}",
                    "type": kind,
                    "status": draw(st.sampled_from(["fresh", "spent"])),
                    "location": a,
                }
                if side == "coalition":
                    unit["nationality"] = draw(st.sampled_from(["usmc", "army", "iraqi"]))
                    if kind not in SUPPORT_TYPES:
                        unit["cf"] = draw(st.integers(0, 6))
                else:
                    unit["cf"] = draw(st.integers(-2, 5))
                units.append(unit)
    return {
        "areas": areas,
        "units": units,
        "resistance": draw(st.one_of(st.none(), st.sampled_from(AREAS))),
        "advantage": {
            "owner": draw(st.sampled_from(["insurgent", "coalition"])),
            "available": True,
        },
    }


dice = st.fixed_dictionaries({"tiebreak": st.lists(st.integers(1, 6), min_size=4, max_size=4)})
impulse_dice = st.fixed_dictionaries(
    {
        "step1": st.integers(1, 6),
        "step2": st.integers(1, 6),
        "tiebreak": st.lists(st.integers(1, 6), min_size=4, max_size=4),
    }
)


def in_printed_order(trace: list[dict]) -> bool:
    """In each run of consecutive entries of one rule, its printed criteria come in their order."""
    last_rule, last_pos = None, -1
    for entry in trace:
        order = order_of(entry["rule"])
        if entry["criterion"] not in order:
            continue
        pos = order.index(entry["criterion"])
        if entry["rule"] == last_rule and pos <= last_pos:
            return False
        last_rule, last_pos = entry["rule"], pos
    return True


@given(
    state=states(),
    dice=impulse_dice,
    which=st.sampled_from(["bot-impulse", "bot-attack-target", "bot-organize-resistance"]),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_bot_is_deterministic_and_follows_the_printed_order(state, dice, which) -> None:
    body = {
        "state": state,
        "dice": dice if which == "bot-impulse" else {"tiebreak": dice["tiebreak"]},
    }
    first = json.loads(adjudicate(which, body, game=GAME).model_dump_json())
    second = json.loads(
        adjudicate(which, json.loads(json.dumps(body)), game=GAME).model_dump_json()
    )
    assert first == second
    assert in_printed_order(first["trace"]), first["trace"]
    assert (first["decision"] is None) == bool(first["needs"])


@given(state=states(), area=st.sampled_from(AREAS), cp=st.integers(0, 9), tie=dice)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_casualties_are_deterministic_and_absorb_or_overrun(state, area, cp, tie) -> None:
    if not any(u["location"] == area and u["type"] in INSURGENT for u in state["units"]):
        return
    body = {"state": state, "area": area, "cp": cp, "dice": tie}
    first = json.loads(adjudicate("bot-casualties", body, game=GAME).model_dump_json())
    assert first == json.loads(adjudicate("bot-casualties", body, game=GAME).model_dump_json())
    assert in_printed_order(first["trace"])
    decision = first["decision"]
    if decision is not None:
        absorbed = sum(
            step["cp"]
            for step in decision["allocation"]
            if step["action"] not in ("overrun", "ignored")
        )
        assert decision["overrun"] or absorbed + decision["ignored"] >= cp
