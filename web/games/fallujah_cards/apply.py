"""The game as a fold over its event log: ``state = fold(events)``, each step pure.

Events are ``setup`` (the first), ``action`` (:mod:`.actions`), ``undo`` and ``redo``. Every
move is the engine's (``adjudicator.games.fallujah_cards.engine.apply``); this module adds the
companion's parts:

- app mode: the deck's order is the shuffle recorded at setup, and a random discard takes the
  hand card at ``draws[n] % hand size`` (numbers recorded at setup), so a game replays
  identically;
- undo and redo follow boardgame.io (a stack of undoable actions, a stack of undone ones). In
  app mode an action after which a random event happened (a card turned over or drawn from the
  deck, a random discard, the cards a Recon card showed) empties the undo stack: a shuffle or a
  random discard is never undone to draw again. In a physical game the app draws nothing: an
  entry can be undone to correct it (the cards themselves are on the table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.games.fallujah_cards import actions as engine_actions
from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.state import GameState as Table
from web.errors import Problem, Refused, refuse
from web.eventlog import EVENT_KINDS, Effect, Event
from web.undo_stack import EMPTY

from . import actions as a
from .state import CardsState


def _engine(call: Callable[[], Any]) -> Any:
    """The engine's answer, its refusals as the companion's (422, each problem naming the value
    and the rule)."""
    try:
        return call()
    except engine.IllegalAction as exc:
        raise Refused([Problem(p.field, p.value, p.allowed, p.rule) for p in exc.problems]) from None


def initial_state(setup: a.Setup) -> CardsState:
    """The game after setup (the-deck): the app's recorded shuffle, or a physical deck."""
    state = CardsState(version=1, name=setup.name, mode=setup.mode, seed=setup.seed,
                       draws=tuple(setup.draws or ()))
    if setup.mode == "physical":
        return state.with_table(_engine(lambda: engine.apply(engine.new_game(), engine_actions.Physical())))
    needed = a.losses_possible()
    if len(setup.draws or ()) != needed:
        raise refuse("draws", setup.draws, f"{needed} numbers from 0 to {a.DRAW_RANGE - 1}, one per Insurgent "
                     "Tactics card", "tactics-phase")
    table = _engine(lambda: engine.apply(engine.new_game(), engine_actions.Shuffle(deck=list(setup.deck or ()))))
    state = state.with_table(table)
    effects = [Effect(None, line) for line in table.said]
    state, _ = _resolve_losses(state, effects)
    return state.model_copy(update={"said": tuple(e.text for e in effects)})


def _lose(state: CardsState, name: str) -> Table:
    return _engine(lambda: engine.apply(state.table(), engine_actions.Lost(card=name)))  # type: ignore[no-any-return]


def _resolve_losses(state: CardsState, effects: list[Effect]) -> tuple[CardsState, list[str]]:
    """App mode: while the game waits for a random discard, take it from the recorded numbers;
    the discards, in words."""
    happened: list[str] = []
    while engine.pending(state.table()).kind == "lost":
        hand = state.hand
        number = state.draws[state.losses]
        lost = card_list().cards[hand[number % len(hand)]].name
        table = _lose(state, lost)
        effects.extend(Effect(None, line) for line in table.said[:1])
        effects.append(Effect(None, f"random discard (tactics-phase): recorded number {number} of 0-{a.DRAW_RANGE - 1}, "
                              f"card {number % len(hand) + 1} of the {len(hand)} in your hand"))
        effects.extend(Effect(None, line) for line in table.said[1:])
        target = card_list().cards[state.target].name if state.target is not None else "Insurgent Tactics card"
        happened.append(f"the {lost} was discarded at random to the {target}")
        state = state.with_table(table, losses=state.losses + 1)
    return state, happened


def _turned(before: CardsState, after: CardsState) -> list[str]:
    """The cards that left the app's deck between two states, in words (its order is known)."""
    gone = len(before.deck) - len(after.deck)
    if gone <= 0:
        return []
    names = [f"the {card_list().cards[i].name}" for i in before.deck[:gone]]
    listed = names[0] if gone == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return [f"{listed} {'was' if gone == 1 else 'were'} turned over from the deck"]


