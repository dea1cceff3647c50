"""Bad input as a value: each problem names the field, the value given and what is allowed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError


class _Missing:
    def __repr__(self) -> str:
        return "missing"


#: the value of a field that was not given at all
MISSING: Any = _Missing()


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Problem:
    """One defect of an input: where, what was given, what the rules allow."""

    field: str
    value: Any
    allowed: str
    rule: str | None = None

    def __str__(self) -> str:
        given = "missing" if self.value is MISSING else _short(self.value)
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.field or 'input'}: {given}: {self.allowed}{cite}"

    def as_json(self) -> dict[str, Any]:
        value = None if self.value is MISSING else self.value
        if not isinstance(value, (str, int, float, bool, type(None))):
            value = _short(value)
        return {"field": self.field, "value": value, "allowed": self.allowed, "rule": self.rule}


class InvalidSituation(ValueError):
    """A situation that cannot happen in the game; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))

    def as_json(self) -> dict[str, Any]:
        return {
            "error": "invalid situation",
            "message": str(self),
            "problems": [p.as_json() for p in self.problems],
        }


class Checker:
    """Collects problems, then raises them all at once (checking apart from applying)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, field: str, value: Any, allowed: str, rule: str | None = None) -> None:
        self.problems.append(Problem(field, value, allowed, rule))

    def require(
        self, condition: bool, field: str, value: Any, allowed: str, rule: str | None = None
    ) -> None:
        if not condition:
            self.add(field, value, allowed, rule)

    def raise_if_any(self) -> None:
        if self.problems:
            raise InvalidSituation(self.problems)


def describe_allowed(error: Mapping[str, Any]) -> str:
    """What a field allows, from one of pydantic's errors ("one of ...", "must be <= 9")."""
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


def from_validation_error(exc: ValidationError) -> InvalidSituation:
    """Pydantic's errors as :class:`InvalidSituation` problems (field path, value, what is allowed)."""
    problems = []
    for error in exc.errors(include_url=False):
        loc = [str(part) for part in error["loc"] if not str(part).startswith("function-")]
        field = ".".join(loc)
        value = MISSING if error["type"] == "missing" else error.get("input")
        face = bool(loc) and ("rolls" in loc or loc[-1].endswith("roll") or loc[-1] == "activation")
        if face and error["type"] in {"greater_than_equal", "less_than_equal"}:
            problems.append(Problem(field, value, "a d10 shows 0 to 9 (0 is 0, not 10)", "3"))
        else:
            problems.append(Problem(field, value, describe_allowed(error)))
    return InvalidSituation(problems)
