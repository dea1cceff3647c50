"""What a recorded adjudication asks the player to do next (:mod:`web.consequence`): actions he
may apply one by one, or a follow-up roll. VP follow the actions: a ``unit_step_loss`` brings its
own VP line (7.2.1) when applied, so no ``vp`` consequence is listed beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from adjudicator.games.phantom_fury.activation import ActivationResult, ActivationSituation
from adjudicator.games.phantom_fury.assault import AssaultResult, AssaultSituation
from adjudicator.games.phantom_fury.defensive_fire import DefensiveFireResult
from adjudicator.games.phantom_fury.fire import FireResult, FireSituation
from adjudicator.games.phantom_fury.pinned import PinnedResult
from adjudicator.games.phantom_fury.support import MissionResult, MissionSituation
from adjudicator.models import Adjudication, Outcome
from adjudicator.registry import procedure
from web.consequence import Consequence

from .prefill import Choice
from .state import GameState, UnitState, ZoneState

GAME = "phantom-fury"

#: Fields that say which consequence an applied action is, whatever its counts: a ``zone_counts``
#: for the same Zone, a ``unit_status`` with the same status for the same unit, ...
IDENTITY = ("type", "unit", "zone", "status", "reason", "marker", "target", "mission", "outcome")


def _label(unit: UnitState) -> str:
    names = {"squad": "Squad", "iif": "IIF squad", "abrams": "Abrams"}
    return f"{names[unit.kind]} {unit.counter}"


def _label_fr(unit: UnitState) -> str:
    names = {"squad": "Squad", "iif": "Squad IIF", "abrams": "Abrams"}  # the French rulebook's words
    return f"{names[unit.kind]} {unit.counter}"


def _status(unit: UnitState | None, status: str, rule: str) -> list[Consequence]:
    """Fired (11.3) or Pinned (11.5) facing, or back to normal (14.3.4)."""
    if unit is None or unit.status == status:
        return []
    words = {"fired": ("Fired", "Fired"), "pinned": ("Pinned", "Pinned"), "ready": ("normal facing", "face normale")}
    en, fr = words[status]
    return [Consequence(f"{_label(unit)}: {en}", f"{_label_fr(unit)} : {fr}", (rule,),
                        {"type": "unit_status", "unit": unit.id, "status": status})]


def _step_loss(unit: UnitState | None, rule: str) -> list[Consequence]:
    """A Step Loss (5.1.1.1) on the squad, or on its CAAT support instead (5.1.1.2); VP by 7.2.1."""
    if unit is None:
        return []
    out = [Consequence(
        f"{_label(unit)}: Step Loss" + (" (eliminated)" if unit.reduced else " (reduced)"),
        f"{_label_fr(unit)} : Pas de Perte" + (" (éliminée)" if unit.reduced else " (réduite)"),
        (rule, "5.1.1.1", "7.2.1"), {"type": "unit_step_loss", "unit": unit.id, "target": "squad"})]
    if unit.caat is not None:
        out.append(Consequence(
            f"{_label(unit)}: Step Loss taken by its CAAT support instead",
            f"{_label_fr(unit)} : Pas de Perte pris par son soutien CAAT",
            (rule, "5.1.1.2", "7.2.1"), {"type": "unit_step_loss", "unit": unit.id, "target": "caat"}))
    return out


def _counts(zone: ZoneState | None, suspects: int = 0, insurgents: int = 0, rule: str = "5.3.3") -> list[Consequence]:
    """The Zone's 'Suspect' markers and 'Insurgents' units after the roll (5.2, 5.3)."""
    if zone is None:
        return []
    new_s, new_i = max(zone.suspects + suspects, 0), max(zone.insurgents + insurgents, 0)
    return [Consequence(
        f"Zone {zone.number}: {new_s} 'Suspect' marker(s), {new_i} 'Insurgents' unit(s)",
        f"Zone {zone.number} : {new_s} marqueur(s) ‘Suspect’, {new_i} unité(s) ‘Insurgés’",
        (rule,), {"type": "zone_counts", "zone": zone.number, "suspects": new_s, "insurgents": new_i})]


def _guerillas_vp() -> list[Consequence]:
    return [Consequence("+1 VP: 'Guerillas' unit eliminated", "+1 PV : unité ‘Guerillas’ éliminée",
                        ("7.2.1",), {"type": "vp", "reason": "guerillas_eliminated", "count": 1})]


def _activated(activation: str, c: Choice, rule: str) -> list[Consequence]:
    """A 'Suspect' marker Activated (5.3.3, 5.3.4): removed, replaced, or an attack to roll."""
    zone_q = {"zone": c.zone.number} if c.zone else {}
    unit_q = {"unit": c.unit.id} if c.unit else {}
    if activation == "dummy":
        return _counts(c.zone, suspects=-1, rule=rule)
    if activation in ("guerillas", "martyrs"):
        return _counts(c.zone, suspects=-1, insurgents=1, rule=rule)
    if activation == "sniper":
        return [Consequence("Roll the Sniper Attack", "Lancer l’attaque de Sniper", ("11.4.1",),
                            calculator="sniper-fire", query={**unit_q, **zone_q})]
    if activation == "ied":
        return [Consequence("Roll the IED Attack", "Lancer l’attaque d’IED", ("13.5",),
                            calculator="ied", query=unit_q)]
    return []


