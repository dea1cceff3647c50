"""The game, phase by phase (TURN SEQUENCE), as a pure function from state and action to state.

``apply(state, action)`` checks the action first and raises :class:`IllegalAction` (carrying
the value and the rule) without changing anything; then it applies the action and plays the
phases on until the game needs an input: a decision of the player, a random event, or nothing
more (the game is over). Replaying a log of actions from :func:`new_game` gives the same state.

Readings taken where the rules are silent (each is an erratum of kind ``ambiguity``):
  - the-deck: a game starts with the whole deck shuffled and an empty hand;
  - scoring: the turn in which the Deck runs out is played to its end; the game ends before the
    next Search Phase; an American Tactics draw takes the cards that are left;
  - destroy-phase: "Insurgent card" is a card of type I (Insurgents); a Target the player could
    destroy but does not goes to the Casualty Pile; disarm-phase: likewise for a bomb;
  - recon-phase: at most one Recon card per Recon Phase; the look changes nothing;
  - tactics-phase: an Insurgent Tactics Target with an empty hand goes alone to the Discard Pile;
    an American Tactics Target joins the hand in the Asset Phase after its draw.

The player may pick the other reading of two registered ambiguities at set-up (``readings`` of the
Shuffle and Physical actions, checked against errata.yaml, kept in ``GameState.readings``):
``cards-no-force-destroy: any-card-destroys`` (a card with no Force destroys an Insurgents or
Position Target) and ``cards-american-tactics-target: spent`` (the Target goes to the Discard Pile
after its draw). The advisor's expectations (fast.py, exact.py) assume the engine's own readings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import Any, NoReturn, cast

from pydantic import TypeAdapter, ValidationError

from adjudicator.errors import InvalidSituation, Problem, from_validation_error
from adjudicator.readings import check as check_readings

from . import actions as act
from .cards import (
    AMERICAN_TACTICS,
    EXPLOSIVES,
    GAME,
    INSURGENT_TACTICS,
    INSURGENTS,
    POSITIONS,
    RECON,
    Card,
    card_list,
)
from .state import (
    HAND_LIMIT,
    NO_FORCE_DESTROYS,
    PHASE_RULE,
    RECON_LOOK,
    TACTICS_DRAW,
    TACTICS_TARGET_SPENT,
    GameState,
    follows,
    score,
)

ACTION = TypeAdapter(act.Action)
#: what each kind of pending input is: a decision of the player or a random event
DECISIONS = ("destroy", "disarm", "recon", "regroup")
RANDOM_EVENTS = ("setup", "turn", "lost")


class IllegalAction(InvalidSituation):
    """An action the rules do not allow now; the state is unchanged."""


@dataclass(frozen=True)
class Pending:
    """What the game waits for: ``kind`` is one of DECISIONS, RANDOM_EVENTS or "over"."""

    kind: str
    rule: str
    prompt: str


@dataclass(frozen=True)
class Option:
    """One legal decision, with a label a player understands."""

    label: str
    action: act.Play | act.Decline | act.Recon | act.Pass | act.Discard


# ---------------------------------------------------------------------------------------------
# Starting a game


def new_game() -> GameState:
    """A game before its deck is shuffled (errata the-deck: the hand starts empty)."""
    return GameState()


def position(deck: Sequence[int], hand: Iterable[int] = (), seen_top: int = 0) -> GameState:
    """A game that starts at a Search Phase with this deck order (top first) and this hand,
    the ``seen_top`` top cards shown by a Recon card. The cards not named are out of the game
    (a short deck for a worked example)."""
    start = GameState(deck=tuple(deck), hand=tuple(sorted(hand)), phase="search", seen_top=seen_top)
    return _advance(start, [])


def _name(index: int) -> str:
    return card_list().cards[index].name


def target_of(state: GameState) -> int:
    """The Target turned over: set in every phase that reads it (tactics, destroy, disarm)."""
    if state.target is None:
        raise RuntimeError(f"the {state.phase} phase has no Target turned over")
    return state.target


def force_of(card: Card) -> int:
    """A Target's Force (Insurgents, Positions and Explosives cards print one)."""
    if card.force is None:
        raise RuntimeError(f"the {card.name} prints no Force")
    return card.force


