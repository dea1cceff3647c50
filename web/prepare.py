"""What the server adds to an action before it is recorded: the app's dice and the adjudicator's
answer. This is the only impure step; the moves then read only what the event holds, so a log
replays to the same state whatever the rulebook or the random source become later.

The dice are the game's own (its declaration's first die: a d10 reads 0 to 9, a d6 1 to 6),
rolled by the adjudicator's kernel from the operating system's random source.
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator import dice, registry
from adjudicator.errors import InvalidSituation
from adjudicator.models import Adjudication, same_outcome

from . import games
from .errors import Problem, Refused
from .kernel import Move

#: The operating system's random source (``secrets`` draws from the same).
RANDOM = random.SystemRandom()


def die_of(game: str) -> str:
    """The die the app rolls for a game: the first its declaration lists (``dice: [d10]``)."""
    declared = games.declaration(game).dice
    if not declared:
        raise Refused(Problem("dice", game, "a game declaring its dice in game.yaml"), status=422)
    return declared[0]


def roll(game: str, count: int, die: str | None = None, rng: random.Random = RANDOM) -> list[int]:
    """``count`` rolls of the game's die, or of ``die`` when the action names one of the dice
    its game declares (a game with ``dice: [2d6, d6]`` rolls a single d6 for a bot's 1D6), drawn
    from ``rng`` (a game's seeded stream, :mod:`web.randomness`; the system's by default)."""
    declared = games.declaration(game).dice
    if die is not None and die not in declared:
        raise Refused(Problem("die", die, f"one of the game's dice: {', '.join(declared) or 'none declared'}"), status=400)
    die = die or die_of(game)
    return [dice.roll(die, rng) for _ in range(count)]


def drawn(action: Any, game: str, move: Move[Any, Any], rng: random.Random, place: int) -> Any:
    """A random move's action as it will be stored: its outcome drawn from ``rng`` (the game's
    stream at ``place``: a ``roll``'s faces, or the move's own :attr:`Move.draw`) and its place."""
    if move.draw is not None:
        action = move.draw(action, rng)
    else:
        action = action.model_copy(update={"faces": roll(game, action.dice, getattr(action, "die", None), rng)})
    return action.model_copy(update={"draw_index": place})


def situations(game: str) -> list[dict[str, str]]:
    """The game's adjudicator situations: name, title (with the rules) and the governing rule."""
    return [
        {"situation": p.name, "summary": p.title, "rule": p.rule}
        for p in registry.situations(games.require(game)).values()
    ]


def adjudicate(situation: str, data: Any, game: str) -> Adjudication:
    """The adjudicator's answer, or :class:`Refused`: 404 for a situation the game does not have
    (naming the game that has it), 400 naming each bad field. Only the adjudicator's own verdict
    on the input (:class:`InvalidSituation`) is the player's: any other exception is a bug of the
    adjudicator or of a game's pack and goes up unchanged (a 500 with an id, logged with its
    traceback: :mod:`web.security`), never a 400 blaming the input."""
    games.require(game)
    try:
        registry.procedure(situation, game=game)
    except registry.UnknownSituation as exc:
        raise Refused(Problem("situation", situation, str(exc)), status=404, message=str(exc)) from None
    if not isinstance(data, dict):
        raise Refused(Problem("body", data, "a JSON object"), status=400)
    try:
        return registry.adjudicate(situation, data, game=game)
    except InvalidSituation as exc:
        problems = [Problem(p.field, p.value, p.allowed, p.rule) for p in exc.problems]
        raise Refused(problems, status=400) from None


def prepare(action: Any, game: str) -> Any:
    """The action as it will be stored: a ``roll`` gets its faces, an ``adjudication`` its answer."""
    if action.type == "roll":
        return action.model_copy(update={"faces": roll(game, action.dice, getattr(action, "die", None))})
    if action.type == "adjudication":
        answer = adjudicate(action.situation, action.input, game)
        if answer.result is None:
            raise Refused(Problem("input", action.input, "the rolls of the situation: an adjudication records a "
                                  "resolved roll (ask /api/adjudicate for the odds before rolling)"), status=422)
        cited = list(dict.fromkeys([*action.rules, *answer.rules]))
        return action.model_copy(update={"result": answer.model_dump(mode="json"), "rules": cited[:40]})
    return action


def _faces_of(game: str, die: str | None) -> tuple[int, ...]:
    """The faces the app could have rolled on the game's die (or ``die``): each total of a "2d6"."""
    return dice.totals(die or die_of(game))


def verify(payload: dict[str, Any], game: str, field: str = "payload") -> None:
    """An action recorded elsewhere (an imported log) checked as the server prepares a live one:
    a ``roll``'s faces are as many as its dice and each one the die can show; an
    ``adjudication``'s result is recomputed from its recorded input and rolls and must be the
    same. :class:`Refused` (400) naming the field otherwise."""
    kind = payload.get("type")
    if kind == "roll":
        die = payload.get("die")
        declared = games.declaration(game).dice
        if die is not None and die not in declared:
            raise Refused(Problem(f"{field}.die", die, f"one of the game's dice: {', '.join(declared)}"), status=400)
        allowed = _faces_of(game, die)
        faces, count = payload.get("faces"), payload.get("dice")
        if (not isinstance(faces, list) or (type(count) is int and len(faces) != count)
                or any(type(f) is not int or f not in allowed for f in faces)):
            raise Refused(Problem(f"{field}.faces", faces, f"{count} faces the app rolled, each one of "
                                  f"{min(allowed)} to {max(allowed)}"), status=400)
    elif kind == "adjudication":
        situation, data = payload.get("situation"), payload.get("input")
        try:
            answer = adjudicate(str(situation), data, game)
        except Refused as exc:
            problems = [Problem(f"{field}.input.{p.field}".rstrip("."), p.value, p.allowed, p.rule)
                        for p in exc.problems]
            raise Refused(problems, status=400) from None
        if not same_outcome(answer, payload.get("result")):
            raise Refused(Problem(f"{field}.result", payload.get("result"),
                                  "the adjudicator's answer to the recorded input and rolls (recomputed: it differs, "
                                  "so the file was edited)"), status=400)
