"""How a simulated player decides: the ``greedy`` policies and the advisor's ``lookahead``.

``greedy`` acts whenever it can, with the lowest-Force card that qualifies:
  - Destroy Phase: the qualifying card of lowest Force; at equal Force a Support card before an
    Infantry or Armor card (Support cannot neutralize a bomb), then card-list order;
  - Disarm Phase: against a bomb of Force 4 or more a Disarm card if one is held (it has no
    Force: the lowest), else the Infantry or Armor card of lowest Force that qualifies, a
    Disarm card when none does;
  - either fight: it keeps its card instead (the Target goes to the Casualty Pile) when a Recon
    card showed a Target of greater Force coming that only this card can fight
    (fast.holds_for_later);
  - Recon Phase: keeps its Recon cards (one more card for an Insurgent Tactics Target to take
    at random instead of a fighting card); a Regroup discards them first;
  - Regroup Phase: discards American Tactics cards first, then Recon cards, then the fighting
    cards from the lowest Force up (Support before Infantry or Armor), Disarm cards between
    Force 3 and Force 4 (cards.CLASS_ORDER).

``greedy-classic`` (issue 15's greedy, kept for the figures made with it) plays a Recon card
whenever it holds one, a Disarm card first on every bomb, and ignores what Recon showed.

``lookahead`` (the advisor's own policy) takes, at each decision, the choice with the highest
expected final score when greedy plays the rest of the game (with the rollout policy's rules,
fast.ROLLOUT): a one-step lookahead over expected
values (advisor.py computes them: exact when few cards remain, else Monte Carlo).
"""

from __future__ import annotations

from . import actions as act
from .cards import card_list
from .engine import GameState, legal_decisions, pending, qualifying, target_of
from .fast import GREEDIES, GREEDY, Greedy, greedy_regroup, hand_counts, informed_fight

POLICIES = ("greedy", "greedy-classic", "lookahead")


def _rank(index: int) -> tuple[int, int]:
    card = card_list().cards[index]
    return card.klass, index


def greedy_action(
    state: GameState, rules: Greedy = GREEDY
) -> act.Play | act.Decline | act.Recon | act.Pass | act.Discard | None:
    """A greedy policy's decision now (None when the game does not wait for a decision): the
    same choices, class for class, as fast.greedy_delta and fast.greedy_decider."""
    kind = pending(state).kind
    cards = card_list().cards
    if kind in ("destroy", "disarm"):
        hand = tuple(hand_counts(state.hand))
        known = [cards[i].code for i in state.looked_at()]
        klass = informed_fight(hand, cards[target_of(state)].code, known, rules)
        if klass is None:
            return act.Decline()
        best = min((i for i in qualifying(state) if cards[i].klass == klass), key=_rank)
        return act.Play(card=cards[best].name)
    if kind == "recon":
        if not rules.recon_at_once:
            return act.Pass()
        return act.Recon(card=cards[min(i for i in state.hand if cards[i].type == "R")].name)
    if kind == "regroup":
        kept = list(greedy_regroup(tuple(hand_counts(state.hand))))
        out = []
        for index in sorted(state.hand, key=_rank):
            klass = cards[index].klass
            if kept[klass]:
                kept[klass] -= 1
            else:
                out.append(index)
        return act.Discard(cards=[cards[i].name for i in out])
    return None


def lost_card(state: GameState, position: int) -> act.Lost:
    """The hand card at that position in class order, lost to an Insurgent Tactics Target
    (the order fast.greedy_delta's ``pick`` counts in)."""
    hand = sorted(state.hand, key=_rank)
    return act.Lost(card=card_list().cards[hand[position]].name)


def lookahead_action(state: GameState, *, rollouts: int = 400, seed: int = 0, exact_limit: int | None = None):
    """The advisor's best choice now (ties: the first listed); ``exact_limit``: exact values up
    to that many deck states (default: advisor.EXACT_LIMIT)."""
    from .advisor import EXACT_LIMIT, advise

    if not legal_decisions(state):
        return None
    limit = EXACT_LIMIT if exact_limit is None else exact_limit
    return advise(state, rollouts=rollouts, seed=seed, exact_limit=limit).estimates[0].option.action


def decide(policy: str, state: GameState, **options):
    """The named policy's decision now."""
    if policy in GREEDIES:
        return greedy_action(state, GREEDIES[policy])
    return lookahead_action(state, **options)


def play_to_end(shuffle_seed: int, policy: str = "greedy", *, seed: int = 0, rollouts: int = 200):
    """A whole game on screen from a fresh shuffle, decided by the policy, random losses drawn
    from ``seed``: its final state and its log (the shuffle first), which replays to it."""
    from random import Random

    from .engine import apply, new_game, random_input, shuffled_deck

    rng = Random(seed)
    log = [shuffled_deck(Random(shuffle_seed))]
    state = apply(new_game(), log[0])
    while not state.over:
        if legal_decisions(state):
            options = (
                {"rollouts": rollouts, "seed": rng.getrandbits(32)} if policy == "lookahead" else {}
            )
            action = decide(policy, state, **options)
        else:
            action = random_input(state, rng)
        log.append(action)
        state = apply(state, action)
    return state, log
