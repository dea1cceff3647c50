"""Issue 22 (items 4-6): the improved greedy policy, the compiled rollouts, the advisor's value of
a Recon look and its accuracy, the clairvoyant limit and ``fallujah stats``."""

from __future__ import annotations

import json
import subprocess
from fractions import Fraction
from random import Random

import numpy as np

from adjudicator.games.fallujah_cards import (
    clairvoyant,
    engine,
    exact,
    lookahead,
    rollouts,
    tournament,
)
from adjudicator.games.fallujah_cards.advisor import advise
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.fast import (
    CLASSIC,
    CODE_N,
    GREEDY,
    N_CLASSES,
    ROLLOUT,
    deck_codes,
    full_deck_codes,
    greedy_delta,
    greedy_expectation,
    shuffle_in_place,
    uniform_pick,
    unknown_counts,
)
from adjudicator.games.fallujah_cards.policies import greedy_action, lost_card
from tests.conftest import FALLUJAH


def _state(deck: list[str], hand: list[str]):
    find = card_list().find
    return engine.position([find(n).index for n in deck], [find(n).index for n in hand])


def _decks(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = Random(seed)
    decks = []
    for _ in range(count):
        deck = full_deck_codes()
        shuffle_in_place(deck, rng.random)
        decks.append(deck)
    return np.array(decks, dtype=np.int8), np.random.default_rng(seed).random((count, 92))


def test_compiled_rollouts_play_greedy_delta_game_for_game():
    decks, losses = _decks(300, 5)
    for rules in (GREEDY, CLASSIC, ROLLOUT):
        played = rollouts.play(decks, np.zeros((300, N_CLASSES), dtype=np.int32), losses, np.zeros(300), rules)
        for k in range(300):
            row = losses[k]
            expected = greedy_delta(list(decks[k]), [0] * N_CLASSES, lambda size, turned, row=row: int(row[turned - 1] * size), rules=rules)
            assert played[k] == expected, (rules.name, k)


def test_the_rollout_policy_is_the_same_compiled_and_exact():
    """The advisor's rollout policy (fast.ROLLOUT: the highest card on the last Target, a card
    4 or more above a Target kept while the hand has room) gives the same games compiled
    (rollouts._game) and in the exact expectation (fast.rollout_fight): the mean over every
    order of a few cards (no Insurgent Tactics, so no random loss) equals the exact value."""
    from itertools import permutations

    rng = Random(4)
    pool = [code for code in full_deck_codes() if code != CODE_N]
    changed = 0
    for _ in range(12):
        cards = rng.sample(pool, 6)
        hand = [0] * N_CLASSES
        for code in rng.sample([c for c in pool if c < N_CLASSES], 2):
            hand[code] += 1
        orders = np.array(list(permutations(cards)), dtype=np.int8)
        count = len(orders)
        played = rollouts.play(orders, np.tile(hand, (count, 1)), np.zeros((count, 6)), np.zeros(count), ROLLOUT)
        expected = greedy_expectation((), unknown_counts(cards), tuple(hand), ROLLOUT)
        assert Fraction(int(played.sum()), count) == expected, (cards, hand)
        changed += expected != greedy_expectation((), unknown_counts(cards), tuple(hand), GREEDY)
    assert changed, "no deck where the rollout rules changed a value: the test shows nothing"


def test_compiled_rollouts_use_what_recon_showed_as_the_engine_policy_does():
    """The same games through the engine, decided by policies.greedy_action with the top 5
    cards shown, give the compiled loop's scores (fast.holds_for_later in both)."""
    decks, losses = _decks(40, 8)
    played = rollouts.play(decks, np.zeros((40, N_CLASSES), dtype=np.int32), losses, np.full(40, 5))
    table = card_list().cards
    by_code = {}
    for card in table:
        by_code.setdefault(card.code, []).append(card.index)
    differs = 0
    for k in range(40):
        pools = {code: list(indices) * 4 for code, indices in by_code.items()}
        order = [pools[code].pop() for code in decks[k]]
        state = engine.position(order, seen_top=5)
        base = len(order)
        while not state.over:
            if engine.legal_decisions(state):
                action = greedy_action(state)
            else:
                turned = base - state.deck_size
                action = lost_card(state, int(losses[k][turned - 1] * len(state.hand)))
            state = engine.apply(state, action)
        assert engine_score(state) - 100 == played[k], k
        uninformed = greedy_delta(list(decks[k]), [0] * N_CLASSES, lambda size, turned, row=losses[k]: int(row[turned - 1] * size))
        differs += uninformed != played[k]
    assert differs, "no game of 40 where the cards shown changed a decision: the test shows nothing"


def test_the_greedy_policy_beats_the_classic_one_on_the_same_shuffles():
    new = tournament.run("greedy", 2000, 3)
    old = tournament.run("greedy-classic", 2000, 3)
    assert new["mean"] - old["mean"] > 1.0


def test_a_recon_look_has_a_value():
    # Humvee joins the hand; the Dragon Eyes would show Courtyard, Car Bomb, Ambush, Roof Top
    # (in an order the advisor does not know). Knowing them, greedy keeps a card for a greater
    # Target; keeping the Recon card only absorbs the Ambush's random loss.
    state = _state(["Humvee", "Courtyard", "Car Bomb", "Ambush", "Roof Top"], ["Dragon Eyes", "Bradley AFV", "Grunts"])
    assert engine.pending(state).kind == "recon"
    advice = advise(state)
    assert advice.method == "exact"
    values = {e.option.action.action: e.exact for e in advice.estimates}
    assert values["recon"] == Fraction(2509, 24) and values["pass"] == Fraction(1877, 18)
    assert values["recon"] > values["pass"]


def _reference(state, action_kind: str, games: int, seed: int) -> float:
    """An independent Monte Carlo estimate of a choice (no Recon look involved): the choice's
    hand and score change, then fast.greedy_delta (pure Python) with the advisor's rollout
    policy (fast.ROLLOUT) over random orders of the unseen cards."""
    from adjudicator.games.fallujah_cards.advisor import _effect, knowledge

    option = next(o for o in engine.legal_decisions(state) if o.action.action == action_kind)
    hand, delta, shown = _effect(state, option.action)
    prefix, unknown = knowledge(state)
    assert shown == 0 and not prefix
    rest = [code for code, count in enumerate(unknown) for _ in range(count)]
    rng = Random(seed)
    total = 0
    for _ in range(games):
        deck = rest[:]
        shuffle_in_place(deck, rng.random)
        total += greedy_delta(deck, list(hand), uniform_pick(rng.random), rules=ROLLOUT)
    return engine_score(state) + delta + total / games


def engine_score(state) -> int:
    from adjudicator.games.fallujah_cards.state import score

    return score(state)


#: the games of the reference. A game's score has a standard deviation of about 17.6 and the
#: advisor's estimate, on about 12,500 rollouts, a standard error of 0.157; 30,000 reference
#: games (0.102) make the difference's 0.187 (60,000 made it 0.173): a true difference of 1.0
#: still fails the half-point bound with probability 0.9962 (0.9981 before), of 0.8 with 0.9453
#: (0.9585), while a right advisor passes with probability 0.9924 (0.9961).
REFERENCE_GAMES = 30_000


def test_the_advisor_is_within_half_a_point_of_an_independent_monte_carlo():
    for seed in (2, 7):
        rng = Random(seed)
        state = engine.apply(engine.new_game(), engine.shuffled_deck(rng))
        while not engine.legal_decisions(state) or engine.pending(state).kind not in ("destroy", "disarm"):
            if engine.legal_decisions(state):
                state = engine.apply(state, greedy_action(state))
            else:
                state = engine.apply(state, engine.random_input(state, rng))
        advice = advise(state)
        assert advice.method == "monte-carlo" and advice.rollouts >= 2000
        for estimate in advice.estimates:
            kind = estimate.option.action.action
            if kind == "play" and estimate.option.action.card != greedy_action(state).card:
                continue
            reference = _reference(state, kind, REFERENCE_GAMES, seed)
            assert abs(estimate.expected - reference) < 0.5, (seed, kind, estimate.expected, reference)


def test_clairvoyant_keeps_the_bradley_for_the_car_bomb():
    # Known order: Courtyard (Force 1) then Car Bomb (Force 3); one Bradley AFV (Force 3).
    # Best: the Courtyard to the Casualty Pile (-1), the Bradley neutralizes the Car Bomb (+3 +3).
    deck = deck_codes([card_list().find(n).index for n in ["Bradley AFV", "Courtyard", "Car Bomb"]])
    assert clairvoyant.expected_best(deck) == -1 + 3 + 3


def test_clairvoyant_bounds_the_policies_on_known_decks():
    rng = Random(11)
    for _ in range(15):
        full = full_deck_codes()
        shuffle_in_place(full, rng.random)
        deck = full[:22]
        best = clairvoyant.expected_best(deck)
        for policy in ("greedy", "lookahead"):
            if policy == "lookahead" and not exact.lookahead_feasible(deck):
                continue
            dist = exact.known_deck_distribution(deck, (0,) * N_CLASSES, policy)
            mean = sum(p * literal for (literal, _), p in dist.items())
            assert best >= float(mean) - 1e-9, (policy, deck)


def test_clairvoyant_play_reaches_its_limit_on_average():
    deck = full_deck_codes()
    shuffle_in_place(deck, Random(4).random)
    limit = clairvoyant.expected_best(deck)
    rng = Random(1)
    scores = [clairvoyant.play(deck, uniform_pick(rng.random))[0] for _ in range(200)]
    mean = sum(scores) / len(scores)
    spread = (sum((s - mean) ** 2 for s in scores) / (len(scores) - 1) / len(scores)) ** 0.5
    assert abs(mean - limit) < 4 * spread + 1e-9


def test_the_same_seed_deals_the_same_shuffles_to_every_policy():
    assert tournament.shuffle(5, 3) == tournament.shuffle(5, 3)
    assert tournament.shuffle(5, 3) != tournament.shuffle(5, 4)
    assert sorted(tournament.shuffle(5, 3)) == sorted(card_list().full_deck())


def _stats(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(FALLUJAH), "stats", *args], check=False, capture_output=True, text=True, timeout=600)


