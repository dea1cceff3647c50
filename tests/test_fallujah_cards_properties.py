"""Properties of the Fallujah card game engine (issue 15), over random shuffles, random legal
decisions and random losses: no card is ever lost or duplicated, the score is its definition
over the piles, a log replays to the same state, a physical game entered card by card ends
where the shuffled game ends, and the fast greedy loop plays the same games as the engine."""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.fast import deck_codes, greedy_delta
from adjudicator.games.fallujah_cards.policies import greedy_action, lost_card
from adjudicator.games.fallujah_cards.state import places, score, score_insurgency_only
from rules_text.loading import load_game
from tests.test_fallujah_cards_situation import engine_distribution

ROWS = load_game("fallujah-cards").tables["card-list"].rows
COPIES = Counter({index: row.copies for index, row in enumerate(ROWS)})
FORCE = [row.force or 0 for row in ROWS]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _random_game(shuffle_seed: int, play_seed: int) -> tuple[list, list]:
    """A whole game with random legal decisions and random losses: its log and every state."""
    rng = Random(play_seed)
    log = [engine.shuffled_deck(Random(shuffle_seed))]
    states = [engine.apply(engine.new_game(), log[0])]
    while not states[-1].over:
        state = states[-1]
        options = engine.legal_decisions(state)
        action = rng.choice(options).action if options else engine.random_input(state, rng)
        log.append(action)
        states.append(engine.apply(state, action))
    return log, states


@settings(max_examples=40, deadline=None)
@given(SEEDS, SEEDS)
def test_the_92_cards_are_always_each_in_exactly_one_place(shuffle_seed, play_seed):
    _, states = _random_game(shuffle_seed, play_seed)
    for state in states:
        assert places(state) == COPIES
        assert sum(places(state).values()) == 92


@settings(max_examples=40, deadline=None)
@given(SEEDS, SEEDS)
def test_the_score_is_its_definition_over_the_piles(shuffle_seed, play_seed):
    _, states = _random_game(shuffle_seed, play_seed)
    for state in states:
        casualty = sum(FORCE[i] for i in state.casualty)
        eliminated = sum(FORCE[i] for i in state.elimination)
        insurgency = sum(FORCE[i] for i in state.elimination if ROWS[i].type in "NIPX")
        assert score(state) == 100 - casualty + eliminated
        assert score_insurgency_only(state) == 100 - casualty + insurgency


@settings(max_examples=25, deadline=None)
@given(SEEDS, SEEDS)
def test_replaying_a_log_gives_the_same_state(shuffle_seed, play_seed):
    log, states = _random_game(shuffle_seed, play_seed)
    assert engine.replay(log) == states[-1]
    assert engine.replay(log[: len(log) // 2]) == states[len(log) // 2 - 1]
    as_json = [action.model_dump() for action in log]
    assert engine.replay(as_json) == states[-1]


@settings(max_examples=15, deadline=None)
@given(SEEDS, SEEDS)
def test_the_same_seeds_play_the_same_game(shuffle_seed, play_seed):
    first, second = _random_game(shuffle_seed, play_seed), _random_game(shuffle_seed, play_seed)
    assert first[0] == second[0] and first[1][-1] == second[1][-1]


@settings(max_examples=20, deadline=None)
@given(SEEDS, SEEDS)
def test_a_physical_game_entered_card_by_card_ends_as_the_shuffled_game(shuffle_seed, play_seed):
    log, states = _random_game(shuffle_seed, play_seed)
    order = list(log[0].deck)
    choices = list(log[1:])
    state = engine.apply(engine.new_game(), {"action": "physical"})
    while not state.over:
        if engine.pending(state).kind == "turn":
            state = engine.apply(state, {"action": "turn", "card": order.pop(0)})
        else:
            state = engine.apply(state, choices.pop(0))
    final = states[-1]
    assert (state.hand, state.casualty, state.elimination, state.discard) == (
        final.hand,
        final.casualty,
        final.elimination,
        final.discard,
    )
    assert score(state) == score(final) and choices == [] and order == []


@settings(max_examples=60, deadline=None)
@given(SEEDS, SEEDS)
def test_the_fast_greedy_loop_plays_the_engine_s_greedy_games(shuffle_seed, loss_seed):
    def pick(size: int, turned: int) -> int:
        return int(Random(loss_seed * 131 + turned).random() * size)

    shuffle = engine.shuffled_deck(Random(shuffle_seed))
    state = engine.apply(engine.new_game(), shuffle)
    while not state.over:
        action = greedy_action(state) or lost_card(
            state, pick(len(state.hand), 92 - state.deck_size)
        )
        state = engine.apply(state, action)
    order = [card_list().find(name).index for name in shuffle.deck]
    assert 100 + greedy_delta(deck_codes(order), [0] * 13, pick) == score(state)


SHORT_GAMES = st.tuples(
    st.permutations(list(card_list().full_deck())).map(lambda cards: cards[:12]),
    st.integers(min_value=5, max_value=9),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(["greedy", "lookahead"]),
)


@settings(max_examples=30, deadline=None)
@given(SHORT_GAMES)
def test_expected_score_equals_the_engine_enumerated_card_by_card(game):
    from adjudicator.games.fallujah_cards import SITUATIONS

    cards, deck_size, hand_size, policy = game
    american = [i for i in cards[deck_size:] if ROWS[i].type in "TGASRD"]
    deck, hand = list(cards[:deck_size]), american[:hand_size]
    body = {
        "deck": [ROWS[i].name.en for i in deck],
        "hand": [ROWS[i].name.en for i in hand],
        "policy": policy,
    }
    answer = SITUATIONS["expected-score"].run(body)
    assert answer.exact["score"] == engine_distribution(deck, hand, policy)
