"""Amending a recorded roll (issue 17, item 10): a generic action of every game.

A player who typed a wrong face or input into a recorded ``adjudication`` sends
``{"type": "amend", "amends": <its event version>, "input": {...}}``. Only the recorded input
(and the dice in it) may change: the server recomputes the adjudicator's answer, nothing is
re-rolled, and an app roll's faces must stay as the app rolled them. The original event stays in
the log (shown struck through); the amendment is a new event. It changes no game state (the
consequences of a roll are separate actions the player applies), so folding it only moves the
version on, for every game alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.models import same_outcome

from .companion import Companion
from .db import MAX_VERSION
from .errors import Problem, Refused
from .eventlog import Effect, Event
from .prepare import adjudicate
from .rolls import die_items, die_values, faces_in, situation_schema

AMEND = "amend"
#: what an amendment may hold; every other field of the adjudication stays as recorded
FIELDS = frozenset({"type", "amends", "input", "rules"})


def is_amend(data: Any) -> bool:
    return isinstance(data, dict) and data.get("type") == AMEND


def _app_faces_kept(input_schema: dict[str, Any], rolled: list[int], original: Any, amended: Any) -> bool:
    """Whether every die field the app's faces filled in the recorded input keeps its face."""
    left = list(rolled)
    kept = dict(die_items(input_schema, amended))
    for path, face in die_items(input_schema, original):
        if face in left:
            left.remove(face)
            if kept.get(path) != face:
                return False
    return True


def prepare_amend(data: dict[str, Any], game: str, event_at: Callable[[int], dict[str, Any] | None]) -> dict[str, Any]:
    """The amendment as it will be stored (with the recomputed ``result``), or :class:`Refused`
    (400/422) saying in plain words what is wrong; ``event_at(v)`` is the log's event ``v``."""
    extra = sorted(set(data) - FIELDS)
    if extra:
        raise Refused([Problem(key, data[key], "an amendment changes only the recorded input and dice; "
                               f"'{key}' stays as recorded") for key in extra], status=400)
    amends, new_input = data.get("amends"), data.get("input")
    if type(amends) is not int or not 1 <= amends <= MAX_VERSION:
        raise Refused(Problem("amends", amends, "the number of the recorded roll's event (an integer from 1 to "
                              f"{MAX_VERSION:,})"), status=400)
    if not isinstance(new_input, dict):
        raise Refused(Problem("input", new_input, "the roll's input as a JSON object"), status=400)
    event = event_at(amends)
    if event is None or event.get("kind") != "action" or event.get("type") not in ("adjudication", AMEND):
        raise Refused(Problem("amends", amends, "the event of a recorded roll (an adjudication)"), status=422)
    original = event["payload"]
    if event.get("type") == AMEND:
        raise Refused(Problem("amends", amends, f"the recorded roll itself (event {original.get('amends')}), "
                              "not an amendment of it"), status=422)
    if new_input == original.get("input"):
        raise Refused(Problem("input", new_input, "an input that differs from the one recorded: nothing to amend"),
                      status=422)
    if original.get("rolls_by") == "app":
        # the app rolled these faces: they stay; only what the player typed may change
        rolled_event = event_at(original.get("app_roll")) if type(original.get("app_roll")) is int else None
        input_schema = situation_schema(str(original.get("situation")), game)
        rolled = list((rolled_event or {}).get("payload", {}).get("faces")
                      or die_values(input_schema, original.get("input")) or faces_in(original.get("input")))
        given = faces_in(new_input)
        if (not _app_faces_kept(input_schema, rolled, original.get("input"), new_input) if input_schema
                else any(given.count(f) < rolled.count(f) for f in rolled)):
            raise Refused(Problem("input", new_input, f"the faces the app rolled ({', '.join(map(str, rolled))}): a "
                                  "roll made by the app cannot be amended to other faces"), status=422)
    situation = str(original.get("situation"))
    try:
        answer = adjudicate(situation, new_input, game)
    except Refused as exc:
        raise Refused([Problem(f"input.{p.field}".rstrip("."), p.value, p.allowed, p.rule)
                       for p in exc.problems], status=400) from None
    if answer.result is None:
        raise Refused(Problem("input", new_input, "the rolls of the situation: an amendment keeps the roll resolved"),
                      status=422)
    rules = [r for r in data.get("rules") or [] if isinstance(r, str)][:40]
    return {"type": AMEND, "amends": amends, "situation": situation, "input": new_input,
            "result": answer.model_dump(mode="json"), "rules": list(dict.fromkeys([*rules, *answer.rules]))[:40]}


def verify(payload: dict[str, Any], game: str, field: str) -> None:
    """An imported amendment: its result must be the adjudicator's answer to its input."""
    try:
        answer = adjudicate(str(payload.get("situation")), payload.get("input"), game)
    except Refused as exc:
        raise Refused([Problem(f"{field}.input.{p.field}".rstrip("."), p.value, p.allowed, p.rule)
                       for p in exc.problems], status=400) from None
    if not same_outcome(answer, payload.get("result")):
        raise Refused(Problem(f"{field}.result", payload.get("result"), "the adjudicator's answer to the amended "
                              "input (recomputed: it differs, so the file was edited)"), status=400)


def fold(companion: Companion[Any, Any], state: Any, event: Event, state_at: Callable[[int], Any]) -> tuple[Any, list[Effect]]:
    """``companion.apply`` (the kernel reads an amendment: the game's, or only the next version)."""
    if event.kind == "action" and event.payload.get("type") == AMEND and state is None:
        raise Refused(Problem("kind", AMEND, "an action after the setup"), status=400)
    return companion.apply(state, event, state_at)
