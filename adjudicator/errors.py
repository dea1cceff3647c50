"""Bad input as a value: each problem names the field, the value given and what is allowed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo


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
    bounds = {
        "greater_than_equal": ">=",
        "less_than_equal": "<=",
        "greater_than": ">",
        "less_than": "<",
    }
    if kind in bounds:
        limit = next(ctx[key] for key in ("ge", "le", "gt", "lt") if key in ctx)
        return f"must be {bounds[kind]} {limit}"
    if kind in {"string_too_long", "too_long"}:
        return f"at most {ctx.get('max_length')} {'characters' if kind.startswith('string') else 'items'}"
    if kind in {"string_too_short", "too_short"}:
        return f"at least {ctx.get('min_length')} {'characters' if kind.startswith('string') else 'items'}"
    return str(error["msg"]).replace("Input should be", "must be").replace("Value error, ", "")


def _die_in(annotation: Any) -> str | None:
    """The die a type is marked with (``json_schema_extra={"die": ...}``), looking inside unions."""
    if get_origin(annotation) is Annotated:
        for meta in annotation.__metadata__:
            die = _die_mark(meta)
            if die:
                return die
    for arg in get_args(annotation):
        die = _die_in(arg)
        if die:
            return die
    return None


def _die_mark(info: Any) -> str | None:
    extra = getattr(info, "json_schema_extra", None) if isinstance(info, FieldInfo) else None
    die = extra.get("die") if isinstance(extra, dict) else None
    return die if isinstance(die, str) else None


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for arg in get_args(annotation) for model in _models_in(arg)]


def die_of(model: type[BaseModel], loc: Sequence[str]) -> str | None:
    """The die of the field at ``loc`` (pydantic's error location) in ``model``, if it is a die field."""
    candidates: list[type[BaseModel]] = [model]
    die: str | None = None
    for part in loc:
        found = next((m.model_fields[part] for m in candidates if part in m.model_fields), None)
        if found is None:
            continue  # a list index or a union's tag: the same models go on
        die = _die_mark(found) or _die_in(found.annotation)
        candidates = _models_in(found.annotation)
    return die


def from_validation_error(
    exc: ValidationError,
    model: type[BaseModel] | None = None,
    dice: Mapping[str, tuple[str, str | None]] | None = None,
) -> InvalidSituation:
    """Pydantic's errors as :class:`InvalidSituation` problems (field path, value, what is allowed).

    A die field (marked ``json_schema_extra={"die": ...}`` in ``model``) out of range says which
    faces the die shows, with what the game says of it (``dice``: die -> (clarification, rule)).
    """
    problems = []
    for error in exc.errors(include_url=False):
        loc = [str(part) for part in error["loc"] if not str(part).startswith("function-")]
        field = ".".join(loc)
        value = MISSING if error["type"] == "missing" else error.get("input")
        die = die_of(model, loc) if model is not None and loc else None
        if die and error["type"] in {"greater_than_equal", "less_than_equal"}:
            problems.append(_face_problem(field, value, die, (dice or {}).get(die)))
        else:
            problems.append(Problem(field, value, describe_allowed(error)))
    return InvalidSituation(problems)


def _face_problem(field: str, value: Any, die: str, note: tuple[str, str | None] | None) -> Problem:
    from .dice import die_faces

    faces = die_faces(die)
    allowed = f"a {die} shows {min(faces)} to {max(faces)}"
    clarification, rule = note or (None, None)
    if clarification:
        allowed += f" ({clarification})"
    return Problem(field, value, allowed, rule)
