"""Second Fallujah's setup and moves (the actions of :mod:`.actions`), each pure, declared for the
kernel (:mod:`web.kernel`), which undoes and redoes: a die roll, a die entered for the bot or a
recorded adjudication cannot be undone, so nothing before it can be taken back to roll again.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from adjudicator.games.second_fallujah import data
from adjudicator.games.second_fallujah.common import SUPPORT_TYPES
from web import rolls
from web.errors import Refused, refuse
from web.kernel import Ctx, Move, Moves, is_live, nothing_to_undo_since

from . import actions as a
from . import bot, table
from .state import (
    FIRST_TURN,
    LAST_TURN,
    PHASES,
    AppRoll,
    AreaFacts,
    AreaState,
    BotRecord,
    Combat,
    Counter,
    GameState,
    Reaction,
    UnitState,
)

#: "a maximum of eight units in an area" (5); five Fresh Cadre and Fedayeen (5.1)
STACK, FRICTION = 8, 5
#: the Order of Battle's set-up boxes as the companion names them (11.1, 7.2.3)
SETUP_BOXES = {"nw_entry_zone": "nw_entry_zone", "ne_entry_zone": "ne_entry_zone", "riverine_holding_box": "riverine_box"}


def _units(state: GameState, changed: dict[str, UnitState]) -> GameState:
    return state.model_copy(update={"units": tuple(changed.get(u.id, u) for u in state.units)})


def _with_unit(state: GameState, unit: UnitState, **update: Any) -> GameState:
    return _units(state, {unit.id: unit.model_copy(update=update)})


def _unit(state: GameState, unit_id: str, field: str = "unit") -> UnitState:
    found = state.unit(unit_id)
    if found is None:
        raise refuse(field, unit_id, "the id of a unit of this game (GET the game: 'units')")
    return found


# -- setup ------------------------------------------------------------------------------------------


def _merge_map(facts: tuple[AreaFacts, ...], counters: dict[str, Counter], keyed: a.MapAndCounters,
               known_keys: set[str]) -> tuple[tuple[AreaFacts, ...], dict[str, Counter]]:
    problems = []
    new_facts = list(facts)
    for raw, values in keyed.areas.items():
        if not (raw.isdigit() and 1 <= int(raw) <= 51):
            problems.append(refuse(f"map.areas.{raw}", raw, "an area id from 1 to 51", "2").problems[0])
            continue
        area = int(raw)
        if values.adjacent and area in values.adjacent:
            problems.append(refuse(f"map.areas.{raw}.adjacent", values.adjacent, "other areas than itself", "2.2").problems[0])
            continue
        old = new_facts[area - 1]
        new_facts[area - 1] = AreaFacts(tem=values.tem if values.tem is not None else old.tem,
                                        adjacent=tuple(sorted(set(values.adjacent))) if values.adjacent is not None else old.adjacent)
    new_counters = dict(counters)
    for key, counter in keyed.counters.items():
        if key not in known_keys:
            problems.append(refuse(f"map.counters.{key}", key, "a unit id of the Order of Battle or fedayeen, cadre, militia",
                                   "table-order-of-battle").problems[0])
            continue
        new_counters[key] = counter
    if problems:
        raise Refused(problems)
    return tuple(new_facts), new_counters


def counter_keys(state: GameState | None = None) -> set[str]:
    """What a counter's values may be keyed by: an Order of Battle unit, or an Insurgent type."""
    keys = {row.result for row in data.table("order-of-battle").rows} | {"fedayeen", "cadre", "militia"}
    if state is not None:
        keys |= {u.id for u in state.units}
    return keys


def initial_state(setup: a.Setup) -> GameState:
    """11.1: every area Insurgent-controlled; a Cadre in each mosque area and each Jolan area; the
    Coalition in its Entry Zones and the riverine holding box; Nov 8; impulse 0, Coalition side up;
    Political Backlash 0; the Advantage Coalition's, Available."""
    units: list[UnitState] = []
    for row in data.table("order-of-battle").rows:
        cells = row.cells or {}
        nationality = cells["nationality"].result
        units.append(UnitState(
            id=row.result, side="coalition", type=cells["type"].result or "", nationality=nationality,
            label=(row.text.en or row.result).split(" (")[0], parent=cells["parent"].result if "parent" in cells else None,
            location=SETUP_BOXES[cells["setup"].result or ""],
        ))
    cadre_areas = sorted(data.mosque_areas() | data.areas_of("jolan-areas"))
    for n, area in enumerate(cadre_areas, start=1):
        units.append(UnitState(id=f"cadre-{n}", side="insurgent", type="cadre", label=f"Cadre {n}", location=area))
    facts: tuple[AreaFacts, ...] = tuple(AreaFacts() for _ in data.AREAS)
    counters: dict[str, Counter] = {}
    militia = None
    if setup.map is not None:
        facts, counters = _merge_map(facts, counters, setup.map, counter_keys())
        militia = setup.map.militia_counters
    return GameState(
        name=setup.name, variant=setup.variant, version=1, areas=tuple(AreaState(id=i) for i in data.AREAS),
        map=facts, counters=counters, units=tuple(units), militia_counters=militia,
    )


