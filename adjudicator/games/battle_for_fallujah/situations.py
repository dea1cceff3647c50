"""The situations of Battle for Fallujah, as the kernel's registry reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from ...models import Adjudication
from ...registry import Procedure
from ...what_if import NO_DECISIONS
from . import dice_pool, insurgents, margin, operation, phases, render
from .decisions import DECISIONS
from .examples import EXAMPLES

#: What the rulebook says of its dice, for bad-input messages (7.0).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d6": ("faces numbering 1 to 6", "7")}

RENDER = render.render


def _procedure(name: str, title: str, rule: str, input_model: type[BaseModel],
               result_model: type[Adjudication], run: Callable[[Any], Adjudication],
               cites: tuple[str, ...] = ()) -> Procedure:
    return Procedure(
        name=name, title=title, rule=rule, input_model=input_model, result_model=result_model,
        run=run, cites=cites, examples=tuple(EXAMPLES[name]),
        decisions=DECISIONS.get(name, NO_DECISIONS),
    )


SITUATIONS: dict[str, Procedure] = {
    p.name: p
    for p in (
        _procedure("dice-pool", "A Dice Pool's successes (7.2-7.4)", "7.2",
                   dice_pool.DicePoolInput, dice_pool.DicePoolAnswer, dice_pool.adjudicate),
        _procedure("operation", "An Operation: Assault, Raid, Search or Strike (17.0-21.0)", "17.3",
                   operation.OperationInput, operation.OperationAnswer, operation.adjudicate,
                   ("17.1.6.1", "17.1.7", "17.1.8", "17.2.5.1", "23.1.2", "7.7.1")),
        _procedure("spend-margin", "Spending a Margin of Success (18.2.1, 18.6.1, 20.3, 21.1.2)", "18.2.1",
                   margin.SpendMarginInput, margin.SpendMarginAnswer, margin.adjudicate,
                   ("20.3", "21.1.2", "19.1.2")),
        _procedure("availability", "Support unit Availability (5.5, 13.6.2)", "5.5",
                   phases.AvailabilityInput, phases.AvailabilityAnswer, phases.availability),
        _procedure("intelligence", "Intelligence Phase: Wanted! Markers (11.1-11.4)", "11.2",
                   phases.IntelligenceInput, phases.IntelligenceAnswer, phases.intelligence),
        _procedure("insurgent-activation", "Insurgent Activation Table (12.4.2-12.4.4)", "12.4.2",
                   insurgents.ActivationInput, insurgents.ActivationAnswer, insurgents.insurgent_activation),
        _procedure("level-of-resistance", "Level of Resistance Table (22.1)", "22.1",
                   insurgents.ResistanceInput, insurgents.ResistanceAnswer, insurgents.level_of_resistance),
        _procedure("insurgent-reaction", "Insurgent Reaction Table (22.2)", "22.2",
                   insurgents.ReactionInput, insurgents.ReactionAnswer, insurgents.insurgent_reaction),
        _procedure("contact", "Insurgent Contact Table (22.3, 20.4.2.1)", "22.3",
                   insurgents.ContactInput, insurgents.ContactAnswer, insurgents.contact),
        _procedure("raid-defenders", "A Raid's defenders in a hex without a Resistance marker (17.1.1, 22.0)",
                   "17.1.1", insurgents.RaidDefendersInput, insurgents.RaidDefendersAnswer,
                   insurgents.raid_defenders),
        _procedure("ceasefire", "Ceasefire roll (14.2)", "14.2",
                   phases.CeasefireInput, phases.CeasefireAnswer, phases.ceasefire),
        _procedure("reinforcements", "Reinforcements: the 3/4 Battalion (14.3)", "14.3",
                   phases.ReinforcementsInput, phases.ReinforcementsAnswer, phases.reinforcements),
        _procedure("end-of-turn-vp", "End of Turn VPs (14.1, 14.2.2.1)", "14.1",
                   phases.EndOfTurnInput, phases.EndOfTurnAnswer, phases.end_of_turn_vp),
        _procedure("victory-level", "Victory level (14.4.2)", "14.4.2",
                   phases.VictoryInput, phases.VictoryAnswer, phases.victory_level),
    )
}
