"""Input fields any game's situations share, checked so that every problem of an input is
reported at once, each with the rule it breaks (:class:`adjudicator.errors.Checker`).

A field documented as one of a list of values is a plain string for pydantic, so that a value
out of the list does not stop validation: the procedure checks it with :func:`check_choice`
beside its other checks, and the error names the rule that lists the values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from .errors import Checker

__all__ = ["check_choice", "choice"]


def choice(values: Sequence[str], default: Any = ..., description: str | None = None) -> Any:
    """A string field documented as one of ``values`` (the schema's ``enum``, for forms) and
    checked by :func:`check_choice`, so that a value out of the list is reported with every
    other problem, with its rule."""
    return Field(default, description=description, json_schema_extra={"enum": list(values)})


def check_choice(check: Checker, field: str, value: Any, values: Sequence[str], rule: str) -> bool:
    """True when ``value`` is one of ``values``; otherwise the problem (naming ``rule``) is added
    to ``check`` and False returned, so that the caller skips what depends on it."""
    if value in values:
        return True
    check.add(field, value, f"one of {', '.join(values)}", rule)
    return False