# -- the turn ---------------------------------------------------------------------------------------


def _control_changes(state: GameState, ctx: Ctx, only: int | None = None) -> GameState:
    """9.1: an area occupied only by the other side's units changes control (every area, or
    ``only`` that one, as soon as the combat there empties it)."""
    areas = list(state.areas)
    for area in state.areas:
        if only is not None and area.id != only:
            continue
        sides = {u.side for u in state.units_in(area.id)}
        if len(sides) == 1 and area.control not in sides:
            side = sides.pop()
            areas[area.id - 1] = area.model_copy(update={"control": side})
            ctx.effect("9.1", f"area {area.id} now under {side} control (occupied only by {side} units)")
    return state.model_copy(update={"areas": tuple(areas)})


def next_phase(state: GameState, action: a.NextPhase, ctx: Ctx) -> GameState:
    index = PHASES.index(state.phase)
    if state.phase == "action":
        state = _control_changes(state, ctx)
        units = {u.id: u.model_copy(update={"mp_left": None, "acted": False}) for u in state.units if u.mp_left is not None or u.acted}
        state = _units(state, units).model_copy(update={"activated": None})
        ctx.effect("4.2", "Regroup Phase: the Insurgent player first, then the Coalition, to adjacent Free areas")
    if state.phase == "infiltration":
        lost, unknown = table.infiltration(state)
        if unknown:
            raise refuse("map", unknown, "the adjacency of these ungarrisoned Coalition areas, keyed before Infiltration "
                         "is applied (key_area with 'adjacent')", "9.2")
        areas = list(state.areas)
        for area in lost:
            areas[area - 1] = areas[area - 1].model_copy(update={"control": "insurgent"})
            ctx.effect("9.2", f"area {area} infiltrated: now under Insurgent control")
        if not lost:
            ctx.effect("9.2", "no Coalition area lost to Infiltration")
        state = state.model_copy(update={"areas": tuple(areas)})
    if state.phase == "reset":
        return _reset(state, ctx)
    return state.model_copy(update={"phase": PHASES[index + 1]})


def _reset(state: GameState, ctx: Ctx) -> GameState:
    """4.4, in its printed order."""
    if state.turn >= LAST_TURN:
        vp = table.victory(state)
        ctx.effect("1.2", f"end of the Nov {state.turn} turn: the game is over with {vp['points']} VP ({vp['level']})")
        return state.model_copy(update={"outcome": "over"})
    stay: set[str] = set()
    if state.variant == "solitaire":
        # the bot's reading of 4.4 with 5.1 (errata 12.1): the units the limit forces stay Spent
        from adjudicator import registry

        answer = registry.adjudicate("bot-reset", {"state": table.table_json(state)}, game=table.GAME)
        stay = set((answer.decision or {}).get("stay_spent") or [])  # type: ignore[attr-defined]
        if stay:
            ctx.effect("5.1", f"stay Spent (at most five Fresh Cadre and Fedayeen per area; the bot's reading, "
                       f"Fedayeen before Cadre): {', '.join(sorted(stay))}")
    flipped = {u.id: u.model_copy(update={"status": "fresh"}) for u in state.units
               if u.status == "spent" and u.location not in ("eliminated", "force_pool") and u.id not in stay}
    state = _units(state, flipped)
    if flipped:
        ctx.effect("4.4", f"{len(flipped)} Spent units flipped to Fresh")
    for area in data.AREAS:
        fresh = [u for u in state.units_in(area) if u.type in ("fedayeen", "cadre") and u.status == "fresh"]
        if len(fresh) > FRICTION:
            ctx.effect("5.1", f"area {area} has {len(fresh)} Fresh Cadre and Fedayeen: {len(fresh) - FRICTION} must stay Spent (Insurgent's choice)")
    advantage = state.advantage.model_copy(update={"available": True})
    if not state.advantage.available:
        ctx.effect("4.4", "the Advantage marker moves from the Used box to the Available box")
    ctx.effect("4.4", f"Nov {state.turn + 1}: impulse 1, Insurgent side up")
    return state.model_copy(update={
        "turn": state.turn + 1, "phase": "action", "impulse": 1, "side": "insurgent", "passes": 0, "activated": None,
        "end_roll_made": False, "action_phase_ends": False, "advantage": advantage, "impulse_started": ctx.version,
    })


def _in_action(state: GameState, what: str, rule: str) -> None:
    if state.phase != "action":
        raise refuse("phase", state.phase, f"'action': {what} happens in the Action Phase", rule)


