"""The advisor (issue 15): each legal choice's expected final score, with greedy playing on,
exact when few cards remain and Monte Carlo otherwise; it never looks at the real order of the
cards the player has not seen."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.advisor import advise, knowledge
from adjudicator.games.fallujah_cards.cards import card_list


def _state(deck: list[str], hand: list[str]):
    find = card_list().find
    return engine.position([find(n).index for n in deck], [find(n).index for n in hand])


def test_keep_the_bradley_for_the_car_bomb_exactly():
    state = _state(["Courtyard", "Car Bomb"], ["Bradley AFV"])
    advice = advise(state)
    assert advice.method == "exact"
    keep, play = advice.estimates
    assert keep.option.action.action == "decline" and keep.exact == 105
    assert play.option.action.action == "play" and play.exact == 101 and play.behind == 4
    assert (
        advice.sentence
        == "Keep the Bradley AFV: +4.0 points expected (exact) over \u201cPlay the Bradley AFV\u201d; expected final score 105.0."
    )


def test_exact_values_weigh_every_order_of_the_unseen_cards():
    # After the Courtyard the deck holds a Car Bomb and a Roof Top in an unknown order:
    # keep the Bradley: -1, then it beats whichever comes first (+6 or +5) and the other is lost
    # (-2 or -3): (-1 + 6 - 2 + -1 + 5 - 3) / 2 = 2; play it: +4, then both lost: -5 -> -1.
    state = _state(["Courtyard", "Car Bomb", "Roof Top"], ["Bradley AFV"])
    values = {e.option.action.action: e.exact for e in advise(state).estimates}
    assert values == {"decline": Fraction(102), "play": Fraction(99)}


def test_the_advisor_never_looks_at_the_real_order():
    one = _state(["Courtyard", "Car Bomb", "Roof Top", "Humvee", "Pillbox"], ["Bradley AFV"])
    two = _state(["Courtyard", "Pillbox", "Humvee", "Roof Top", "Car Bomb"], ["Bradley AFV"])
    assert [e.expected for e in advise(one).estimates] == [
        e.expected for e in advise(two).estimates
    ]
    deck = engine.shuffled_deck(Random(4)).deck
    first = engine.apply(engine.new_game(), {"action": "shuffle", "deck": deck})
    while not engine.legal_decisions(first):
        first = engine.apply(first, engine.random_input(first, Random(0)))
    unseen = list(first.deck)
    Random(9).shuffle(unseen)
    second = first.with_(deck=tuple(unseen))
    assert [e.expected for e in advise(first, rollouts=200).estimates] == [
        e.expected for e in advise(second, rollouts=200).estimates
    ]


def test_cards_shown_by_recon_are_known_on_top():
    # Turn 1: the Pillbox is lost; Dragon Eyes shows the 4 cards left. Turn 2: the
    # Humvee joins the hand, which must discard: the 3 cards still on top are known.
    state = _state(
        ["Pillbox", "Humvee", "Concrete House", "Grunts", "Roof Top"],
        ["Dragon Eyes", "Humvee", "Grunts", "Mortars", "Robot"],
    )
    state = engine.apply(state, {"action": "recon", "card": "Dragon Eyes"})
    assert engine.pending(state).kind == "regroup" and state.seen_top == 3
    prefix, unknown = knowledge(state)
    assert prefix == tuple(
        card_list().find(n).code for n in ["Concrete House", "Grunts", "Roof Top"]
    )
    assert not any(unknown)


def test_monte_carlo_agrees_with_the_exact_answer():
    deck = [
        "Courtyard",
        "Car Bomb",
        "Roof Top",
        "Ambush",
        "Humvee",
        "Pillbox",
        "Grunts",
        "Robot",
        "Coordination",
        "Jihadists",
    ]
    state = _state(deck, ["Bradley AFV", "Light Attack Vehicle"])
    exact = advise(state, exact_limit=10**9)
    sampled = advise(state, exact_limit=0, rollouts=4000, seed=3)
    assert exact.method == "exact" and sampled.method == "monte-carlo"
    by_label = {e.option.label: e for e in sampled.estimates}
    for estimate in exact.estimates:
        mc = by_label[estimate.option.label]
        assert abs(mc.expected - estimate.expected) < 4 * mc.se + 1e-9


def test_a_fresh_game_is_advised_by_rollouts_with_their_standard_error():
    state = engine.apply(engine.new_game(), engine.shuffled_deck(Random(1)))
    while not engine.legal_decisions(state):
        state = engine.apply(state, engine.random_input(state, Random(0)))
    advice = advise(state, rollouts=300)
    assert advice.method == "monte-carlo" and advice.rollouts == 300
    assert all(e.se is not None and e.se > 0 for e in advice.estimates)
    assert "\u00b1" in advice.sentence and "points expected" in advice.sentence


def test_no_decision_no_advice():
    state = _state(["Ambush", "Courtyard"], ["Humvee", "Grunts"])
    with pytest.raises(ValueError, match="waits for lost"):
        advise(state)
