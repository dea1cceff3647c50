"""What the server adds to an action before it is recorded: the app's dice and the adjudicator's
answer. This is the only impure step; the moves then read only what the event holds, so a log
replays to the same state whatever the rulebook or the random source become later."""

from __future__ import annotations

import secrets
from typing import Any

from adjudicator import api as adjudicator
from adjudicator.errors import InvalidSituation

from .game.errors import Problem, Refused


def roll_d10(dice: int) -> list[int]:
    """Faces of a d10, 0 to 9 (3), from the operating system's random source."""
    return [secrets.randbelow(10) for _ in range(dice)]


def situations() -> list[dict[str, str]]:
    """The adjudicator's situations: name and summary (with the rules)."""
    return [{"situation": p.name, "summary": p.summary} for p in adjudicator.SITUATIONS.values()]


def adjudicate(situation: str, data: Any) -> dict[str, Any]:
    """The adjudicator's answer as JSON, or :class:`Refused` (400) naming each bad field."""
    if situation not in adjudicator.SITUATIONS:
        raise Refused(Problem("situation", situation, f"one of {', '.join(adjudicator.SITUATIONS)}"), status=404)
    if not isinstance(data, dict):
        raise Refused(Problem("body", data, "a JSON object"), status=400)
    try:
        answer = adjudicator.adjudicate(situation, data)
    except InvalidSituation as exc:
        problems = [Problem(p.field, p.value, p.allowed, p.rule) for p in exc.problems]
        raise Refused(problems, status=400) from None
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError, AssertionError) as exc:
        raise Refused(Problem("body", data, f"a situation the adjudicator can compute ({exc})"), status=400) from None
    return answer.model_dump(mode="json")


def prepare(action: Any) -> Any:
    """The action as it will be stored: a ``roll`` gets its faces, an ``adjudication`` its answer."""
    if action.type == "roll":
        return action.model_copy(update={"faces": roll_d10(action.dice)})
    if action.type == "adjudication":
        answer = adjudicate(action.situation, action.input)
        if answer.get("result") is None:
            raise Refused(Problem("input", action.input, "the rolls of the situation: an adjudication records a "
                                  "resolved roll (ask /api/adjudicate for the odds before rolling)"), status=422)
        cited = list(dict.fromkeys([*action.rules, *answer.get("rules", [])]))
        return action.model_copy(update={"result": answer, "rules": cited[:40]})
    return action
