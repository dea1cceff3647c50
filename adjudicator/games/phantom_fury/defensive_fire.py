"""Defensive Fire (12.7): an 'Insurgents' unit, or a 'Suspect' marker that Activates (12.7.3),
fires at a USMC squad entering a Location marked C or OG of an insurgent Zone (12.7.1).

A unit's fire: ``d10 + DRM < CF`` is a Step Loss, ``= CF`` Pinned, otherwise no effect (12.7.2).
A 'Suspect' marker Activates on a d10 higher than the squad's CF (12.7.3); a unit it places fires
at once, an IED result is an IED Attack (13.5).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, Field

from ...dice import FACES, count, faces, odds, tally
from ...errors import Checker
from ...models import (
    Adjudication,
    CfBlock,
    Frozen,
    Modifier,
    Note,
    Outcome,
    Ruleset,
    Step,
    as_exact,
    as_floats,
)
from ...registry import Procedure
from . import activation, modifiers
from .answer import Computation, declared, procedure
from .checks import insurgent_cf, suspect_or_cf, usmc_cf, zone
from .ied import ied_outcome
from .models import EnemyUnit, Face, Hero, Location, UnitCF, ZoneType
from .rulebook import Rulebook

OUTCOMES = ("step_loss", "pinned", "no_effect")
CHAIN = ("not_activated", "dummy", "ied_pinned", "ied_step_loss", "guerillas", "martyrs")


class Firer(Frozen):
    unit: EnemyUnit
    #: the 'Insurgents' unit's CF (not for a 'Suspect' marker)
    cf: UnitCF = None


class TargetSquad(Frozen):
    unit: Literal["squad", "iif"] = "squad"
    cf: int
    location: Location
    #: an M1A1 Abrams support stands in the same Location marked OG (12.6.2)
    with_abrams: bool = False
    #: the squad has detached its Security Element here (12.3.2.1)
    security_element: bool = False
    hero: Hero | None = None
    reduced: bool | None = None


class DefensiveRolls(BaseModel):
    model_config = {"extra": "forbid", "frozen": True, "defer_build": True}

    #: an 'Insurgents' unit's Defensive Fire roll (for a 'Suspect' marker: the placed unit's)
    fire: Face | None = None
    #: a 'Suspect' marker: the d10 against the squad's CF (12.7.3), its Activation, the drawn CF, the IED roll
    check: Face | None = None
    activation: Face | None = None
    drawn_cf: int | None = None
    ied: Face | None = None


class DefensiveFireSituation(Frozen):
    insurgent: Firer
    squad: TargetSquad
    #: the Zone is a Ruins Zone (4.1.6)
    ruins: bool = False
    #: a 'Fanaticism' marker is in the Zone (13.4.3.3)
    fanaticism: bool = False
    #: for a 'Suspect' marker: the Zone's type, for its Activation table
    zone: ZoneType | None = None
    zone_number: int | None = None
    ruleset: Ruleset = "en"
    rolls: DefensiveRolls | None = None


def drm_modifiers(situation: DefensiveFireSituation, book: Rulebook) -> list[Modifier]:
    """The DRMs of 12.7.2 that this situation meets."""
    table = "defensive-fire-modifiers"
    sq = situation.squad
    keys = []
    if sq.location == "OG":
        keys.append("abrams_open_ground" if sq.with_abrams else "alone_open_ground")
    if sq.location == "C" and sq.security_element:
        keys.append("security_element")
    if sq.location == "C" and situation.ruins:
        keys.append("ruins_courtyard")
    if situation.fanaticism:
        keys.append("fanaticism_event")
    return [modifiers.from_row(book, table, key) for key in keys]


def fire_outcome(face: int, drm: int, cf: int) -> str:
    """12.7.2: lower than the CF, Step Loss; equal, Pinned; otherwise no effect."""
    final = face + drm
    return "step_loss" if final < cf else "pinned" if final == cf else "no_effect"


def check(situation: DefensiveFireSituation, book: Rulebook) -> ZoneType:
    c = Checker()
    sq, ins = situation.squad, situation.insurgent
    usmc_cf(book, c, "squad.cf", sq.unit, sq.cf, sq.reduced)
    if sq.location not in ("C", "OG"):
        c.add(
            "squad.location",
            sq.location,
            "Defensive Fire strikes a squad entering a Location marked C or OG",
            "12.7.1",
        )
    if sq.with_abrams and sq.location != "OG":
        c.add(
            "squad.with_abrams",
            True,
            "an M1A1 Abrams support enters only Street Sections and Locations marked OG",
            "12.6.2",
        )
    if sq.unit == "iif" and sq.hero:
        c.add("squad.hero", sq.hero, "an IIF squad gets no 'Hero' (USMC Events only)", "13.4.3")
    zone_type = zone(book, c, "situation", situation.zone, situation.zone_number)
    rolls = situation.rolls or DefensiveRolls()
    suspect_or_cf(book, c, "insurgent", ins.unit, ins.cf, required=True)
    if ins.unit == "suspect":
        insurgent_cf(book, c, "rolls.drawn_cf", rolls.drawn_cf, required=False)
    else:
        for name in ("check", "activation", "drawn_cf", "ied"):
            if getattr(rolls, name) is not None:
                c.add(
                    f"rolls.{name}",
                    getattr(rolls, name),
                    "only for a 'Suspect' marker (12.7.3)",
                    "12.7.3",
                )
    c.raise_if_any()
    return zone_type


def squad_cf(situation: DefensiveFireSituation, book: Rulebook) -> tuple[int, list[Modifier]]:
    """The squad's CF for 12.7.3 and 13.5: the counter's, with 'Hero' and a detached Security Element."""
    sq = situation.squad
    adjust = modifiers.squad_cf(
        book, hero_side=sq.hero, security_element_detached=sq.security_element
    )
    return sq.cf + modifiers.total(adjust), adjust


class DefensiveFireResult(Outcome):
    """A Defensive Fire with its rolls known (12.7), a 'Suspect' marker's check first (12.7.3)."""

    outcome: str | None = None
    #: the 'Suspect' marker was Activated by the check (12.7.3)
    activated: bool | None = None
    #: its Activation result (5.3.3, 5.3.4)
    activation: str | None = None
    #: the modified result compared with the firer's CF (12.7.2)
    final: int | None = None