def _fire(state: GameState, data: FireSituation, result: FireResult, c: Choice) -> list[Consequence]:
    """Fire Combat (11.2): the shooter is Fired (11.3), CAAT 'Ammo' spent (11.1.2.1), the target hit (11.2.2)."""
    out = _status(c.unit, "fired", "11.3")
    if data.shooter.caat_ammo and c.unit is not None and c.unit.caat and c.unit.caat.ammo > 0:
        out.append(Consequence(f"{_label(c.unit)}: one CAAT 'Ammo' used", f"{_label_fr(c.unit)} : une ‘Ammo’ CAAT utilisée",
                               ("11.1.2.1",), {"type": "caat_ammo", "unit": c.unit.id}))
    if result.outcome != "success":
        return out
    if data.target.unit == "suspect":
        if result.activation:
            out += _activated(result.activation, c, "11.2.2")
        else:
            query = {"zone": c.zone.number} if c.zone else {}
            out.append(Consequence("Roll the 'Suspect' marker's Activation", "Lancer l’Activation du marqueur ‘Suspect’",
                                   ("11.2.2", "5.3.3"), calculator="suspect-activation",
                                   query={**query, **({"unit": c.unit.id} if c.unit else {})}))
    elif result.eliminated in ("guerillas", "martyrs"):
        out += _counts(c.zone, insurgents=-1, rule="11.2.2")
        if result.eliminated == "guerillas":
            out += _guerillas_vp()
    # no Sniper Attack otherwise: it follows a Fire whose Activation of a 'Suspect' marker shows
    # one (5.3.3: '0', "Sniper Attack [11.4.1] after Fire Combat"), as in the example of a game
    # turn (squads #1 and #4 eliminate their targets, none is attacked; #8's Activation rolls 0)
    return out


def _on_squad(result: Outcome, c: Choice, rule: str) -> list[Consequence]:
    """Pinned (11.5), a Step Loss (5.1.1.1), or both, on the squad attacked (the result's ``outcome``)."""
    outcome = str(getattr(result, "outcome", None) or "")
    out: list[Consequence] = []
    if "step_loss" in outcome:
        out += _step_loss(c.unit, rule)
    if "pinned" in outcome:
        out += _status(c.unit, "pinned", rule)
    return out


def _defensive_fire(state: GameState, data: BaseModel, result: DefensiveFireResult, c: Choice) -> list[Consequence]:
    """Defensive Fire (12.7): a 'Suspect' firing is Activated first (12.7.3), then the squad is hit or not."""
    out: list[Consequence] = []
    if result.activation:
        out += _activated(result.activation, c, "12.7.3")
    return out + _on_squad(result, c, "12.7.2")


def _assault(state: GameState, data: AssaultSituation, result: AssaultResult, c: Choice) -> list[Consequence]:
    """Assault (13.4): the defender eliminated, the attacker's losses, Events and their markers (13.4.3)."""
    out: list[Consequence] = []
    if result.activation:
        out += _activated(result.activation, c, "13.4.1")
    if result.insurgent == "eliminated":
        out += _counts(c.zone, insurgents=-1, rule="13.4.2")
        if data.defender.unit == "guerillas" or result.activation == "guerillas":
            out += _guerillas_vp()
    usmc = result.usmc
    if usmc in ("step_loss", "eliminated"):
        out += _step_loss(c.unit, "13.4.2")
    if usmc == "pinned":
        out += _status(c.unit, "pinned", "13.4.2")
    if data.attacker.explosives and c.unit is not None and c.unit.caat and c.unit.caat.explosives:
        out.append(Consequence(f"{_label(c.unit)}: CAAT 'Explosives' used", f"{_label_fr(c.unit)} : ‘Explosives’ CAAT utilisés",
                               ("13.7.1",), {"type": "caat_explosives", "unit": c.unit.id}))
    if result.hero and c.unit is not None:
        out.append(Consequence(f"{_label(c.unit)}: 'Hero' marker", f"{_label_fr(c.unit)} : marqueur ‘Hero’",
                               ("5.1.5.1",), {"type": "unit_hero", "unit": c.unit.id}))
    for event in result.events:
        marker = {"phantom_fury": "phantom_fury", "fanaticism": "fanaticism"}.get(event.event)
        if marker and c.zone is not None:
            out.append(Consequence(f"Zone {c.zone.number}: '{event.name.en}' marker",
                                   f"Zone {c.zone.number} : marqueur ‘{event.name.fr}’",
                                   (event.rule or "13.4.3",),
                                   {"type": "zone_marker", "zone": c.zone.number, "marker": marker, "present": True}))
    if result.no_insurgent_event_marker not in (None, "no") and c.zone is not None:
        out.append(Consequence(f"Zone {c.zone.number}: 'No Insurgents Event' marker",
                               f"Zone {c.zone.number} : marqueur ‘No Insurgents Event’", ("13.6.4",),
                               {"type": "zone_marker", "zone": c.zone.number, "marker": "no_insurgents_event",
                                "present": True}))
    return out