def _describe(card: Card) -> str:
    force = "no Force" if card.force is None else f"Force {card.force}"
    return f"{card.name} ({card.type}, {force})"


# ---------------------------------------------------------------------------------------------
# What the game waits for


def pending(state: GameState) -> Pending:
    """The input the game needs next (the state always rests at such a point)."""
    phase = state.phase
    rule = PHASE_RULE[phase]
    if phase == "over":
        return Pending("over", rule, f"The game is over. Score: {score(state)}.")
    if phase == "setup":
        return Pending("setup", rule, "Shuffle the deck (or keep a physical game).")
    if phase == "search" or (phase == "tactics" and _is(state.target, AMERICAN_TACTICS)):
        verb = "Turn over the top card" if phase == "search" else "Draw the next card"
        return Pending("turn", rule, f"{verb} of the deck and enter it.")
    target = card_list().cards[state.target] if state.target is not None else None
    if phase == "tactics":
        assert target is not None
        return Pending("lost", rule, f"{target.name}: which card of your hand is lost at random?")
    if phase in ("destroy", "disarm"):
        assert target is not None
        verb = "destroy" if phase == "destroy" else "neutralize"
        return Pending(
            phase,
            rule,
            f"Target: {_describe(target)}. {verb.capitalize()} it, and with which card?",
        )
    if phase == "recon":
        return Pending("recon", rule, "Play a Recon card to look at the next 5 cards, or keep it?")
    extra = len(state.hand) - HAND_LIMIT
    return Pending("regroup", rule, f"Max hand size is 4 cards: discard {extra}.")


def _is(index: int | None, card_type: str) -> bool:
    return index is not None and card_list().cards[index].type == card_type


def qualifying(state: GameState) -> list[int]:
    """The distinct hand cards that can destroy (destroy-phase) or neutralize (disarm-phase)
    the Target now."""
    cards = card_list().cards
    if state.target is None or state.phase not in ("destroy", "disarm"):
        return []
    force = force_of(cards[state.target])
    test = Card.destroys if state.phase == "destroy" else Card.neutralizes
    no_force = state.phase == "destroy" and follows(state, NO_FORCE_DESTROYS)
    return sorted({i for i in state.hand if test(cards[i], force) or (no_force and cards[i].american
                                                                      and cards[i].force is None)})


def legal_decisions(state: GameState) -> list[Option]:
    """Every legal decision now, each with a label (empty when the game waits for a random
    event or is over). A terminal or web loop needs nothing else."""
    kind = pending(state).kind
    cards = card_list().cards
    if kind in ("destroy", "disarm"):
        target = cards[target_of(state)]
        verb = "Destroy" if kind == "destroy" else "Neutralize"
        options = []
        for index in qualifying(state):
            card = cards[index]
            gain = force_of(target) + (card.force or 0)
            options.append(
                Option(
                    f"{verb} the {target.name} with the {card.name}: +{gain}",
                    act.Play(card=card.name),
                )
            )
        options.append(
            Option(
                f"Keep your cards: the {target.name} goes to the Casualty Pile, -{target.force}",
                act.Decline(),
            )
        )
        return options
    if kind == "recon":
        recons = sorted({i for i in state.hand if cards[i].type == RECON})
        plays = [
            Option(
                f"Play the {cards[i].name}: look at the next 5 cards", act.Recon(card=cards[i].name)
            )
            for i in recons
        ]
        return plays + [Option("Keep the Recon card for a later turn", act.Pass())]
    if kind == "regroup":
        extra = len(state.hand) - HAND_LIMIT
        seen = set()
        options = []
        for chosen in combinations(state.hand, extra):
            if chosen in seen:
                continue
            seen.add(chosen)
            names = [cards[i].name for i in chosen]
            options.append(Option("Discard " + ", ".join(names), act.Discard(cards=names)))
        return options
    return []


