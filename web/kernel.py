"""The companion kernel: a game declares its moves, this module alone applies them, undoes and redoes.

As in boardgame.io (``src/core/game.ts``, ``src/core/flow.ts``), a game gives its moves
(:class:`Move`: the input model, a pure function ``(state, move, ctx) -> state`` that reports its
effects through ``ctx``, whether it can be undone and the rules it cites) and the kernel does the
rest: the version each event moves the state to, the undo and redo stacks
(:mod:`web.undo_stack`), the refusal of a stored undo or redo that does not match them, and the
fold of a log into a state.

Undo and redo follow boardgame.io: the state keeps a stack of the actions undo would take back and
a stack of the undone ones redo would replay. Undoing action ``n`` gives the state as it was just
before ``n`` (the state at version ``n - 1``); redoing it gives the state at version ``n`` again:
moves are pure, so nothing is recomputed. A move that is not undoable (a die rolled at the table,
an adjudication) empties the undo stack, so nothing before it can be taken back to roll again; so
does a move that revealed what the rules hide (a card turned over from a shuffled deck:
:meth:`Ctx.hide`), and the state then says why (its ``undo_block``, when its model has one).
The app's own draws are seeded per game (:mod:`web.randomness`): such a move can be undone, and
made again it draws the same, but nothing before it can (it showed what the stream holds next).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from random import Random
from typing import Any, Generic, Protocol, Self, TypeVar, get_args

from pydantic import BaseModel

from .errors import Refused, refuse
from .eventlog import EVENT_KINDS, Effect, Event
from .undo_stack import EMPTY, VersionStack

#: the action type of a recorded roll's amendment (:mod:`web.amend`): it keeps the undo stacks
AMEND = "amend"
#: the action type of a rollback (issue 24): ``{"type": "rollback", "to": v}`` returns to the state
#: just after event ``v`` (the start of a turn or Phase) in one event, undoable like any action
ROLLBACK = "rollback"


class KernelState(Protocol):
    """What the kernel reads and writes of a game's state (a frozen pydantic model)."""

    @property
    def version(self) -> int: ...

    @property
    def undo(self) -> VersionStack: ...

    @property
    def redo(self) -> VersionStack: ...

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self: ...


S = TypeVar("S", bound=KernelState)

#: the state's fields that are the kernel's own (the undo and redo stacks): the API's JSON gives
#: what they allow (:func:`undo_view`) instead of the stacks themselves
STACKS = frozenset({"undo", "redo"})


def undo_view(state: KernelState) -> dict[str, Any]:
    """What the API's JSON says of the undo and redo stacks (:class:`web.companion.GameView`):
    whether Undo and Redo can be used, and the action each would take back or replay."""
    return {
        "can_undo": bool(state.undo),
        "can_redo": bool(state.redo),
        "undo_version": state.undo.top() if state.undo else None,
        "redo_version": state.redo.top() if state.redo else None,
    }


