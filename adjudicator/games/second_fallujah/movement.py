"""Movement Point cost of entering an area or attacking in it (6, 6.1), as changed by Insurgent
Reaction (6.4.1) and Ambush (6.4.2). The costs are the rows of table movement-costs."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT

from ...errors import Checker
from ...models import Bounded
from ...registry import Procedure, declare_situations
from . import data
from .common import MovementOutcome, SfAnswer, finish, modifier, note
from .decisions import DECISIONS
from .examples import EXAMPLES
from .state import STACK

#: 6.4.2: "the entry cost is now increased to 4MP" (the highest row of 6.1)


class Model(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)


class Enemy(Model):
    status: Literal["fresh", "spent"] = "fresh"
    #: a Coalition Support Unit (when Insurgent units move against Coalition units, 6.1)
    support: bool = False
    dug_in: bool = False


class MovementCost(Model):
    """A unit enters an area (or attacks enemy units in its own area)."""

    action: Literal["enter", "attack_in_area"] = "enter"
    #: the area is controlled by the moving unit's side
    friendly_controlled: bool = False
    #: the enemy units in the area before any Reaction
    enemy: list[Enemy] = Field(default_factory=list, max_length=STACK)  # stacking (5)
    #: the cost the first unit to enter this impulse paid (6: later units pay the same)
    first_entry_cost: int | None = Field(default=None, ge=1)
    #: the enemy units after Insurgent Reaction (6.4.1), if it happened
    after_reaction: list[Enemy] | None = Field(default=None, max_length=STACK)  # stacking (5)
    #: a Militia unit was placed in the area by Insurgent Reaction (6.4.2)
    militia_placed: bool = False
    #: the MP the unit had left when it entered (6.4.2's Ambush)
    mp_remaining: int | None = Field(default=None, ge=0)
    #: MP left of additional units entering the Ambush area (6.4.2's NOTE)
    later_units_mp: Bounded[int] = Field(default_factory=list)


class MovementCostAnswer(SfAnswer):
    cost: int
    applicable: list[dict]
    ambush: int = 0
    result: MovementOutcome | None = None


def _costs(action: str, friendly: bool, enemy: list[Enemy]) -> list[str]:
    fresh = [e for e in enemy if e.status == "fresh" or e.dug_in]
    keys = []
    if action == "attack_in_area":
        keys.append("attack_one_fresh" if fresh else "attack_all_spent")
        return keys
    if not enemy:
        keys.append("enter_free" if friendly else "enter_vacant_enemy")
    else:
        if any(not e.support for e in fresh):
            keys.append("enter_fresh_enemy")
        if any(e.status == "spent" and not e.dug_in for e in enemy) or any(
            e.support for e in fresh
        ):
            keys.append("enter_spent_or_support")
    return keys


def movement_cost(s: MovementCost) -> MovementCostAnswer:
    c = Checker()
    if s.action == "attack_in_area" and not s.enemy:
        c.add("enemy", [], "an attack needs enemy units in the area", "6.1")
    if (s.militia_placed or s.after_reaction is not None) and s.action != "enter":
        c.add("action", s.action, "Reaction follows a Coalition unit entering an area", "6.4")
    c.raise_if_any()
    table = "movement-costs"
    keys = _costs(s.action, s.friendly_controlled, s.enemy)
    costs = {k: data.value(table, k) for k in keys}
    applicable = [
        {"key": k, "cost": costs[k], "text": data.text(table, k), "rule": "6.1"} for k in keys
    ]
    cost = max(costs.values())
    notes = []
    if len(applicable) > 1:
        notes.append(
            note(
                f"Costs are not cumulative: only the highest applies ({cost} MP, not {sum(costs.values())}).",
                "6.1",
            )
        )
    if s.action == "enter" and s.enemy:
        notes.append(
            note(
                "The cost of an attack is included in the cost of entering an area containing enemy units.",
                "6.1",
            )
        )
    original = cost
    mods = []
    ambush = 0
    if s.after_reaction is not None and not s.militia_placed:
        after = s.after_reaction
        if (
            any(e.status == "fresh" for e in s.enemy)
            and after
            and all(e.status == "spent" for e in after)
        ):
            cost = data.value(table, "enter_spent_or_support")
            notes.append(
                note(
                    f"Only Spent units remain after Reaction: the cost of entry is reduced to {cost} MP; a mandatory attack is still required.",
                    "6.4.1",
                )
            )
        elif not after and s.enemy:
            cost = data.value(table, "enter_vacant_enemy")
            notes.append(
                note(
                    f"The area is now Vacant after Reaction: the cost of entry is reduced to {cost} MP; the units may continue to move.",
                    "6.4.1",
                )
            )
    if s.militia_placed:
        if original > data.value(table, "enter_spent_or_support") or any(
            e.status == "fresh" and not e.support for e in s.enemy
        ):
            notes.append(
                note(
                    "The area held a Fresh Insurgent unit: the placed Militia does not change the cost (no Ambush).",
                    "6.4.2",
                )
            )
        else:
            cost = data.value(table, "enter_fresh_enemy")
            notes.append(
                note(
                    f"A Militia placed by Reaction raises the entry cost to {cost} MP; a Mandatory Attack is required.",
                    "6.4.2",
                )
            )
            if s.mp_remaining is not None:
                if s.mp_remaining < original:
                    c.add(
                        "mp_remaining",
                        s.mp_remaining,
                        f"at least the {original} MP the area cost before the Reaction",
                        "6.4.2",
                    )
                lowest = min([s.mp_remaining, *s.later_units_mp])
                for i, mp in enumerate(s.later_units_mp):
                    if mp < original:
                        c.add(
                            f"later_units_mp.{i}",
                            mp,
                            f"additional units need the original {original} MP to enter",
                            "6.4.2",
                        )
                c.raise_if_any()
                if lowest < cost:
                    ambush = cost - lowest
                    mods.append(
                        modifier(
                            -ambush,
                            "6.4.2",
                            f"Ambush: {lowest} MP left against the {cost} MP now required",
                        )
                    )
                    notes.append(
                        note(
                            f"An Ambush has occurred: the Offensive Value is reduced by {ambush} in the ensuing combat (7.2.4's '- 1 or -2', its minus sign lost in the extraction: errata 7.2.4).",
                            "6.4.2",
                        )
                    )
                    if s.later_units_mp and min(s.later_units_mp) < s.mp_remaining:
                        notes.append(
                            note(
                                "An additional unit with fewer MP than the first increased the Ambush modifier.",
                                "6.4.2",
                            )
                        )
    if s.first_entry_cost is not None and s.action == "enter":
        notes.append(
            note(
                f"Later units entering the area this impulse pay the same cost as the first unit to enter: {s.first_entry_cost} MP.",
                "6",
            )
        )
        cost = s.first_entry_cost
    return finish(
        MovementCostAnswer(
            situation="movement-cost",
            cost=cost,
            applicable=applicable,
            ambush=ambush,
            modifiers=mods,
            drm=-ambush,
            notes=notes,
            result=MovementOutcome(cost=cost, ambush=ambush, rule="6.1"),
        )
    )


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``movement-cost``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "movement-cost",
            "Movement cost and Ambush (6.1, 6.4)",
            "6.1",
            MovementCost,
            MovementCostAnswer,
            movement_cost,
            ("6.4.1", "6.4.2"),
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