def summary(state: GameState) -> list[str]:
    """The table as a player sees it, one line each (for a terminal loop): turn and phase,
    Target, hand, piles, the cards a Recon card showed, the score."""
    cards = card_list().cards

    def names(pile: tuple[int, ...]) -> str:
        return ", ".join(cards[i].name for i in pile) or "-"

    lines = [
        f"Turn {state.turn}, {PHASE_RULE[state.phase].replace('-', ' ')}; {state.deck_size} cards in the Deck",
        f"Target: {cards[state.target].name if state.target is not None else '-'}",
        f"Hand: {names(state.hand)}",
        f"Casualty Pile: {names(state.casualty)}",
        f"Elimination Pile: {names(state.elimination)}",
        f"Discard Pile: {len(state.discard)} cards",
    ]
    if state.seen_top:
        lines.append(f"Next cards (Recon): {names(state.looked_at())}")
    lines.append(f"Score: {score(state)}")
    return lines


def random_input(state: GameState, rng: Random) -> act.Turn | act.Lost | None:
    """A random event drawn for a game played on screen: the hand card lost to an Insurgent
    Tactics Target (every card of the hand equally likely). Cards turned come from the
    shuffled deck itself; a physical game enters its own events."""
    if pending(state).kind == "lost":
        return act.Lost(card=_name(state.hand[rng.randrange(len(state.hand))]))
    return None


def shuffled_deck(rng: Random) -> act.Shuffle:
    """The shuffle as an input: a uniformly random order of the 92 cards."""
    deck = list(card_list().full_deck())
    rng.shuffle(deck)
    return act.Shuffle(deck=[_name(i) for i in deck])


# ---------------------------------------------------------------------------------------------
# Applying an action


def parse_action(
    body,
) -> (
    act.Shuffle
    | act.Physical
    | act.Turn
    | act.Lost
    | act.Shown
    | act.Play
    | act.Decline
    | act.Recon
    | act.Pass
    | act.Discard
):
    """A JSON action as a model; :class:`IllegalAction` naming the bad field."""
    if isinstance(body, tuple(_HANDLERS)):
        return cast("act.Action", body)
    try:
        return ACTION.validate_python(body)
    except ValidationError as exc:
        raise IllegalAction(from_validation_error(exc).problems) from None


def apply(state: GameState, action) -> GameState:
    """The state after a legal action, played on to the next input the game needs."""
    action = parse_action(action)
    handler = _HANDLERS[type(action)]
    said: list[str] = []
    new = handler(state, action, said)
    new = _advance(new, said)
    return new.with_(said=tuple(said))


def replay(actions: Iterable, start: GameState | None = None) -> GameState:
    """Fold a log of actions over a new game (or a given start)."""
    state = start if start is not None else new_game()
    for action in actions:
        state = apply(state, action)
    return state


def _fail(field: str, value, allowed: str, rule: str) -> NoReturn:
    raise IllegalAction(Problem(field, value, allowed, rule))


def _expect(state: GameState, kinds: tuple[str, ...], field: str, value) -> None:
    waiting = pending(state)
    if waiting.kind not in kinds:
        _fail(
            field,
            value,
            f"not now: the game waits for {waiting.kind} ({waiting.prompt})",
            waiting.rule,
        )


def card_index(name: str, field: str = "card", rule: str = "card-list") -> int:
    """A card name as printed (any case) -> its index; IllegalAction suggesting the nearest."""
    cards = card_list()
    card = cards.find(name) if isinstance(name, str) else None
    if card is None:
        near = cards.nearest(str(name))
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        _fail(field, name, f"a card name of the card list{hint}", rule)
    return card.index


