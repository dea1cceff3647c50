"""Second Fallujah's adjudicator: hand-computed cases and the rulebook's examples (data file
tests/data/second-fallujah/adjudicator_cases.yaml), bad input, the lost minus signs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.registry import adjudicate
from rules_text.loading import load_game, load_yaml

GAME = "second-fallujah"
DATA = load_yaml(
    (Path(__file__).parent / "data" / GAME / "adjudicator_cases.yaml").read_text(encoding="utf-8")
)


def at(answer: dict[str, Any], path: str) -> Any:
    """The value at a dotted path; keys may themselves hold dots only as the last part."""
    value: Any = answer
    parts = path.split(".")
    i = 0
    while i < len(parts):
        part = parts[i]
        if isinstance(value, list):
            value = value[int(part)]
        elif part in value:
            value = value[part]
        else:  # a key with dots ("militia+adj_militia" has none; kept for safety)
            rest = ".".join(parts[i:])
            assert rest in value, (path, list(value))
            return value[rest]
        i += 1
    return value


@pytest.mark.parametrize("case", DATA["cases"], ids=[c["name"] for c in DATA["cases"]])
def test_case(case: dict[str, Any]) -> None:
    answer = json.loads(adjudicate(case["situation"], case["input"], game=GAME).model_dump_json())
    for path, expected in case["expect"].items():
        assert at(answer, path) == expected, (path, at(answer, path), expected)


@pytest.mark.parametrize(
    "case", DATA["bad"], ids=[f"{c['situation']}-{i}" for i, c in enumerate(DATA["bad"])]
)
def test_bad_input_names_every_problem_with_its_rule(case: dict[str, Any]) -> None:
    with pytest.raises(InvalidSituation) as caught:
        adjudicate(case["situation"], case["input"], game=GAME)
    found = [(p.field, p.rule) for p in caught.value.problems]
    assert sorted(found) == sorted(tuple(p) for p in case["problems"])
    for problem in caught.value.problems:
        assert problem.allowed and problem.value is not None or problem.field.endswith("reason")


def test_lost_minus_signs_are_negative_in_the_data_and_in_the_answer() -> None:
    tables = load_game(GAME).tables
    assert tables["coalition-ov-modifiers"].row("army_and_marines").value == -1
    assert tables["coalition-ov-modifiers"].row("ambush").value == -1
    assert tables["coalition-ov-modifiers"].row("ambush").min == -2
    assert tables["insurgent-ov-modifiers"].row("tem_0_1").value == -1
    answer = adjudicate(
        "coalition-attack",
        {
            "lead": {"type": "infantry", "nationality": "usmc", "cf": 4},
            "supporting": [{"type": "mechanized_infantry", "nationality": "army"}],
            "defenders": [{"type": "cadre", "cf": 2}],
            "tem": 2,
            "ambush": 2,
        },
        game=GAME,
    )
    values = {m.key: m.value for m in answer.modifiers["ov"]}
    assert values["coalition-ov-modifiers:army_and_marines"] == -1
    assert values["coalition-ov-modifiers:ambush"] == -2
    assert answer.ov == 4 + 1 - 1 - 2
    assert any("errata 7.2.4" in n.en for n in answer.notes)


def test_unknown_fields_and_die_faces_are_refused_all_at_once() -> None:
    with pytest.raises(InvalidSituation) as caught:
        adjudicate("end-of-action-phase", {"impulse": 3, "roll": 13, "colour": "red"}, game=GAME)
    fields = {p.field for p in caught.value.problems}
    assert fields == {"roll", "colour"}
    assert any("2d6 shows 2 to 12" in p.allowed for p in caught.value.problems)
