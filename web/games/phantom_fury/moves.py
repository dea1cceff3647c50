"""Shared pieces of the moves: the context a move reports its effects into, and small updates.

A move is a pure function ``(state, action, ctx) -> state``; it raises :class:`Refused`
(with the rule) when the game does not allow the action, and never changes its inputs.
"""

from __future__ import annotations

from typing import Any

from web import kernel
from web.errors import refuse

from .rules import Rules
from .state import GameState, UnitState, VpEntry


class Ctx(kernel.Ctx):
    """What a move reads besides the state (the rules, the event's version) and what it reports."""

    def __init__(self, rules: Rules, version: int) -> None:
        super().__init__(version)
        self.rules = rules


def with_zone(state: GameState, number: int, **changes: Any) -> GameState:
    zones = list(state.zones)
    zones[number - 1] = zones[number - 1].model_copy(update=changes)
    return state.model_copy(update={"zones": tuple(zones)})


def with_unit(state: GameState, unit_id: str, **changes: Any) -> GameState:
    units = tuple(u.model_copy(update=changes) if u.id == unit_id else u for u in state.units)
    return state.model_copy(update={"units": units})


def add_vp(state: GameState, ctx: Ctx, reason: str, count: int = 1, *, value: int | None = None,
           rule: str = "7.2.1", note: str | None = None, unit: str | None = None) -> GameState:
    """A VP ledger line: ``value`` per occurrence from the scale unless given (7.2.1)."""
    each = ctx.rules.vp_value(reason) if value is None else value
    entry = VpEntry(version=ctx.version, turn=state.turn, phase=state.phase, reason=reason, count=count,
                    value=each * count, rule=rule, note=note, unit=unit)
    label = reason.replace("_", " ") + (f" × {count}" if count != 1 else "") + (f" ({unit})" if unit else "")
    ctx.effect(rule, f"VP {entry.value:+d}: {label}")
    return state.model_copy(update={"vp_ledger": state.vp_ledger + (entry,)})


def unit_of(state: GameState, unit_id: str, *, on_map: bool = True) -> UnitState:
    """The unit, on the map unless told otherwise; a refusal naming the units there are."""
    unit = state.unit(unit_id)
    if unit is None:
        known = ", ".join(u.id for u in state.units) or "none yet (unit_add)"
        raise refuse("unit", unit_id, f"one of the game's units: {known}")
    if on_map and unit.where != "map":
        raise refuse("unit", unit_id, f"a unit on the map; this one is {unit.where}")
    return unit


def security_elements_in(state: GameState, zone: int, *, besides: str | None = None) -> list[UnitState]:
    """Units whose detached Security Element stands in a Zone (13.6.4)."""
    return [
        u for u in state.units
        if u.security_element is not None and u.security_element.zone == zone and u.id != besides
    ]


def drop_security_element(state: GameState, ctx: Ctx, unit: UnitState, rule: str) -> GameState:
    """Remove a unit's 'Security Element' marker; the 'No Insurgents Event' marker goes with the
    last Security Element of its Zone (13.6.4)."""
    assert unit.security_element is not None
    zone = unit.security_element.zone
    state = with_unit(state, unit.id, security_element=None)
    ctx.effect(rule, f"Security Element of {unit.id} removed from Zone {zone}")
    if state.zone(zone).no_insurgents_event and not security_elements_in(state, zone):
        state = with_zone(state, zone, no_insurgents_event=False)
        ctx.effect("13.6.4", f"'No Insurgents Event' marker removed from Zone {zone}")
    return state
