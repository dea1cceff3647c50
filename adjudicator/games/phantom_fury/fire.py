"""Fire Combat (11.1, 11.2): a USMC squad, IIF squad or M1A1 Abrams fires at a Zone's Location.

The hit test is ``unmodified d10 + DRM <= CF`` (11.2.2), never on an unmodified 9 (11.2.4).
A hit eliminates an 'Insurgents' unit (5.2.1) or Activates a 'Suspect' marker (5.3.3, 5.3.4),
which may bring a Sniper Attack (11.4.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from ...dice import FACES, count, odds
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
    Text,
    as_exact,
    as_floats,
)
from ...registry import Procedure
from . import activation, modifiers
from .answer import Computation, declared, procedure
from .checks import refuse_set, suspect_or_cf, usmc_cf, zone, zone_location
from .models import EnemyCounter, EnemyUnit, Face, Hero, Location, UsmcUnit, ZoneType
from .rulebook import Rulebook

OUTCOMES = ("success", "no_effect")


class Shooter(Frozen):
    """The firing unit (11.1)."""

    unit: UsmcUnit = "squad"
    #: CF printed on the counter (a reduced squad gives its reduced CF); an Abrams has 8 (5.1.3)
    cf: int | None = None
    location: Location
    #: a CAAT support with an 'Ammo' marker is attached and the player uses its bonus (11.1.2)
    caat_ammo: bool = False
    hero: Hero | None = None
    security_element_detached: bool = False
    #: a squad's Zone is Controlled by the player (11.1: only then may it fire); False is refused
    zone_controlled: bool = True


class Target(EnemyCounter):
    """The 'Suspect' marker or 'Insurgents' unit fired at, in an Adjacent or Neighbouring Zone (11.1)."""


class FireSituation(Frozen):
    shooter: Shooter
    target: Target
    #: a 'Phantom Fury' marker affects the shooter's Zone (13.4.3.2)
    phantom_fury: bool = False
    ruleset: Ruleset = "en"
    roll: Face | None = None
    #: after a hit on a 'Suspect' marker: its Activation roll, and the drawn counter's CF
    activation: Face | None = None
    drawn_cf: int | None = None


class FireResult(Outcome):
    """A Fire Combat with its roll known (11.2): hit or not, and what the hit did."""

    outcome: Literal["success", "no_effect"]
    #: the modified result compared with the CF (11.2.2)
    final: int
    roll: int
    cf: int
    #: the drawn counter's CF, when the Activation revealed an 'Insurgents' unit (5.3.3)
    drawn_cf: int | None = None
    #: the Activation result of a 'Suspect' marker hit (5.3.3, 5.3.4)
    activation: str | None = None
    #: the 'Insurgents' unit eliminated by a hit (11.2.2)
    eliminated: EnemyUnit | None = None


class FireAnswer(Adjudication):
    """Fire Combat (11.1, 11.2): the odds of a hit, the shooter's CF, and after a hit on a
    'Suspect' marker the odds of each Activation result."""

    OMIT_IF_NONE = frozenset({"after_hit", "after_hit_exact"})

    modifiers: list[Modifier] = Field(default_factory=list)
    drm: int = 0
    result: FireResult | None = None
    cf: CfBlock
    after_hit: dict[str, float] | None = None
    after_hit_exact: dict[str, str] | None = None


def check(situation: FireSituation, book: Rulebook) -> ZoneType:
    """Every problem of a Fire Combat situation at once; returns the target Zone's type."""
    c = Checker()
    s, t = situation.shooter, situation.target
    usmc_cf(book, c, "shooter.cf", s.unit, s.cf)
    if s.unit == "abrams":
        if s.location == "OG":
            c.add(
                "shooter.location",
                s.location,
                "an M1A1 Abrams support in a Location marked OG may not fire",
                "11.1.3",
            )
        elif s.location != "street":
            c.add(
                "shooter.location",
                s.location,
                "an M1A1 Abrams support fires from a Street Section ('street')",
                "11.1",
            )
        if t.location == "R":
            c.add(
                "target.location",
                t.location,
                "an M1A1 Abrams support cannot fire at a Location marked R",
                "11.1.3",
            )
        refuse_set(
            c,
            "shooter",
            (
                ("caat_ammo", s.caat_ammo, "5.1.4.1"),
                ("hero", s.hero, "5.1.5.1"),
                ("security_element_detached", s.security_element_detached, "5.1.2.1"),
            ),
            "only a USMC squad has it, not an M1A1 Abrams support",
        )
    else:
        if not s.zone_controlled:
            c.add(
                "shooter.zone_controlled",
                False,
                "a USMC squad fires only from a Zone Controlled by the player",
                "11.1",
            )
        if s.location == "street":
            c.add(
                "shooter.location",
                s.location,
                "a squad fires from a Location of a Zone under USMC Control: OG, C, 1, 1', 1\", 2, 2', R",
                "11.1",
            )
        if s.unit == "iif":
            refuse_set(
                c,
                "shooter",
                (("caat_ammo", s.caat_ammo, "6.3.1"), ("hero", s.hero, "13.4.3")),
                "an IIF squad has no CAAT support and gets no 'Hero' (USMC Events only)",
            )
    zone_location(c, "target.location", t.location, "a 'Suspect' marker or 'Insurgents' unit")
    zone_type = zone(book, c, "target", t.zone, t.zone_number)
    suspect_or_cf(book, c, "target", t.unit, t.cf, required=False)
    activated = situation.activation is not None or situation.drawn_cf is not None
    if t.unit != "suspect" and activated:
        c.add(
            "activation",
            situation.activation,
            "only a 'Suspect' marker is Activated by a hit",
            "11.2.2",
        )
    if situation.activation is not None and situation.roll is None:
        c.add("activation", situation.activation, "give the Fire Combat roll first", "11.2.2")
    c.raise_if_any()
    return zone_type


