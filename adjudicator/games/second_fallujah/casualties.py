"""Insurgent Casualty Points: what they cost (8.2), retreats (8.3), Overrun (8.4), and the bot's
allocation (15 steps 1 and 2), CP by CP, each step tied to its rule.

The costs are the rows of table insurgent-cp-costs (8.2) and casualty-priorities (15).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from . import data

#: 8.3 as it stands for the defenders' area: an adjacent destination with fewer than five Cadre
#: and Fedayeen ("room"), only destinations with five or more ("crowded"), none at all ("none")
Retreat = Literal["room", "crowded", "none"]


@dataclass
class Defender:
    """One defending Insurgent unit during the allocation."""

    id: str
    type: str
    status: str = "fresh"
    dug_in: bool = False
    retreated: bool = False
    eliminated: bool = False

    @property
    def alive(self) -> bool:
        return not self.eliminated


@dataclass
class Allocation:
    """The bot's allocation: each step with the CP it absorbed and its rule."""

    steps: list[dict] = field(default_factory=list)
    absorbed: int = 0
    ignored: int = 0
    overrun: bool = False
    units: list[Defender] = field(default_factory=list)


def capacity(units: list[Defender]) -> int:
    """The most CP the defenders can absorb (8.2's costs: eliminating each unit; 8.4)."""
    total = 0
    for u in units:
        if u.dug_in:
            total += data.value("insurgent-cp-costs", "eliminate_dug_in")
        elif u.type == "militia":
            total += data.value("insurgent-cp-costs", "eliminate_militia")
        elif u.status == "fresh":
            total += data.value("insurgent-cp-costs", "eliminate_fresh")
        else:
            total += data.value("insurgent-cp-costs", "eliminate_spent")
    return total


def _step(
    alloc: Allocation, rule: str, action: str, unit: Defender | None, cp: int, how: str
) -> None:
    alloc.steps.append(
        {
            "rule": rule,
            "action": action,
            "unit": unit.id if unit else None,
            "cp": cp,
            "text": how,
        }
    )
    alloc.absorbed += cp


def _eliminate_no_retreat(alloc: Allocation, unit: Defender, cp: int) -> None:
    """A unit that must retreat with no adjacent area to retreat to is eliminated (8.3)."""
    unit.eliminated = True
    _step(alloc, "8.3", "eliminate_no_retreat", unit, cp,
          "no adjacent area to retreat to: the unit is eliminated (8.3)")


def _first(units: list[Defender], order: tuple[str, ...], test) -> Defender | None:
    for kind in order:
        for u in units:
            if u.type == kind and test(u):
                return u
    return None


def allocate(units: list[Defender], lead: Defender, cp: int, retreat: Retreat) -> Allocation:
    """15 steps 1 and 2 for ``cp`` Casualty Points, strictly as printed (the NOTE's slight
    adjustment is left to the player's override)."""
    alloc = Allocation(units=units)
    remaining = cp
    prio = dict(data.priorities("casualty-priorities"))
    if cp <= 0:
        return alloc
    # step 1: the lead defensive unit
    if lead.dug_in:
        need = data.value("casualty-priorities", "eliminate_dug_in")
        if remaining < need:
            alloc.steps.append(
                {
                    "rule": "15",
                    "action": "ignored",
                    "unit": lead.id,
                    "cp": remaining,
                    "text": "step 1 b) i: the lead unit is Dug In and there are less than three CPs: they are ignored",
                }
            )
            alloc.ignored = remaining
            return alloc
        lead.eliminated = True
        _step(
            alloc,
            "15",
            "eliminate_dug_in",
            lead,
            need,
            "step 1 b) ii: the Dug In lead unit is eliminated",
        )
        remaining -= need
    else:
        if lead.type == "militia":
            lead.eliminated = True
            _step(
                alloc,
                "15",
                "eliminate_militia",
                lead,
                1,
                "step 1 a): the lead Militia takes one CP (eliminated)",
            )
        elif lead.status == "fresh":
            lead.status = "spent"
            _step(
                alloc,
                "15",
                "flip_fresh",
                lead,
                1,
                "step 1 a): the lead unit takes one CP (flipped to Spent)",
            )
        elif retreat != "none":
            lead.retreated = True
            _step(
                alloc,
                "15",
                "retreat_spent",
                lead,
                1,
                "step 1 a): the Spent lead unit takes one CP (retreats)",
            )
        else:
            _eliminate_no_retreat(alloc, lead, 1)
        remaining -= 1
    # step 2: each further CP through a) to e)
    while remaining > 0:
        alive = [u for u in units if u.alive]
        choice = _step2(alive, remaining, retreat == "room")
        if choice is None and retreat != "room":
            choice = _step2(alive, remaining, True, relaxed=True)
        if choice is None:
            if (
                alive
                and all(u.dug_in for u in alive)
                and remaining < data.value("casualty-priorities", "eliminate_dug_in")
            ):
                alloc.steps.append(
                    {
                        "rule": "8.2",
                        "action": "ignored",
                        "unit": None,
                        "cp": remaining,
                        "text": "the Dug In units left ignore the first two CP against them (8.2)",
                    }
                )
                alloc.ignored = remaining
                return alloc
            alloc.overrun = True
            for u in alive:
                u.eliminated = True
            alloc.steps.append(
                {
                    "rule": "8.4",
                    "action": "overrun",
                    "unit": None,
                    "cp": remaining,
                    "text": "more CP than the units can absorb: Overrun, every defending unit is eliminated (8.4)",
                }
            )
            return alloc
        key, unit = choice
        cost = data.value("casualty-priorities", key)
        if key == "retreat_spent":
            if retreat == "none":
                _eliminate_no_retreat(alloc, unit, cost)
            else:
                unit.retreated = True
                _step(alloc, "15", key, unit, cost, prio[key])
        elif key == "flip_fresh":
            unit.status = "spent"
            _step(alloc, "15", key, unit, cost, prio[key])
        else:
            unit.eliminated = True
            _step(alloc, "15", key, unit, cost, prio[key])
        remaining -= cost
    return alloc


def _step2(alive: list[Defender], remaining: int, room: bool, relaxed: bool = False):
    """The first of 15 step 2's a) to e) the bot is able to take; None when none is."""
    cadre_first = ("cadre", "fedayeen")
    fedayeen_first = ("fedayeen", "cadre")
    for key in (k for k, _ in data.priorities("casualty-priorities")):
        if relaxed and key not in ("retreat_spent", "flip_fresh"):
            continue
        if key == "retreat_spent" and room:
            u = _first(
                alive,
                cadre_first,
                lambda u: u.status == "spent" and not u.retreated and not u.dug_in,
            )
        elif key == "flip_fresh" and room:
            u = _first(alive, cadre_first, lambda u: u.status == "fresh" and not u.dug_in)
        elif key == "eliminate_militia":
            u = _first(alive, ("militia",), lambda u: True)
        elif key == "eliminate_spent":
            u = _first(alive, fedayeen_first, lambda u: u.status == "spent" and not u.dug_in)
        elif key == "eliminate_dug_in":
            need = data.value("casualty-priorities", key)
            u = next((u for u in alive if u.dug_in), None) if remaining >= need else None
        else:
            u = None
        if u is not None:
            return key, u
    return None


def lead_candidates(units: list[tuple[str, int, bool]]) -> list[str]:
    """7.2.5: the units with the highest Combat Factor (id, cf, dug_in)."""
    top = max(cf for _, cf, _ in units)
    return [uid for uid, cf, _ in units if cf == top]
