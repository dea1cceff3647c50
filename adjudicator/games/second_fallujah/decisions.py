"""The choices Second Fallujah leaves to the Coalition player in an attack, and the goal
(issue 22; the kernel computes each alternative: :mod:`adjudicator.what_if`).

- Which additional units join the lead unit (7.2.2): each supporting unit may be left out in
  turn. Leaving one out can raise the odds: Army and Marine units together give -1 (7.2.4).
- The Marine Small Craft Company's support in a riverbank area (7.2.3), when it is Fresh.
- The Advantage, when the Coalition holds it (10.1): a Heroic Effort on a stall, or a Mulligan
  on a stall or a repulse, each used to win; or kept for later (10.2: once per turn).
The goal is a successful attack, OT > DT (7.2.7). A Fire Mission (7.4) leaves the Advantage only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...models import Text
from ...what_if import Alternative, Choice, Decisions, Goal, one_of, toggle

if TYPE_CHECKING:  # combat declares its situations with these decisions: imported for types only
    from .combat import CoalitionAttack, Supporting

#: the Advantage, used to win a combat resolution (10.1), or kept
ADVANTAGE = one_of("advantage", "10.1", {
    None: Text(en="keeping the Advantage"),
    "heroic_effort": Text(en="the Advantage: Heroic Effort on a stall"),
    "mulligan": Text(en="the Advantage: a Mulligan on a stall or a repulse"),
})
#: the goal of the Coalition's combat resolutions (7.2.7, 7.4)
SUCCESS = Goal(Text(en="a successful attack (OT > DT)"), ("success",))


def _name(unit: Supporting, number: int) -> str:
    return f"supporting unit {number} ({unit.nationality} {unit.type.replace('_', ' ')})"


def supporting_units(situation: CoalitionAttack) -> list[Choice]:
    """Every supporting unit left out in turn (7.2.2), and the riverine unit's support (7.2.3)."""
    units = list(situation.supporting)
    choices: list[Choice] = []
    if units:
        dumped = [u.model_dump(mode="json") for u in units]
        alternatives = [Alternative(value=dumped, words=Text(en=f"with every supporting unit ({len(units)})"))]
        alternatives += [
            Alternative(value=dumped[:i] + dumped[i + 1:], words=Text(en=f"without {_name(u, i + 1)}"))
            for i, u in enumerate(units)
        ]
        choices.append(Choice(field="supporting", rule="7.2.2", alternatives=tuple(alternatives)))
    choices.append(toggle("riverbank", "7.2.3", Text(en="with the riverine unit's support"),
                          Text(en="without the riverine unit's support")))
    choices.append(ADVANTAGE)
    return choices


DECISIONS: dict[str, Decisions] = {
    "coalition-attack": Decisions(
        choices=supporting_units,
        goal=SUCCESS,
        rolls=("rolls",),
    ),
    "fire-mission": Decisions(choices=(ADVANTAGE,), goal=SUCCESS, rolls=("rolls",)),
}