class DefensiveFireAnswer(Adjudication):
    """Defensive Fire (12.7): the odds of each effect on the squad; for a 'Suspect' marker, the
    squad's CF for its check and the odds of each step of the chain."""

    OMIT_IF_NONE = frozenset({"squad_cf", "chain", "chain_exact"})

    modifiers: list[Modifier] = Field(default_factory=list)
    drm: int = 0
    result: DefensiveFireResult | None = None
    squad_cf: CfBlock | None = None
    chain: dict[str, float] | None = None
    chain_exact: dict[str, str] | None = None


#: the Security Element's +1 only in a Location marked C
SECURITY_ELEMENT_AWAY = Note(
    en="The Security Element's +1 applies only to a squad in a Location marked C with it; its –1 to the CF still counts.",
    fr="Le +1 du Security Element ne vaut que pour un squad dans une Location indicée C avec lui ; son –1 au FC compte toujours.",
    rule="12.7.2",
)


def adjudicate(situation: DefensiveFireSituation, book: Rulebook) -> DefensiveFireAnswer:
    zone_type = check(situation, book)
    drm_mods = drm_modifiers(situation, book)
    drm = modifiers.total(drm_mods)
    rolls = situation.rolls or DefensiveRolls()
    notes: list[Note] = []
    squad: CfBlock | None = None
    chain_odds: dict[str, Fraction] | None = None
    if situation.insurgent.unit == "suspect":
        cf, adjust = squad_cf(situation, book)
        chain, outcome_weights = _suspect_weights(book, zone_type, cf, drm, DefensiveRolls())
        prior = odds(outcome_weights, OUTCOMES)
        chain_odds = odds(chain, CHAIN)
        squad = CfBlock(base=situation.squad.cf, modifiers=adjust, final=cf)
        notes.append(activation.drawn_cf_note(book))
    else:
        cf_ins = situation.insurgent.cf
        assert cf_ins is not None
        prior = odds(tally(FACES, lambda face: fire_outcome(face, drm, cf_ins)), OUTCOMES)
    if situation.squad.security_element and situation.squad.location != "C":
        notes.append(SECURITY_ELEMENT_AWAY)
    answer = DefensiveFireAnswer.with_odds(
        "defensive-fire", situation.ruleset, prior,
        modifiers=drm_mods,
        drm=drm,
        notes=notes,
        squad_cf=squad,
        chain=as_floats(chain_odds) if chain_odds is not None else None,
        chain_exact=as_exact(chain_odds) if chain_odds is not None else None,
    )
    if situation.rolls is not None:
        result = resolve(situation, book, zone_type, drm)
        if result.get("pending") and situation.insurgent.unit == "suspect":
            cf, _ = squad_cf(situation, book)
            _, given = _suspect_weights(book, zone_type, cf, drm, rolls)
            result["probabilities"] = as_floats(odds(given, OUTCOMES))
        answer.result = DefensiveFireResult.model_validate(result)
    return answer


