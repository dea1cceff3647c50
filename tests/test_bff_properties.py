"""Battle for Fallujah adjudicator: properties over random situations (hypothesis).

- every distribution of every answer sums to exactly 1 (exact fractions);
- a die more for the attacker never lowers P(success); a die more for the defender never raises it;
- the exact odds of pools equal a brute-force enumeration of every face for small pools;
- every rule id an answer cites exists in the game's corpus;
- the Terrain dice added are the tables' cells for the mission, side and terrain.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.api import cited
from adjudicator.registry import adjudicate
from rules_text.loading import load_game

GAME = "battle-for-fallujah"
GAME_DATA = load_game(GAME)
IDS = {s for corpus in GAME_DATA.corpora.values() for s in corpus.by_id}
SN = {row.result: int(row.value) for row in GAME_DATA.tables["success-numbers"].rows}
COLOURS = ("blue", "white", "red")
TERRAINS = ("open", "industrial", "urban", "dense_urban")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dice(max_each: int = 3) -> st.SearchStrategy[dict[str, int]]:
    return st.fixed_dictionaries({c: st.integers(0, max_each) for c in COLOURS})


@st.composite
def operations(draw: st.DrawFn, max_each: int = 3) -> dict:
    attacker = draw(st.sampled_from(["coalition", "insurgency"]))
    mission = "assault" if attacker == "insurgency" else draw(st.sampled_from(["assault", "raid", "search", "strike"]))
    defending = [{"source": "lead", **draw(dice(max_each))}]
    if attacker == "coalition" and draw(st.booleans()):
        defending.append({"source": "resistance", "white": draw(st.integers(1, 3))})
    return {
        "mission": mission,
        "attacker": attacker,
        "terrain": draw(st.sampled_from(TERRAINS)),
        "attacking": [{"source": "lead", **draw(dice(max_each))}],
        "defending": defending,
    }


def _exact(value: str) -> Fraction:
    return Fraction(value)


def _sums_to_one(answer) -> None:
    for name, dist in (answer.exact or {}).items():
        if isinstance(dist, dict) and dist:
            assert sum(map(_exact, dist.values())) == 1, (name, dist)
    for name, dist in (answer.distributions or {}).items():
        if dist:
            assert abs(sum(dist.values()) - 1) < 1e-9, name
            assert answer.exact[name].keys() == dist.keys(), name


@SETTINGS
@given(operations())
def test_operation_distributions_sum_to_one_and_cite_the_corpus(body: dict) -> None:
    answer = adjudicate("operation", body, game=GAME)
    _sums_to_one(answer)
    assert _exact(answer.exact["success"]) + _exact(answer.exact["failure"]) == 1
    assert set(answer.rules) | set(cited(answer)) <= IDS
    success = _exact(answer.exact["success"])
    margin = answer.exact["margin"]
    assert sum((_exact(p) for m, p in margin.items() if int(m) > 0), Fraction(0)) == success


@SETTINGS
@given(operations(), st.sampled_from(COLOURS))
def test_a_die_more_for_the_attacker_never_lowers_success(body: dict, colour: str) -> None:
    before = _exact(adjudicate("operation", body, game=GAME).exact["success"])
    more = {**body, "attacking": [{**body["attacking"][0], colour: body["attacking"][0][colour] + 1}]}
    after = _exact(adjudicate("operation", more, game=GAME).exact["success"])
    assert after >= before


@SETTINGS
@given(operations(), st.sampled_from(COLOURS))
def test_a_die_more_for_the_defender_never_raises_success(body: dict, colour: str) -> None:
    before = _exact(adjudicate("operation", body, game=GAME).exact["success"])
    lead = body["defending"][0]
    more = {**body, "defending": [{**lead, colour: lead[colour] + 1}, *body["defending"][1:]]}
    after = _exact(adjudicate("operation", more, game=GAME).exact["success"])
    assert after <= before


@SETTINGS
@given(dice(2))
def test_pool_odds_equal_brute_force(counts: dict[str, int]) -> None:
    answer = adjudicate("dice-pool", counts, game=GAME)
    colours = [c for c in COLOURS for _ in range(counts[c])]
    found: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=len(colours)):
        k = sum(1 for c, f in zip(colours, faces) if f >= SN[c])
        found[k] = found.get(k, 0) + 1
    total = 6 ** len(colours)
    expected = {str(k): str(Fraction(found.get(k, 0), total)) for k in range(len(colours) + 1)}
    assert answer.exact["successes"] == expected
    _sums_to_one(answer)


def _brute_force(body: dict, answer) -> tuple[Fraction, dict[int, Fraction], dict[int, Fraction]]:
    """P(success), the margin and the Coalition red successes, every face of both pools enumerated
    (the pools as the answer built them, terrain dice included), by the rules read afresh: TN = the
    defender's successes, halved against a Strike, at least 1 (17.1.6.1, 17.1.7); success when the
    attacker's successes exceed it (17.3.1)."""
    att = answer.pools["attacking"]
    dfn = answer.pools["defending"]
    a_cols = [c for c in COLOURS for _ in range(getattr(att, c))]
    d_cols = [c for c in COLOURS for _ in range(getattr(dfn, c))]
    strike = body["mission"] == "strike"
    coalition_attacks = body["attacker"] == "coalition"
    total = 6 ** (len(a_cols) + len(d_cols))
    win = 0
    margin: dict[int, int] = {}
    media: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=len(a_cols) + len(d_cols)):
        a_faces, d_faces = faces[: len(a_cols)], faces[len(a_cols):]
        s = sum(1 for c, f in zip(a_cols, a_faces) if f >= SN[c])
        t = sum(1 for c, f in zip(d_cols, d_faces) if f >= SN[c])
        tn = max(1, t // 2 if strike else t)
        win += s > tn
        margin[s - tn] = margin.get(s - tn, 0) + 1
        reds = zip(a_cols, a_faces) if coalition_attacks else zip(d_cols, d_faces)
        r = sum(1 for c, f in reds if c == "red" and f >= SN["red"])
        media[r] = media.get(r, 0) + 1
    return (
        Fraction(win, total),
        {m: Fraction(n, total) for m, n in margin.items()},
        {r: Fraction(n, total) for r, n in media.items()},
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(operations(max_each=1))
def test_operation_odds_equal_brute_force(body: dict) -> None:
    answer = adjudicate("operation", body, game=GAME)
    assume(answer.pools["attacking"].dice + answer.pools["defending"].dice <= 6)  # 6**6 faces at most
    success, margin, media = _brute_force(body, answer)
    assert _exact(answer.exact["success"]) == success
    assert {int(k): _exact(v) for k, v in answer.exact["margin"].items()} == margin
    assert {int(k): _exact(v) for k, v in answer.exact["media"].items()} == media


@SETTINGS
@given(operations())
def test_terrain_dice_are_the_tables_cells(body: dict) -> None:
    answer = adjudicate("operation", body, game=GAME)
    defender = "insurgency" if body["attacker"] == "coalition" else "coalition"
    for role, table, side in (
        ("attacking", "attacker-terrain-dice", body["attacker"]),
        ("defending", "defender-terrain-dice", defender),
    ):
        cell = GAME_DATA.tables[table].row(body["mission"]).cells[f"{side}_{body['terrain']}"]
        assert answer.pools[role].terrain_dice == cell.value
        given_white = sum(p.get("white", 0) for p in body[role])
        assert answer.pools[role].white == given_white + cell.value


@SETTINGS
@given(
    st.integers(0, 3), st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
)
def test_reaction_distributions_sum_to_one(level, in_hex, adjacent, isolated, air, raid) -> None:
    answer = adjudicate("insurgent-reaction", {
        "resistance": level, "wanted_in_hex": in_hex, "wanted_adjacent": adjacent,
        "isolated_in_hex": isolated, "air_or_artillery_available": air, "special_forces_raid": raid,
    }, game=GAME)
    _sums_to_one(answer)
    n = answer.dice
    no_double = Fraction(1)
    for i in range(n):
        no_double *= Fraction(max(0, 6 - i), 6)
    assert _exact(answer.exact["jihadi_cell"]) == 1 - no_double
    assert set(answer.rules) <= IDS


@SETTINGS
@given(st.integers(0, 3), st.booleans(), st.booleans(), st.booleans(), st.integers(0, 4),
       st.sampled_from(TERRAINS), st.integers(0, 6))
def test_table_situations_sum_to_one_and_cite_the_corpus(level, adjacent, in_hex, no_units, count,
                                                         terrain, mof) -> None:
    answers = [
        adjudicate("insurgent-activation", {"resistance_level": level, "wanted_adjacent": adjacent,
                                            "wanted_in_hex": in_hex, "no_insurgent_units": no_units}, game=GAME),
        adjudicate("level-of-resistance", {"terrain": terrain, "wanted_adjacent": count, "wanted_in_hex": in_hex},
                   game=GAME),
        adjudicate("contact", {"wanted_in_hex": in_hex, "wanted_adjacent": count, "search_mof": mof}, game=GAME),
        adjudicate("raid-defenders", {"terrain": terrain, "wanted_adjacent": count, "wanted_in_hex": in_hex},
                   game=GAME),
    ]
    for answer in answers:
        _sums_to_one(answer)
        assert set(answer.rules) | set(cited(answer)) <= IDS
