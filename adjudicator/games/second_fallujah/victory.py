"""Victory points at the end of the Nov 14 turn (1.1) and the level of victory (1.2)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT

from ...errors import Checker
from ...registry import Procedure, declare_situations
from . import data
from .common import SfAnswer, VictoryOutcome, check_area, finish, note
from .decisions import DECISIONS
from .examples import EXAMPLES

#: which area list each per-area award counts (1.1's parentheses)
AREA_AWARDS = {
    "mosque_area": "mosque-areas",
    "route_10_area": "route-10-areas",
    "jolan_area": "jolan-areas",
    "government_center": "government-center",
}


class Victory(BaseModel):
    """What the Insurgent holds at the end of the game."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    fedayeen: int = Field(ge=0, description="surviving Fedayeen units")
    cadre: int = Field(ge=0, description="surviving Cadre units")
    #: the areas under Insurgent control (ids 1-51); None: all 51 (as at the start, 11.1)
    insurgent_areas: list[int] | None = Field(default=None, max_length=len(data.AREAS))
    political_backlash: int = Field(default=0, ge=0)


class VictoryAnswer(SfAnswer):
    points: int
    level: str
    breakdown: list[dict]
    result: VictoryOutcome | None = None


def victory(s: Victory) -> VictoryAnswer:
    c = Checker()
    areas = set(data.AREAS) if s.insurgent_areas is None else set(s.insurgent_areas)
    for i, a in enumerate(s.insurgent_areas or []):
        check_area(c, f"insurgent_areas.{i}", a)
    if s.insurgent_areas is not None and len(set(s.insurgent_areas)) != len(s.insurgent_areas):
        c.add("insurgent_areas", s.insurgent_areas, "each area once", "1.1")
    c.raise_if_any()
    breakdown: list[dict[str, Any]] = []
    table = "victory-points"
    for r in data.table(table).rows:
        if r.result == "fedayeen":
            count = s.fedayeen
        elif r.result == "cadre":
            count = s.cadre
        elif r.result == "political_backlash":
            count = s.political_backlash
        else:
            count = len(areas & data.areas_of(AREA_AWARDS[r.result]))
        breakdown.append(
            {
                "award": r.result,
                "count": count,
                "each": r.value,
                "points": count * (r.value or 0),
                "rule": r.rule or data.table(table).rule,
            }
        )
    points = sum(int(b["points"]) for b in breakdown)
    level = next(
        r
        for r in data.table("victory-levels").rows
        if (r.min is None or points >= r.min) and (r.max is None or points <= r.max)
    )
    notes = [
        note(
            "Route 10 areas that contain a mosque count once (as mosque areas); the Route 10 list holds the additional areas.",
            "1.1",
        )
    ]
    return finish(
        VictoryAnswer(
            situation="victory",
            points=points,
            level=level.result,
            breakdown=breakdown,
            notes=notes,
            result=VictoryOutcome(
                points=points, level=level.result, text=level.text.en or "", rule="1.2"
            ),
        )
    )


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``victory``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "victory",
            "Victory points and level (1.1, 1.2)",
            "1.1",
            Victory,
            VictoryAnswer,
            victory,
            ("1.2",),
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
