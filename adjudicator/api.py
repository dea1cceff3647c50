"""The generic entry points: validate a situation's input, adjudicate it for a game, cite.

>>> from adjudicator.models import Adjudication, Modifier, Text
>>> bonus = Modifier(value=1, rule="2.1", reason=Text(en="a bonus", fr="un bonus"))
>>> cited(Adjudication(situation="any", ruleset="en", modifiers=[bonus]))
['2.1']

``game`` defaults to :data:`~rules_text.loading.DEFAULT_GAME`; the procedures are the game's
(:mod:`adjudicator.registry`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from .models import Adjudication
from .registry import DEFAULT_GAME, adjudicate, die_notes, parse_input, procedure, situations

__all__ = ["adjudicate", "cited", "parse", "parse_input", "procedure", "situations"]


def parse(name: str, data: Mapping[str, Any] | BaseModel, *, game: str = DEFAULT_GAME) -> BaseModel:
    """A situation's input model, or :class:`InvalidSituation` naming each bad field."""
    return parse_input(procedure(name, game=game), data, die_notes(game))


#: the fields every answer has; a situation's own fields are walked for the rules they cite
_BASE = frozenset(Adjudication.model_fields)


def _id_key(rule: str) -> tuple[int, ...]:
    return tuple(int(p) if p.isdigit() else 0 for p in rule.split("."))


def cited(answer: Adjudication) -> list[str]:
    """Every rule id cited in the answer: its rule, modifiers, notes, result (steps...) and the
    situation's own fields (any model or mapping with a ``rule``), sorted as rule ids."""
    found: dict[str, None] = {}
    containers = (dict, list, BaseModel)

    def walk(value: Any) -> None:
        if isinstance(value, BaseModel):
            rule = getattr(value, "rule", None)
            if isinstance(rule, str):
                found[rule] = None
            for item in value.__dict__.values():
                if isinstance(item, containers):
                    walk(item)
        elif isinstance(value, dict):
            rule = value.get("rule")
            if isinstance(rule, str):
                found[rule] = None
            for item in value.values():
                if isinstance(item, containers):
                    walk(item)
        else:
            for item in value:
                if isinstance(item, containers):
                    walk(item)

    if answer.rule:
        found[answer.rule] = None
    own = [getattr(answer, name) for name in type(answer).model_fields if name not in _BASE]
    extras = [
        value
        for value in (answer.model_extra or {}).values()
        if isinstance(value, list)
        or (isinstance(value, dict) and ("modifiers" in value or "rule" in value))
    ]
    walk([answer.modifiers, answer.notes, answer.steps or [], answer.result or {}, own, extras])
    return sorted(found, key=_id_key)
