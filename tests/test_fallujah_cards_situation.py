"""The ``expected-score`` situation (issue 15 contract): short decks whose exact expected score
was worked out by hand (tests/data/fallujah-cards/expected_scores.yaml), checked against the
engine itself by enumerating every random loss, and bad input named with its rule."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.games.fallujah_cards import SITUATIONS, engine
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.exact import LOOKAHEAD_LIMIT
from adjudicator.games.fallujah_cards.policies import greedy_action, lookahead_action
from adjudicator.games.fallujah_cards.situations import ExpectedScore, ExpectedScoreInput
from adjudicator.games.fallujah_cards.state import score
from adjudicator.models import Adjudication
from rules_text.loading import load_yaml

CASES = load_yaml(
    (Path(__file__).parent / "data" / "fallujah-cards" / "expected_scores.yaml").read_text(
        encoding="utf-8"
    )
)
RUN = SITUATIONS["expected-score"].run


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_expected_score_worked_by_hand(case):
    answer = RUN(case["input"])
    assert answer.exact["expected_score"] == case["expected_score"]
    assert answer.exact["score"] == case["score"]
    assert answer.exact["score_insurgency_only"] == case["insurgency_only"]
    assert answer.distributions["score"] == {
        s: float(Fraction(p)) for s, p in case["score"].items()
    }
    assert answer.expected_score == float(Fraction(case["expected_score"]))


def engine_distribution(deck: list[int], hand: list[int], policy: str) -> dict[str, str]:
    """The score distribution by the engine itself, card by card (the cards by their index in the
    card list): every random loss branched, not grouped by class."""
    result: Counter = Counter()
    stack = [(engine.position(deck, hand), Fraction(1))]
    while stack:
        state, p = stack.pop()
        kind = engine.pending(state).kind
        if kind == "over":
            result[score(state)] += p
        elif kind == "lost":
            for index in state.hand:
                lost = {"action": "lost", "card": card_list().cards[index].name}
                stack.append((engine.apply(state, lost), p / len(state.hand)))
        else:
            action = greedy_action(state) if policy == "greedy" else lookahead_action(state, exact_limit=LOOKAHEAD_LIMIT)
            stack.append((engine.apply(state, action), p))
    return {str(s): str(p) for s, p in sorted(result.items())}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_engine_card_by_card_gives_the_same_distribution(case):
    body = case["input"]
    find = card_list().find
    deck, hand = [find(n).index for n in body["deck"]], [find(n).index for n in body.get("hand", [])]
    assert engine_distribution(deck, hand, body["policy"]) == case["score"]


def test_a_whole_shuffled_deck_answers_exactly():
    deck = engine.shuffled_deck(__import__("random").Random(3)).deck
    answer = RUN({"deck": deck, "hand": [], "policy": "greedy"})
    total = sum(Fraction(p) for p in answer.exact["score"].values())
    assert total == 1
    mean = sum(int(s) * Fraction(p) for s, p in answer.exact["score"].items())
    assert str(mean) == answer.exact["expected_score"]
    assert answer.probabilities["above_100"] + answer.probabilities[
        "exactly_100"
    ] + answer.probabilities["below_100"] == pytest.approx(1)


def test_the_situation_has_the_registry_shape():
    procedure = SITUATIONS["expected-score"]
    assert (procedure.name, procedure.rule) == ("expected-score", "scoring")
    assert procedure.input_model is ExpectedScoreInput
    assert (
        issubclass(procedure.result_model, Adjudication) and procedure.result_model is ExpectedScore
    )
    answer = procedure.run(ExpectedScoreInput(deck=["Courtyard"], hand=["Humvee"]))
    assert isinstance(answer, ExpectedScore) and answer.exact["expected_score"] == "102"


@pytest.mark.parametrize(
    ("body", "field", "says", "rule"),
    [
        ({"deck": ["M1 Abram Tank"]}, "deck.0", "did you mean 'M1 Abrams Tank'", "card-list"),
        (
            {"deck": ["Pillbox", "Pillbox"], "hand": ["pillbox"]},
            "deck",
            "at most 2 Pillbox",
            "card-list",
        ),
        (
            {"deck": ["Sniper Team"], "hand": ["Robot", "Robot"]},
            "deck",
            "at most 1 Robot",
            "card-list",
        ),
        ({"deck": []}, "deck", "at least 1", None),
        (
            {"deck": ["Humvee"], "hand": ["Grunts", "Car Bomb"]},
            "hand.1",
            "only American cards",
            "asset-phase",
        ),
        ({"deck": ["Pillbox"], "policy": "smart"}, "policy", "greedy", None),
        ({"deck": ["Pillbox"], "colour": "red"}, "colour", "unknown field", None),
    ],
)
def test_bad_input_names_the_value_and_the_rule(body, field, says, rule):
    with pytest.raises(InvalidSituation) as raised:
        RUN(body)
    problem = raised.value.problems[0]
    assert problem.field == field
    assert says in str(raised.value)
    assert problem.rule == rule


def test_lookahead_on_a_long_deck_is_refused_not_slow():
    deck = engine.shuffled_deck(__import__("random").Random(1)).deck
    with pytest.raises(InvalidSituation) as raised:
        RUN({"deck": deck, "policy": "lookahead"})
    assert raised.value.problems[0].field == "policy"


def test_the_command_line_answers_the_contract():
    import json

    from .conftest import run_cli

    body = json.dumps(
        {"deck": ["Courtyard", "Car Bomb"], "hand": ["Bradley AFV"], "policy": "greedy"}
    )
    done = run_cli("adjudicate", "--game", "fallujah-cards", "expected-score", "--json", stdin=body)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["exact"]["expected_score"] == "101"
    assert answer["distributions"]["score"] == {"101": 1.0}
    bad = run_cli(
        "adjudicate", "--game", "fallujah-cards", "expected-score", stdin='{"deck": ["Pilbox"]}'
    )
    assert bad.returncode != 0 and "did you mean 'Pillbox'" in bad.stderr + bad.stdout
    assert "Traceback" not in bad.stderr
