"""The adjudicator's situation input, filled in from what the game state already knows.

A player picks a unit and a target (a Zone number and a Location, and what sits there); the
companion writes the fields a player would otherwise copy from the map: the counter's CF, its
Step Loss, Hero, detached Security Element (never the CAAT 'Ammo', the player's choice: 11.1.2.1), the target Zone's type from its
activation marker (4.1.3, 4.1.5), and the 'Phantom Fury' (13.4.3.2), 'Fanaticism' (13.4.3.3)
and 'No Insurgents Event' (13.6.4) markers. Everything it fills stays editable on the page.

The CF given to the adjudicator is the CF of the counter's visible side (full, or reduced by
5.1.1.1): the adjudicator adds the Hero (5.1.5.3) and the detached Security Element (12.3.2.2)
itself from their own fields, so giving it the unit's current CF would count them twice. The
IED Attack (13.5) is the one situation whose CF already includes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from adjudicator.games.phantom_fury.models import ZONE_LOCATIONS

from .rules import Rules, rules
from .state import GameState, UnitState, ZoneState

TargetUnit = Literal["suspect", "guerillas", "martyrs"]
TARGET_UNITS: tuple[str, ...] = ("suspect", "guerillas", "martyrs")
LOCATIONS: tuple[str, ...] = (*ZONE_LOCATIONS, "street")

#: Situations whose input names a USMC side unit (the shooter, the attacker, the target squad).
UNIT_SITUATIONS = frozenset({"fire", "defensive-fire", "ied", "assault", "pinned-recovery", "sniper-fire", "sniper-street"})
#: Situations whose input names a Zone (the target's, or the one the squad enters).
ZONE_SITUATIONS = frozenset({"fire", "defensive-fire", "assault", "suspect-activation", "sniper-fire", "sniper-street"})


class PrefillError(ValueError):
    """A query the calculator cannot prefill from: names the field, the value and what is allowed."""

    def __init__(self, field: str, value: object, allowed: str):
        self.field, self.value, self.allowed = field, value, allowed
        super().__init__(f"{field}: {value!r}: {allowed}")


@dataclass(frozen=True)
class Choice:
    """What the player picked: a unit of the order of battle and a target Zone, Location and unit."""

    unit: UnitState | None = None
    zone: ZoneState | None = None
    location: str | None = None
    target: str | None = None


def choose(state: GameState, unit: str | None = None, zone: str | None = None,
           location: str | None = None, target: str | None = None) -> Choice:
    """Check the query's choices against the state; :class:`PrefillError` names the first bad one."""
    picked = None
    if unit:
        picked = state.unit(unit)
        if picked is None:
            ids = ", ".join(u.id for u in state.units if u.where == "map") or "none on the map"
            raise PrefillError("unit", unit, f"a unit of this game ({ids})")
    zone_state = None
    if zone:
        if not (zone.isascii() and zone.isdigit() and len(zone) <= 2) or not 1 <= int(zone) <= len(state.zones):
            raise PrefillError("zone", zone, f"a Zone number from 1 to {len(state.zones)} (4.1)")
        zone_state = state.zone(int(zone))
    if location and location not in LOCATIONS:
        raise PrefillError("location", location, f"one of {', '.join(LOCATIONS)} (4.2.1, 4.3)")
    if target and target not in TARGET_UNITS:
        raise PrefillError("target", target, f"one of {', '.join(TARGET_UNITS)} (5.2, 5.3)")
    if zone_state is not None and not target:
        target = "suspect" if zone_state.suspects or not zone_state.insurgents else "guerillas"
    return Choice(unit=picked, zone=zone_state, location=location or None, target=target or None)


def visible_cf(unit: UnitState, r: Rules | None = None) -> int:
    """The CF on the counter's visible side: full strength, or reduced by a Step Loss (5.1.1.1)."""
    r = r or rules()
    return unit.cf - (r.step_loss_cf if unit.reduced else 0)


def _unit_location(unit: UnitState | None) -> str | None:
    if unit is None or unit.position is None:
        return None
    return unit.position.location


def _zone_fields(zone: ZoneState | None) -> dict[str, Any]:
    """Zone type (normal or Fortified: 4.1.3, 4.1.5) and number, when the Zone is known."""
    if zone is None:
        return {}
    fields: dict[str, Any] = {"zone_number": zone.number}
    if zone.nature:
        fields["zone"] = zone.nature
    return fields


