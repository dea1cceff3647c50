"""Moves on units: the order of battle (6.3), reinforcements (10), losses (5.1.1.1, 7.2.1),
Fired and Pinned (11.3, 11.5), Heroes (5.1.5), Security Elements (12.3.2), CAATs (5.1.4, 13.7)."""

from __future__ import annotations

from web.errors import refuse

from . import actions as a
from .moves import Ctx, add_vp, drop_security_element, unit_of, with_unit
from .state import Caat, GameState, Position, UnitState


def unit_id(kind: str, counter: int) -> str:
    return f"{kind}-{counter}"


def _limit(ctx: Ctx, state: GameState, kind: str, origin: str | None) -> tuple[int, str]:
    r = ctx.rules
    if kind == "iif":
        return r.iif_squads, "10.4"
    if kind == "abrams":
        return r.abrams[state.variant], "15" if state.variant == "historical" else "6.3"
    return {"start": (r.start_zones, "6.3"), "company": (r.company_squads, "6.3"),
            "battalion": (r.battalion_squads, "6.3")}[origin or "start"]


def add(state: GameState, action: a.UnitAdd, ctx: Ctx) -> GameState:
    """A unit joins the order of battle (6.3; IIF 5.1.6; Abrams 5.1.3, 15)."""
    r = ctx.rules
    new_id = unit_id(action.kind, action.counter)
    if state.unit(new_id) is not None:
        raise refuse("counter", action.counter, f"a counter number not used yet: {new_id} is already in the game")
    if action.kind == "squad":
        if action.cf is None or not r.squad_cf[0] <= action.cf <= r.squad_cf[1]:
            raise refuse("cf", action.cf, f"a USMC squad's CF, {r.squad_cf[0]} to {r.squad_cf[1]}", "5.1.1")
        if action.origin is None:
            raise refuse("origin", None, "start, company or battalion", "6.3")
        origin = action.origin
        cf = action.cf
    else:
        fixed = r.iif_cf if action.kind == "iif" else r.abrams_cf
        if action.cf not in (None, fixed):
            raise refuse("cf", action.cf, f"{fixed} (or leave it out)", "5.1.6" if action.kind == "iif" else "5.1.3")
        if action.origin is not None:
            raise refuse("origin", action.origin, "only for USMC squads: leave it out")
        origin = "iraqi" if action.kind == "iif" else "armour"  # type: ignore[assignment]
        cf = fixed
    limit, rule = _limit(ctx, state, action.kind, action.origin)
    same = [u for u in state.units if u.kind == action.kind and u.origin == origin]
    if len(same) >= limit:
        raise refuse("kind", action.kind, f"at most {limit} {origin} {action.kind} units", rule)
    if (origin == "start") != (action.position is not None):
        raise refuse("position", action.position and action.position.model_dump(),
                     "a Zone for a start squad (6.3); none for a reinforcement (it waits in its box)", "6.3")
    if action.position is not None:
        zone = state.zone(action.position.zone)
        if any(z.activation == "start" for z in state.zones) and zone.activation != "start":
            raise refuse("position.zone", action.position.zone, "a start Zone (black circle)", "6.3")
    if action.caat:
        if origin != "start":
            raise refuse("caat", True, "CAAT supports go to squads in the Start Zones", "6.3.1")
        allocated = sum(u.caat_allocated for u in state.units)
        if allocated >= r.caats:
            raise refuse("caat", True, f"at most {r.caats} CAAT supports", "6.3.1")
    unit = UnitState(
        id=new_id, kind=action.kind, counter=action.counter, cf=cf, origin=origin,
        where="map" if action.position else "reinforcements",
        position=Position(**action.position.model_dump()) if action.position else None,
        caat=Caat(ammo=r.caat_ammo) if action.caat else None, caat_allocated=action.caat,
        entered_turn=state.turn if action.position else None,
    )
    return state.model_copy(update={"units": state.units + (unit,)})


def enter(state: GameState, action: a.UnitEnter, ctx: Ctx) -> GameState:
    """A reinforcement enters (10.1 company, 10.2 Abrams, 10.3 battalion, 10.4 IIF)."""
    r = ctx.rules
    unit = unit_of(state, action.unit, on_map=False)
    if unit.where != "reinforcements":
        raise refuse("unit", unit.id, f"a unit in its reinforcement box; this one is {unit.where}")
    if state.phase != "reinforcements":
        raise refuse("phase", state.phase, "reinforcements enter in the USMC Reinforcements Phase", "10")
    if unit.kind == "abrams":
        first, rule = r.abrams_turn, "10.2"
    elif unit.kind == "iif":
        if state.iif_from_turn is None:
            raise refuse("unit", unit.id, "the IIF enter from the turn after a Zone Neighbouring Zone 26 "
                         "comes under USMC Control (zone_control with neighbours_zone_26)", "10.4")
        first, rule = state.iif_from_turn, "10.4"
    elif unit.origin == "battalion":
        first, rule = r.battalion_turn[state.variant], "10.3"
    else:
        first, rule = r.company_turn, "10.1"
    if state.turn < first:
        raise refuse("turn", state.turn, f"{unit.id} may enter from turn {first}", rule)
    zone = state.zone(action.position.zone)
    if unit.kind == "abrams":
        if action.position.location != "street":
            raise refuse("position.location", action.position.location,
                         "'street': a Street Section along the north edge, adjacent to a Zone under USMC Control", "10.2")
        if zone.control != "usmc":
            raise refuse("position.zone", zone.number, "a Zone under USMC Control beside the Street Section", "10.2")
    elif zone.activation != "start" or zone.control != "usmc":
        raise refuse("position.zone", zone.number, "a start Zone (black circle) under USMC Control", rule)
    state = with_unit(state, unit.id, where="map", position=Position(**action.position.model_dump()),
                      entered_turn=state.turn)
    ctx.effect(rule, f"{unit.id} enters in Zone {zone.number}")
    if unit.origin == "battalion":
        if state.variant == "historical":
            state = add_vp(state, ctx, "battalion_reinforcement", value=0, rule="15", unit=unit.id)
        else:
            state = add_vp(state, ctx, "battalion_reinforcement", rule="10.3", unit=unit.id)
    return state


