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


#: at most this many problems are reported (the rest are counted); a long list of bad values
#: answers with a short error, not one line per item
MAX_PROBLEMS = 20
#: the longest echo of a bad value (characters), and of a field path or a description
MAX_ECHO = 200
MAX_TEXT = 500


def clean_text(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters (``…`` marks the cut) with lone surrogates and other
    characters UTF-8 cannot hold escaped, so an error that quotes bad input can always be sent."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if not text.isascii():
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _short(value: Any, limit: int = 80) -> str:
    if isinstance(value, (list, tuple, dict, set)) and len(value) > limit:
        kind = type(value).__name__
        return f"<a {kind} of {len(value)} items>"
    text = value if isinstance(value, str) and len(value) > 10 * limit else None
    text = repr(text[: 2 * limit] if text is not None else value) if not isinstance(value, int) or abs(value) < 10**60 \
        else f"<an integer of {len(str(abs(value)))} digits>" if abs(value) < 10**4000 else "<a huge integer>"
    return clean_text(text, limit)


def cap_problems(problems: list[Problem]) -> list[Problem]:
    """The first :data:`MAX_PROBLEMS` problems, then one saying how many more there were."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS + 1
    return [*problems[: MAX_PROBLEMS - 1], Problem("", MISSING, f"and {more} more problems (not listed)")]


@dataclass(frozen=True)
class Problem:
    """One defect of an input: where, what was given, what the rules allow."""

    field: str
    value: Any
    allowed: str
    rule: str | None = None

    def __str__(self) -> str:
        if self.value is MISSING and not self.field:
            return clean_text(self.allowed)
        given = "missing" if self.value is MISSING else _short(self.value)
        cite = f" ({clean_text(self.rule, 40)})" if self.rule else ""
        return f"{clean_text(self.field or 'input', MAX_ECHO)}: {given}: {clean_text(self.allowed)}{cite}"

    def as_json(self) -> dict[str, Any]:
        """The problem as JSON, every text bounded and sendable whatever the input was (a value
        is echoed whole only when short: a long string, a list or an object is abbreviated)."""
        value = None if self.value is MISSING else self.value
        if isinstance(value, str):
            value = clean_text(value, MAX_ECHO)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**60:
            value = _short(value)
        elif not isinstance(value, (int, float, bool, type(None))):
            value = _short(value, MAX_ECHO)
        return {"field": clean_text(self.field, MAX_ECHO), "value": value, "allowed": clean_text(self.allowed),
                "rule": None if self.rule is None else clean_text(self.rule, 40)}


class InvalidSituation(ValueError):
    """A situation that cannot happen in the game; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = cap_problems([problems] if isinstance(problems, Problem) else list(problems))
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


#: pydantic's error types whose allowed values are always the same words
_FIXED_ALLOWED = {"missing": "required", "extra_forbidden": "unknown field", "union_tag_not_found": "required"}
#: pydantic's error types that allow one of a list, by the context key holding the list
_ONE_OF = {"literal_error": "expected", "union_tag_invalid": "expected_tags"}
#: pydantic's error types for a bound, by the comparison the bound allows
_BOUNDS = {"greater_than_equal": ">=", "less_than_equal": "<=", "greater_than": ">", "less_than": "<"}


def describe_allowed(error: Mapping[str, Any]) -> str:
    """What a field allows, from one of pydantic's errors ("one of ...", "must be <= 9")."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in _FIXED_ALLOWED:
        return _FIXED_ALLOWED[kind]
    if kind in _ONE_OF:
        return f"one of {ctx.get(_ONE_OF[kind], '')}"
    if kind in _BOUNDS:
        limit = next(ctx[key] for key in ("ge", "le", "gt", "lt") if key in ctx)
        return f"must be {_BOUNDS[kind]} {limit}"
    if kind in {"string_too_long", "too_long"}:
        given = error.get("input")
        length = ctx.get("actual_length") or (len(given) if isinstance(given, str | list | tuple | dict) else None)
        has = f" (this one has {length})" if length is not None else ""
        return f"at most {ctx.get('max_length')} {'characters' if kind.startswith('string') else 'items'}{has}"
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
    from .dice import totals

    faces = totals(die)
    allowed = f"a {die} shows {min(faces)} to {max(faces)}"
    clarification, rule = note or (None, None)
    if clarification:
        allowed += f" ({clarification})"
    return Problem(field, value, allowed, rule)