def test_stats_json_carries_the_contract():
    done = _stats("--game", "fallujah-cards", "--policy", "greedy", "--games", "50", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"policy", "games", "seed", "mean", "stderr", "distribution"} <= set(result)
    assert result["policy"] == "greedy" and result["games"] == 50 and result["seed"] == 4
    assert sum(result["distribution"].values()) == 50
    mean = sum(int(k) * v for k, v in result["distribution"].items()) / 50
    assert abs(mean - result["mean"]) < 1e-9
    assert result == json.loads(_stats("--game", "fallujah-cards", "--policy", "greedy", "--games", "50", "--seed", "4", "--json").stdout)


def test_stats_text_shows_the_limit_beside_the_clairvoyant_mean():
    done = _stats("--game", "fallujah-cards", "--policy", "clairvoyant", "--games", "3", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "mean" in done.stdout and "limit (clairvoyant play" in done.stdout and "gap" in done.stdout


def test_stats_bad_values_exit_2_naming_the_option():
    cases = {
        ("--game", "fallujah-cards", "--policy", "perfect"): "--policy 'perfect': one of random, greedy",
        ("--game", "chess", "--policy", "greedy"): "unknown game 'chess' (known games:",
        ("--game", "phantom-fury", "--policy", "greedy"): "--game 'phantom-fury': a game with policy statistics",
        ("--game", "fallujah-cards", "--policy", "greedy", "--games", "0"): "--games '0': a whole number from 1",
        ("--game", "fallujah-cards", "--policy", "greedy", "--seed", "-1"): "--seed '-1': a whole number from 0",
    }
    for args, message in cases.items():
        done = _stats(*args)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, (args, done.stderr)


def _advised_on_the_engine(deck: list[int], losses: np.ndarray, seed: int, games: int) -> int:
    """A whole game through the engine, each decision advisor.advise's Monte Carlo answer on
    the random games lookahead.py gives that decision (same seed, same number)."""
    table = card_list().cards
    by_code: dict[int, list[int]] = {}
    for card in table:
        by_code.setdefault(card.code, []).extend([card.index] * card.copies)
    order = [by_code[code].pop() for code in deck]
    state = engine.apply(engine.new_game(), {"action": "shuffle", "deck": [table[i].name for i in order]})
    decision = 0
    while not state.over:
        if engine.legal_decisions(state):
            decision += 1
            answer = advise(state, rollouts=games, seed=(seed * 7919 + decision) % 2**64, exact_limit=0)
            action = answer.estimates[0].option.action
        else:
            turned = len(deck) - state.deck_size
            action = lost_card(state, int(losses[turned - 1] * len(state.hand)))
        state = engine.apply(state, action)
    return engine_score(state) - 100


def test_the_compiled_advisor_plays_advise_s_choices():
    """lookahead.py (the statistics' advisor) decides as advisor.advise does: the same whole
    games, the same final scores."""
    decks, losses = _decks(4, 11)
    for k in range(4):
        played = lookahead.play(decks[k], losses[k], 1000 + k, rollouts=60, budget=0)
        assert played == _advised_on_the_engine(list(decks[k]), losses[k], 1000 + k, 60), k
