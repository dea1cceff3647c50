"""Battle for Fallujah adjudicator: the rulebook's counter examples and hand-computed cases, as data.

``tests/data/battle-for-fallujah/adjudicator_counter_examples.yaml`` holds the four counter captions
(5.2.3, 5.4.2 twice, 5.5.3), each tied to the words of its section; ``adjudicator_cases.yaml`` holds
cases computed by hand (the computation is the comment above each) and inputs the rules refuse.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.registry import adjudicate
from rules_text.loading import load_game, load_yaml

GAME = "battle-for-fallujah"
DATA = Path(__file__).parent / "data" / GAME
EXAMPLES = load_yaml((DATA / "adjudicator_counter_examples.yaml").read_text(encoding="utf-8"))["examples"]
CASES = load_yaml((DATA / "adjudicator_cases.yaml").read_text(encoding="utf-8"))
GOOD = CASES["cases"]
REFUSED = CASES["refused"]


def _subset(expected: dict, actual: dict, where: str) -> None:
    """Each listed key of ``exact`` equals the answer's: a fraction, or a whole distribution."""
    for key, value in expected.items():
        assert key in actual, f"{where}: {key} missing from {sorted(actual)}"
        assert actual[key] == value, f"{where}.{key}: {actual[key]!r} != {value!r}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["example"] for e in EXAMPLES])
def test_counter_example(example: dict) -> None:
    corpus = load_game(GAME).corpora["en"]
    section = corpus.by_id[example["example"]]
    assert example["quote"] in section.text, "the vector's words are the caption's"
    answer = adjudicate(example["situation"], example["input"], game=GAME)
    _subset(example["exact"], answer.exact, example["example"])
    for colour, number in example.get("success_numbers", {}).items():
        assert answer.success_numbers[colour] == number
        assert f"{number}+" in section.text


@pytest.mark.parametrize("case", GOOD, ids=[c["id"] for c in GOOD])
def test_hand_computed_case(case: dict) -> None:
    answer = adjudicate(case["situation"], case["input"], game=GAME)
    assert answer.situation == case["situation"]
    _subset(case.get("exact", {}), answer.exact, "exact")
    dumped = answer.model_dump(mode="json")
    for key, value in case.get("fields", {}).items():
        assert dumped[key] == value, (key, dumped[key], value)
    if "result" in case:
        assert answer.result is not None
        result = answer.result.model_dump(mode="json")
        for key, value in case["result"].items():
            assert result[key] == value, (key, result[key], value)
    for rule, want in case.get("readings", {}).items():
        found = [r for r in answer.readings if r.rule == rule]
        assert found, f"no reading {rule} in {[r.rule for r in answer.readings]}"
        assert found[0].differs is want["differs"]
        if "success_prefix" in want:
            assert str(found[0].other_values["success"]).startswith(want["success_prefix"])
        if want["differs"]:
            assert any(n.rule == rule for n in answer.notes), "a note says the other reading differs"


@pytest.mark.parametrize("case", REFUSED, ids=[c["id"] for c in REFUSED])
def test_refused_with_every_problem_at_once(case: dict) -> None:
    with pytest.raises(InvalidSituation) as caught:
        adjudicate(case["situation"], case["input"], game=GAME)
    problems = [(p.field, p.rule) for p in caught.value.problems]
    assert sorted(problems) == sorted((p["field"], p["rule"]) for p in case["problems"])
    for p in caught.value.problems:
        assert p.allowed and p.value is not None
