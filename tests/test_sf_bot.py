"""Second Fallujah's bot (12-17): the hand-derived cases of tests/data/second-fallujah/bot_cases.yaml
(decision, trace criteria in order with the candidates kept, the facts needed, bad input)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.games.second_fallujah.state import TableState
from adjudicator.registry import adjudicate
from rules_text.loading import load_yaml

GAME = "second-fallujah"
DATA = load_yaml(
    (Path(__file__).parent / "data" / GAME / "bot_cases.yaml").read_text(encoding="utf-8")
)


def build_state(name: str, patch: dict[str, Any] | None = None) -> dict[str, Any]:
    """A named state of the data file, with a case's patch applied."""
    base = copy.deepcopy(DATA["states"][name])
    fill = base.pop("fill_control", None)
    areas = base["areas"]
    if fill:
        keyed = {a["id"] for a in areas}
        areas += [{"id": a, "control": fill} for a in range(1, 52) if a not in keyed]
    patch = patch or {}
    units = [u for u in base["units"] if u["id"] not in set(patch.get("remove", []))]
    for uid, change in (patch.get("units") or {}).items():
        next(u for u in units if u["id"] == uid).update(change)
    units += copy.deepcopy(patch.get("add", []))
    for aid, change in (patch.get("areas") or {}).items():
        next(a for a in areas if a["id"] == int(aid)).update(change)
    base["units"] = units
    base.update(patch.get("set") or {})
    return base


def at(value: Any, path: str) -> Any:
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def run(case: dict[str, Any]) -> dict[str, Any]:
    body = {
        "state": build_state(case["state"], case.get("patch")),
        **copy.deepcopy(case.get("input") or {}),
    }
    return json.loads(adjudicate(case["situation"], body, game=GAME).model_dump_json())


CASES = DATA["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_bot_case(case: dict[str, Any]) -> None:
    if "problems" in case:
        with pytest.raises(InvalidSituation) as caught:
            run(case)
        found = sorted((p.field, p.rule) for p in caught.value.problems)
        assert found == sorted(tuple(p) for p in case["problems"])
        return
    answer = run(case)
    if "needs" in case:
        assert answer["decision"] is None
        assert [n["field"] for n in answer["needs"]] == case["needs"]
        return
    assert answer["needs"] == [], answer["needs"]
    for path, expected in case["decision"].items():
        assert at(answer["decision"], path) == expected, (path, answer["decision"])
    assert answer["result"]["decision"] == answer["decision"]
    if "trace" in case:
        got = [[t["rule"], t["criterion"], t["kept"]] for t in answer["trace"]]
        assert got == case["trace"]
    for entry in answer["trace"]:
        if entry["criterion"] == "override":
            assert entry["reason"]


def test_a_state_built_by_the_companion_reads_adjacency_both_ways() -> None:
    """2.2's example: areas 25 and 30 are not adjacent. Once 25's borders are keyed without 30,
    the state knows it; with neither keyed, it does not know (the bot asks)."""
    keyed = TableState.model_validate({"areas": [{"id": 25, "adjacent": [24, 26]}]})
    assert keyed.adjacent(25, 30) is False and keyed.adjacent(30, 25) is False
    assert keyed.adjacent(26, 25) is True
    unknown = TableState.model_validate({"areas": [{"id": 25}, {"id": 30}]})
    assert unknown.adjacent(25, 30) is None


def test_the_bot_sets_up_seventeen_cadre() -> None:
    """13 (and 11.1's 'a total of seventeen units'): a Cadre in each of the 15 mosque areas and the 2 Jolan areas."""
    state = {"areas": [{"id": a, "tem": a % 5} for a in range(1, 52)]}
    rolls = {a: 1 + a % 6 for a in range(1, 52)}
    answer = adjudicate("bot-setup", {"state": state, "dice": {"rolls": rolls}}, game=GAME)
    assert answer.decision["cadre"] == 17
    # TEM 4: areas 4, 9, ..., 49 (10); TEM 2 rolls a 6 in 17, 47; TEM 3 rolls 4-6 in 3, 23, 28, 33
    assert answer.decision["fedayeen"] == 16
    assert [t.criterion for t in answer.trace] == ["cadre", "tem_4", "roll"]
    missing = adjudicate(
        "bot-setup", {"state": {"areas": [{"id": a, "tem": 2} for a in range(1, 51)]}}, game=GAME
    )
    assert [n.field for n in missing.needs] == ["areas.51.tem"]


def test_unspecified_points_are_named_with_their_reading() -> None:
    body = {"state": build_state("S1"), "dice": {"step2": 4}}
    answer = adjudicate("bot-impulse", body, game=GAME)
    assert answer.unspecified and answer.unspecified[0].rule == "14"
    casualties = adjudicate(
        "bot-casualties", {"state": build_state("S1"), "area": 2, "cp": 1}, game=GAME
    )
    assert {u.point for u in casualties.unspecified} == {"lead_defender_tie", "priorities_adjusted"}
    mulligan = adjudicate(
        "bot-mulligan",
        {"state": build_state("S1"), "offense": 9, "defense": 2, "ov": 1, "dv": 1, "eliminated": 2},
        game=GAME,
    )
    assert mulligan.unspecified[0].point == "heroic_effort"
