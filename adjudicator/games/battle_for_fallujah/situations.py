"""The situations of Battle for Fallujah, as the kernel's registry reads them."""

from __future__ import annotations

from ...registry import Procedure, declare_situations
from . import dice_pool, insurgents, margin, operation, phases, render
from .decisions import DECISIONS
from .examples import EXAMPLES

#: What the rulebook says of its dice, for bad-input messages (7.0).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d6": ("faces numbering 1 to 6", "7")}

RENDER = render.render


SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("dice-pool", "A Dice Pool's successes (7.2-7.4)", "7.2",
                  dice_pool.DicePoolInput, dice_pool.DicePoolAnswer, dice_pool.adjudicate),
        Procedure("operation", "An Operation: Assault, Raid, Search or Strike (17.0-21.0)", "17.3",
                  operation.OperationInput, operation.OperationAnswer, operation.adjudicate,
                  ("17.1.6.1", "17.1.7", "17.1.8", "17.2.5.1", "23.1.2", "7.7.1")),
        Procedure("spend-margin", "Spending a Margin of Success (18.2.1, 18.6.1, 20.3, 21.1.2)", "18.2.1",
                  margin.SpendMarginInput, margin.SpendMarginAnswer, margin.adjudicate,
                  ("20.3", "21.1.2", "19.1.2")),
        Procedure("availability", "Support unit Availability (5.5, 13.6.2)", "5.5",
                  phases.AvailabilityInput, phases.AvailabilityAnswer, phases.availability),
        Procedure("intelligence", "Intelligence Phase: Wanted! Markers (11.1-11.4)", "11.2",
                  phases.IntelligenceInput, phases.IntelligenceAnswer, phases.intelligence),
        Procedure("insurgent-activation", "Insurgent Activation Table (12.4.2-12.4.4)", "12.4.2",
                  insurgents.ActivationInput, insurgents.ActivationAnswer, insurgents.insurgent_activation),
        Procedure("level-of-resistance", "Level of Resistance Table (22.1)", "22.1",
                  insurgents.ResistanceInput, insurgents.ResistanceAnswer, insurgents.level_of_resistance),
        Procedure("insurgent-reaction", "Insurgent Reaction Table (22.2)", "22.2",
                  insurgents.ReactionInput, insurgents.ReactionAnswer, insurgents.insurgent_reaction),
        Procedure("contact", "Insurgent Contact Table (22.3, 20.4.2.1)", "22.3",
                  insurgents.ContactInput, insurgents.ContactAnswer, insurgents.contact),
        Procedure("raid-defenders", "A Raid's defenders in a hex without a Resistance marker (17.1.1, 22.0)",
                  "17.1.1", insurgents.RaidDefendersInput, insurgents.RaidDefendersAnswer,
                  insurgents.raid_defenders),
        Procedure("ceasefire", "Ceasefire roll (14.2)", "14.2",
                  phases.CeasefireInput, phases.CeasefireAnswer, phases.ceasefire),
        Procedure("reinforcements", "Reinforcements: the 3/4 Battalion (14.3)", "14.3",
                  phases.ReinforcementsInput, phases.ReinforcementsAnswer, phases.reinforcements),
        Procedure("end-of-turn-vp", "End of Turn VPs (14.1, 14.2.2.1)", "14.1",
                  phases.EndOfTurnInput, phases.EndOfTurnAnswer, phases.end_of_turn_vp),
        Procedure("victory-level", "Victory level (14.4.2)", "14.4.2",
                  phases.VictoryInput, phases.VictoryAnswer, phases.victory_level),
    ),
    DECISIONS,
    EXAMPLES,
)