def cf_modifiers(situation: FireSituation, book: Rulebook) -> tuple[list[Modifier], list[Note]]:
    """Adjustments to the shooter's CF: CAAT 'Ammo' (11.1.2), 'Hero' (5.1.5.3), Security Element (12.3.2.2)."""
    s = situation.shooter
    result: list[Modifier] = []
    notes: list[Note] = []
    if s.caat_ammo:
        allowed = book.values.caat_locations[situation.ruleset]
        if s.location in allowed:
            result.append(modifiers.caat_ammo(book))
            notes.append(
                Note(
                    en="Using the CAAT bonus turns its 'Ammo' marker 90° (one use of 4); the last use removes it.",
                    fr="Le bonus CAAT fait pivoter son marqueur ‘Ammo’ de 90° (une utilisation sur 4) ; la dernière le retire.",
                    rule="11.1.2.1",
                )
            )
        else:
            places = ", ".join(sorted(allowed))
            notes.append(
                Note(
                    en=f"No CAAT bonus from Location {s.location}: under the {situation.ruleset} rules it applies only from {places}.",
                    fr=f"Pas de bonus CAAT depuis la Location {s.location} : selon les règles {situation.ruleset}, il ne s’applique que depuis {places}.",
                    rule="11.1.2",
                    ruleset_entry="caat-location",
                )
            )
    result += modifiers.squad_cf(
        book, hero_side=s.hero, security_element_detached=s.security_element_detached
    )
    return result, notes


def drm_modifiers(
    situation: FireSituation, zone_type: ZoneType, book: Rulebook
) -> tuple[list[Modifier], list[Note]]:
    """The cumulative DRMs of 11.2.1, with Zone 26's de facto +3 (11.2.1) and 'Phantom Fury' (13.4.3.2)."""
    t, s = situation.target, situation.shooter
    table = "fire-modifiers"
    result: list[Modifier] = []
    notes: list[Note] = []
    if t.unit == "suspect":
        result.append(modifiers.from_row(book, table, "suspect"))
    else:
        if t.location != "R":
            result.append(modifiers.from_row(book, table, "insurgent_not_rooftop"))
        if zone_type == "fortified":
            result.append(modifiers.from_row(book, table, "insurgent_fortified"))
        if t.unit == "martyrs" and zone_type == "normal":
            result.append(modifiers.from_row(book, table, "martyrs_normal_zone"))
        if t.zone_number == book.values.mosque_zone:
            printed = modifiers.total(result)
            de_facto = book.values.zone26_fire_drm
            if printed != de_facto:
                result.append(
                    Modifier(
                        value=de_facto - printed,
                        rule="11.2.1",
                        reason=Text(
                            en=f"Zone 26 (mosque): de facto +{de_facto} in all",
                            fr=f"Zone 26 (mosquée) : +{de_facto} de facto au total",
                        ),
                        key="fire:zone26_de_facto",
                    )
                )
            notes.append(
                Note(
                    en=f"An 'Insurgents' unit in Zone 26 has a de facto +{de_facto}: read here as the total of the Location and Zone DRMs, whatever its Location (not a further +{de_facto}).",
                    fr=f"Une unité ‘Insurgés’ en Zone 26 a de facto +{de_facto} : lu ici comme le total des modificateurs de Location et de Zone, quelle que soit sa Location (et non +{de_facto} de plus).",
                    rule="11.2.1",
                )
            )
    if situation.phantom_fury:
        if s.unit == "squad":
            result.append(modifiers.from_row(book, table, "phantom_fury"))
        else:
            notes.append(
                Note(
                    en="The 'Phantom Fury' DRM applies to USMC squads only, not to IIF squads or an M1A1 Abrams support.",
                    fr="Le modificateur ‘Phantom Fury’ ne concerne que les squads USMC, ni les squads IIF ni un support M1A2 ‘Abrams’.",
                    rule="13.4.3.2",
                )
            )
    return result, notes


def hits(face: int, drm: int, cf: int, book: Rulebook) -> bool:
    """11.2.2 and 11.2.4: final result <= CF, and never on an unmodified 9."""
    return face != book.values.fire_no_effect_face and face + drm <= cf