def activate(state: GameState, action: a.Activate, ctx: Ctx) -> GameState:
    _in_action(state, "activating an area", "4.1")
    if isinstance(action.where, str) and state.side != "coalition":
        raise refuse("where", action.where, "an area: only the Coalition activates an Entry Zone", "4.1.2")
    rule = "4.1.1" if state.side == "insurgent" else "4.1.2"
    ctx.effect(rule, f"{state.side} impulse {state.impulse}: activates {action.where}")
    return state.model_copy(update={"activated": action.where})


def end_impulse(state: GameState, action: a.EndImpulse, ctx: Ctx) -> GameState:
    _in_action(state, "an impulse", "4.1")
    passes = state.passes + 1 if action.passed else 0
    ends = state.action_phase_ends
    if passes >= 2:
        ends = True
        ctx.effect("4.1.4", "both players passed in succession: the Action Phase ends")
    elif state.side == "coalition" and state.impulse > 0 and not state.end_roll_made:
        raise refuse("end_roll", None, "the roll of 4.1.4 first: no combat roll was made this Coalition impulse, so the "
                     "Coalition player rolls 2D6 (end-of-action-phase, or end_roll)", "4.1.4")
    acted = {u.id: u.model_copy(update={"status": "spent" if u.acted and not u.dug_in else u.status, "acted": False, "mp_left": None})
             for u in state.units if u.acted or u.mp_left is not None}
    if any(u.acted for u in state.units):
        ctx.effect("4.1.1" if state.side == "insurgent" else "4.1.2",
                   f"{sum(1 for u in state.units if u.acted)} units that moved or attacked flipped to Spent")
    state = _units(state, acted)
    state = _control_changes(state, ctx)
    base = {"passes": passes, "activated": None, "impulse_started": ctx.version, "end_roll_made": False, "reaction": None}
    if state.side == "insurgent":
        ctx.effect("4.1.1", f"impulse {state.impulse}: the Coalition impulse (marker flipped, not advanced)")
        return state.model_copy(update={**base, "side": "coalition", "action_phase_ends": ends})
    if state.impulse == 0:
        ctx.effect("11.2", "after the first Coalition impulse: impulse 1, the Insurgent goes first from now on")
        return state.model_copy(update={**base, "impulse": 1, "side": "insurgent", "action_phase_ends": False})
    if ends:
        ctx.effect("4.1.4", "the Action Phase ends: Regroup Phase")
        state = state.model_copy(update={**base, "action_phase_ends": False, "passes": 0})
        return next_phase(state, a.NextPhase(type="next_phase"), ctx)
    ctx.effect("4.1.2", f"impulse {state.impulse + 1}: the Insurgent impulse")
    return state.model_copy(update={**base, "impulse": state.impulse + 1, "side": "insurgent"})


def end_roll(state: GameState, action: a.EndRoll, ctx: Ctx) -> GameState:
    _in_action(state, "the end of the Action Phase", "4.1.4")
    if state.side != "coalition" or state.end_roll_made:
        raise refuse("ends", action.ends, "one roll per Coalition impulse, during it (the first combat resolution-roll "
                     "or the 2D6 at its end)", "4.1.4")
    ctx.effect("4.1.4", "the Action Phase ends after this impulse" if action.ends else "the Action Phase goes on")
    return state.model_copy(update={"end_roll_made": True, "action_phase_ends": action.ends})


def advantage(state: GameState, action: a.AdvantageUse, ctx: Ctx) -> GameState:
    if not state.advantage.available:
        raise refuse("use", action.use, "the Advantage in the Available box: it is in the Used box until the Reset Phase", "4.4")
    other = "insurgent" if state.advantage.owner == "coalition" else "coalition"
    if action.use == "mulligan" and state.combat is not None and not state.combat.allocated:
        ctx.effect("10.1", f"the {state.combat.situation} in area {state.combat.area} is rolled again: both players "
                   "reroll their dice; record it again")
        state = state.model_copy(update={"combat": None})
    ctx.effect("10.1", f"{state.advantage.owner} uses the Advantage ({action.use.replace('_', ' ')}): it passes to the "
               f"{other}, in the Used box")
    return state.model_copy(update={"advantage": state.advantage.model_copy(update={"owner": other, "available": False})})


def backlash(state: GameState, action: a.Backlash, ctx: Ctx) -> GameState:
    value = max(0, state.political_backlash + action.delta)
    ctx.effect("7.5", f"Political Backlash Track: {value}")
    return state.model_copy(update={"political_backlash": value})


# -- map and counters --------------------------------------------------------------------------------


def area_control(state: GameState, action: a.AreaControl, ctx: Ctx) -> GameState:
    areas = list(state.areas)
    areas[action.area - 1] = areas[action.area - 1].model_copy(update={"control": action.side})
    ctx.effect("9.1", f"area {action.area}: {action.side} control")
    return state.model_copy(update={"areas": tuple(areas)})


