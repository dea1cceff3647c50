"""A pack's setup and actions read from a client's JSON, written once for every game: the body
must be a JSON object, and pydantic's errors become a :class:`web.errors.Refused` (400) naming
each bad field (:func:`web.errors.from_validation_error`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError, model_validator

from .errors import Problem, Refused, from_validation_error

M = TypeVar("M", bound=BaseModel)

#: what a body must be
A_JSON_OBJECT = "a JSON object"


def _object(data: Any, allowed: str = A_JSON_OBJECT) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Refused(Problem("body", data, allowed), status=400)
    return data


def parse_model(model: type[M], data: Any) -> M:
    """``model`` (a setup) of a JSON object, or :class:`Refused` (400) naming each bad field."""
    body = _object(data)
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        raise from_validation_error(exc) from None


def parse_tagged(actions: TypeAdapter[Any], data: Any, types: Sequence[str] | None = None,
                 allowed: str = A_JSON_OBJECT) -> Any:
    """An action (a member of the discriminated union ``actions``, told by its ``type``) of a
    JSON object, or :class:`Refused` (400) naming each bad field; ``allowed`` is what a body that
    is no object is told. With ``types``, a ``type`` outside them is refused first, as its own
    field."""
    body = _object(data, allowed)
    tag = body.get("type")
    if types is not None and tag not in types:
        raise Refused(Problem("type", tag, f"one of {', '.join(types)}"), status=400)
    try:
        return actions.validate_python(body)
    except ValidationError as exc:
        raise from_validation_error(exc, tag=tag if isinstance(tag, str) else None) from None


def action_types(action: Any) -> tuple[str, ...]:
    """The ``type`` of each member of an ``Annotated[A | B | ..., Field(discriminator="type")]``
    union, in its order."""
    return tuple(member.model_fields["type"].annotation.__args__[0] for member in action.__origin__.__args__)


def one_or_more(*fields: str) -> Any:
    """An action's check that it gives at least one of its optional ``fields`` (pydantic's after
    validator, set as a class attribute): a model giving none is refused with "give a, b or both"."""

    def check(model: M) -> M:
        if all(getattr(model, name) is None for name in fields):
            raise ValueError(f"give {', '.join(fields)} or both")
        return model

    return model_validator(mode="after")(check)
