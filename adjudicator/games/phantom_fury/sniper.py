"""Sniper Attacks: after a Fire Combat Activation (11.4.1) and while crossing a Street Section (11.4.2)."""

from __future__ import annotations

from itertools import product

from pydantic import BaseModel, Field

from ...dice import FACES, odds, tally
from ...errors import Checker
from ...models import Adjudication, Frozen, Note, Outcome, Ruleset, Step
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .models import Face
from .rulebook import Rulebook

FIRE_OUTCOMES = ("untouched", "pinned", "pinned_and_step_loss")
STREET_OUTCOMES = ("untouched", "pinned", "step_loss", "step_loss_and_pinned")


class SniperFireSituation(Frozen):
    """11.4.1.1: 'Insurgents' units and 'Suspect' markers (the targeted one included) in the
    Adjacent and Neighbouring Zones of the squad's Zone."""

    count: int = Field(ge=0)
    ruleset: Ruleset = "en"
    roll: Face | None = None


def _fire_outcome(face: int, number: int, book: Rulebook) -> str:
    if face > number:
        return "untouched"
    if face == book.values.sniper_step_loss_face:
        return "pinned_and_step_loss"
    return "pinned"


class SniperFireResult(Outcome):
    """A Sniper Attack after Fire with its roll known (11.4.1)."""

    outcome: str
    roll: int


class SniperFireAnswer(Adjudication):
    """The odds of a Sniper Attack's effect on the squad that fired (11.4.1)."""

    result: SniperFireResult | None = None


#: with nothing counted, the rulebooks differ (rulesets.yaml: sniper-attack-no-count)
NO_COUNT = Note(
    en="With nothing counted, the English text still rolls (a 0 is <= 0); the French text has no Sniper Attack.",
    fr="Sans aucun pion compté, le texte anglais lance quand même le dé (0 <= 0) ; le texte français n’a pas d’Attaque de Sniper.",
    rule="11.4.1.1",
    ruleset_entry="sniper-attack-no-count",
)


def adjudicate_fire(situation: SniperFireSituation, book: Rulebook) -> SniperFireAnswer:
    no_attack = (
        situation.count == 0
        and book.reading("sniper-attack-no-count", situation.ruleset) == "no_attack"
    )
    if no_attack and situation.roll is not None:
        check = Checker()
        check.add(
            "roll",
            situation.roll,
            "no Sniper Attack (so no roll) when the count is 0 under the French rules",
            "11.4.1.1",
        )
        check.raise_if_any()
    weights = {"untouched": 1} if no_attack else tally(FACES, lambda face: _fire_outcome(face, situation.count, book))
    prior = odds(weights, FIRE_OUTCOMES)
    notes = []
    if situation.count == 0:
        notes.append(NO_COUNT)
    answer = SniperFireAnswer.with_odds(
        "sniper-fire", situation.ruleset, prior,
        notes=notes,
        ruleset_points=["sniper-attack-no-count"] if situation.count == 0 else [],
    )
    if situation.roll is not None:
        roll = situation.roll
        outcome = _fire_outcome(roll, situation.count, book)
        steps = [
            Step(
                rule="11.4.1.1",
                en=f"d10 = {roll} against {situation.count} counted: "
                + ("Pinned." if outcome != "untouched" else "no effect."),
                fr=f"d10 = {roll} pour {situation.count} pions comptés : "
                + ("Pinned." if outcome != "untouched" else "sans effet."),
            )
        ]
        if outcome == "pinned_and_step_loss":
            steps.append(
                Step(
                    rule="11.4.1.2",
                    en=f"A {roll}: the squad also suffers a Step Loss.",
                    fr=f"Un {roll} : le squad subit aussi un Pas de Pertes.",
                )
            )
        answer.result = SniperFireResult(outcome=outcome, roll=roll, steps=steps)
    return answer


class StreetRolls(BaseModel):
    """The two d10 of 11.4.2.1: one for the 'Insurgents' units, one for the 'Suspect' markers."""

    model_config = {"extra": "forbid", "frozen": True, "defer_build": True}

    insurgents: Face | None = None
    suspects: Face | None = None


class SniperStreetSituation(Frozen):
    """11.4.2: counts in the Zones Adjacent to the Street Section crossed."""

    insurgent_units: int = Field(ge=0)
    suspects: int = Field(ge=0)
    abrams_in_street: bool = False
    ruleset: Ruleset = "en"
    rolls: StreetRolls | None = None


def _street(
    situation: SniperStreetSituation, insurgents_face: int | None, suspects_face: int | None
) -> str:
    hit_units = insurgents_face is not None and insurgents_face <= situation.insurgent_units
    pinned_by_suspects = suspects_face is not None and suspects_face <= situation.suspects
    if situation.abrams_in_street:
        return "pinned" if hit_units else "untouched"
    if hit_units and pinned_by_suspects:
        return "step_loss_and_pinned"
    if hit_units:
        return "step_loss"
    return "pinned" if pinned_by_suspects else "untouched"


class SniperStreetResult(Outcome):
    """A Sniper Attack in a Street Section with its rolls known (11.4.2)."""

    outcome: str | None = None