def key_area(state: GameState, action: a.KeyArea, ctx: Ctx) -> GameState:
    keyed = a.MapAndCounters(areas={str(action.area): a.AreaValues(tem=action.tem, adjacent=action.adjacent)})
    facts, _ = _merge_map(state.map, state.counters, keyed, set())
    ctx.effect("2.1", f"area {action.area} keyed" + (f": TEM {action.tem}" if action.tem is not None else "")
               + (f", adjacent to {', '.join(map(str, sorted(action.adjacent)))}" if action.adjacent is not None else ""))
    return state.model_copy(update={"map": facts})


def key_counter(state: GameState, action: a.KeyCounter, ctx: Ctx) -> GameState:
    keyed = a.MapAndCounters(counters={action.key: action.values})
    _, counters = _merge_map(state.map, state.counters, keyed, counter_keys(state))
    ctx.effect("3.1", f"counter {action.key} keyed")
    return state.model_copy(update={"counters": counters})


def key_map(state: GameState, action: a.KeyMap, ctx: Ctx) -> GameState:
    facts, counters = _merge_map(state.map, state.counters, action.map, counter_keys(state))
    ctx.effect("2.1", f"map & counters keyed: {len(action.map.areas)} areas, {len(action.map.counters)} counters")
    update: dict[str, Any] = {"map": facts, "counters": counters}
    if action.map.militia_counters is not None:
        update["militia_counters"] = action.map.militia_counters
    return state.model_copy(update=update)


# -- units ---------------------------------------------------------------------------------------------


def _check_stack(state: GameState, side: str, area: int, adding: int, field: str) -> None:
    here = [u for u in state.units_in(area) if u.side == side]
    if len(here) + adding > STACK:
        raise refuse(field, area, f"an area with room: {len(here)} {side} units there, at most {STACK}", "5")


def unit_move(state: GameState, action: a.UnitMove, ctx: Ctx) -> GameState:
    unit = _unit(state, action.unit)
    if unit.location == action.to:
        raise refuse("to", action.to, f"another place than where {unit.id} is", "6")
    if unit.dug_in:
        raise refuse("unit", unit.id, "a unit not Dug In: a Dug In unit may not move or retreat", "3.7")
    if isinstance(action.to, str):
        if unit.side == "insurgent" and action.to not in ("force_pool", "eliminated"):
            raise refuse("to", action.to, "an area: Insurgent units are in areas", "2.3")
        if unit.side == "coalition" and action.to in ("nw_entry_zone", "ne_entry_zone", "force_pool"):
            raise refuse("to", action.to, "an area: units never move into an Entry Zone", "2.3")
    else:
        _check_stack(state, unit.side, action.to, 1, "to")
    update: dict[str, Any] = {"location": action.to}
    if action.cost is not None:
        if state.phase != "action":
            raise refuse("cost", action.cost, "no MP outside the Action Phase (a Regroup or a retreat costs none)", "4.2")
        if unit.status != "fresh":
            raise refuse("unit", unit.id, "a Fresh unit: a Spent unit moves only to Regroup or retreat", "3.3")
        start = unit.mp_left if unit.mp_left is not None else state.counter(unit).mf
        if start is not None:
            if action.cost > start:
                raise refuse("cost", action.cost, f"at most the {start} MP {unit.id} has left", "6")
            update["mp_left"] = start - action.cost
        update["acted"] = True
    ctx.effect("6.1" if action.cost is not None else "6", f"{unit.label} to {action.to}"
               + (f" ({action.cost} MP; {update.get('mp_left', '?')} left)" if action.cost is not None else ""))
    triggers = (unit.side == "coalition" and isinstance(action.to, int) and state.phase == "action"
                and state.area(action.to).control == "insurgent"
                and not any(u.side == "coalition" for u in state.units_in(action.to)))
    state = _with_unit(state, unit, **update)
    if triggers:
        ctx.effect("4.1.3", f"the first Coalition unit entering area {action.to}: the Insurgent may react"
                   + (" (the bot's table, 17)" if state.variant == "solitaire" else ""))
        state = state.model_copy(update={"reaction": Reaction(area=action.to, version=ctx.version)})  # type: ignore[arg-type]
    return state


def unit_status(state: GameState, action: a.UnitStatus, ctx: Ctx) -> GameState:
    unit = _unit(state, action.unit)
    update: dict[str, Any] = {}
    if action.dug_in is not None:
        if action.dug_in and unit.type != "fedayeen":
            raise refuse("dug_in", True, "a Fedayeen unit: only Fedayeen are placed under a Dug In marker", "4.1.1")
        update["dug_in"] = action.dug_in
        ctx.effect("3.7", f"{unit.label}: {'Dug In' if action.dug_in else 'Dug In marker removed'}")
    if action.status is not None:
        update["status"] = action.status
        ctx.effect("3.3", f"{unit.label}: {action.status.title()}")
    return _with_unit(state, unit, **update)