def _shooter(unit: UnitState | None) -> dict[str, Any]:
    """The firing unit (11.1): kind, visible CF, Hero (5.1.5), Security Element (12.3.2.2). The CAAT
    'Ammo' (11.1.2.1) is the player's choice, never pre-ticked."""
    if unit is None:
        return {}
    fields: dict[str, Any] = {"unit": unit.kind, "cf": visible_cf(unit)}
    if location := _unit_location(unit):
        fields["location"] = location
    if unit.hero:
        fields["hero"] = unit.hero
    fields["security_element_detached"] = unit.security_element is not None
    return fields


def _target(choice: Choice) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if choice.target:
        fields["unit"] = choice.target
    if choice.location:
        fields["location"] = choice.location
    fields.update(_zone_fields(choice.zone))
    return fields


def _fire(state: GameState, c: Choice) -> dict[str, Any]:
    """Fire Combat (11.1, 11.2): a 'Phantom Fury' marker in the target Zone adds its modifier (13.4.3.2)."""
    data: dict[str, Any] = {"shooter": _shooter(c.unit), "target": _target(c)}
    if c.unit is not None and c.unit.kind != "abrams" and c.unit.position is not None:
        # 11.1: a squad fires only from a Zone the player Controls (the page warns; the player may override)
        home = state.zone(c.unit.position.zone)
        data["shooter"]["zone_controlled"] = home is None or home.control == "usmc"
    if c.zone is not None:
        data["phantom_fury"] = c.zone.phantom_fury is not None
    return data


def _activation(state: GameState, c: Choice) -> dict[str, Any]:
    """Activating a 'Suspect' marker (5.3.3, 5.3.4): the Zone type and the unit that revealed it."""
    data: dict[str, Any] = {"context": "fire", **_zone_fields(c.zone)}
    if c.unit is not None:
        data["shooter"] = c.unit.kind
    if c.zone is not None and c.zone.activation == "start" and state.turn == 1 and state.phase == "support":
        data["context"] = "setup"  # 6.2: the start Zones' 'Suspect' markers, a '0' is a Dummy
        data.pop("shooter", None)
    elif state.phase == "assault":
        data["context"] = "assault"
    elif state.phase == "movement":
        data["context"] = "defensive_fire"
    return data


def _defensive_fire(state: GameState, c: Choice) -> dict[str, Any]:
    """Defensive Fire (12.7): the squad entering a Location, the insurgent firing, Ruins and Fanaticism."""
    squad: dict[str, Any] = {}
    if c.unit is not None and c.unit.kind in ("squad", "iif"):
        squad = {"unit": c.unit.kind, "cf": visible_cf(c.unit), "reduced": c.unit.reduced,
                 "security_element": c.unit.security_element is not None}
        if c.unit.hero:
            squad["hero"] = c.unit.hero
        squad["with_abrams"] = _abrams_with(state, c.unit)
    if c.location:
        squad["location"] = c.location
    data: dict[str, Any] = {"insurgent": {"unit": c.target} if c.target else {}, "squad": squad}
    if c.zone is not None:
        data.update(_zone_fields(c.zone))
        data["ruins"] = c.zone.ruins
        data["fanaticism"] = c.zone.fanaticism
    return data


def _abrams_with(state: GameState, unit: UnitState) -> bool:
    """An M1A1 Abrams stacked with the squad (12.6.2)."""
    return unit.position is not None and any(
        u.kind == "abrams" and u.where == "map" and u.position == unit.position for u in state.units
    )


def _ied(state: GameState, c: Choice) -> dict[str, Any]:
    """IED Attack (13.5): the squad's CF with Hero and Security Element counted, and its Step Loss."""
    if c.unit is None:
        return {}
    return {"cf": c.unit.current_cf, "reduced": c.unit.reduced}


def _assault(state: GameState, c: Choice) -> dict[str, Any]:
    """Assault (13): the attacker, the defender's Location and Zone, and the Zone's markers (13.4.3, 13.6.4)."""
    attacker: dict[str, Any] = {}
    if c.unit is not None:
        attacker = {"unit": c.unit.kind, "cf": visible_cf(c.unit), "reduced": c.unit.reduced,
                    "security_element_detached": c.unit.security_element is not None,
                    # the 'Explosives' are the player's choice, once in the game (13.7.1): never ticked for him
                    "explosives": False}
        if location := _unit_location(c.unit):
            attacker["location"] = location
        if c.unit.hero:
            attacker["hero"] = c.unit.hero
    data: dict[str, Any] = {"attacker": attacker, "defender": _target(c)}
    if c.zone is not None:
        data["phantom_fury"] = c.zone.phantom_fury is not None
        data["fanaticism"] = c.zone.fanaticism
        data["no_insurgent_event"] = c.zone.no_insurgents_event
        if c.unit is not None and c.unit.position is not None:
            data["defender"]["adjacent_zone"] = c.unit.position.zone != c.zone.number
    return data