def _in_hand(state: GameState, name: str, rule: str, field: str = "card") -> int:
    index = card_index(name, field)
    if index not in state.hand:
        held = ", ".join(_name(i) for i in state.hand) or "nothing"
        _fail(field, name, f"a card in your hand (you hold {held})", rule)
    return index


def _remove(cards: tuple[int, ...], index: int) -> tuple[int, ...]:
    position = cards.index(index)
    return cards[:position] + cards[position + 1 :]


def _check_deck(names: list[str]) -> tuple[int, ...]:
    """A whole shuffled deck: every name known, each card exactly as many times as its copies."""
    cards = card_list()
    problems: list[Problem] = []
    order = []
    for n, name in enumerate(names):
        try:
            order.append(card_index(name, f"deck.{n}"))
        except IllegalAction as exc:
            problems += exc.problems
    counts = Counter(order)
    for card in cards.cards:
        if counts[card.index] != card.copies:
            problems.append(
                Problem(
                    "deck",
                    card.name,
                    f"{card.copies} copies in the card list, {counts[card.index]} entered",
                    "card-list",
                )
            )
    if problems:
        raise IllegalAction(problems)
    return tuple(order)


def _readings(picked: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The player's picks among the registered readings, checked against errata.yaml."""
    if picked:
        check_readings(GAME, picked)
    return tuple(sorted(picked.items()))


def _start(state: GameState, action: act.Shuffle, said: list[str]) -> GameState:
    _expect(state, ("setup",), "action", action.action)
    order = _check_deck(action.deck)
    said.append("The deck is shuffled; your hand is empty.")
    return state.with_(deck=order, phase="search", readings=_readings(action.readings))


def _physical(state: GameState, action: act.Physical, said: list[str]) -> GameState:
    _expect(state, ("setup",), "action", action.action)
    said.append("Keeping a physical game: enter each card as you turn it over.")
    unknown = tuple(card.copies for card in card_list().cards)
    return state.with_(unknown=unknown, phase="search", readings=_readings(action.readings))


def _turn(state: GameState, action: act.Turn, said: list[str]) -> GameState:
    _expect(state, ("turn",), "card", action.card)
    index = card_index(action.card)
    if not state.unknown or state.unknown[index] == 0:
        card = card_list().cards[index]
        _fail(
            "card",
            action.card,
            f"a card still in the deck: the card list has {card.copies} {card.name} and every copy is already seen",
            "card-list",
        )
    unknown = list(state.unknown)
    unknown[index] -= 1
    return state.with_(deck=(index,) + state.deck, unknown=tuple(unknown))


def shown_missing(state: GameState) -> int:
    """How many cards the last Recon card showed that a physical game has not entered yet (0
    in a game played with the app's deck, whose order is known)."""
    if not state.unknown or state.over:
        return 0
    return max(0, state.seen_top - len(state.deck))


def _shown(state: GameState, action: act.Shown, said: list[str]) -> GameState:
    missing = shown_missing(state)
    if not missing:
        _fail("cards", action.cards, "nothing now: only a physical game enters the cards its last Recon card showed,"
              " once, before they are turned", "recon-phase")
    if len(action.cards) != missing or state.deck:
        _fail("cards", action.cards, f"exactly {missing} card(s), top to bottom: the cards the Recon card showed",
              "recon-phase")
    unknown = list(state.unknown)
    order = []
    for n, name in enumerate(action.cards):
        index = card_index(name, f"cards.{n}")
        if unknown[index] == 0:
            card = card_list().cards[index]
            _fail(f"cards.{n}", name, f"a card still in the deck: every copy of the {card.name} is already seen",
                  "card-list")
        unknown[index] -= 1
        order.append(index)
    said.append("Known from Recon, top to bottom: " + ", ".join(_name(i) for i in order) + ".")
    return state.with_(deck=tuple(order), unknown=tuple(unknown), seen_top=len(order))


def _lost(state: GameState, action: act.Lost, said: list[str]) -> GameState:
    _expect(state, ("lost",), "card", action.card)
    index = _in_hand(state, action.card, "tactics-phase")
    said.append(f"{_name(target_of(state))}: the {_name(index)} is lost; both go to the Discard Pile.")
    return state.with_(
        hand=_remove(state.hand, index),
        discard=state.discard + (state.target, index),
        target=None,
        phase="asset",
    )


def _play(state: GameState, action: act.Play, said: list[str]) -> GameState:
    _expect(state, ("destroy", "disarm"), "card", action.card)
    cards = card_list().cards
    rule = PHASE_RULE[state.phase]
    index = _in_hand(state, action.card, rule)
    target, card = cards[target_of(state)], cards[index]
    if index not in qualifying(state):
        if state.phase == "destroy":
            why = (
                f"an American card with Force {target.force} or more against the {target.name};"
                f" the {card.name} is {_describe(card)}"
            )
            if card.type == "D":
                why += ": a Disarm card neutralizes only an Explosives card (disarm-phase)"
        else:
            why = (
                f"an Infantry or Armor card with Force {target.force} or more, or a Disarm card,"
                f" against the {target.name}; the {card.name} is {_describe(card)}"
            )
        _fail("card", action.card, why, rule)
    verb = "destroyed" if state.phase == "destroy" else "neutralized"
    said.append(f"The {target.name} is {verb} by the {card.name}: both go to the Elimination Pile.")
    return state.with_(
        hand=_remove(state.hand, index),
        elimination=state.elimination + (state.target, index),
        target=None,
        phase="disarm" if state.phase == "destroy" else "recon",
    )


def _decline(state: GameState, action: act.Decline, said: list[str]) -> GameState:
    _expect(state, ("destroy", "disarm"), "action", action.action)
    said.append(f"The {_name(target_of(state))} goes to the Casualty Pile.")
    return state.with_(
        casualty=state.casualty + (state.target,),
        target=None,
        phase="disarm" if state.phase == "destroy" else "recon",
    )


def _recon(state: GameState, action: act.Recon, said: list[str]) -> GameState:
    _expect(state, ("recon",), "card", action.card)
    index = _in_hand(state, action.card, "recon-phase")
    if card_list().cards[index].type != RECON:
        _fail("card", action.card, "a Recon card of your hand", "recon-phase")
    seen = min(RECON_LOOK, state.deck_size)
    looked = ", ".join(_name(i) for i in state.deck[:seen])
    said.append(
        f"The {_name(index)} shows the next {seen} cards" + (f": {looked}." if looked else ".")
    )
    return state.with_(
        hand=_remove(state.hand, index),
        discard=state.discard + (index,),
        recon_played=True,
        seen_top=seen,
        phase="regroup",
    )


def _pass(state: GameState, action: act.Pass, said: list[str]) -> GameState:
    _expect(state, ("recon",), "action", action.action)
    return state.with_(recon_played=True, phase="regroup")


def _discard(state: GameState, action: act.Discard, said: list[str]) -> GameState:
    _expect(state, ("regroup",), "cards", action.cards)
    extra = len(state.hand) - HAND_LIMIT
    if len(action.cards) != extra:
        _fail(
            "cards",
            action.cards,
            f"exactly {extra} card(s): max hand size is 4, you hold {len(state.hand)}",
            "regroup-phase",
        )
    hand = state.hand
    chosen = []
    for n, name in enumerate(action.cards):
        index = card_index(name, f"cards.{n}")
        if index not in hand:
            held = ", ".join(_name(i) for i in state.hand)
            _fail(
                f"cards.{n}",
                name,
                f"a card in your hand, once per copy held (you hold {held})",
                "regroup-phase",
            )
        hand = _remove(hand, index)
        chosen.append(index)
    said.append("Discarded: " + ", ".join(_name(i) for i in chosen) + ".")
    return state.with_(hand=hand, discard=state.discard + tuple(chosen), phase="search")


_HANDLERS: dict[type, Callable[[GameState, Any, list[str]], GameState]] = {
    act.Shuffle: _start,
    act.Physical: _physical,
    act.Turn: _turn,
    act.Lost: _lost,
    act.Shown: _shown,
    act.Play: _play,
    act.Decline: _decline,
    act.Recon: _recon,
    act.Pass: _pass,
    act.Discard: _discard,
}


# ---------------------------------------------------------------------------------------------
# Playing the phases on until an input is needed


#: the phases that face the turned card (DESTROY PHASE, DISARM PHASE): the card types each
#: faces, what a card does to one, and the phase that follows
TARGET_PHASES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "destroy": ((INSURGENTS, POSITIONS), "destroy", "disarm"),
    "disarm": ((EXPLOSIVES,), "neutralize", "recon"),
}