def _suspect_weights(
    book: Rulebook, zone_type: ZoneType, cf: int, drm: int, rolls: DefensiveRolls
) -> tuple[dict[str, int], dict[str, int]]:
    """Integer weights over check x Activation x drawn CF x fire (or IED) faces, for the rolls
    not yet known."""
    check_faces = faces(rolls.check)
    activation_faces = faces(rolls.activation)
    drawn, ranges, spread = activation.drawn_cf_ranges(book, rolls.drawn_cf)
    # one common denominator: every branch is scaled to the same number of elementary cases
    # (a 'Guerillas' unit drawn over CF 1-3, a 'Martyrs' unit over 1-4: 5.2)
    unit = spread * len(faces(rolls.fire)) * len(faces(rolls.ied))
    chain: dict[str, int] = {}
    outcome: dict[str, int] = {}

    def add(table: dict[str, int], key: str, weight: int) -> None:
        table[key] = table.get(key, 0) + weight

    quiet = count(check_faces, lambda f: f <= cf)
    add(chain, "not_activated", quiet * len(activation_faces) * unit)
    add(outcome, "no_effect", quiet * len(activation_faces) * unit)
    active = len(check_faces) - quiet
    if not active:
        return chain, outcome
    for key, n in activation.weights(book, zone_type, "defensive_fire", activation_faces).items():
        w = active * n
        if key == "dummy":
            add(chain, "dummy", w * unit)
            add(outcome, "no_effect", w * unit)
        elif key == "ied":
            scale = unit // len(faces(rolls.ied))
            for face in faces(rolls.ied):
                hurt = ied_outcome(face, cf)
                add(chain, f"ied_{hurt}", w * scale)
                add(outcome, hurt, w * scale)
        else:
            possible = ranges.get(key, drawn)
            if not possible:
                continue
            scale = unit // (len(possible) * len(faces(rolls.fire)))
            add(chain, key, w * unit)
            for drawn_cf in possible:
                for face in faces(rolls.fire):
                    add(outcome, fire_outcome(face, drm, drawn_cf), w * scale)
    return chain, outcome