def _pinned(state: GameState, c: Choice) -> dict[str, Any]:
    """Pinned recovery (14.3.4): the Pinned squad's visible CF, Hero and Security Element."""
    if c.unit is None:
        return {}
    data: dict[str, Any] = {"unit": c.unit.kind if c.unit.kind != "abrams" else "squad", "cf": visible_cf(c.unit),
                            "security_element_detached": c.unit.security_element is not None}
    if location := _unit_location(c.unit):
        data["location"] = location
    if c.unit.hero:
        data["hero"] = c.unit.hero
    return data


def _sniper_fire(state: GameState, c: Choice) -> dict[str, Any]:
    """Sniper Attack after Fire (11.4.1.1): 'Insurgents' units and 'Suspect' markers counted in the target Zone.

    The rule counts those of every Adjacent and Neighbouring Zone: the companion knows the
    target Zone's counts only, so the player adds the others.
    """
    if c.zone is None:
        return {}
    return {"count": c.zone.suspects + c.zone.insurgents}


def _sniper_street(state: GameState, c: Choice) -> dict[str, Any]:
    """Sniper Attack in a Street Section (11.4.2): counts of the chosen Adjacent Zone, to complete."""
    if c.zone is None:
        return {}
    return {"insurgent_units": c.zone.insurgents, "suspects": c.zone.suspects}


def _support_mission(state: GameState, c: Choice) -> dict[str, Any]:
    """Support Missions (9.2, 9.3): successes so far of the first Mission with some left."""
    r = rules()
    for row in r.missions.rows:
        used = state.missions_used.get(row.result, 0)
        if used < (row.max or 0):
            return {"mission": row.result, "successes_so_far": used}
    return {}


def _reaction(state: GameState, c: Choice) -> dict[str, Any]:
    """Insurgent Reaction (9.4): a Security Element in the Zone stops the Reactions marked † (9.4.2)."""
    if c.zone is None:
        return {}
    return {"security_element": any(
        u.security_element is not None and u.security_element.zone == c.zone.number for u in state.units
    )}


def _victory(state: GameState, c: Choice) -> dict[str, Any]:
    """Victory Points (7.1, 7.2.1, 15): the ledger's counts, the Zones not under USMC Control, the turn."""
    counts: dict[str, int] = {}
    for entry in state.vp_ledger:
        counts[entry.reason] = counts.get(entry.reason, 0) + entry.count
    data: dict[str, Any] = {
        "variant": state.variant,
        "last_turn_played": state.turn,
        "uncontrolled_zones": [z.number for z in state.zones if z.control == "insurgents"],
    }
    for reason, field in (("guerillas_eliminated", "guerillas_eliminated"),
                          ("battalion_reinforcement", "battalion_reinforcements"),
                          ("caat_eliminated", "caat_eliminated"), ("iif_eliminated", "iif_eliminated"),
                          ("squad_reduced", "squads_reduced"), ("squad_eliminated", "squads_eliminated"),
                          ("squad_withdrawn", "squads_withdrawn")):
        if counts.get(reason):
            data[field] = counts[reason]
    return data


_PREFILL = {
    "fire": _fire,
    "suspect-activation": _activation,
    "defensive-fire": _defensive_fire,
    "ied": _ied,
    "assault": _assault,
    "pinned-recovery": _pinned,
    "sniper-fire": _sniper_fire,
    "sniper-street": _sniper_street,
    "support-mission": _support_mission,
    "insurgent-reaction": _reaction,
    "victory": _victory,
    "abrams-mc": lambda state, c: {},
}


def prefill(state: GameState, situation: str, choice: Choice) -> dict[str, Any]:
    """The situation's input as far as the state knows it (possibly incomplete: the page asks the rest),
    read under the game's ruleset (the rulebook that settles English/French disagreements)."""
    try:
        build = _PREFILL[situation]
    except KeyError:
        raise PrefillError("situation", situation, f"one of {', '.join(_PREFILL)}") from None
    return {**build(state, choice), "ruleset": state.ruleset}
