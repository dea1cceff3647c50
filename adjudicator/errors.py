"""Bad input as a value: each problem names the field, the value given and what is allowed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError


@dataclass(frozen=True)
class Problem:
    """One defect of a situation: where, what was given, what the rules allow."""

    field: str
    value: Any
    allowed: str
    rule: str | None = None

    def __str__(self) -> str:
        given = "missing" if self.value is _MISSING else repr(self.value)
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.field or 'situation'}: {given}: {self.allowed}{cite}"


class _Missing:
    def __repr__(self) -> str:
        return "missing"


_MISSING: Any = _Missing()


class InvalidSituation(ValueError):
    """A situation that cannot happen in the game; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))

    def as_json(self) -> dict[str, Any]:
        return {
            "error": "invalid situation",
            "message": str(self),
            "problems": [
                {
                    "field": p.field,
                    "value": None if p.value is _MISSING else p.value,
                    "allowed": p.allowed,
                    "rule": p.rule,
                }
                for p in self.problems
            ],
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


def _allowed(error: dict[str, Any]) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "literal_error":
        return f"allowed: {ctx.get('expected', '')}"
    if kind == "missing":
        return "required field"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind in {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}:
        bounds = {
            "greater_than_equal": ">=",
            "less_than_equal": "<=",
            "greater_than": ">",
            "less_than": "<",
        }
        limit = ctx.get("ge", ctx.get("le", ctx.get("gt", ctx.get("lt"))))
        return f"must be {bounds[kind]} {limit}"
    if kind.startswith(("int", "bool")) or kind in {"model_type", "dict_type", "list_type"}:
        return error["msg"].lower().replace("input should be", "must be")
    return error["msg"]


def from_validation_error(exc: ValidationError) -> InvalidSituation:
    """Pydantic's errors as :class:`InvalidSituation` problems (field path, value, what is allowed)."""
    problems = []
    for error in exc.errors(include_url=False):
        loc = [str(part) for part in error["loc"] if not str(part).startswith("function-")]
        field = ".".join(loc)
        value = _MISSING if error["type"] == "missing" else error.get("input")
        face = bool(loc) and ("rolls" in loc or loc[-1].endswith("roll") or loc[-1] == "activation")
        if face and error["type"] in {"greater_than_equal", "less_than_equal"}:
            problems.append(Problem(field, value, "a d10 shows 0 to 9 (0 is 0, not 10)", "3"))
        else:
            problems.append(Problem(field, value, _allowed(error)))
    return InvalidSituation(problems)
