"""The Fallujah card game engine, phase by phase (issue 15): hand-built situations as data
(tests/data/fallujah-cards/phases.yaml), each checked against the state the rules give, and
every refused action leaving the state unchanged."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.state import score, score_insurgency_only
from rules_text.loading import load_yaml

CASES = load_yaml(
    (Path(__file__).parent / "data" / "fallujah-cards" / "phases.yaml").read_text(encoding="utf-8")
)


def _indices(names: list[str]) -> list[int]:
    return [card_list().find(name).index for name in names]


def _names(cards) -> list[str]:
    return [card_list().cards[i].name for i in cards]


def _start(case: dict):
    return engine.position(_indices(case["deck"]), _indices(case.get("hand", [])))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_phase(case):
    state = _start(case)
    actions = case.get("actions", [])
    if "error" in case:
        for action in actions[:-1]:
            state = engine.apply(state, action)
        with pytest.raises(InvalidSituation) as raised:
            engine.apply(state, actions[-1])
        problem = raised.value.problems[0]
        want = case["error"]
        assert problem.field == want["field"]
        if "value" in want:
            assert problem.value == want["value"]
        if "rule" in want:
            assert problem.rule == want["rule"]
        assert want["says"] in str(raised.value)
        return
    if "options" in case:
        assert [o.label for o in engine.legal_decisions(state)] == case["options"]
    for action in actions:
        state = engine.apply(state, action)
    want = case["expect"]
    assert engine.pending(state).kind == want["pending"]
    checks = {
        "hand": lambda: _names(state.hand),
        "casualty": lambda: _names(state.casualty),
        "elimination": lambda: _names(state.elimination),
        "discard": lambda: _names(state.discard),
        "target": lambda: None if state.target is None else card_list().cards[state.target].name,
        "score": lambda: score(state),
        "score_insurgency_only": lambda: score_insurgency_only(state),
        "turn": lambda: state.turn,
    }
    for key, value in want.items():
        if key in checks:
            assert checks[key]() == value, key
    if "said_contains" in want:
        assert want["said_contains"] in " ".join(state.said)


def test_refused_action_changes_nothing():
    state = engine.position(_indices(["Pillbox"]), _indices(["Robot", "M1 Abrams Tank"]))
    before = (state, engine.pending(state), engine.legal_decisions(state))
    with pytest.raises(InvalidSituation):
        engine.apply(state, {"action": "play", "card": "Robot"})
    assert (state, engine.pending(state), engine.legal_decisions(state)) == before


def test_a_shuffle_must_hold_every_card_exactly_as_many_times_as_printed():
    deck = engine.shuffled_deck(Random(1)).deck
    doubled = deck[:-1] + ["M1 Abrams Tank"]
    with pytest.raises(InvalidSituation) as raised:
        engine.apply(engine.new_game(), {"action": "shuffle", "deck": doubled})
    said = str(raised.value)
    assert "M1 Abrams Tank" in said and "2 copies in the card list, 3 entered" in said
    missing = deck[-1]
    assert f"'{missing}'" in said  # the card left out is named too


def test_a_physical_game_refuses_a_card_turned_beyond_its_copies():
    state = engine.apply(engine.new_game(), {"action": "physical"})
    state = engine.apply(state, {"action": "turn", "card": "Robot"})
    assert engine.pending(state).kind == "turn" and _names(state.hand) == ["Robot"]
    with pytest.raises(InvalidSituation) as raised:
        engine.apply(state, {"action": "turn", "card": "robot"})
    assert "every copy is already seen" in str(raised.value)
    assert raised.value.problems[0].rule == "card-list"


def test_a_physical_game_asks_for_the_cards_an_american_tactics_target_draws():
    state = engine.apply(engine.new_game(), {"action": "physical"})
    state = engine.apply(state, {"action": "turn", "card": "Ingenuity"})
    assert engine.pending(state).kind == "turn" and state.phase == "tactics"
    state = engine.apply(state, {"action": "turn", "card": "Humvee"})
    state = engine.apply(state, {"action": "turn", "card": "Car Bomb"})
    assert _names(state.hand) == ["Ingenuity", "Humvee"]
    assert _names(state.discard) == ["Car Bomb"]
    assert state.phase == "search" and state.deck_size == 89


def test_the_fist_artillery_reading_names_the_same_card():
    assert card_list().find("FIST Artillery") is card_list().find("Artillery")


def test_a_game_on_screen_ends_after_every_card_is_turned():
    rng = Random(7)
    state = engine.apply(engine.new_game(), engine.shuffled_deck(rng))
    while not state.over:
        options = engine.legal_decisions(state)
        state = engine.apply(
            state, options[0].action if options else engine.random_input(state, rng)
        )
    assert state.deck_size == 0
    assert engine.pending(state).prompt == f"The game is over. Score: {score(state)}."
    assert engine.summary(state)[-1] == f"Score: {score(state)}"
    assert engine.summary(state)[0].endswith("; 0 cards in the Deck")


@pytest.mark.parametrize("policy", ["greedy", "lookahead"])
def test_a_policy_plays_a_whole_game_whose_log_replays_to_it(policy):
    from adjudicator.games.fallujah_cards.policies import play_to_end

    state, log = play_to_end(3, policy, seed=1, rollouts=50)
    assert state.over and state.deck_size == 0
    assert engine.replay(log) == state