def _new_insurgent(state: GameState, kind: str, area: int, dug_in: bool) -> tuple[GameState, UnitState]:
    if kind == "militia":
        pool = [u for u in state.units if u.type == "militia" and u.location == "force_pool"]
        if pool:
            placed = pool[0].model_copy(update={"location": area, "status": "fresh", "dug_in": False})
            return _units(state, {placed.id: placed}), placed
        militia = [u for u in state.units if u.type == "militia"]
        if state.militia_counters is not None and len(militia) >= state.militia_counters:
            raise refuse("unit_type", kind, f"a Militia from the Force Pool: all {state.militia_counters} Militia are on the map", "11.1")
    n = 1 + max((int(u.id.rsplit("-", 1)[1]) for u in state.units if u.type == kind), default=0)
    unit = UnitState(id=f"{kind}-{n}", side="insurgent", type=kind, label=f"{kind.title()} {n}", location=area, dug_in=dug_in)
    return state.model_copy(update={"units": state.units + (unit,)}), unit


def unit_place(state: GameState, action: a.UnitPlace, ctx: Ctx) -> GameState:
    if action.dug_in and action.unit_type != "fedayeen":
        raise refuse("dug_in", True, "a Fedayeen unit: only Fedayeen are placed under a Dug In marker", "4.1.1")
    _check_stack(state, "insurgent", action.area, action.count, "area")
    placed = []
    for _ in range(action.count):
        state, unit = _new_insurgent(state, action.unit_type, action.area, action.dug_in)
        placed.append(unit.label)
    ctx.effect("11.1" if action.unit_type != "militia" else "14.2", f"placed in area {action.area}: {', '.join(placed)}")
    record = state.bot_last
    if (record is not None and record.situation == "bot-impulse" and action.unit_type == "militia"
            and record.decision.get("action") == "organize_resistance" and record.decision.get("area") == action.area
            and "militia_placed" not in record.applied):  # the bot's Organize Resistance placement (14.2) done
        state = state.model_copy(update={"bot_last": record.model_copy(update={"applied": record.applied + ("militia_placed",)})})
    fresh = [u for u in state.units_in(action.area) if u.type in ("fedayeen", "cadre") and u.status == "fresh"]
    if len(fresh) > FRICTION:
        ctx.effect("5.1", f"area {action.area}: {len(fresh)} Fresh Cadre and Fedayeen, more than {FRICTION} at the end of the impulse")
    return state


def _eliminate(state: GameState, unit: UnitState, ctx: Ctx, rule: str) -> GameState:
    where = "force_pool" if unit.type == "militia" else "eliminated"
    ctx.effect("11.1" if where == "force_pool" else rule, f"{unit.label} eliminated" + (" (back to the Force Pool)" if where == "force_pool" else ""))
    return _with_unit(state, unit, location=where, status="fresh", dug_in=False, mp_left=None, acted=False)


def unit_eliminate(state: GameState, action: a.UnitEliminate, ctx: Ctx) -> GameState:
    unit = _unit(state, action.unit)
    state = _eliminate(state, unit, ctx, "8.2")
    if isinstance(unit.location, int) and (state.reaction is None or state.reaction.area != unit.location):
        state = _control_changes(state, ctx, only=unit.location)  # 9.1, its EXCEPTION: a Reaction pending
    return state


def resistance(state: GameState, action: a.Resistance, ctx: Ctx) -> GameState:
    ctx.effect("14.2", f"RESISTANCE marker {'in area ' + str(action.area) if action.area else 'removed'}")
    return state.model_copy(update={"resistance": action.area})


def casualties(state: GameState, action: a.Casualties, ctx: Ctx) -> GameState:
    here = {u.id for u in state.units_in(action.area) if u.side == "insurgent"}
    named = action.eliminated + action.spent + [r.unit for r in action.retreats]
    stray = [u for u in named if u not in here]
    if stray:
        raise refuse("units", stray, f"Insurgent units of area {action.area}: {sorted(here)}", "8.2")
    for unit_id in action.spent:
        ctx.effect("8.2", f"{_unit(state, unit_id).label} flipped to Spent")
        state = _with_unit(state, _unit(state, unit_id), status="spent")
    for unit_id in action.eliminated:
        state = _eliminate(state, _unit(state, unit_id), ctx, "8.4" if action.overrun else "8.2")
    for retreat in action.retreats:
        unit = _unit(state, retreat.unit)
        if retreat.to is None:
            state = _eliminate(state, unit, ctx, "8.3")
            continue
        _check_stack(state, "insurgent", retreat.to, 1, "retreats")
        ctx.effect("8.3", f"{unit.label} retreats to area {retreat.to}")
        state = _with_unit(state, unit, location=retreat.to, dug_in=False)
    if state.combat is not None and state.combat.area == action.area:
        state = state.model_copy(update={"combat": state.combat.model_copy(update={"allocated": True})})
    return _control_changes(state, ctx, only=action.area)


