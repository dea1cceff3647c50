"""The game's setup and moves, declared for the kernel (:mod:`web.kernel`). Every move is the
engine's (``adjudicator.games.fallujah_cards.engine.apply``); this module adds the companion's
parts:

- app mode: the deck's order is the shuffle recorded at setup, and a random discard takes the
  hand card at ``draws[n] % hand size`` (numbers recorded at setup), so a game replays
  identically;
- the kernel undoes and redoes (boardgame.io's stacks). In
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
from web.eventlog import Effect
from web.kernel import Ctx, Move, Moves

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
    while engine.pending(now := state.table()).kind == "lost":
        hand = now.hand
        number = state.draws[state.losses]
        lost = card_list().cards[hand[number % len(hand)]].name
        table = _lose(state, lost)
        effects.extend(Effect(None, line) for line in table.said[:1])
        effects.append(Effect(None, f"random discard (tactics-phase): recorded number {number} of 0-{a.DRAW_RANGE - 1}, "
                              f"card {number % len(hand) + 1} of the {len(hand)} in your hand"))
        effects.extend(Effect(None, line) for line in table.said[1:])
        target = card_list().cards[now.target].name if now.target is not None else "Insurgent Tactics card"
        happened.append(f"the {lost} was discarded at random to the {target}")
        state = state.with_table(table, losses=state.losses + 1)
    return state, happened


def _turned(before: CardsState, after: CardsState) -> list[str]:
    """The cards that left the app's deck between two states, in words (its order is known)."""
    deck = before.table().deck
    gone = len(deck) - len(after.table().deck)
    if gone <= 0:
        return []
    names = [f"the {card_list().cards[i].name}" for i in deck[:gone]]
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


def allowed(state: CardsState, action: Any) -> None:
    """In a game played with the app's deck the app turns the cards and draws the random discard:
    no entry of a card (the-deck)."""
    if state.mode == "app" and action.type in a.ENTRIES:
        raise refuse("type", action.type, "a decision: in a game played with the app's deck the app turns the "
                     "cards and draws the random discard (enter cards in a physical game)", "the-deck")


def engine_move(state: CardsState, action: Any, ctx: Ctx) -> CardsState:
    """A decision or an entry, played by the engine; in app mode the random discards it leads to
    are drawn from the recorded numbers, and what the deck revealed is reported as hidden (undo
    stops there: the-deck, tactics-phase)."""
    before = state.table()
    table = _engine(lambda: engine.apply(before, _engine_action(action)))
    # no rule on these lines: the page's box of effects links a rule to the default game's rulebook
    for line in table.said:
        ctx.effect(None, line)
    new = state.with_table(table)
    if state.mode == "app":
        for what in _turned(state, new):
            ctx.hide(what)
        new, discards = _resolve_losses(new, ctx.effects)
        for what in discards:
            ctx.hide(what)
        if action.type == "recon":
            ctx.hide("the Recon card showed you the next cards")
    # what the page shows of the last action: every line of it, the random discards' included
    return new.model_copy(update={"said": tuple(e.text for e in ctx.effects)})


def note(state: CardsState, action: a.NoteAction, ctx: Ctx) -> CardsState:
    return state


def _nothing_to_undo(state: CardsState) -> Refused:
    if state.undo_block:
        why = (f"Undo refused: {state.undo_block}. A shuffle, a card turned over or a random discard is "
               "never undone to draw again: undo is allowed only while no random event happened since "
               "(the-deck, tactics-phase).")
        return Refused(Problem("undo", state.version, why, "the-deck"), message=why)
    why = "Undo refused: there is no action to undo since the game began (the deck was shuffled then)."
    return Refused(Problem("undo", state.version, why, "the-deck"), message=why)


#: Every move (boardgame.io's ``moves``): the engine's, and a note.
MOVES: tuple[Move[CardsState, Ctx], ...] = (
    *(Move(model, engine_move) for model in (a.Play, a.Decline, a.Recon, a.Pass, a.Discard, a.Turn, a.Lost, a.Shown)),
    Move(a.NoteAction, note),
)
assert {m.type for m in MOVES} == set(a.ACTION_TYPES), {m.type for m in MOVES} ^ set(a.ACTION_TYPES)

#: What the kernel plays (:mod:`web.kernel`); an undo keeps the reason undo stops further back.
KERNEL: Moves[CardsState, Ctx] = Moves(
    moves=MOVES,
    setup=lambda payload: initial_state(a.stored_setup(payload)),
    parse=a.parse_action,
    allowed=allowed,
    nothing_to_undo=_nothing_to_undo,
    kept_on_undo=("undo_block",),
)