def _engine_action(action: Any) -> Any:
    if action.type == "play":
        return engine_actions.Play(card=action.card)
    if action.type == "decline":
        return engine_actions.Decline()
    if action.type == "recon":
        return engine_actions.Recon(card=action.card)
    if action.type == "pass":
        return engine_actions.Pass()
    if action.type == "discard":
        return engine_actions.Discard(cards=list(action.cards))
    if action.type == "turn":
        return engine_actions.Turn(card=action.card)
    if action.type == "shown":
        return engine_actions.Shown(cards=list(action.cards))
    return engine_actions.Lost(card=action.card)


def apply_action(state: CardsState, action: Any, version: int) -> tuple[CardsState, list[Effect]]:
    """The state after an action (pure); :class:`Refused` (422) when the game does not allow it,
    nothing changed."""
    if action.type == "note":
        return state.model_copy(update={"version": version, "undo": state.undo.push(version), "redo": EMPTY}), []
    if state.mode == "app" and action.type in a.ENTRIES:
        raise refuse("type", action.type, "a decision: in a game played with the app's deck the app turns the "
                     "cards and draws the random discard (enter cards in a physical game)", "the-deck")
    before = state.table()
    table = _engine(lambda: engine.apply(before, _engine_action(action)))
    # no rule on these lines: the page's box of effects links a rule to the default game's rulebook
    effects = [Effect(None, line) for line in table.said]
    new = state.with_table(table)
    random_events: list[str] = []
    if state.mode == "app":
        random_events += _turned(state, new)
        new, discards = _resolve_losses(new, effects)
        random_events += discards
        if action.type == "recon":
            random_events.append("the Recon card showed you the next cards")
    update: dict[str, Any] = (
        {"undo": EMPTY, "undo_block": ", then ".join(random_events)} if random_events
        else {"undo": state.undo.push(version)}
    )
    # what the page shows of the last action: every line of it, the random discards' included
    said = tuple(e.text for e in effects)
    return new.model_copy(update={"version": version, "redo": EMPTY, "said": said, **update}), effects


def undo_target(state: CardsState) -> int:
    """The action undo would take back, or :class:`Refused` (422) saying why there is none."""
    if not state.undo:
        if state.undo_block:
            why = (f"Undo refused: {state.undo_block}. A shuffle, a card turned over or a random discard is "
                   "never undone to draw again: undo is allowed only while no random event happened since "
                   "(the-deck, tactics-phase).")
            raise Refused(Problem("undo", state.version, why, "the-deck"), message=why)
        why = "Undo refused: there is no action to undo since the game began (the deck was shuffled then)."
        raise Refused(Problem("undo", state.version, why, "the-deck"), message=why)
    return state.undo.top()


def redo_target(state: CardsState) -> int:
    if not state.redo:
        raise refuse("redo", None, "an undone action to redo: there is none (a new action clears them)")
    return state.redo.top()


def apply_event(state: CardsState | None, event: Event,
                state_at: Callable[[int], CardsState]) -> tuple[CardsState, list[Effect]]:
    """The state after one stored event; ``state_at(v)`` gives the state at an earlier version."""
    if event.kind == "setup":
        return initial_state(a.stored_setup(event.payload)), []
    if state is None:
        raise refuse("kind", event.kind, "'setup': the first event of a game is its setup")
    if event.kind == "action":
        return apply_action(state, a.parse_action(event.payload), event.version)
    if event.kind == "undo":
        target = undo_target(state)
        if event.payload != {"undone": target}:
            raise refuse("payload", event.payload, f"{{'undone': {target}}}: the action on top of the undo stack")
        before = state_at(target - 1)
        return before.model_copy(update={
            "version": event.version, "undo": state.undo.pop(), "redo": state.redo.push(target),
            "undo_block": state.undo_block,
        }), [Effect(None, f"action {target} undone")]
    if event.kind == "redo":
        target = redo_target(state)
        if event.payload != {"redone": target}:
            raise refuse("payload", event.payload, f"{{'redone': {target}}}: the action on top of the redo stack")
        after = state_at(target)
        return after.model_copy(update={
            "version": event.version, "undo": state.undo.push(target), "redo": state.redo.pop(),
        }), [Effect(None, f"action {target} redone")]
    raise refuse("kind", event.kind, f"one of {', '.join(EVENT_KINDS)}")