class SniperStreetAnswer(Adjudication):
    """The odds of a squad crossing a Street Section untouched, Pinned or hit (11.4.2)."""

    result: SniperStreetResult | None = None


#: what a Step Loss or Pinned does to a squad crossing a Street Section
STREET_LOSS = Note(
    en="A Step Loss sends the squad back to the Location it has just left and ends its movement; Pinned ends it in the Street Section.",
    fr="Un Pas de Pertes renvoie le squad dans la Location qu’il vient de quitter et termine son mouvement ; Pinned le termine dans la Section de Rue.",
    rule="12.5.3",
)


#: an Abrams in the Street Section ignores the 'Suspect' markers
ABRAMS_IN_STREET = Note(
    en="An M1A1 Abrams in the Street Section: the 'Suspect' markers are ignored and a Step Loss becomes Pinned.",
    fr="Un support M1A2 ‘Abrams’ dans la Section de Rue : les marqueurs ‘Suspect’ sont ignorés et un Pas de Pertes devient Pinned.",
    rule="11.4.2.2",
)


def adjudicate_street(situation: SniperStreetSituation, book: Rulebook) -> SniperStreetAnswer:
    rolls = situation.rolls or StreetRolls()
    units_roll = situation.insurgent_units > 0
    suspects_roll = situation.suspects > 0 and not situation.abrams_in_street
    check = Checker()
    if rolls.insurgents is not None and not units_roll:
        check.add(
            "rolls.insurgents",
            rolls.insurgents,
            "no roll for 'Insurgents' units when none is counted",
            "11.4.2.1",
        )
    if rolls.suspects is not None and not suspects_roll:
        rule = "11.4.2.2" if situation.abrams_in_street else "11.4.2.1"
        check.add(
            "rolls.suspects",
            rolls.suspects,
            "no roll for 'Suspect' markers: "
            + (
                "an Abrams in the Street Section makes them ignored"
                if situation.abrams_in_street
                else "none is counted"
            ),
            rule,
        )
    check.raise_if_any()
    pairs = product(FACES if units_roll else (None,), FACES if suspects_roll else (None,))
    prior = odds(tally(pairs, lambda pair: _street(situation, *pair)), STREET_OUTCOMES)
    notes = [STREET_LOSS]
    if situation.abrams_in_street:
        notes.append(ABRAMS_IN_STREET)
    answer = SniperStreetAnswer.with_odds("sniper-street", situation.ruleset, prior, notes=notes)
    given = (rolls.insurgents is not None or not units_roll) and (
        rolls.suspects is not None or not suspects_roll
    )
    if situation.rolls is not None or not (units_roll or suspects_roll):
        steps = []
        if not (units_roll or suspects_roll):
            steps.append(
                Step(
                    rule="11.4.2.1",
                    en="Nothing to roll: the squad crosses untouched.",
                    fr="Aucun jet : le squad traverse indemne.",
                )
            )
        if units_roll and rolls.insurgents is not None:
            hit = rolls.insurgents <= situation.insurgent_units
            effect_en = (
                (
                    "Pinned (Abrams in the Street Section)"
                    if situation.abrams_in_street
                    else "Step Loss"
                )
                if hit
                else "no effect"
            )
            effect_fr = (
                (
                    "Pinned (Abrams dans la Section de Rue)"
                    if situation.abrams_in_street
                    else "Pas de Pertes"
                )
                if hit
                else "sans effet"
            )
            steps.append(
                Step(
                    rule="11.4.2.2" if situation.abrams_in_street and hit else "11.4.2.1",
                    en=f"'Insurgents' units: d10 = {rolls.insurgents} against {situation.insurgent_units}: {effect_en}.",
                    fr=f"Unités ‘Insurgés’ : d10 = {rolls.insurgents} pour {situation.insurgent_units} : {effect_fr}.",
                )
            )
        if suspects_roll and rolls.suspects is not None:
            hit = rolls.suspects <= situation.suspects
            steps.append(
                Step(
                    rule="11.4.2.1",
                    en=f"'Suspect' markers: d10 = {rolls.suspects} against {situation.suspects}: {'Pinned' if hit else 'no effect'}.",
                    fr=f"Marqueurs ‘Suspect’ : d10 = {rolls.suspects} pour {situation.suspects} : {'Pinned' if hit else 'sans effet'}.",
                )
            )
        result: dict = {"steps": [s.model_dump() for s in steps]}
        if given:
            result["outcome"] = _street(situation, rolls.insurgents, rolls.suspects)
        else:
            result["pending"] = [
                name
                for name, needed, value in (
                    ("insurgents", units_roll, rolls.insurgents),
                    ("suspects", suspects_roll, rolls.suspects),
                )
                if needed and value is None
            ]
        answer.result = SniperStreetResult.model_validate(result)
    return answer


#: the situations this module computes (``sniper-fire``, ``sniper-street``), found through the
#: package's ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("sniper-fire", Computation(adjudicate_fire), SniperFireSituation,
              "Sniper Attack after Fire (11.4.1)", "11.4.1", result_model=SniperFireAnswer),
    procedure("sniper-street", Computation(adjudicate_street), SniperStreetSituation,
              "Sniper Attack while crossing a Street Section (11.4.2)", "11.4.2",
              result_model=SniperStreetAnswer),
)
