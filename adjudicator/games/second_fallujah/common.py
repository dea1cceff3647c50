"""What every Second Fallujah procedure shares: unit types (3.4), nationalities (3.5), the bounds
of a Combat Factor and a TEM, the dice fields, and the answer's rule list."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from ...api import cited
from ...errors import Checker
from ...models import Adjudication, Modifier, Note, Outcome, Ruleset, Text
from . import data

#: 3.4's Coalition unit types in snake case ("LAR (Marine) or cavalry (Army)" is two names)
CoalitionType = Literal[
    "infantry",
    "mechanized_infantry",
    "tank",
    "engineer",
    "anti_tank",
    "weapons",
    "recon",
    "special_forces",
    "military_police",
    "armored_amphibious",
    "lar",
    "cavalry",
    "riverine",
]
#: 3.4's Insurgent unit types
InsurgentType = Literal["fedayeen", "cadre", "militia"]
#: 3.5: Tan (US Marines), Green (US Army), Blue (Iraqi Army and Special Forces)
Nationality = Literal["usmc", "army", "iraqi"]
Status = Literal["fresh", "spent"]

#: 3.6: the Support Units (no Combat Factor; a modifier in a white box), and 7.2.3's riverine unit
SUPPORT_TYPES = frozenset({"tank", "anti_tank", "weapons", "armored_amphibious", "riverine"})
US = frozenset({"usmc", "army"})

#: A Combat Factor as keyed from a counter. The counters are not in the text: the bound is a
#: judgement (a single printed figure; the counter-sheet remnants show Militia "-2" backs).
CF_MIN, CF_MAX = -2, 9

D6 = Annotated[int, Field(ge=1, le=6, json_schema_extra={"die": "d6"})]


#: A 2D6 total; out of range, the kernel's message names the totals ("a 2d6 shows 2 to 12").
TWO_D6 = Annotated[int, Field(ge=2, le=12, json_schema_extra={"die": "2d6"})]

CF = Annotated[
    int,
    Field(
        json_schema_extra={"minimum": CF_MIN, "maximum": CF_MAX},
        description="Combat Factor on the face showing (3.1, 3.3)",
    ),
]


def tem_bounds() -> tuple[int, int]:
    """The TEMs the rules name (7.3.1's rows: 'TEM of 0 or 1' ... 'TEM of 4')."""
    return _tem_bounds(data.data_fingerprint(data.GAME))


@lru_cache(maxsize=2)
def _tem_bounds(_fingerprint: str) -> tuple[int, int]:
    rows = data.table("insurgent-ov-modifiers").rows
    lows = [r.min for r in rows if r.min is not None]
    highs = [r.max for r in rows if r.max is not None]
    return min(lows), max(highs)


TEM = Annotated[
    int,
    Field(
        json_schema_extra={"minimum": 0, "maximum": 4}, description="TEM of the area (2.1): 0 to 4"
    ),
]


def text(en: str) -> Text:
    """The game is English only: the kernel's Text carries no French."""
    return Text(en=en)


def note(en: str, rule: str | None = None) -> Note:
    return Note(en=en, rule=rule)


def modifier(value: int, rule: str, reason: str, key: str | None = None) -> Modifier:
    return Modifier(value=value, rule=rule, reason=text(reason), key=key)


def check_cf(check: Checker, field: str, value: int | None, required: bool = True) -> None:
    """A Combat Factor keyed from the counter (3.1); ``required``: it must be given."""
    allowed = f"a Combat Factor from {CF_MIN} to {CF_MAX} (keyed from the counter)"
    if value is None:
        if required:
            check.add(field, value, allowed, "3.1")
        return
    check.require(CF_MIN <= value <= CF_MAX, field, value, allowed, "3.1")


def check_dug_in(check: Checker, field: str, dug_in: bool, unit_type: str) -> None:
    """Only a Fedayeen unit is placed under a Dug In marker (4.1.1)."""
    if dug_in and unit_type != "fedayeen":
        check.add(field, True, "only a Fedayeen unit is placed under a Dug In marker", "4.1.1")


def check_tem(check: Checker, field: str, value: int | None) -> None:
    low, high = tem_bounds()
    if value is not None and not low <= value <= high:
        check.add(field, value, f"a TEM from {low} to {high} (the TEMs 7.3.1 names)", "2.1")


def check_area(check: Checker, field: str, value: Any, rule: str = "2") -> None:
    """An area's id, if given, is one of the map's (2); ``rule`` is the one that asks for it."""
    if value is not None and (not isinstance(value, int) or value not in data.AREAS):
        check.add(field, value, "an area id from 1 to 51", rule)


def fraction_over(value: Fraction, denominator: int) -> str:
    """A probability written over the dice's own count (36 or 1,296), e.g. '21/36'."""
    top = value * denominator
    return f"{top.numerator}/{denominator}" if top.denominator == 1 else str(value)


class SfAnswer(Adjudication):
    """The base of this game's answers: the kernel's fields, read in the game's one rulebook, in
    English."""

    ruleset: Ruleset = "en"


A = TypeVar("A", bound=Adjudication)


def finish(answer: A) -> A:
    """List every rule cited in the answer (the conformance test checks they exist)."""
    answer.rules = cited(answer)
    return answer


class CombatOutcome(Outcome):
    """A combat resolved with its rolls (7.2.7, 7.3.4, 7.4), or without (8.5, 7.3.5)."""

    outcome: str
    offensive_total: int | None = None
    defensive_total: int | None = None
    insurgent_cp: int | None = None
    coalition_cp: int = 0
    political_backlash: int = 0
    overrun: bool = False
    attacker_eliminated: bool | None = None
    action_phase_ends: bool | None = None
    rule: str | None = None


class MovementOutcome(Outcome):
    cost: int
    ambush: int = 0
    rule: str | None = None


class EndOutcome(Outcome):
    ends: bool
    roll: int | None = None
    impulse: int | None = None
    rule: str | None = None


class RollOutcome(Outcome):
    """A table roll read (13, 17)."""

    total: int | None = None
    roll: int | None = None
    outcome: str | None = None
    text: str | None = None
    printed: str | None = None
    codes: list[str] | None = None
    explanations: list[str] | None = None
    place: list[str] | None = None
    roll_needed: bool | None = None
    rule: str | None = None


class AllocationOutcome(Outcome):
    overrun: bool
    absorbed: int
    ignored: int
    units: list[dict]
    rule: str | None = None


class VictoryOutcome(Outcome):
    points: int
    level: str
    text: str
    rule: str | None = None