class Ctx:
    """What a move reads besides the state (the version its event will have) and what it reports:
    its effects, and the random events it revealed that the rules hide (boardgame.io's ``ctx``)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.effects: list[Effect] = []
        self.hidden: list[str] = []

    def effect(self, rule: str | None, text: str) -> None:
        """Report something the move did, with its rule."""
        self.effects.append(Effect(rule, text))

    def hide(self, what: str) -> None:
        """Report a random event whose outcome the rules hide (a card drawn from a shuffled deck):
        the move then cannot be undone, nor anything before it."""
        self.hidden.append(what)


C = TypeVar("C", bound=Ctx)

_LIVE: ContextVar[bool] = ContextVar("fallujah_live_move", default=False)


@contextmanager
def live() -> Iterator[None]:
    """The move applied inside is a new one a player sends (the store's append), not a stored or
    imported event folded again: a check a game added after events were stored (:func:`is_live`)
    refuses new moves without refusing the games already kept."""
    token = _LIVE.set(True)
    try:
        yield
    finally:
        _LIVE.reset(token)


def is_live() -> bool:
    """Whether the move being applied is a new one (:func:`live`)."""
    return _LIVE.get()


@dataclass(frozen=True)
class Move(Generic[S, C]):
    """One move of a game: its input model (whose ``type`` names it), its pure function, whether
    it can be undone and the rules it cites."""

    model: type[BaseModel]
    apply: Callable[[S, Any, C], S]
    undoable: bool = True
    rules: tuple[str, ...] = ()
    #: the app draws its outcome (a die it rolls, a chit it draws) from the game's seeded stream
    #: (:mod:`web.randomness`); its action then carries its place there (``draw_index``) and it can
    #: be undone (made again, it draws the same), nothing before it: it showed what the stream
    #: holds next. A draw stored without its place (before the stream) stays as ``undoable`` says.
    random: bool = False
    #: fills in the action's outcome from the stream's generator (the server's step, before the move
    #: is stored); None for a ``roll``, whose faces :mod:`web.prepare` rolls on the game's die
    draw: Callable[[Any, Random], Any] | None = None

    @property
    def type(self) -> str:
        """The move's name: its model's ``type`` field, a ``Literal`` of one value."""
        return str(get_args(self.model.model_fields["type"].annotation)[0])


def _plain_context(state: Any, version: int) -> Any:
    return Ctx(version)


def _anything(state: Any, action: Any) -> None:
    return None


def nothing_to_undo_since(allowed: str) -> Callable[[Any], Refused]:
    """A :attr:`Moves.nothing_to_undo` that refuses an undo in the same words whatever the state:
    ``allowed`` says what an undo needs and why there is none ("an action to undo: there is none
    since ...")."""

    def refusal(state: Any) -> Refused:
        return refuse("undo", None, allowed)

    return refusal


_nothing_to_undo = nothing_to_undo_since(
    "an action to undo: there is none since the start or since the last move that cannot be undone (a die "
    "roll cannot be undone to roll again; the app's roll can be undone itself, rolling the same again, but "
    "not what came before it)")


@dataclass(frozen=True)
class Moves(Generic[S, C]):
    """A game's moves and what the kernel needs besides them to play a log."""

    #: every move the game has
    moves: tuple[Move[S, C], ...]
    #: the state after a stored setup payload (version 1); :class:`Refused` naming each bad field
    setup: Callable[[dict[str, Any]], S]
    #: a stored action payload's model; :class:`Refused` naming each bad field
    parse: Callable[[dict[str, Any]], Any]
    #: the context of a move made as event ``version`` on ``state`` (a plain :class:`Ctx` by default)
    context: Callable[[S, int], C] = _plain_context
    #: refuses an action the state allows no move for (the game is over, an unknown rule cited)
    allowed: Callable[[S, Any], None] = _anything
    #: a recorded roll's amendment (:mod:`web.amend`) for a game whose state keeps some rolls:
    #: ``(state, payload, ctx) -> state``
    amend: Callable[[S, dict[str, Any], C], S] | None = None
    #: why there is nothing to undo
    nothing_to_undo: Callable[[S], Refused] = _nothing_to_undo
    #: fields an undo keeps from the state it undoes (the reason undo stops further back)
    kept_on_undo: tuple[str, ...] = ()
    by_type: dict[str, Move[S, C]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_type = {move.type: move for move in self.moves}
        if len(by_type) != len(self.moves):
            raise ValueError(f"two moves of the same type among {[m.type for m in self.moves]}")
        object.__setattr__(self, "by_type", by_type)

    @property
    def not_undoable(self) -> frozenset[str]:
        """The types of the moves that cannot be undone."""
        return frozenset(move.type for move in self.moves if not move.undoable)

    @property
    def random(self) -> frozenset[str]:
        """The types of the moves whose outcome the app draws (:attr:`Move.random`)."""
        return frozenset(move.type for move in self.moves if move.random)

    # -- applying ---------------------------------------------------------------------------

    def play(self, state: S, action: Any, version: int) -> tuple[S, list[Effect]]:
        """The state after an action made as event ``version`` (pure); :class:`Refused` when the
        game does not allow it, nothing changed."""
        self.allowed(state, action)
        move = self.by_type.get(action.type)
        if move is None:
            raise refuse("type", action.type, f"one of {', '.join(self.by_type)}")
        ctx = self.context(state, version)
        new = move.apply(state, action, ctx)
        update: dict[str, Any] = {"version": version, "redo": EMPTY}
        if ctx.hidden:
            update["undo"] = EMPTY
            if "undo_block" in type(new).model_fields:  # type: ignore[attr-defined]
                update["undo_block"] = ", then ".join(ctx.hidden)
        elif move.random and getattr(action, "draw_index", None) is not None:
            update["undo"] = EMPTY.push(version)
        else:
            update["undo"] = state.undo.push(version) if move.undoable else EMPTY
        return new.model_copy(update=update), ctx.effects

    def amended(self, state: S, payload: dict[str, Any], version: int) -> tuple[S, list[Effect]]:
        """The state after a recorded roll's amendment: the game's reading of it, or only the next
        version; the undo stacks stay as they were."""
        ctx = self.context(state, version)
        if self.amend is None:
            ctx.effect(None, f"roll of event {payload.get('amends')} amended")
            new = state
        else:
            new = self.amend(state, payload, ctx)
        return new.model_copy(update={"version": version}), ctx.effects

    # -- undo and redo ----------------------------------------------------------------------

    def undo_target(self, state: S) -> int:
        """The action undo would take back, or :class:`Refused` saying why there is none."""
        if not state.undo:
            raise self.nothing_to_undo(state)
        return state.undo.top()

    def redo_target(self, state: S) -> int:
        """The undone action redo would replay, or :class:`Refused` saying why there is none."""
        if not state.redo:
            raise refuse("redo", None, "an undone action to redo: there is none (a new action clears them)")
        return state.redo.top()

    def undone(self, state: S, event: Event, state_at: Callable[[int], S]) -> tuple[S, list[Effect]]:
        """An undo: the state just before the action on top of the undo stack."""
        target = self.undo_target(state)
        if event.payload != {"undone": target}:
            raise refuse("payload", event.payload, f"{{'undone': {target}}}: the action on top of the undo stack")
        kept = {name: getattr(state, name) for name in self.kept_on_undo}
        return state_at(target - 1).model_copy(update={
            "version": event.version, "undo": state.undo.pop(), "redo": state.redo.push(target), **kept,
        }), [Effect(None, f"action {target} undone")]

    def redone(self, state: S, event: Event, state_at: Callable[[int], S]) -> tuple[S, list[Effect]]:
        """A redo: the state the action on top of the redo stack made, again."""
        target = self.redo_target(state)
        if event.payload != {"redone": target}:
            raise refuse("payload", event.payload, f"{{'redone': {target}}}: the action on top of the redo stack")
        return state_at(target).model_copy(update={
            "version": event.version, "undo": state.undo.push(target), "redo": state.redo.pop(),
        }), [Effect(None, f"action {target} redone")]

    def rolled_back(self, state: S, event: Event, state_at: Callable[[int], S]) -> tuple[S, list[Effect]]:
        """A rollback (issue 24, item 4): the state just after event ``to`` again, as one new event
        that undo takes back like any action (nothing in the log is deleted). It may go back past
        a die roll (the roll stays in the log), never past a random event whose outcome the rules
        hide (:meth:`Ctx.hide`: the state's ``undo_block`` names the last one, so it differs between
        the two states)."""
        to = event.payload.get("to")
        if set(event.payload) != {"type", "to"}:
            raise refuse("payload", event.payload, "{'type': 'rollback', 'to': <version>} and nothing else")
        if type(to) is not int or not 1 <= to < state.version:
            raise refuse("to", to, f"the version of an earlier event: from 1 to {state.version - 1}")
        back = state_at(to)
        if getattr(back, "undo_block", None) != getattr(state, "undo_block", None):
            raise refuse("to", to, f"a version after the last random event the rules hide ({state.undo_block}): "  # type: ignore[attr-defined]
                         "it is never taken back to draw again")
        kept = {name: getattr(state, name) for name in self.kept_on_undo}
        return back.model_copy(update={
            "version": event.version, "undo": state.undo.push(event.version), "redo": EMPTY, **kept,
        }), [Effect(None, f"back to the state after event {to}")]

    # -- the log ----------------------------------------------------------------------------

    def apply(self, state: S | None, event: Event, state_at: Callable[[int], S]) -> tuple[S, list[Effect]]:
        """The state after one stored event; ``state_at(v)`` gives the state at an earlier version."""
        if event.kind == "setup":
            return self.setup(event.payload), []
        if state is None:
            raise refuse("kind", event.kind, "'setup': the first event of a game is its setup")
        if event.kind == "action":
            if event.payload.get("type") == AMEND:
                return self.amended(state, event.payload, event.version)
            if event.payload.get("type") == ROLLBACK:
                return self.rolled_back(state, event, state_at)
            return self.play(state, self.parse(event.payload), event.version)
        if event.kind == "undo":
            return self.undone(state, event, state_at)
        if event.kind == "redo":
            return self.redone(state, event, state_at)
        raise refuse("kind", event.kind, f"one of {', '.join(EVENT_KINDS)}")

    def fold(self, events: Iterable[Event], start: S | None = None,
             state_at: Callable[[int], S] | None = None) -> S:
        """The state after a run of events, from ``start`` (a snapshot) or from nothing; without
        ``state_at``, undo and redo read the states this fold has passed through."""
        seen: dict[int, S] = {}
        state = start

        def lookup(version: int) -> S:
            if version in seen:
                return seen[version]
            if state_at is None:
                raise refuse("version", version, "a version this fold has passed through")
            return state_at(version)

        for event in events:
            if state is not None and event.version != state.version + 1:
                raise refuse("version", event.version, f"{state.version + 1}: events follow each other")
            state, _ = self.apply(state, event, lookup)
            if state_at is None:
                seen[event.version] = state
        if state is None:
            raise refuse("events", [], "at least the setup event")
        return state