def resolve(
    situation: DefensiveFireSituation, book: Rulebook, zone_type: ZoneType, drm: int
) -> dict:
    """The Defensive Fire with its rolls known, step by step; ``pending`` names a roll still needed."""
    rolls = situation.rolls or DefensiveRolls()
    steps: list[Step] = []
    result: dict = {}
    firer_cf = situation.insurgent.cf
    if situation.insurgent.unit == "suspect":
        cf, _ = squad_cf(situation, book)
        if rolls.check is None:
            return {"pending": ["check"], "steps": []}
        if rolls.check <= cf:
            steps.append(
                Step(
                    rule="12.7.3",
                    en=f"d10 = {rolls.check} <= the squad's CF {cf}: the 'Suspect' marker stays hidden.",
                    fr=f"d10 = {rolls.check} <= FC du squad {cf} : le marqueur ‘Suspect’ reste caché.",
                )
            )
            return {
                "outcome": "no_effect",
                "activated": False,
                "steps": [s.model_dump() for s in steps],
            }
        steps.append(
            Step(
                rule="12.7.3",
                en=f"d10 = {rolls.check} > the squad's CF {cf}: the 'Suspect' marker is Activated.",
                fr=f"d10 = {rolls.check} > FC du squad {cf} : le marqueur ‘Suspect’ est Activé.",
            )
        )
        result["activated"] = True
        if rolls.activation is None:
            return {**result, "pending": ["activation"], "steps": [s.model_dump() for s in steps]}
        key = activation.outcome_of(book, zone_type, rolls.activation, "defensive_fire")
        steps.append(activation.step(book, zone_type, rolls.activation, "defensive_fire"))
        result["activation"] = key
        if key == "dummy":
            return {**result, "outcome": "no_effect", "steps": [s.model_dump() for s in steps]}
        if key == "ied":
            if rolls.ied is None:
                return {**result, "pending": ["ied"], "steps": [s.model_dump() for s in steps]}
            hurt = ied_outcome(rolls.ied, cf)
            steps.append(
                Step(
                    rule="13.5",
                    en=f"IED Attack: d10 = {rolls.ied} against CF {cf}: {'Pinned' if hurt == 'pinned' else 'Step Loss'}.",
                    fr=f"Attaque d’IED : d10 = {rolls.ied} pour un FC de {cf} : {'Pinned' if hurt == 'pinned' else 'Pas de Pertes'}.",
                )
            )
            return {**result, "outcome": hurt, "steps": [s.model_dump() for s in steps]}
        if rolls.drawn_cf is None:
            return {**result, "pending": ["drawn_cf"], "steps": [s.model_dump() for s in steps]}
        firer_cf = rolls.drawn_cf
        steps.append(
            Step(
                rule="12.7.3",
                en=f"The new unit (CF {firer_cf}) carries out Defensive Fire at once.",
                fr=f"La nouvelle unité (FC {firer_cf}) effectue immédiatement un Tir Défensif.",
            )
        )
    assert firer_cf is not None
    if rolls.fire is None:
        return {**result, "pending": ["fire"], "steps": [s.model_dump() for s in steps]}
    outcome = fire_outcome(rolls.fire, drm, firer_cf)
    final = rolls.fire + drm
    words = {
        "step_loss": (
            "lower than",
            "Step Loss (the squad may continue its movement)",
            "inférieur au",
            "Pas de Pertes (le squad peut poursuivre son déplacement)",
        ),
        "pinned": ("equal to", "Pinned in the Location", "égal au", "Pinned dans la Location"),
        "no_effect": ("higher than", "no effect", "supérieur au", "sans effet"),
    }[outcome]
    steps.append(
        Step(
            rule="12.7.2",
            en=f"d10 = {rolls.fire}, DRM {drm:+d}: {final}, {words[0]} the CF {firer_cf}: {words[1]}.",
            fr=f"d10 = {rolls.fire}, modificateur {drm:+d} : {final}, {words[2]} FC {firer_cf} : {words[3]}.",
        )
    )
    return {**result, "outcome": outcome, "final": final, "steps": [s.model_dump() for s in steps]}


#: the situation this module computes (``defensive-fire``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("defensive-fire", Computation(adjudicate), DefensiveFireSituation,
              "Defensive Fire (12.7)", "12.7.2", result_model=DefensiveFireAnswer),
)
