"""The ``casualty-allocation`` situation: Insurgent Casualty Points after a lost combat (8.2-8.4),
what the defenders can absorb, Overrun, and the bot's allocation (15 steps 1 and 2)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT

from ...errors import Checker
from ...registry import Procedure, declare_situations
from . import casualties
from .common import (
    CF,
    AllocationOutcome,
    InsurgentType,
    SfAnswer,
    Status,
    check_cf,
    check_dug_in,
    finish,
    note,
)
from .decisions import DECISIONS
from .examples import EXAMPLES


class Unit(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    id: str | None = None
    type: InsurgentType
    cf: CF | None = None
    status: Status = "fresh"
    dug_in: bool = False


class CasualtyAllocation(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    cp: int = Field(ge=0, description="Insurgent Casualty Points (OT - DT)")
    defenders: list[Unit] = Field(min_length=1, max_length=8)
    #: the lead defensive unit's index (7.2.5); default: the highest CF, a Dug In unit first
    lead: int | None = None
    #: 8.3 for this area: 'room' (an adjacent destination with fewer than five Cadre/Fedayeen),
    #: 'crowded' (only destinations with five or more), 'none' (no destination)
    retreat: casualties.Retreat = "room"


class CasualtyAllocationAnswer(SfAnswer):
    capacity: int
    overrun: bool
    allocation: list[dict]
    ignored: int = 0
    lead: int
    result: AllocationOutcome | None = None


def lead_index(units, chosen, check: Checker) -> int:
    if chosen is not None:
        if not 0 <= chosen < len(units):
            check.add("lead", chosen, f"an index of defenders, 0 to {len(units) - 1}", "7.2.5")
            return 0
        return chosen
    if all(u.cf is not None for u in units):
        top = max(u.cf for u in units)
        tied = [i for i, u in enumerate(units) if u.cf == top]
        dug = [i for i in tied if units[i].dug_in]
        return (dug or tied)[0]
    return 0


def casualty_allocation(s: CasualtyAllocation) -> CasualtyAllocationAnswer:
    c = Checker()
    for i, u in enumerate(s.defenders):
        check_cf(c, f"defenders.{i}.cf", u.cf, required=False)
        check_dug_in(c, f"defenders.{i}.dug_in", u.dug_in, u.type)
    lead = lead_index(s.defenders, s.lead, c)
    c.raise_if_any()
    units = [
        casualties.Defender(id=u.id or str(i), type=u.type, status=u.status, dug_in=u.dug_in)
        for i, u in enumerate(s.defenders)
    ]
    capacity = casualties.capacity(units)
    alloc = casualties.allocate(units, units[lead], s.cp, s.retreat)
    notes = [
        note(
            "The bot's allocation follows 15 as printed; 'Priorities can be adjusted slightly to avoid taking extra CPs when eliminating a unit for the final CP' is left to the player (errata 15).",
            "15",
        ),
        note(
            "15 d) eliminates a Spent unit for 1 CP in solitaire play; 8.2 prices it 2 CP in the two-player game (errata 15).",
            "8.2",
        ),
    ]
    if s.lead is None and any(u.cf is None for u in s.defenders):
        notes.append(
            note(
                "Combat Factors not given: the first defender is taken as the lead unit (7.2.5).",
                "7.2.5",
            )
        )
    final = [
        {
            "unit": u.id,
            "type": u.type,
            "status": u.status,
            "dug_in": u.dug_in,
            "retreated": u.retreated,
            "eliminated": u.eliminated,
        }
        for u in units
    ]
    return finish(
        CasualtyAllocationAnswer(
            situation="casualty-allocation",
            capacity=capacity,
            overrun=alloc.overrun,
            allocation=alloc.steps,
            ignored=alloc.ignored,
            lead=lead,
            notes=notes,
            result=AllocationOutcome(
                overrun=alloc.overrun,
                absorbed=alloc.absorbed,
                ignored=alloc.ignored,
                units=final,
                rule="8.4" if alloc.overrun else "15",
            ),
        )
    )


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``casualty-allocation``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "casualty-allocation",
            "Insurgent Casualty Points, Overrun and the bot's allocation (8.2-8.4, 15)",
            "8.2",
            CasualtyAllocation,
            CasualtyAllocationAnswer,
            casualty_allocation,
            ("8.3", "8.4", "15"),
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
