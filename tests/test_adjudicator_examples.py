"""Every worked example of the rulebook, reproduced through the public API (issue 4).

The vectors are data (tests/adjudicator_examples/rulebook.yaml); this test walks them under
both rulesets, since the French text of each example tells the same story.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator import adjudicate
from adjudicator.games.phantom_fury.rulebook import current
from rules_text.loading import load_yaml

VECTORS = load_yaml(
    (Path(__file__).parent / "adjudicator_examples" / "rulebook.yaml").read_text(encoding="utf-8")
)


def _cases() -> list[Any]:
    cases = []
    for vector in VECTORS:
        for ruleset in vector.get("rulesets", ["en", "fr"]):
            cases.append(pytest.param(vector, ruleset, id=f"{vector['id']}-{ruleset}"))
    return cases


def _get(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def _inputs(vector: dict, ruleset: str) -> list[dict]:
    """The vector's input, once per Activation face when the book names only the result."""
    data = {**vector["input"], "ruleset": ruleset}
    wanted = vector.get("activation_any_of")
    if not wanted:
        return [data]
    table = "suspect-activation-" + data["defender"].get("zone", "normal")
    rolls = current().table(table).row(wanted).faces
    return [{**data, "rolls": {**data.get("rolls", {}), "activation": face}} for face in rolls]


@pytest.mark.parametrize(("vector", "ruleset"), _cases())
def test_rulebook_example(vector: dict, ruleset: str) -> None:
    for data in _inputs(vector, ruleset):
        answer = adjudicate(vector["situation"], data).model_dump(mode="json")
        assert answer["rules"] and set(answer["rules"]) <= current().ids, vector["id"]
        for path, expected in vector["expect"].items():
            if path.startswith("modifier_keys"):
                mods = answer["modifiers"]
                if "." in path:
                    mods = mods[path.split(".", 1)[1]]
                assert sorted(m["key"] for m in mods) == sorted(expected), (vector["id"], path)
            else:
                assert _get(answer, path) == expected, (vector["id"], path, _get(answer, path))


def test_every_worked_example_of_the_book_has_a_vector() -> None:
    examples = {s.id for s in current().game.corpus("en").sections if s.kind.value == "example"}
    covered = {v["source"] for v in VECTORS}
    # the Support Phase example's rolls (Dragon Eye 6, Super Cobra 3) are covered below
    assert examples - covered == {"example-support-phase"}


@pytest.mark.parametrize(("mission", "roll"), [("dragon_eye", 6), ("super_cobra", 3)])
def test_support_phase_example(mission: str, roll: int) -> None:
    """EXAMPLE OF THE SUPPORT PHASE: 'Dragon Eye' (d10 = 6) and AH-1W (d10 = 3) both succeed."""
    assert (
        adjudicate("support-mission", {"mission": mission, "roll": roll}).result.outcome
        == "success"
    )
