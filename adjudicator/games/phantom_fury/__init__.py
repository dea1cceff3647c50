"""Phantom Fury's procedures (Laurent Closier, Nuts! Publishing): the first game pack.

Declares ``SITUATIONS`` for the kernel's registry (:mod:`adjudicator.registry`); each procedure
reads the rulebook through :func:`~adjudicator.games.phantom_fury.rulebook.current`.

>>> from adjudicator import adjudicate
>>> adjudicate("ied", {"cf": 5}).probabilities
{'pinned': 0.6, 'step_loss': 0.4}
"""

from __future__ import annotations

from ...registry import Procedure, declare_situations
from . import (
    abrams,
    activation,
    assault,
    defensive_fire,
    fire,
    ied,
    pinned,
    render,
    sniper,
    support,
    victory,
)
from .answer import Computation, procedure
from .decisions import DECISIONS
from .examples import EXAMPLES
from .grids import FIRE_GRID

#: What the rulebook says of an impossible d10 face, for bad-input messages: "The '0' on a d10
#: is equivalent to '0', and not '10'" (3).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d10": ("0 is 0, not 10", "3")}

#: the breakdown `fallujah adjudicate` prints
RENDER = render.render

#: the grids of chances the rules site prints beside the tables
ODDS_GRIDS = (FIRE_GRID,)

SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        procedure(
            "fire",
            Computation(fire.adjudicate),
            fire.FireSituation,
            "Fire Combat (11.1, 11.2)",
            "11.2",
            result_model=fire.FireAnswer,
        ),
        procedure(
            "suspect-activation",
            Computation(activation.adjudicate),
            activation.ActivationSituation,
            "Activating a 'Suspect' marker (5.3.3, 5.3.4, 6.2)",
            "5.3.1",
            result_model=activation.ActivationAnswer,
        ),
        procedure(
            "sniper-fire",
            Computation(sniper.adjudicate_fire),
            sniper.SniperFireSituation,
            "Sniper Attack after Fire (11.4.1)",
            "11.4.1",
            result_model=sniper.SniperFireAnswer,
        ),
        procedure(
            "sniper-street",
            Computation(sniper.adjudicate_street),
            sniper.SniperStreetSituation,
            "Sniper Attack while crossing a Street Section (11.4.2)",
            "11.4.2",
            result_model=sniper.SniperStreetAnswer,
        ),
        procedure(
            "defensive-fire",
            Computation(defensive_fire.adjudicate),
            defensive_fire.DefensiveFireSituation,
            "Defensive Fire (12.7)",
            "12.7.2",
            result_model=defensive_fire.DefensiveFireAnswer,
        ),
        procedure(
            "ied",
            Computation(ied.adjudicate),
            ied.IedSituation,
            "IED Attack (13.5)",
            "13.5",
            result_model=ied.IedAnswer,
        ),
        procedure(
            "assault",
            Computation(assault.adjudicate, assault.brief),
            assault.AssaultSituation,
            "Assault (13.1-13.4, 13.6.4, 13.7)",
            "13.4",
            result_model=assault.AssaultAnswer,
        ),
        procedure(
            "pinned-recovery",
            Computation(pinned.adjudicate),
            pinned.PinnedSituation,
            "Pinned recovery (14.3.4)",
            "14.3.4",
            result_model=pinned.PinnedAnswer,
        ),
        procedure(
            "abrams-mc",
            Computation(abrams.adjudicate),
            abrams.AbramsSituation,
            "M1A1 Abrams Movement Capacity (12.6.1)",
            "12.6.1",
            result_model=abrams.AbramsAnswer,
        ),
        procedure(
            "support-mission",
            Computation(support.adjudicate_mission),
            support.MissionSituation,
            "Support Missions (9.3)",
            "9.3",
            result_model=support.MissionAnswer,
        ),
        procedure(
            "insurgent-reaction",
            Computation(support.adjudicate_reaction),
            support.ReactionSituation,
            "Insurgent Reaction (9.4)",
            "9.4.1",
            result_model=support.ReactionAnswer,
        ),
        procedure(
            "victory",
            Computation(victory.adjudicate),
            victory.VictorySituation,
            "Victory Points and level (7.1, 7.2, 15)",
            "7.2.1",
            result_model=victory.VictoryAnswer,
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
