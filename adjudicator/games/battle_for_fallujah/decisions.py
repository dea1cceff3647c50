"""The choices Battle for Fallujah leaves to the player in an Operation, and the Coalition's goal
(issue 22; the kernel computes each alternative: :mod:`adjudicator.what_if`).

"Any number of Good Order Coalition Support units may be allocated" to the attacking unit
(17.2.3.1) or to the defending unit (17.1.4.1): each Support unit (``support_unit``) of the
Coalition's pool may be left out, and so may all of them. The goal is the Coalition's: its
Operation's success, or the failure of the Insurgency's Assault. A Support unit's red dice also
move the Media Track (23.1.2): each alternative's ``exact`` gives its ``media`` distribution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...models import Text
from ...what_if import Alternative, Choice, Decisions, Goal

if TYPE_CHECKING:  # operation declares its situation with these decisions: imported for types only
    from .operation import OperationInput, Part

#: the rule allowing the Coalition's Support units in each role
ALLOCATION = {"attacking": "17.2.3.1", "defending": "17.1.4.1"}


def _role(situation: OperationInput) -> str:
    return "attacking" if situation.attacker == "coalition" else "defending"


def _name(part: Part, number: int) -> str:
    return part.name or f"Support unit {number}"


def support_units(situation: OperationInput) -> list[Choice]:
    """Every Good Order Support unit of the Coalition's pool left out in turn, then all of them."""
    role = _role(situation)
    parts: list[Part] = list(getattr(situation, role))
    support = [i for i, p in enumerate(parts) if p.source == "support_unit"]
    if not support:
        return []

    def without(left_out: list[int]) -> list[dict]:
        return [p.model_dump(mode="json") for i, p in enumerate(parts) if i not in left_out]

    names = [_name(parts[i], n) for n, i in enumerate(support, 1)]
    alternatives = [Alternative(value=without([]), words=Text(en=f"with {', '.join(names)}"))]
    alternatives += [Alternative(value=without([i]), words=Text(en=f"without {name}"))
                     for i, name in zip(support, names, strict=True)]
    if len(support) > 1:
        alternatives.append(Alternative(value=without(support), words=Text(en="without any Support unit")))
    return [Choice(field=role, rule=ALLOCATION[role], alternatives=tuple(alternatives))]


def coalition_goal(situation: OperationInput) -> Goal:
    if situation.attacker == "coalition":
        return Goal(Text(en="the Coalition's Operation succeeds"), ("success",))
    return Goal(Text(en="the Insurgency's Assault fails"), ("failure",))


DECISIONS: dict[str, Decisions] = {
    "operation": Decisions(choices=support_units, goal=coalition_goal, rolls=("rolls",)),
}
