"""Activating a 'Suspect' marker (5.3.3, 5.3.4; 6.2 at setup; 9.3 under a 'Dragon Eye' report).

The table's ``ied_or_sniper`` row means an IED Attack (13.5) during an Assault or Defensive
Fire and a Sniper Attack (11.4.1) after Fire Combat. At setup a 0 is a 'Dummy' (6.2); under
a 'Dragon Eye' report the marker stays on the map, not Activated (9.3).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

from ...dice import FACES, odds, tally
from ...errors import Checker
from ...models import Adjudication, Frozen, Note, Outcome, Ruleset, Step
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .checks import insurgent_cf, insurgent_cf_range
from .checks import zone as check_zone
from .models import Face, ZoneType
from .rulebook import Rulebook

Context = Literal["fire", "assault", "defensive_fire", "setup", "dragon_eye"]
OUTCOMES = ("dummy", "guerillas", "martyrs", "ied", "sniper", "retained")
TABLES = {"normal": "suspect-activation-normal", "fortified": "suspect-activation-fortified"}
RULES = {"normal": "5.3.3", "fortified": "5.3.4"}
NAMES = {
    "dummy": ("Dummy (false alert)", "leurre (fausse alerte)"),
    "guerillas": (
        "an 'Insurgents' unit on its 'Guerillas' side",
        "une unité ‘Insurgés’ sur sa face ‘Guerillas’",
    ),
    "martyrs": (
        "an 'Insurgents' unit on its 'Martyrs' side",
        "une unité ‘Insurgés’ sur sa face ‘Martyrs’",
    ),
    "ied": ("IED Attack", "Attaque d’IED"),
    "sniper": ("Sniper Attack", "Attaque de Sniper"),
    "retained": (
        "the 'Suspect' marker stays on the map, not Activated",
        "le marqueur ‘Suspect’ reste sur la carte, non Activé",
    ),
}

#: an Activation's Sniper Attack after an M1A1 Abrams fired does not happen (11.4.1)
NO_SNIPER_AFTER_ABRAMS = Step(
    rule="11.4.1",
    en="No Sniper Attack after an M1A1 Abrams support has fired.",
    fr="Pas d’Attaque de Sniper après le Tir d’un support M1A2 ‘Abrams’.",
)


def outcome_of(book: Rulebook, zone_type: ZoneType, face: int, context: Context) -> str:
    """What one face of the Activation roll means in this context."""
    if context == "setup" and face == book.values.setup_dummy_face:
        return "dummy"
    row = book.row_key(TABLES[zone_type], face)
    if row != "ied_or_sniper":
        return row
    return {"fire": "sniper", "dragon_eye": "retained"}.get(context, "ied")


def weights(
    book: Rulebook, zone_type: ZoneType, context: Context, candidates: tuple[int, ...] = FACES
) -> dict[str, int]:
    """How many faces give each outcome."""
    return tally(candidates, lambda face: outcome_of(book, zone_type, face, context))


def drawn_cf_odds(book: Rulebook, drawn_cf: int | None, unit: str | None = None) -> dict[int, Fraction]:
    """The CF of a counter drawn from the cup: the mix is not in the rulebook, so every CF the unit
    can have is taken as equally likely: 1 to 4, a 'Guerillas' unit 1 to 3 (5.2.1; 5.2: only
    certain 'Martyrs' have a CF of 4). A drawn CF the unit cannot have gives nothing."""
    low, high = insurgent_cf_range(book, unit)
    if drawn_cf is not None:
        return {drawn_cf: Fraction(1)} if low <= drawn_cf <= high else {}
    return {cf: Fraction(1, high - low + 1) for cf in range(low, high + 1)}


def drawn_cf_ranges(book: Rulebook, drawn_cf: int | None) -> tuple[list[int], dict[str, list[int]], int]:
    """The drawn CFs possible whatever the unit, those of each unit type, and a common multiple of
    their counts (so every branch weighs in whole numbers)."""
    drawn = list(drawn_cf_odds(book, drawn_cf))
    ranges = {unit: list(drawn_cf_odds(book, drawn_cf, unit)) for unit in ("guerillas", "martyrs")}
    return drawn, ranges, math.lcm(len(drawn), *(len(r) for r in ranges.values() if r))


def drawn_cf_note(book: Rulebook) -> Note:
    low, high = book.values.insurgent_cf
    return Note(
        en=f"The drawn counter's CF is not given: the rulebook does not list the counter mix, so CF {low} to {high} are taken as equally likely ('Guerillas' {low} to {book.values.martyrs_only_cf - 1}: only certain 'Martyrs' have CF {book.values.martyrs_only_cf}, 5.2).",
        fr=f"Le FC de l’unité piochée n’est pas donné : le livret ne donne pas la composition des pions, les FC {low} à {high} sont supposés équiprobables (‘Guerillas’ {low} à {book.values.martyrs_only_cf - 1} : seules certaines unités ‘Martyrs’ ont un FC de {book.values.martyrs_only_cf}, 5.2).",
        rule="5.2.1",
    )


def step(
    book: Rulebook, zone_type: ZoneType, face: int, context: Context, rule: str | None = None
) -> Step:
    key = outcome_of(book, zone_type, face, context)
    en, fr = NAMES[key]
    zone_en = "Normal" if zone_type == "normal" else "Fortified"
    zone_fr = "normale" if zone_type == "normal" else "Retranchée"
    return Step(
        rule=rule
        or (
            "6.2"
            if context == "setup" and face == book.values.setup_dummy_face
            else RULES[zone_type]
        ),
        en=f"'Suspect' marker Activated in a {zone_en} Zone: d10 = {face}: {en}.",
        fr=f"Marqueur ‘Suspect’ Activé dans une Zone {zone_fr} : d10 = {face} : {fr}.",
    )


class ActivationSituation(Frozen):
    """A 'Suspect' marker being Activated."""

    zone: ZoneType | None = None
    zone_number: int | None = None
    context: Context
    #: for context "fire": who fired (no Sniper Attack after an Abrams fired, 11.4.1)
    shooter: Literal["squad", "iif", "abrams"] = "squad"
    ruleset: Ruleset = "en"
    roll: Face | None = None
    drawn_cf: int | None = None


class ActivationResult(Outcome):
    """A 'Suspect' marker Activated with its roll known (5.3.3, 5.3.4)."""

    outcome: str
    roll: int
    #: the drawn counter's CF, for an 'Insurgents' unit revealed (5.3.3)
    cf: int | None = None


class ActivationAnswer(Adjudication):
    """The odds of each Activation result, and of each CF of a drawn counter (5.2.1)."""

    result: ActivationResult | None = None
    #: the Activation table read (by Zone type)
    table: str
    #: the odds of each CF a drawn 'Insurgents' counter may have, by CF
    drawn_cf: dict[str, float]


def adjudicate(situation: ActivationSituation, book: Rulebook) -> ActivationAnswer:
    check = Checker()
    zone_type = check_zone(book, check, "situation", situation.zone, situation.zone_number)
    if situation.context == "setup" and zone_type != "normal":
        check.add("zone", zone_type, "the Start Zones are by necessity Normal", "6.2")
    if situation.context == "dragon_eye" and zone_type != "normal":
        check.add(
            "zone",
            zone_type,
            "a 'Dragon Eye' report Activates 'Suspect' markers only in Normal Zones",
            "9.3",
        )
    if situation.shooter == "abrams" and situation.context != "fire":
        check.add("shooter", situation.shooter, "only meaningful for context 'fire'", "11.4.1")
    if situation.drawn_cf is not None:
        insurgent_cf(book, check, "drawn_cf", situation.drawn_cf, required=False)
        if situation.roll is not None and outcome_of(
            book, zone_type, situation.roll, situation.context
        ) not in ("guerillas", "martyrs"):
            check.add(
                "drawn_cf",
                situation.drawn_cf,
                f"no counter is drawn on a roll of {situation.roll}",
                RULES[zone_type],
            )
        elif situation.roll is not None and outcome_of(book, zone_type, situation.roll, situation.context) == "guerillas":
            insurgent_cf(book, check, "drawn_cf", situation.drawn_cf, required=False, unit="guerillas")
    check.raise_if_any()

    prior = odds(weights(book, zone_type, situation.context), OUTCOMES)
    notes = [drawn_cf_note(book)] if situation.drawn_cf is None else []
    if situation.context == "fire" and situation.shooter == "abrams":
        notes.append(
            Note(
                en="No Sniper Attack is possible after an M1A1 Abrams support has fired: on a 'Sniper' result the marker is simply removed.",
                fr="Aucune Attaque de Sniper n’est possible après le Tir d’un support M1A2 ‘Abrams’ : sur un résultat ‘Sniper’ le marqueur est simplement retiré.",
                rule="11.4.1",
            )
        )
    drawn = drawn_cf_odds(book, situation.drawn_cf)
    answer = ActivationAnswer.with_odds(
        "suspect-activation", situation.ruleset, prior,
        notes=notes,
        table=TABLES[zone_type],
        drawn_cf={str(cf): float(p) for cf, p in drawn.items()},
    )
    if situation.roll is not None:
        outcome = outcome_of(book, zone_type, situation.roll, situation.context)
        steps = [step(book, zone_type, situation.roll, situation.context)]
        steps.append(
            Step(
                rule="5.3.5",
                en="The 'Suspect' marker is removed from the map and returned to its container.",
                fr="Le marqueur ‘Suspect’ est retiré de la carte et remis dans sa pioche.",
            )
            if outcome != "retained"
            else Step(
                rule="9.3",
                en="The marker is kept on the map: it is considered not to have been Activated.",
                fr="Le marqueur reste sur la carte : il est considéré comme non Activé.",
            )
        )
        if outcome == "sniper" and situation.shooter == "abrams":
            steps.append(NO_SNIPER_AFTER_ABRAMS)
        result: dict = {
            "outcome": outcome,
            "roll": situation.roll,
            "steps": [s.model_dump() for s in steps],
        }
        if outcome in ("guerillas", "martyrs") and situation.drawn_cf is not None:
            result["cf"] = situation.drawn_cf
        answer.result = ActivationResult.model_validate(result)
    return answer


#: the situation this module computes (``suspect-activation``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("suspect-activation", Computation(adjudicate), ActivationSituation,
              "Activating a 'Suspect' marker (5.3.3, 5.3.4, 6.2)", "5.3.1",
              result_model=ActivationAnswer),
)