def _take_top(state: GameState) -> tuple[int, GameState]:
    return state.deck[0], state.with_(deck=state.deck[1:], seen_top=max(0, state.seen_top - 1))


def _advance(s: GameState, said: list[str]) -> GameState:
    cards = card_list().cards
    while True:
        phase = s.phase
        if phase == "search":
            if s.deck_size == 0:
                said.append(f"No cards are left in the Deck: the game ends. Score {score(s)}.")
                return s.with_(phase="over")
            if not s.deck:
                return s
            target, s = _take_top(s)
            said.append(f"Turn {s.turn + 1}: the Target is the {cards[target].name}.")
            s = s.with_(
                target=target, phase="tactics", turn=s.turn + 1, drawn=0, recon_played=False
            )
        elif phase == "tactics":
            kind = cards[target_of(s)].type
            if kind == INSURGENT_TACTICS:
                distinct = set(s.hand)
                if len(distinct) > 1:
                    return s
                lost = s.hand[:1]
                if lost:
                    said.append(f"{cards[target_of(s)].name}: the {cards[lost[0]].name} is lost.")
                s = s.with_(
                    hand=s.hand[1:],
                    discard=s.discard + (s.target,) + lost,
                    target=None,
                    phase="asset",
                )
            elif kind == AMERICAN_TACTICS and s.drawn < TACTICS_DRAW and s.deck_size > 0:
                if not s.deck:
                    return s
                drawn, s = _take_top(s)
                if cards[drawn].american:
                    s = s.with_(hand=tuple(sorted(s.hand + (drawn,))), drawn=s.drawn + 1)
                    said.append(f"Drawn: the {cards[drawn].name}, into your hand.")
                else:
                    s = s.with_(discard=s.discard + (drawn,), drawn=s.drawn + 1)
                    said.append(f"Drawn: the {cards[drawn].name}, into the Discard Pile.")
            else:
                s = s.with_(phase="asset")
        elif phase == "asset":
            if s.target is not None and cards[s.target].type == AMERICAN_TACTICS and follows(s, TACTICS_TARGET_SPENT):
                said.append(f"The {cards[s.target].name} is spent: it goes to the Discard Pile "
                            "(errata.yaml cards-american-tactics-target, reading spent).")
                s = s.with_(discard=s.discard + (s.target,), target=None)
            elif s.target is not None and cards[s.target].american:
                s = s.with_(hand=tuple(sorted(s.hand + (s.target,))), target=None)
            s = s.with_(phase="destroy")
        elif phase in TARGET_PHASES:
            types, verb, following = TARGET_PHASES[phase]
            if s.target is not None and cards[s.target].type in types:
                if qualifying(s):
                    return s
                said.append(
                    f"No card can {verb} the {cards[s.target].name}: it goes to the Casualty Pile."
                )
                s = s.with_(casualty=s.casualty + (s.target,), target=None)
            s = s.with_(phase=following)
        elif phase == "recon":
            if not s.recon_played and any(cards[i].type == RECON for i in s.hand):
                return s
            s = s.with_(phase="regroup")
        elif phase == "regroup":
            if len(s.hand) > HAND_LIMIT:
                return s
            s = s.with_(phase="search")
        else:
            return s
