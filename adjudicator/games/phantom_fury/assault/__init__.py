"""Assault (13): type, modifiers of both sides, Events, odds, and what follows.

>>> from adjudicator import adjudicate
>>> answer = adjudicate("assault", {
...     "attacker": {"cf": 6, "location": "1", "security_element_detached": True},
...     "defender": {"unit": "suspect", "location": "2", "zone": "normal"},
...     "rolls": {"activation": 9, "drawn_cf": 1, "usmc": 4, "insurgent": 1}})
>>> answer.result.usmc, answer.result.insurgent
('untouched', 'survives')
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ....models import Adjudication, CfBlock, Modifier, Note, Outcome, Text
from ....registry import Procedure
from ..activation import drawn_cf_note
from ..answer import Computation, declared, procedure
from ..rulebook import Rulebook
from . import drm
from .engine import distribution, distributions, marginal_floats, marginal_ratios
from .narrate import resolve
from .situation import AssaultRolls, AssaultSituation, Attacker, Defender, Setup, build, check

__all__ = ["AssaultRolls", "AssaultSituation", "Attacker", "Defender", "adjudicate"]


class AssaultEvent(BaseModel):
    """An Event called by an unmodified roll (13.4.3): whose, the Event roll, the row and its rule."""

    side: Literal["usmc", "insurgent"]
    roll: int
    event: str
    name: Text
    rule: str


class AssaultResult(Outcome):
    """An Assault as far as its rolls go (13.4-13.7): the Activation, the Events, both final
    results, then what becomes of each side, the Retreat, Flooding and the Location."""

    assault_type: str
    events: list[AssaultEvent] = Field(default_factory=list)
    activation: str | None = None
    #: why no Event applies although one was called (13.4.3)
    events_cancelled: str | None = None
    usmc_final: int | None = None
    insurgent_final: int | None = None
    insurgent: str | None = None
    #: the surviving 'Insurgents' unit's CF (null when none survives)
    insurgent_cf_after: int | None = None
    retreat: bool | None = None
    usmc: str | None = None
    cancelled: bool | None = None
    flooding: str | None = None
    enter_location: str | None = None
    security_element_blocked: bool | None = None
    no_insurgent_event_marker: str | None = None
    #: the 'Hero' marker side the squad ends with (null: none)
    hero: str | None = None


class AssaultAnswer(Adjudication):
    """Assault (13): its type, both sides' modifiers, the squad's CF, the odds of each outcome and
    their distributions (by drawn CF for a 'Suspect' marker)."""

    OMIT_IF_NONE = frozenset({"by_drawn_cf"})

    modifiers: dict[str, list[Modifier]] = Field(default_factory=dict)
    drm: dict[str, int] = Field(default_factory=dict)
    result: AssaultResult | None = None
    assault_type: str
    #: the rule of the Assault type (13.1, 13.2, 13.3)
    assault_type_rule: str
    cf: CfBlock
    distributions: dict[str, dict[str, float]]
    by_drawn_cf: dict[str, dict[str, float]] | None = None


def adjudicate(situation: AssaultSituation, book: Rulebook) -> AssaultAnswer:
    zone_type = check(situation, book)
    setup = build(situation, book, zone_type)
    rolls = situation.rolls or AssaultRolls()
    suspect = setup.defender == "suspect"
    usmc_mods = drm.usmc(setup, book, None if suspect else setup.defender, suspect)
    insurgent_mods = drm.insurgent(setup, book)
    cf, cf_mods = drm.squad_cf(setup, book)
    prior, per_cf = distribution(setup, book)
    floats, exact = marginal_ratios(prior)
    answer = AssaultAnswer(
        situation="assault",
        ruleset=situation.ruleset,
        assault_type=setup.kind,
        assault_type_rule=setup.kind_rule,
        modifiers={"usmc": usmc_mods, "insurgent": insurgent_mods},
        drm=_drm(usmc_mods, insurgent_mods),
        cf=CfBlock(base=setup.counter_cf, modifiers=cf_mods, final=cf),
        probabilities=floats,
        exact=exact,
        distributions={
            name: {k: float(p) for k, p in values.items()}
            for name, values in distributions(prior).items()
        },
        notes=_notes(situation, setup, book),
        ruleset_points=_points(situation, setup),
    )
    if per_cf:
        answer.by_drawn_cf = {str(c): marginal_floats(d) for c, d in per_cf.items()}
    if situation.rolls is not None:
        result = resolve(setup, book, rolls)
        if result.get("pending"):
            given, _ = distribution(setup, book, rolls)
            result["probabilities"] = marginal_floats(given)
        answer.result = AssaultResult.model_validate(result)
    return answer


def brief(
    situation: AssaultSituation, book: Rulebook
) -> tuple[dict[str, str], AssaultResult | None]:
    """Only the exact odds and the result (for the other ruleset's comparison)."""
    setup = build(situation, book, check(situation, book))
    prior, _ = distribution(setup, book)
    result = None
    if situation.rolls is not None:
        result = AssaultResult.model_validate(resolve(setup, book, situation.rolls))
    return marginal_ratios(prior)[1], result


def _drm(usmc: list, insurgent: list) -> dict[str, int]:
    result = {
        "usmc": sum(m.value for m in usmc if m.condition is None),
        "insurgent": sum(m.value for m in insurgent if m.condition is None),
    }
    for m in usmc:
        if m.condition:
            result[f"usmc_{m.condition}"] = result["usmc"] + m.value
    for m in insurgent:
        if m.condition:
            result[f"insurgent_{m.condition}"] = result["insurgent"] + m.value
    return result


def _points(situation: AssaultSituation, setup: Setup) -> list[str]:
    """The rulesets.yaml entries this Assault depends on."""
    points = []
    guerillas = setup.defender in ("guerillas", "suspect")
    if setup.usmc_table == "events-usmc":
        points += ["flight-cf1"] if guerillas else []
        points += ["phantom-fury-current-assault"]
    if setup.insurgent_table:
        points.append("fanaticism-current-assault")
    if setup.se_in_zone and guerillas:
        points += ["security-element-cf1", "security-element-unmodified-9"]
        points += ["security-element-flooding-marker"] if setup.flooding else []
    if setup.explosives:
        points.append("explosives-modifiers")
    if situation.attacker.zone_cleared and situation.defender.adjacent_zone:
        points.append("adjacent-zone-assault")
    return points


def _notes(situation: AssaultSituation, setup: Setup, book: Rulebook) -> list[Note]:
    notes: list[Note] = []
    rolls = situation.rolls or AssaultRolls()
    if setup.defender == "suspect" and rolls.drawn_cf is None:
        notes.append(drawn_cf_note(book))
    if setup.kind != "normal" and (
        situation.attacker.location in ("2'",) or situation.defender.location in ("2'", "1'", '1"')
    ):
        notes.append(
            Note(
                en="'Location marked 2' and 'marked 1' (13.1, 13.2) are read as the 2nd and 1st Story types of 4.2.1 (2, 2'; 1, 1', 1\").",
                fr='« Location indicée 2 » et « indicée 1 » (13.1, 13.2) sont lues comme les types 2e et 1er étage de 4.2.1 (2, 2’ ; 1, 1’, 1").',
                rule="4.2.1",
            )
        )
    if setup.explosives:
        notes.append(
            Note(
                en="Explosives: CF 8 in place of the squad's; "
                + (
                    "no DRM applies to either roll (English reading of 13.4.2)."
                    if not setup.drm_apply
                    else "every DRM still applies (French text: no exception)."
                ),
                fr="Explosifs : FC 8 à la place de celui du squad ; "
                + (
                    "aucun modificateur ne s’applique (lecture anglaise de 13.4.2)."
                    if not setup.drm_apply
                    else "tous les modificateurs s’appliquent (le texte français ne prévoit pas d’exception)."
                ),
                rule="13.4.2",
                ruleset_entry="explosives-modifiers",
            )
        )
    if setup.counter_attack:
        notes.append(
            Note(
                en="Counter-attack: the Assault is resolved without any die roll modifier; Events and what follows the Assault are applied as for any Assault.",
                fr="Contre-attaque : l’Assaut est résolu sans aucun modificateur ; Évènements et suites de l’Assaut comme pour tout Assaut.",
                rule="9.4.1",
            )
        )
    if situation.phantom_fury and setup.attacker_unit == "iif":
        notes.append(
            Note(
                en="'Phantom Fury' does not apply to IIF squads.",
                fr="‘Phantom Fury’ ne s’applique pas aux squads IIF.",
                rule="5.1.6.2",
            )
        )
    if setup.attacker_unit == "squad":
        notes.append(
            Note(
                en="A squad with a CAAT support may give a Step Loss to the CAAT instead (the CAAT is withdrawn).",
                fr="Un squad renforcé d’un support CAAT peut faire subir le Pas de Pertes au CAAT (retiré du jeu).",
                rule="5.1.1.2",
            )
        )
    guerillas = setup.defender == "guerillas" or (
        setup.defender == "suspect" and setup.zone_type == "normal"
    )
    if setup.se_in_zone and guerillas and (setup.mosque or setup.fanaticism):
        notes.append(
            Note(
                en="A Security Element blocks a Retreat Movement (13.6.4); a 'Guerillas' unit that does not retreat anyway (Zone 26, 'Fanaticism') is read as keeping its CF.",
                fr="Un Security Element empêche un Mouvement de Repli (13.6.4) ; une unité ‘Guerillas’ qui ne se replie pas de toute façon (Zone 26, ‘Fanatism’) est lue comme gardant son FC.",
                rule="13.6.4",
            )
        )
    if setup.flooding:
        notes.append(
            Note(
                en="Flooding: whether the Zone is clear after this Assault is not part of the input; the squad enters the Location only if it is.",
                fr="‘Flooding’ : l’état de la Zone après cet Assaut n’est pas donné ; le squad n’entre dans la Location que si elle est vide.",
                rule="13.4.8.1",
            )
        )
    return notes


#: the situation this module computes (``assault``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("assault", Computation(adjudicate, brief), AssaultSituation,
              "Assault (13.1-13.4, 13.6.4, 13.7)", "13.4", result_model=AssaultAnswer),
)
