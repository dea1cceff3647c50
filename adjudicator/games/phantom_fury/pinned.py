"""Pinned recovery in the Reorganisation Phase (14.3.4).

A Pinned squad recovers on ``d10 + DRM <= CF``: +1 in a Location marked C, +2 in OG or in a
Street Section without an M1A1 Abrams. With no 'Insurgents' unit or 'Suspect' marker in the
Adjacent and Neighbouring Zones it recovers without a roll.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...dice import FACES, odds
from ...errors import Checker
from ...models import Adjudication, CfBlock, Frozen, Modifier, Note, Outcome, Ruleset, Step, Text
from ...registry import Procedure
from . import modifiers
from .answer import Computation, declared, procedure
from .checks import usmc_cf
from .models import Face, Hero, Location
from .rulebook import Rulebook

OUTCOMES = ("recovered", "still_pinned")


class PinnedSituation(Frozen):
    unit: Literal["squad", "iif"] = "squad"
    cf: int
    location: Location
    #: an M1A1 Abrams support shares the Street Section
    abrams_in_street: bool = False
    #: an 'Insurgents' unit or 'Suspect' marker is in an Adjacent or Neighbouring Zone
    enemy_nearby: bool = True
    hero: Hero | None = None
    security_element_detached: bool = False
    ruleset: Ruleset = "en"
    roll: Face | None = None


#: where a Pinned squad's recovery roll has a DRM (14.3.4): its Location -> the value's name in
#: the game's values, the modifier's key and its reason
LOCATION_DRMS: dict[str, tuple[str, str, Text]] = {
    "C": (
        "pinned_courtyard_drm",
        "pinned:courtyard",
        Text(en="Pinned squad in a Location marked C", fr="squad Pinned dans une Location indicée C"),
    ),
    "OG": (
        "pinned_open_drm",
        "pinned:open_ground",
        Text(en="Pinned squad in a Location marked OG", fr="squad Pinned dans une Location indicée OG"),
    ),
    "street": (
        "pinned_open_drm",
        "pinned:street",
        Text(
            en="Pinned squad in a Street Section without an M1A1 Abrams support",
            fr="squad Pinned dans une Section de Rue sans support M1A2 ‘Abrams’",
        ),
    ),
}


def drm_modifiers(situation: PinnedSituation, book: Rulebook) -> list[Modifier]:
    if situation.location not in LOCATION_DRMS or (
        situation.location == "street" and situation.abrams_in_street
    ):
        return []
    value, key, reason = LOCATION_DRMS[situation.location]
    return [Modifier(value=getattr(book.values, value), rule="14.3.4", key=key, reason=reason)]


#: what a recovery roll gives (14.3.4)
Recovery = Literal["recovered", "still_pinned"]


class PinnedResult(Outcome):
    """A Pinned recovery with its roll known, or without a roll when no enemy is nearby (14.3.4)."""

    outcome: Recovery
    final: int | None = None
    roll: int | None = None


class PinnedAnswer(Adjudication):
    """The odds of a Pinned squad recovering, and its CF with its adjustments (14.3.4)."""

    modifiers: list[Modifier] = Field(default_factory=list)
    drm: int = 0
    result: PinnedResult | None = None
    cf: CfBlock


#: no enemy nearby: the squad recovers without a roll
NO_ENEMY_NEARBY = Note(
    en="No 'Insurgents' unit or 'Suspect' marker in the Adjacent and Neighbouring Zones: the squad recovers without a roll.",
    fr="Aucune unité ‘Insurgés’ ni marqueur ‘Suspect’ dans les Zones Adjacentes et Voisines : le squad est réorienté sans jet.",
    rule="14.3.4",
)


def adjudicate(situation: PinnedSituation, book: Rulebook) -> PinnedAnswer:
    check = Checker()
    usmc_cf(book, check, "cf", situation.unit, situation.cf)
    if situation.abrams_in_street and situation.location != "street":
        check.add(
            "abrams_in_street",
            True,
            "only for a squad Pinned in a Street Section (location 'street')",
            "14.3.4",
        )
    check.raise_if_any()
    cf_mods = modifiers.squad_cf(
        book,
        hero_side=situation.hero,
        security_element_detached=situation.security_element_detached,
    )
    cf = situation.cf + modifiers.total(cf_mods)
    drm_mods = drm_modifiers(situation, book)
    drm = modifiers.total(drm_mods)
    notes: list[Note] = []
    if situation.enemy_nearby:
        wins = sum(1 for face in FACES if face + drm <= cf)
        prior = odds({"recovered": wins, "still_pinned": len(FACES) - wins}, OUTCOMES)
    else:
        prior = odds({"recovered": 1}, OUTCOMES)
        notes.append(NO_ENEMY_NEARBY)
    answer = PinnedAnswer.with_odds(
        "pinned-recovery", situation.ruleset, prior,
        modifiers=drm_mods,
        drm=drm,
        notes=notes,
        cf=CfBlock(base=situation.cf, modifiers=cf_mods, final=cf),
    )
    if situation.roll is not None or not situation.enemy_nearby:
        if not situation.enemy_nearby:
            step = Step(
                rule="14.3.4",
                en="No enemy nearby: the squad is reoriented to its normal facing.",
                fr="Aucun ennemi à proximité : le squad est réorienté normalement.",
            )
            answer.result = PinnedResult(outcome="recovered", steps=[step])
        else:
            roll = situation.roll
            assert roll is not None
            final = roll + drm
            outcome: Recovery = "recovered" if final <= cf else "still_pinned"
            step = Step(
                rule="14.3.4",
                en=f"d10 = {roll}, DRM {drm:+d}: {final} against CF {cf}: "
                + ("recovered." if outcome == "recovered" else "still Pinned."),
                fr=f"d10 = {roll}, modificateur {drm:+d} : {final} pour un FC de {cf} : "
                + ("réorienté." if outcome == "recovered" else "toujours Pinned."),
            )
            answer.result = PinnedResult(outcome=outcome, final=final, roll=roll, steps=[step])
    return answer


#: the situation this module computes (``pinned-recovery``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("pinned-recovery", Computation(adjudicate), PinnedSituation,
              "Pinned recovery (14.3.4)", "14.3.4", result_model=PinnedAnswer),
)