def move(state: GameState, action: a.UnitMove, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    target = action.position
    if state.phase == "movement" and unit.status == "fired":
        raise refuse("unit", unit.id, "a Fired unit may not move during the Movement Phase", "11.3")
    if state.phase == "movement" and unit.status == "pinned":
        raise refuse("unit", unit.id, "a Pinned squad may not move during the Movement Phase", "11.5")
    if unit.security_element is not None and target.zone != unit.security_element.zone:
        raise refuse("position.zone", target.zone,
                     f"Zone {unit.security_element.zone}: the squad may not leave its Security Element's Zone", "12.3.2.2")
    if unit.kind == "abrams" and target.location not in ("street", "OG"):
        raise refuse("position.location", target.location, "'street' or 'OG' for an M1A1 Abrams support", "12.6.2")
    zone = state.zone(target.zone)
    if unit.kind == "iif" and zone.control == "insurgents" and zone.number != ctx.rules.mosque_zone:
        raise refuse("position.zone", zone.number,
                     f"a Zone under USMC Control or Zone {ctx.rules.mosque_zone}: IIF squads do not enter "
                     "insurgent Zones", "5.1.6.1")
    return with_unit(state, unit.id, position=Position(**target.model_dump()))


def _lose(state: GameState, unit: UnitState, ctx: Ctx, where: str, rule: str) -> GameState:
    """The unit leaves the game with its CAAT (no VP, 5.1.4.3) and Hero (5.1.5.1); its Security
    Element stays until regrouping (14.3.2)."""
    if unit.caat is not None:
        ctx.effect("5.1.4.3", f"CAAT support of {unit.id} removed with its squad (no VP)")
    if unit.hero is not None:
        ctx.effect("5.1.5.1", f"'Hero' marker of {unit.id} removed")
    return with_unit(state, unit.id, where=where, caat=None, hero=None, status="ready")


def _no_abrams(unit: UnitState) -> None:
    if unit.kind == "abrams":
        raise refuse("unit", unit.id, "a USMC or IIF squad: the rules give an M1A1 Abrams support no Step Loss", "5.1.3")


def step_loss(state: GameState, action: a.UnitStepLoss, ctx: Ctx) -> GameState:
    """A Step Loss: the squad is reduced, or eliminated if already reduced (5.1.1.1); or its
    CAAT support takes it and is withdrawn (5.1.1.2, 5.1.4.3)."""
    unit = unit_of(state, action.unit)
    _no_abrams(unit)
    if action.target == "caat":
        if unit.caat is None:
            raise refuse("target", "caat", f"'squad': {unit.id} has no CAAT support", "5.1.1.2")
        state = with_unit(state, unit.id, caat=None)
        ctx.effect("5.1.4.3", f"CAAT support of {unit.id} withdrawn")
        return add_vp(state, ctx, "caat_eliminated", unit=unit.id)
    if unit.reduced:
        return _eliminated(state, unit, ctx)
    state = with_unit(state, unit.id, reduced=True)
    ctx.effect("5.1.1.1", f"{unit.id} reduced")
    if unit.kind == "iif":
        ctx.effect("7.2.1", f"no VP: reduced IIF squads do not penalise the player ({unit.id})")
        return state
    return add_vp(state, ctx, "squad_reduced", unit=unit.id)


def _eliminated(state: GameState, unit: UnitState, ctx: Ctx) -> GameState:
    state = _lose(state, unit, ctx, "eliminated", "5.1.1.1")
    ctx.effect("5.1.1.1", f"{unit.id} eliminated")
    return add_vp(state, ctx, "iif_eliminated" if unit.kind == "iif" else "squad_eliminated", unit=unit.id)


def eliminate(state: GameState, action: a.UnitEliminate, ctx: Ctx) -> GameState:
    """Eliminated outright (an Event): 5 VP for a squad, not 7 (7.2.1)."""
    unit = unit_of(state, action.unit)
    _no_abrams(unit)
    return _eliminated(state, unit, ctx)


def withdraw(state: GameState, action: a.UnitWithdraw, ctx: Ctx) -> GameState:
    """Withdrawn while Taking Cover with no Zone under USMC Control to go to: 2 VP, not 5 (12.4.3)."""
    unit = unit_of(state, action.unit)
    if unit.kind != "squad":
        raise refuse("unit", unit.id, "a USMC squad", "12.4.3")
    state = _lose(state, unit, ctx, "withdrawn", "12.4.3")
    return add_vp(state, ctx, "squad_withdrawn", rule="12.4.3", unit=unit.id)


def status(state: GameState, action: a.UnitStatus, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    if unit.status == action.status:
        if action.status == "pinned":
            raise refuse("status", "pinned", f"{unit.id} is Pinned already and ignores a new Pinned result", "11.5")
        raise refuse("status", action.status, f"a change: {unit.id} is {unit.status} already")
    if action.status == "pinned" and unit.kind == "abrams":
        raise refuse("status", "pinned", "ready or fired: only squads are Pinned", "11.5")
    rule = {"fired": "11.3", "pinned": "11.5", "ready": "14.3"}[action.status]
    ctx.effect(rule, f"{unit.id}: {action.status}")
    return with_unit(state, unit.id, status=action.status)


def hero(state: GameState, action: a.UnitHero, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    if unit.kind != "squad":
        raise refuse("unit", unit.id, "a USMC squad: the USMC Events table does not apply to IIF units", "13.4.3")
    if unit.hero == "medal_of_honor":
        raise refuse("unit", unit.id, "a squad without a 'Medal of Honor' Hero: at most one 'Hero' marker", "5.1.5.2")
    side = "medal_of_honor" if unit.hero == "silver_star" else "silver_star"
    ctx.effect("5.1.5.2" if side == "medal_of_honor" else "5.1.5.1", f"{unit.id}: Hero ({side.replace('_', ' ')})")
    return with_unit(state, unit.id, hero=side)


def detach(state: GameState, action: a.SecurityElementDetach, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    if unit.kind == "abrams":
        raise refuse("unit", unit.id, "a squad", "12.3.2.1")
    if unit.security_element is not None:
        raise refuse("unit", unit.id, "a squad whose Security Element is not detached already", "12.3.2")
    assert unit.position is not None
    if unit.position.location not in ("C", "R"):
        raise refuse("unit", unit.id, f"a squad in a Location marked C or R (it is in {unit.position.location!r}); "
                     "move it there first", "12.3.2.1")
    ctx.effect("12.3.2.2", f"{unit.id} detaches its Security Element: CF −{ctx.rules.security_element_cf}")
    return with_unit(state, unit.id, security_element=unit.position)


def regroup(state: GameState, action: a.SecurityElementRegroup, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    if unit.security_element is None:
        raise refuse("unit", unit.id, "a squad whose Security Element is detached", "12.3.2.3")
    return drop_security_element(state, ctx, unit, "12.3.2.3")


def _caat(state: GameState, unit_ref: str) -> tuple[UnitState, Caat]:
    unit = unit_of(state, unit_ref)
    if unit.caat is None:
        raise refuse("unit", unit.id, "a squad with a CAAT support", "5.1.4")
    return unit, unit.caat


def caat_ammo(state: GameState, action: a.CaatAmmo, ctx: Ctx) -> GameState:
    unit, caat = _caat(state, action.unit)
    if state.phase != "fire":
        raise refuse("phase", state.phase, "'fire': the 'Ammo' bonus is used only in Fire Combat", "11.1.2.1")
    if caat.ammo == 0:
        raise refuse("unit", unit.id, "a CAAT support with an 'Ammo' marker left", "11.1.2.1")
    left = caat.ammo - 1
    ctx.effect("11.1.2.1", f"{unit.id}: CAAT 'Ammo' {left} left" + (" (marker removed)" if left == 0 else ""))
    return with_unit(state, unit.id, caat=caat.model_copy(update={"ammo": left}))


def caat_explosives(state: GameState, action: a.CaatExplosives, ctx: Ctx) -> GameState:
    unit, caat = _caat(state, action.unit)
    if state.phase != "assault":
        raise refuse("phase", state.phase, "'assault': explosives back up an Assault", "13.7.1")
    if not caat.explosives:
        raise refuse("unit", unit.id, "a CAAT support with its 'Explosives' marker (once in the game)", "13.7.1")
    ctx.effect("13.7.1", f"{unit.id}: 'Explosives' marker withdrawn")
    return with_unit(state, unit.id, caat=caat.model_copy(update={"explosives": False}))


def caat_remove(state: GameState, action: a.CaatRemove, ctx: Ctx) -> GameState:
    unit, caat = _caat(state, action.unit)
    if caat.ammo or caat.explosives:
        raise refuse("unit", unit.id, "a CAAT support with no 'Ammo' and no 'Explosives' left "
                     "(a CAAT taking a Step Loss: unit_step_loss with target 'caat')", "14.3.5")
    ctx.effect("14.3.5", f"CAAT support of {unit.id} removed (no VP)")
    return with_unit(state, unit.id, caat=None)
