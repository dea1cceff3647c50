"""Moves on Zones: Activation (4.1.3, 6.1.2, 6.2), Control (14.1.1, 14.4.1), Ruins (4.1.6),
markers (13.4.3.2, 13.4.3.3, 13.6.4) and what they hold (5.2, 5.3)."""

from __future__ import annotations

from web.errors import refuse

from . import actions as a
from .moves import Ctx, with_zone
from .state import GameState


def zone_activate(state: GameState, action: a.ZoneActivate, ctx: Ctx) -> GameState:
    rules, zone = ctx.rules, state.zone(action.zone)
    if zone.activation is not None:
        raise refuse("zone", zone.number, "a Zone not Activated yet: a Zone is Activated once in the game", "4.1.3")
    if zone.number == rules.mosque_zone and action.nature != "fortified":
        raise refuse("nature", action.nature, f"'fortified': Zone {zone.number} is Fortified by default", "4.1.5")
    if action.nature == "start":
        starts = sum(z.activation == "start" for z in state.zones)
        if starts >= rules.start_zones:
            raise refuse("nature", "start", f"normal or fortified: the {rules.start_zones} start Zones are set", "6.2")
    if action.nature == "fortified" and zone.number != rules.mosque_zone:
        used = sum(z.activation == "fortified" and not z.fortified_by_default for z in state.zones)
        if used >= state.strong_points:
            raise refuse("nature", "fortified", f"normal: the {state.strong_points} 'Activated Strong Point' "
                         "markers of this game are all drawn", "6.1.2")
    ctx.effect("4.1.3", f"Zone {zone.number} Activated ({action.nature})")
    return with_zone(state, zone.number, activation=action.nature)


def zone_control(state: GameState, action: a.ZoneControl, ctx: Ctx) -> GameState:
    zone = state.zone(action.zone)
    if zone.control is None:
        raise refuse("zone", zone.number, f"a Zone in play: neither side can Control Zone {zone.number}", "4.1.4")
    if zone.control == action.side:
        raise refuse("side", action.side, f"a change: Zone {zone.number} is under {zone.control} Control already")
    if action.neighbours_zone_26 and action.side != "usmc":
        raise refuse("neighbours_zone_26", True, "only when the USMC take Control", "10.4")
    if action.side == "insurgents":
        ctx.effect("14.4.1", f"Zone {zone.number} back under insurgent Control")
        return with_zone(state, zone.number, control="insurgents")
    if zone.activation is None:
        raise refuse("zone", zone.number, "an Activated Zone: taking Control flips its Activation marker", "14.1.1")
    state = with_zone(state, zone.number, control="usmc", fanaticism=False)
    ctx.effect("14.1.1", f"Zone {zone.number} under USMC Control")
    if zone.fanaticism:
        ctx.effect("14.1.1", f"'Fanaticism' marker removed from Zone {zone.number}")
    if action.neighbours_zone_26 and state.iif_from_turn is None:
        state = state.model_copy(update={"iif_from_turn": state.turn + 1})
        ctx.effect("10.4", f"the IIF squads may enter from turn {state.turn + 1}")
    return state


def zone_ruins(state: GameState, action: a.ZoneRuins, ctx: Ctx) -> GameState:
    zone = state.zone(action.zone)
    if zone.ruins:
        raise refuse("zone", zone.number, "a Zone not in Ruins yet", "4.1.6")
    if zone.number == ctx.rules.mosque_zone:
        raise refuse("zone", zone.number, "any Zone but the mosque: Support Missions except Zone 26", "9.3")
    ctx.effect("4.1.6", f"Zone {zone.number} is a Ruins Zone: Locations 2, 2' and R no longer exist")
    return with_zone(state, zone.number, ruins=True)


MARKER_RULES = {"phantom_fury": "13.4.3.2", "fanaticism": "13.4.3.3", "no_insurgents_event": "13.6.4"}


def zone_marker(state: GameState, action: a.ZoneMarker, ctx: Ctx) -> GameState:
    zone, rule = state.zone(action.zone), MARKER_RULES[action.marker]
    current = getattr(zone, action.marker)
    if not action.present:
        if not current:
            raise refuse("present", False, f"true: Zone {zone.number} has no {action.marker} marker", rule)
        ctx.effect(rule, f"{action.marker} marker removed from Zone {zone.number}")
        return with_zone(state, zone.number, **{action.marker: None if action.marker == "phantom_fury" else False})
    if action.marker == "phantom_fury":
        ctx.effect(rule, f"'Phantom Fury' (0015) marker in Zone {zone.number}: −1 DRM for USMC squads there and "
                   "in Adjacent and Neighbouring Zones until the end of the next turn")
        return with_zone(state, zone.number, phantom_fury="0015")
    if current:
        raise refuse("present", True, f"false: Zone {zone.number} has its {action.marker} marker already", rule)
    if action.marker == "fanaticism" and zone.control != "insurgents":
        raise refuse("zone", zone.number, "a Zone under insurgent Control", rule)
    if action.marker == "no_insurgents_event" and not _has_security_element(state, zone.number):
        raise refuse("zone", zone.number, "a Zone holding a Security Element", rule)
    ctx.effect(rule, f"{action.marker} marker in Zone {zone.number}")
    return with_zone(state, zone.number, **{action.marker: True})


def _has_security_element(state: GameState, zone: int) -> bool:
    return any(u.security_element is not None and u.security_element.zone == zone for u in state.units)


def zone_counts(state: GameState, action: a.ZoneCounts, ctx: Ctx) -> GameState:
    changes = {k: v for k, v in (("suspects", action.suspects), ("insurgents", action.insurgents)) if v is not None}
    return with_zone(state, action.zone, **changes)