def reaction(state: GameState, action: a.ReactionApplied, ctx: Ctx) -> GameState:
    """4.1.3 and 17: each reacting unit once; a unit retreating by Reaction stays Fresh in solitaire play (12.1)."""
    if state.reaction is None or state.reaction.area != action.area:
        raise refuse("area", action.area, f"the Reaction Area: {state.reaction.area if state.reaction else 'no Reaction pending'}", "4.1.3")
    for unit_id in action.dug_in:
        unit = _unit(state, unit_id, "dug_in")
        if unit.type != "fedayeen" or unit.location != action.area:
            raise refuse("dug_in", unit_id, f"a Fedayeen of area {action.area}", "4.1.3")
        ctx.effect("17", f"{unit.label} Digs In")
        state = _with_unit(state, unit, dug_in=True)
    for retreat in action.retreats:
        unit = _unit(state, retreat.unit, "retreats")
        if retreat.to is None:
            ctx.effect("16", f"{unit.label}: retreat cancelled")
            continue
        _check_stack(state, "insurgent", retreat.to, 1, "retreats")
        rule = "12.1" if state.variant == "solitaire" else "4.1.3"
        ctx.effect(rule, f"{unit.label} retreats to area {retreat.to}" + (" and stays Fresh" if rule == "12.1" else ", Spent"))
        state = _with_unit(state, unit, location=retreat.to, status=unit.status if rule == "12.1" else "spent")
    for placed in action.placed:
        _check_stack(state, "insurgent", placed.area, 1, "placed")
        state, unit = _new_insurgent(state, placed.unit_type, placed.area, placed.dug_in)
        ctx.effect("17", f"{unit.label} placed in area {placed.area}" + (" (Dug In)" if placed.dug_in else ""))
    return state.model_copy(update={"reaction": None})


def bot_setup(state: GameState, action: a.BotSetup, ctx: Ctx) -> GameState:
    if any(u.type == "fedayeen" for u in state.units):
        raise refuse("fedayeen", action.fedayeen, "a game whose Fedayeen are not placed yet", "13")
    for area in action.fedayeen:
        _check_stack(state, "insurgent", area, 1, "fedayeen")
        state, _ = _new_insurgent(state, "fedayeen", area, False)
    ctx.effect("13", f"the bot's set-up: {len(action.fedayeen)} Fedayeen placed")
    return state


def attack_declared(state: GameState, action: a.AttackDeclared, ctx: Ctx) -> GameState:
    _in_action(state, "an Insurgent attack", "14.1")
    fresh = {u.id for u in state.units_in(action.origin) if u.type == "militia" and u.status == "fresh"}
    wrong = [u for u in action.attackers if u not in fresh]
    if wrong:
        raise refuse("attackers", wrong, f"Fresh Militia of area {action.origin}: {sorted(fresh)}", "14.1.2")
    ctx.effect("14.1.2", f"attack declared on area {action.target} from area {action.origin}: {', '.join(action.attackers)} "
               "(each attacks individually, 7.3)")
    state = _units(state, {u: _unit(state, u).model_copy(update={"acted": True}) for u in action.attackers})
    if state.bot_last is not None:
        state = state.model_copy(update={"bot_last": state.bot_last.model_copy(update={"applied": state.bot_last.applied + ("attack_declared",)})})
    return state.model_copy(update={"activated": action.origin})


def bot_apply(state: GameState, action: a.BotApply, ctx: Ctx) -> GameState:
    """The confirmed bot decision applied at once (12): each step as its own action applies it; a
    new one must be what the decision calls for now (:func:`.bot.steps`), not a stale page's."""
    if is_live():
        due = [a.parse_action(f.payload()).model_dump(exclude={"rules"}) for f in bot.steps(state)]
        given = [step.model_dump(exclude={"rules"}) for step in action.steps]
        if given != due:
            raise refuse("steps", [s["type"] for s in given], "the steps the confirmed decision calls for now: "
                         + (", ".join(s["type"] for s in due) or "none") + " (reload the page)", "12")
    moves = {move.type: move.apply for move in MOVES}
    for step in action.steps:
        state = moves[step.type](state, step, ctx)
    return state


# -- dice and adjudications -----------------------------------------------------------------------------