def _pinned(state: GameState, data: BaseModel, result: PinnedResult, c: Choice) -> list[Consequence]:
    """Pinned recovery (14.3.4): a recovered squad turns back to its normal facing."""
    if result.outcome == "recovered":
        return _status(c.unit, "ready", "14.3.4")
    return []


def _activation(state: GameState, data: ActivationSituation, result: ActivationResult, c: Choice) -> list[Consequence]:
    outcome = result.outcome
    out = _activated(outcome, c, "5.3.4" if data.zone == "fortified" else "5.3.3") if outcome else []
    if data.context == "setup" and outcome:
        out += _next_start_zone(state, c, removed=outcome in ("dummy", "guerillas", "martyrs"))
    return out


def _next_start_zone(state: GameState, c: Choice, removed: bool) -> list[Consequence]:
    """6.2's checklist, one roll after another: the next 'Suspect' marker of a start Zone to Activate
    (this Zone's next one, else the next start Zone holding one)."""
    def left(zone: ZoneState) -> int:
        return zone.suspects - (1 if removed and c.zone is not None and zone.number == c.zone.number else 0)

    here = [c.zone] if c.zone is not None and left(c.zone) > 0 else []
    others = [z for z in state.zones if z.activation == "start" and left(z) > 0 and z is not c.zone
              and (c.zone is None or z.number != c.zone.number)]
    for zone in here + sorted(others, key=lambda z: z.number)[:1]:
        return [Consequence(f"Setup: Activate a 'Suspect' marker of Zone {zone.number}",
                            f"Mise en place : Activer un marqueur ‘Suspect’ de la Zone {zone.number}",
                            ("6.2", "5.3.3"), calculator="suspect-activation", query={"zone": zone.number})]
    return []


def _support(state: GameState, data: MissionSituation, result: MissionResult, c: Choice) -> list[Consequence]:
    """Support Missions (9.2, 9.3): a success counts against the Mission's maximum; postponed ends the Phase (9.4)."""
    outcome, mission = result.outcome, data.mission
    if outcome not in ("success", "postponed") or not mission:
        return []
    out = [Consequence(f"{mission}: {outcome}", f"{mission} : {'succès' if outcome == 'success' else 'reportée'}",
                       ("9.2", "9.3"), {"type": "support_mission", "mission": mission, "outcome": outcome})]
    if outcome == "postponed":
        out.append(Consequence("Roll the insurgent Reaction", "Lancer la Réaction insurgée", ("9.4.1",),
                               calculator="insurgent-reaction"))
    return out


_BY_SITUATION: dict[str, Callable[[GameState, Any, Any, Choice], list[Consequence]]] = {
    "fire": _fire,
    "suspect-activation": _activation,
    "sniper-fire": lambda s, d, r, c: _on_squad(r, c, "11.4.1"),
    "sniper-street": lambda s, d, r, c: _on_squad(r, c, "11.4.2"),
    "ied": lambda s, d, r, c: _on_squad(r, c, "13.5"),
    "defensive-fire": _defensive_fire,
    "assault": _assault,
    "pinned-recovery": _pinned,
    "support-mission": _support,
}


def typed(situation: str, data: dict[str, Any], answer: dict[str, Any]) -> tuple[BaseModel, Adjudication] | None:
    """A recorded adjudication read back through its situation's models: the input and the
    answer (each situation's own typed answer, ``FireAnswer``, ...); None when the record no
    longer fits them (an answer recorded before its model changed)."""
    proc = procedure(situation, game=GAME)
    try:
        return proc.input_model.model_validate(data), proc.result_model.model_validate(answer)
    except ValidationError:
        return None


def consequences(state: GameState, situation: str, data: dict[str, Any], answer: dict[str, Any],
                 choice: Choice) -> list[Consequence]:
    """The follow-up actions of an adjudication (its input ``data`` and its ``answer`` with ``result``,
    as recorded), read through the situation's typed models.

    Situations that change nothing the companion tracks (Abrams Movement Capacity, insurgent
    Reaction, victory) have none; an answer without a resolved ``result`` has none either.
    """
    build = _BY_SITUATION.get(situation)
    read = typed(situation, data, answer) if build is not None else None
    if build is None or read is None or read[1].result is None:
        return []
    return build(state, read[0], read[1].result, choice)
