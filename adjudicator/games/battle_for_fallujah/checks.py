"""Input shapes shared by the situations, and the checks that give each problem its rule.

Counts and faces are checked here, not by pydantic bounds, so that every problem of an input
(a negative pool, an unknown colour, a face of 7, a mission the unit may not fly...) is
reported at once, each with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT, Bounded

from ...errors import Checker
from .answer import D6, check_face, count_field
from .data import COLOURS

#: the largest number of dice of one colour a pool may hold here: the game's supply is 10 of
#: each colour (1.2) but no rule caps a pool (errata.yaml, 1.2); this bound only keeps the
#: counting finite
MAX_DICE = 60


class Dice(BaseModel):
    """A number of dice of each colour (7.0: Blue, White and Red)."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, 
        frozen=True, extra="allow", json_schema_extra={"additionalProperties": False}
    )

    blue: int = count_field(description="blue dice (Success Number 5+, 7.4.1.1)")
    white: int = count_field(description="white dice (Success Number 4+, 7.4.1.2)")
    red: int = count_field(description="red dice (Success Number 3+, 7.4.1.3)")

    def counts(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in COLOURS}


class Faces(BaseModel):
    """The faces rolled for each colour of a pool."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, 
        frozen=True, extra="allow", json_schema_extra={"additionalProperties": False}
    )

    blue: Bounded[D6] = Field(default_factory=list)
    white: Bounded[D6] = Field(default_factory=list)
    red: Bounded[D6] = Field(default_factory=list)

    def faces(self) -> dict[str, list[int]]:
        return {c: list(getattr(self, c)) for c in COLOURS}


def _unknown_colours(check: Checker, field: str, model: BaseModel) -> None:
    for key, value in (model.model_extra or {}).items():
        check.add(
            f"{field}.{key}" if field else key,
            value,
            f"a colour of the game's dice: {', '.join(COLOURS)}",
            "7",
        )


def check_dice(check: Checker, field: str, dice: Dice) -> None:
    """Counts of 0 or more, of the three colours only."""
    _unknown_colours(check, field, dice)
    for colour, n in dice.counts().items():
        where = f"{field}.{colour}" if field else colour
        if n < 0:
            check.add(where, n, "a number of dice: 0 or more", "7.2.1")
        elif n > MAX_DICE:
            check.add(
                where,
                n,
                f"at most {MAX_DICE} dice of a colour (the game has 10 of each; no rule caps a pool)",
                "1.2",
            )


def check_faces(check: Checker, field: str, faces: Faces, expected: dict[str, int] | None,
                what: str = "", rule: str | None = None) -> None:
    """Faces of 1 to 6, of the three colours, as many as the pool has dice of each colour."""
    _unknown_colours(check, field, faces)
    for colour, rolled in faces.faces().items():
        for i, face in enumerate(rolled):
            check_face(check, f"{field}.{colour}.{i}", face)
        if expected is not None and len(rolled) != expected[colour]:
            check.add(
                f"{field}.{colour}",
                len(rolled),
                f"{expected[colour]} {colour} dice: the {what}pool has {expected[colour]} {colour}",
                rule,
            )


def check_count(check: Checker, field: str, value: int, low: int, high: int | None,
                allowed: str, rule: str) -> None:
    if value < low or (high is not None and value > high):
        check.add(field, value, allowed, rule)


def check_faces_list(check: Checker, field: str, faces: Sequence[int] | None) -> None:
    for i, face in enumerate(faces or ()):
        check_face(check, f"{field}.{i}", face)


def plain(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value
