"""Second Fallujah (Steve Lieske, Compass Games): 2D6 combat with exact odds over 36 or 1,296,
and the solitaire Insurgent bot (12-17) as pure procedures with traces.

Declares ``SITUATIONS`` for the kernel's registry (:mod:`adjudicator.registry`). Every number is
read from the game's tables (rules_text/games/second-fallujah/tables).
"""

from __future__ import annotations

from ...registry import Procedure, declare_situations
from . import allocation, combat, movement, render, tables_rolls, victory
from . import bot_situations as bs
from .bot_common import ANSWERS
from .decisions import DECISIONS
from .examples import EXAMPLES

#: What a roll out of range means: Second Fallujah's dice are ordinary d6 (dice: [2d6, d6]).
DIE_NOTES: dict[str, tuple[str, str | None]] = {}

#: the breakdown `fallujah adjudicate` prints (the bot's trace, needs and unspecified points too)
RENDER = render.render


SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "coalition-attack",
            "Coalition attack (7.2, 8.1, 8.5, 7.5)",
            "7.2",
            combat.CoalitionAttack,
            combat.CoalitionAttackAnswer,
            combat.coalition_attack,
            ("7.2.1", "8.1.1", "8.4", "8.5", "7.5", "4.1.4"),
        ),
        Procedure(
            "insurgent-attack",
            "Insurgent attack, Security Lapse (7.3)",
            "7.3",
            combat.InsurgentAttack,
            combat.InsurgentAttackAnswer,
            combat.insurgent_attack,
            ("7.3.5", "8.1.1"),
        ),
        Procedure(
            "fire-mission",
            "Fire Mission (7.4)",
            "7.4",
            combat.FireMission,
            combat.FireMissionAnswer,
            combat.fire_mission,
            ("8.5", "7.5"),
        ),
        Procedure(
            "movement-cost",
            "Movement cost and Ambush (6.1, 6.4)",
            "6.1",
            movement.MovementCost,
            movement.MovementCostAnswer,
            movement.movement_cost,
            ("6.4.1", "6.4.2"),
        ),
        Procedure(
            "end-of-action-phase",
            "End of the Action Phase (4.1.4)",
            "4.1.4",
            combat.EndOfActionPhase,
            combat.EndOfActionPhaseAnswer,
            combat.end_of_action_phase,
        ),
        Procedure(
            "fedayeen-reaction",
            "Fedayeen Reaction (17 step 1)",
            "17",
            tables_rolls.FedayeenReaction,
            tables_rolls.RollAnswer,
            tables_rolls.fedayeen_reaction,
            ("12.1",),
        ),
        Procedure(
            "cadre-reaction",
            "Cadre Reaction (17 steps 2 and 3)",
            "17",
            tables_rolls.CadreReaction,
            tables_rolls.RollAnswer,
            tables_rolls.cadre_reaction,
        ),
        Procedure(
            "insurgent-setup",
            "Insurgent set-up roll of one area (13)",
            "13",
            tables_rolls.InsurgentSetup,
            tables_rolls.RollAnswer,
            tables_rolls.insurgent_setup,
        ),
        Procedure(
            "casualty-allocation",
            "Insurgent Casualty Points, Overrun and the bot's allocation (8.2-8.4, 15)",
            "8.2",
            allocation.CasualtyAllocation,
            allocation.CasualtyAllocationAnswer,
            allocation.casualty_allocation,
            ("8.3", "8.4", "15"),
        ),
        Procedure(
            "victory",
            "Victory points and level (1.1, 1.2)",
            "1.1",
            victory.Victory,
            victory.VictoryAnswer,
            victory.victory,
            ("1.2",),
        ),
        Procedure(
            "bot-setup",
            "Bot: Insurgent set-up (13)",
            "13",
            bs.SetupInput,
            ANSWERS["bot-setup"],
            bs.run_setup,
        ),
        Procedure(
            "bot-impulse",
            "Bot: the Insurgent impulse (14)",
            "14",
            bs.ImpulseInput,
            ANSWERS["bot-impulse"],
            bs.run_impulse,
            ("14.1", "14.1.1", "14.1.2", "14.2", "12.2"),
        ),
        Procedure(
            "bot-attack-target",
            "Bot: attack target (14.1, 14.1.1)",
            "14.1.1",
            bs.BotInput,
            ANSWERS["bot-attack-target"],
            bs.run_attack_target,
            ("14.1", "12.2"),
        ),
        Procedure(
            "bot-attack-origin",
            "Bot: attack origin (14.1.2)",
            "14.1.2",
            bs.OriginInput,
            ANSWERS["bot-attack-origin"],
            bs.run_attack_origin,
            ("14.1", "12.2"),
        ),
        Procedure(
            "bot-organize-resistance",
            "Bot: Organize Resistance area (14.2)",
            "14.2",
            bs.BotInput,
            ANSWERS["bot-organize-resistance"],
            bs.run_organize_resistance,
            ("12.2",),
        ),
        Procedure(
            "bot-casualties",
            "Bot: Insurgent Casualty Points (15 steps 1-2)",
            "15",
            bs.CasualtiesInput,
            ANSWERS["bot-casualties"],
            bs.run_casualties,
            ("7.2.5", "8.3", "8.4", "12.2"),
        ),
        Procedure(
            "bot-mulligan",
            "Bot: the Mulligan (15 step 3, 10.1)",
            "15",
            bs.MulliganInput,
            ANSWERS["bot-mulligan"],
            bs.run_mulligan,
            ("10.1",),
        ),
        Procedure(
            "bot-retreat",
            "Bot: retreat destination (16, 8.3)",
            "16",
            bs.RetreatInput,
            ANSWERS["bot-retreat"],
            bs.run_retreat,
            ("8.3", "12.2", "17"),
        ),
        Procedure(
            "bot-reaction",
            "Bot: Insurgent Reaction (17, 4.1.3)",
            "17",
            bs.ReactionInput,
            ANSWERS["bot-reaction"],
            bs.run_reaction,
            ("4.1.3", "16", "12.1"),
        ),
        Procedure(
            "bot-regroup",
            "Bot: Regroup Phase (4.2; no bot procedure, 12.1)",
            "4.2",
            bs.BotInput,
            ANSWERS["bot-regroup"],
            bs.run_regroup,
            ("12.1",),
        ),
        Procedure(
            "bot-reset",
            "Bot: Reset Phase, which units stay Spent (4.4, 5.1)",
            "4.4",
            bs.BotInput,
            ANSWERS["bot-reset"],
            bs.run_reset,
            ("5.1", "10.2"),
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