def _bot_faces(state: GameState, field: str, faces: list[int], ctx: Ctx, by: str,
               asked: dict[str, str] | None = None) -> GameState:
    if field != "dice.tiebreak" and field in state.bot_dice:
        raise refuse("field", field, f"a die not rolled yet: {field} is {list(state.bot_dice[field])} (dice stay recorded)", "12.2")
    # a die kept is never undone (12.2): a new one is only a die the bot asks for now, each a face
    # it can show (a game stored or exported before this check folds as it was kept)
    if is_live():
        asked = bot.dice_asked(state) if asked is None else asked
        if field not in asked:
            raise refuse("field", field, f"a die the bot asks for now: {', '.join(sorted(asked)) or 'none'}", "12.2")
        low, high, each = (2, 12, "2D6, 2 to 12 (the two dice added)") if "2D6" in asked[field] else (1, 6, "1D6, 1 to 6")
        several = field == "dice.tiebreak" or field.startswith("dice.retreat.")
        if any(not low <= f <= high for f in faces) or (len(faces) != 1 and not several):
            raise refuse("faces", faces, f"{field}: {'one ' if not several else ''}{each}{' each' if several else ''} "
                         f"({asked[field]})", "12.2")
    kept = state.bot_dice.get(field, ()) + tuple(faces)
    ctx.effect("12.2", f"bot {field}: {', '.join(map(str, faces))} ({by})")
    return state.model_copy(update={"bot_dice": {**state.bot_dice, field: kept}})


def bot_die(state: GameState, action: a.BotDie, ctx: Ctx) -> GameState:
    return _bot_faces(state, action.field, action.faces, ctx, "entered from the table")


def _bot_faces_each(state: GameState, fields: list[str], faces: list[int], ctx: Ctx, by: str,
                    die: str | None = None) -> GameState:
    """One die for each of the bot's die fields at once (every die it asks for now, 12.2, 13)."""
    if len(fields) != len(faces):
        raise refuse("faces", faces, f"one die for each of the {len(fields)} fields ({', '.join(fields)})", "12.2")
    asked = bot.dice_asked(state) if is_live() else None
    if asked is not None and die is not None:
        wrong = [f for f in fields if f in asked and ("2D6" in asked[f]) != (die == "2d6")]
        if wrong:
            raise refuse("die", die, f"the die each field asks for: {'; '.join(asked[f] for f in wrong)}", "12.2")
    for field, face in zip(fields, faces, strict=True):
        state = _bot_faces(state, field, [face], ctx, by, asked)
    return state


def bot_dice(state: GameState, action: a.BotDice, ctx: Ctx) -> GameState:
    return _bot_faces_each(state, action.fields, action.faces, ctx, "entered from the table")


def roll(state: GameState, action: a.Roll, ctx: Ctx) -> GameState:
    faces = rolls.rolled_faces(action.faces, action.dice)
    if action.fields is not None:
        return _bot_faces_each(state, action.fields, list(faces), ctx, "rolled by the app", action.die or "2d6")
    if action.purpose.startswith("bot:"):
        field = action.purpose[4:]
        if not field.startswith("dice."):
            raise refuse("purpose", action.purpose, "bot:<a die field the bot needs, e.g. dice.step1>", "12.2")
        return _bot_faces(state, field, list(faces), ctx, "rolled by the app")
    ctx.effect("7.2.7", f"rolled by the app ({action.die or '2d6'}): {', '.join(map(str, faces))}")
    rolled = AppRoll(version=ctx.version, faces=faces, purpose=action.purpose, die=action.die)
    return state.model_copy(update={"app_rolls": state.app_rolls + (rolled,)})


def adjudication(state: GameState, action: a.Adjudication, ctx: Ctx) -> GameState:
    app_rolls, answer = rolls.adjudicated(state.app_rolls, action, state.game)
    state = state.model_copy(update={"app_rolls": app_rolls})
    outcome = answer.get("result") or {}
    if action.situation.startswith("bot-"):
        if action.input.get("state") != table.table_json(state):
            raise refuse("input.state", "…", "the table state of this game now (the decision was made on another state: reload)", "12")
        override = action.input.get("override") or {}
        record = BotRecord(version=ctx.version, situation=action.situation, decision=answer.get("decision") or {},
                           trace=_trace_of(answer), override_reason=override.get("reason"))
        ctx.effect(_situation_rule(action.situation), f"{action.situation}: "
                   + ("overridden: " + str(override.get("reason")) if override else "confirmed")
                   + f" ({_summary(record.decision)})")
        update: dict[str, Any] = {"bot_last": record, "bot_dice": {}}
        if action.situation == "bot-casualties":
            update["casualties"] = record
        if action.situation == "bot-mulligan" and state.combat is not None:
            update["combat"] = state.combat.model_copy(update={"mulligan": bool(record.decision.get("mulligan"))})
        if action.situation == "bot-reaction" and state.reaction is not None:
            update["reaction"] = state.reaction.model_copy(update={"decision": record.decision})
        return state.model_copy(update=update)
    if action.situation in ("coalition-attack", "fire-mission", "insurgent-attack"):
        dice = action.input.get("rolls") or {}
        state = state.model_copy(update={"combat": Combat(
            version=ctx.version, situation=action.situation, area=action.input.get("area"), outcome=outcome.get("outcome"),
            insurgent_cp=outcome.get("insurgent_cp") or 0, coalition_cp=outcome.get("coalition_cp") or 0,
            offense=dice.get("offense"), defense=dice.get("defense"), ov=answer.get("ov"), dv=answer.get("dv"))})
        ctx.effect(outcome.get("rule") or answer.get("rule") or "7", f"{action.situation}: {outcome.get('outcome')}"
                   + (f", {outcome.get('insurgent_cp')} Insurgent CP" if outcome.get("insurgent_cp") else "")
                   + (f", {outcome.get('coalition_cp')} Coalition CP" if outcome.get("coalition_cp") else ""))
        ends = outcome.get("action_phase_ends")
        if (action.situation != "insurgent-attack" and state.phase == "action" and state.side == "coalition"
                and not state.end_roll_made and ends is not None):
            ctx.effect("4.1.4", "first combat resolution-roll of the impulse: the Action Phase "
                       + ("ends after this impulse" if ends else "goes on"))
            state = state.model_copy(update={"end_roll_made": True, "action_phase_ends": bool(ends)})
        return state
    if action.situation == "end-of-action-phase" and state.phase == "action" and state.side == "coalition" and not state.end_roll_made:
        ends = bool(outcome.get("ends"))
        ctx.effect("4.1.4", "the Action Phase " + ("ends after this impulse" if ends else "goes on"))
        return state.model_copy(update={"end_roll_made": True, "action_phase_ends": ends})
    ctx.effect(action.rules[0] if action.rules else None, f"{action.situation}: recorded")
    return state