def adjudicate(situation: FireSituation, book: Rulebook) -> FireAnswer:
    zone_type = check(situation, book)
    s, t = situation.shooter, situation.target
    base = usmc_cf(book, Checker(), "shooter.cf", s.unit, s.cf)
    cf_mods, notes = cf_modifiers(situation, book)
    drm_mods, drm_notes = drm_modifiers(situation, zone_type, book)
    notes += drm_notes
    cf = base + modifiers.total(cf_mods)
    drm = modifiers.total(drm_mods)
    wins = count(FACES, lambda f: hits(f, drm, cf, book))
    prior = odds({"success": wins, "no_effect": len(FACES) - wins}, OUTCOMES)
    points = ["caat-location"] if s.caat_ammo else []
    chain = (
        _suspect_chain(book, zone_type, prior["success"], s.unit) if t.unit == "suspect" else None
    )
    answer = FireAnswer.with_odds(
        "fire", situation.ruleset, prior,
        modifiers=drm_mods,
        drm=drm,
        notes=notes,
        ruleset_points=points,
        cf=CfBlock(base=base, modifiers=cf_mods, final=cf),
        after_hit=as_floats(chain) if chain is not None else None,
        after_hit_exact=as_exact(chain) if chain is not None else None,
    )
    if situation.roll is not None:
        answer.result = FireResult.model_validate(resolve(situation, book, zone_type, cf, drm))
    return answer


def _suspect_chain(
    book: Rulebook, zone_type: ZoneType, p_hit: Fraction, shooter: str
) -> dict[str, Fraction]:
    """Odds of what a Fire Combat at a 'Suspect' marker ends in: no effect, or each Activation result."""
    after = odds(
        activation.weights(book, zone_type, "fire"), ("dummy", "guerillas", "martyrs", "sniper")
    )
    chain = {"no_effect": 1 - p_hit}
    for key, p in after.items():
        chain[key if not (key == "sniper" and shooter == "abrams") else "sniper_prevented"] = (
            p_hit * p
        )
    return chain


def resolve(
    situation: FireSituation, book: Rulebook, zone_type: ZoneType, cf: int, drm: int
) -> dict:
    """The Fire Combat with its roll known, step by step."""
    roll = situation.roll
    assert roll is not None
    t, s = situation.target, situation.shooter
    final = roll + drm
    steps = [
        Step(
            rule="11.2.1",
            en=f"d10 = {roll}, DRM {drm:+d}: final result {final} against a CF of {cf}.",
            fr=f"d10 = {roll}, modificateur {drm:+d} : résultat final {final} pour un FC de {cf}.",
        )
    ]
    success = hits(roll, drm, cf, book)
    if roll == book.values.fire_no_effect_face:
        steps.append(
            Step(
                rule="11.2.4",
                en=f"Unmodified {roll}: the Fire Combat has no effect.",
                fr=f"Résultat non modifié de {roll} : le Tir est sans effet.",
            )
        )
    elif success:
        if t.unit == "suspect":
            steps.append(
                Step(
                    rule="11.2.2",
                    en=f"{final} <= {cf}: the 'Suspect' marker is Activated.",
                    fr=f"{final} <= {cf} : le marqueur ‘Suspect’ est Activé.",
                )
            )
        else:
            steps.append(
                Step(
                    rule="11.2.2",
                    en=f"{final} <= {cf}: the 'Insurgents' unit suffers a Step Loss and is eliminated.",
                    fr=f"{final} <= {cf} : l’unité ‘Insurgés’ subit un Pas de Pertes et est éliminée.",
                )
            )
    else:
        steps.append(
            Step(
                rule="11.2.3", en=f"{final} > {cf}: no effect.", fr=f"{final} > {cf} : sans effet."
            )
        )
    steps.append(
        Step(
            rule="11.3",
            en="The unit is Fired: it may not move or Assault this turn.",
            fr="L’unité est Fired : elle ne peut ni se déplacer ni attaquer ce tour.",
        )
    )
    result: dict = {
        "outcome": "success" if success else "no_effect",
        "final": final,
        "roll": roll,
        "cf": cf,
    }
    if success and t.unit == "suspect":
        if situation.activation is None:
            result["pending"] = ["activation"]
        else:
            key = activation.outcome_of(book, zone_type, situation.activation, "fire")
            steps.append(activation.step(book, zone_type, situation.activation, "fire"))
            if key == "sniper":
                steps.append(
                    activation.NO_SNIPER_AFTER_ABRAMS
                    if s.unit == "abrams"
                    else Step(
                        rule="11.4.1",
                        en="The squad may suffer a Sniper Attack.",
                        fr="Le squad peut subir une Attaque de Sniper.",
                    )
                )
            if key in ("guerillas", "martyrs") and situation.drawn_cf is not None:
                result["drawn_cf"] = situation.drawn_cf
            result["activation"] = key
    elif success:
        result["eliminated"] = t.unit
    result["steps"] = [step.model_dump() for step in steps]
    return result


#: the situation this module computes (``fire``), found through the package's ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("fire", Computation(adjudicate), FireSituation, "Fire Combat (11.1, 11.2)", "11.2",
              result_model=FireAnswer),
)
