"""Refusals as values: each problem names the field, the value given and what is allowed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError


class _Missing:
    def __repr__(self) -> str:
        return "missing"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Problem:
    """One defect of a request or an action: where, what was given, what is allowed."""

    field: str
    value: Any
    allowed: str
    rule: str | None = None

    def __str__(self) -> str:
        given = "missing" if self.value is MISSING else _short(self.value)
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.field or 'body'}: {given}: {self.allowed}{cite}"

    def as_json(self) -> dict[str, Any]:
        value = None if self.value is MISSING else self.value
        if not isinstance(value, (str, int, float, bool, type(None))):
            value = _short(value)
        return {"field": self.field, "value": value, "allowed": self.allowed, "rule": self.rule}


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Refused(ValueError):
    """An action, setup or request the companion refuses; carries every problem found.

    ``status`` is the HTTP status the API answers with: 400 for a malformed request,
    422 for a well-formed action the game state does not allow.
    """

    def __init__(self, problems: list[Problem] | Problem, status: int = 422, message: str | None = None):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        self.status = status
        super().__init__(message or "; ".join(str(p) for p in self.problems))

    def as_json(self) -> dict[str, Any]:
        return {"error": str(self), "problems": [p.as_json() for p in self.problems]}


def refuse(field: str, value: Any, allowed: str, rule: str | None = None) -> Refused:
    """A single-problem refusal of an action (422)."""
    return Refused(Problem(field, value, allowed, rule))


def _allowed(error: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "required"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "literal_error":
        return f"one of {ctx.get('expected', '')}"
    if kind == "union_tag_invalid":
        return f"one of {ctx.get('expected_tags', '')}"
    if kind == "union_tag_not_found":
        return "required"
    bounds = {"greater_than_equal": ">=", "less_than_equal": "<=", "greater_than": ">", "less_than": "<"}
    if kind in bounds:
        limit = next(ctx[key] for key in ("ge", "le", "gt", "lt") if key in ctx)
        return f"must be {bounds[kind]} {limit}"
    if kind in {"string_too_long", "too_long"}:
        return f"at most {ctx.get('max_length')} {'characters' if kind.startswith('string') else 'items'}"
    if kind in {"string_too_short", "too_short"}:
        return f"at least {ctx.get('min_length')} {'characters' if kind.startswith('string') else 'items'}"
    return str(error["msg"]).replace("Input should be", "must be").replace("Value error, ", "")


def from_validation_error(exc: ValidationError, prefix: str = "", tag: str | None = None) -> Refused:
    """Pydantic's errors as problems with a dotted field path (400: the request is malformed).

    ``tag``: the ``type`` of a discriminated union's member, which pydantic puts first in
    each path ("vp.reason"); it is dropped so the field reads as the client sent it.
    """
    problems = []
    for error in exc.errors(include_url=False):
        path = [str(part) for part in error["loc"]]
        if tag is not None and len(path) > 1 and path[0] == tag:
            path = path[1:]
        value = MISSING if error["type"] == "missing" else error.get("input")
        if error["type"] in {"union_tag_invalid", "union_tag_not_found"}:
            path.append(str((error.get("ctx") or {}).get("discriminator", "type")).strip("'"))
            value = (error.get("ctx") or {}).get("tag", MISSING)
        field = ".".join(([prefix] if prefix else []) + path)
        problems.append(Problem(field, value, _allowed(error)))
    return Refused(problems, status=400)