def _trace_of(answer: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """A bot answer's trace as its record keeps it: the entries 12.2 step 2 ignored marked
    ``"ignored": true`` (an answer recorded before it has none, and folds as it did)."""
    ignored = set(answer.get("ignored") or ())
    return tuple({**entry, "ignored": True} if index in ignored else entry
                 for index, entry in enumerate(answer.get("trace") or ()))


def _situation_rule(situation: str) -> str:
    from adjudicator import registry

    found = registry.situations(table.GAME).get(situation)
    return found.rule if found is not None else "12"


def _summary(decision: dict[str, Any]) -> str:
    keys = ("action", "target", "origin", "area", "lead", "unit", "to", "outcome")
    return ", ".join(f"{k} {decision[k]}" for k in keys if decision.get(k) is not None) or "no decision"


def note(state: GameState, action: a.NoteAction, ctx: Ctx) -> GameState:
    return state


#: Every move (boardgame.io's ``moves``); dice and adjudications cannot be undone (a roll is never
#: undone to roll again).
MOVES: tuple[Move[GameState, Ctx], ...] = (
    Move(a.NextPhase, next_phase), Move(a.Activate, activate), Move(a.EndImpulse, end_impulse),
    Move(a.EndRoll, end_roll), Move(a.AdvantageUse, advantage), Move(a.Backlash, backlash),
    Move(a.AreaControl, area_control), Move(a.KeyArea, key_area), Move(a.KeyCounter, key_counter),
    Move(a.KeyMap, key_map), Move(a.UnitMove, unit_move), Move(a.UnitStatus, unit_status),
    Move(a.UnitPlace, unit_place), Move(a.UnitEliminate, unit_eliminate), Move(a.Resistance, resistance),
    Move(a.Casualties, casualties), Move(a.ReactionApplied, reaction), Move(a.BotSetup, bot_setup),
    Move(a.AttackDeclared, attack_declared), Move(a.BotApply, bot_apply),
    Move(a.BotDie, bot_die, undoable=False),
    Move(a.BotDice, bot_dice, undoable=False),
    Move(a.Roll, roll, undoable=False, random=True), Move(a.Adjudication, adjudication, undoable=False),
    Move(a.NoteAction, note),
)
assert {m.type for m in MOVES} == set(a.ACTION_TYPES), {m.type for m in MOVES} ^ set(a.ACTION_TYPES)


@cache
def _known_rules() -> frozenset[str]:
    from rules_text.loading import load_game

    return frozenset(load_game(table.GAME).corpus("en").by_id)


def allowed(state: GameState, action: Any) -> None:
    """Refuses a rule id the rulebook does not have, and any action but a note once the game is over (4.4)."""
    unknown = [r for r in action.rules if r not in _known_rules()]
    if unknown:
        raise refuse("rules", unknown, "rule ids of the rulebook (e.g. '7.2.4')")
    if state.outcome != "in_progress" and action.type != "note":
        raise refuse("type", action.type, "only 'note', undo or redo: the game is over", "4.4")



#: What the kernel plays (:mod:`web.kernel`): the moves and the setup.
KERNEL: Moves[GameState, Ctx] = Moves(
    moves=MOVES,
    setup=lambda payload: initial_state(a.parse_setup(payload)),
    parse=a.parse_action,
    allowed=allowed,
    nothing_to_undo=nothing_to_undo_since(
        "an action to undo: there is none since the start or since the last die or adjudication (a roll is "
        "never undone to roll again)"),
)


__all__ = ["FIRST_TURN", "KERNEL", "SUPPORT_TYPES", "initial_state"]
