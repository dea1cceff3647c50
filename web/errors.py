"""Refusals as values: each problem names the field, the value given and what is allowed."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from adjudicator.errors import MISSING, Problem, cap_problems, clean_text, describe_allowed

__all__ = ["MISSING", "Problem", "Refused", "clean_text", "from_validation_error", "refuse"]


class Refused(ValueError):
    """An action, setup or request the companion refuses; carries every problem found.

    ``status`` is the HTTP status the API answers with: 400 for a malformed request,
    422 for a well-formed action the game state does not allow.
    """

    def __init__(self, problems: list[Problem] | Problem, status: int = 422, message: str | None = None):
        self.problems = cap_problems([problems] if isinstance(problems, Problem) else list(problems))
        self.status = status
        super().__init__(clean_text(message, 2000) if message else "; ".join(str(p) for p in self.problems))

    def as_json(self) -> dict[str, Any]:
        return {"error": str(self), "problems": [p.as_json() for p in self.problems]}


def refuse(field: str, value: Any, allowed: str, rule: str | None = None) -> Refused:
    """A single-problem refusal of an action (422)."""
    return Refused(Problem(field, value, allowed, rule))


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
        problems.append(Problem(field, value, describe_allowed(error)))
    return Refused(problems, status=400)
