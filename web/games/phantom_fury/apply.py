"""Phantom Fury's setup and moves, declared for the kernel (:mod:`web.kernel`), which applies
them, keeps the versions and undoes and redoes: a die roll or an adjudication cannot be undone
(3), so nothing before it can be taken back to roll again.
"""

from __future__ import annotations

from typing import Any

from web import rolls
from web.errors import Problem, Refused, refuse
from web.kernel import Move, Moves, nothing_to_undo_since

from . import actions as a
from . import order, units, zones
from .moves import Ctx, add_vp, drop_security_element, with_unit, with_zone
from .rules import Rules, rules
from .state import PHASES, GameState, UnitState, ZoneState

# -- setup ---------------------------------------------------------------------------------------


def _start_zones(setup: a.Setup) -> list[int]:
    """The start Zones (6.2): as given, else those of the player's copy."""
    return list(setup.start_zones) or (list(setup.map.start_zones) if setup.map else [])


def setup_problems(setup: a.Setup, rules: Rules) -> list[Problem]:
    """Every problem of a setup at once (6.1.2, 6.2, 6.3, 6.3.1; the copy's facts, 5.1.1)."""
    problems: list[Problem] = []
    low, high = rules.strong_points
    if not low <= setup.strong_points <= high:
        problems.append(Problem("strong_points", setup.strong_points, f"{low} to {high}", "6.1.2"))
    if setup.map is not None:
        problems += order.copy_problems(setup.map, rules, "map.")
    if setup.start_zones:
        problems += order.copy_problems(a.MapAndCounters(start_zones=setup.start_zones), rules)
    problems += order.order_problems(_start_zones(setup), setup.squads, setup.company, setup.battalion, rules)
    return problems


def initial_state(setup: a.Setup, rules: Rules) -> GameState:
    """The game after setup (6): every Zone under insurgent Control (4.1.4), the start Zones
    Activated (6.2), the order of battle placed (6.3), the IIF and Abrams in their boxes; the
    CF of the squad counters of the player's copy kept for the draw (5.1.1, 6.3)."""
    problems = setup_problems(setup, rules)
    if problems:
        raise Refused(problems)
    start = set(_start_zones(setup)) or {s.zone for s in setup.squads if s.zone is not None}
    zones = tuple(
        ZoneState(
            number=n,
            activation="start" if n in start else None,
            fortified_by_default=n == rules.mosque_zone,
            control=None if n == rules.uncontrollable_zone else "insurgents",
        )
        for n in range(1, rules.zones + 1)
    )
    roster = order.roster(setup.squads, setup.company, setup.battalion, rules, 1)
    for n in range(1, rules.iif_squads + 1):
        roster.append(UnitState(id=units.unit_id("iif", n), kind="iif", counter=n, cf=rules.iif_cf, origin="iraqi"))
    for n in range(1, rules.abrams[setup.variant] + 1):
        roster.append(UnitState(id=units.unit_id("abrams", n), kind="abrams", counter=n, cf=rules.abrams_cf,
                                origin="armour"))
    return GameState(
        name=setup.name, variant=setup.variant, ruleset=setup.ruleset, strong_points=setup.strong_points, version=1,
        last_turn=rules.last_turn[setup.variant], zones=zones, units=tuple(roster),
        missions_used={row.result: 0 for row in rules.missions.rows},
        squad_counters={c.counter: c.cf for c in setup.map.squads} if setup.map else {},
    )


# -- the turn ------------------------------------------------------------------------------------


def next_phase(state: GameState, action: a.NextPhase, ctx: Ctx) -> GameState:
    """The next Phase (8); the Reorganisation Phase ends with its automatic steps, then the end
    of the game is checked (7.1, 7.2) or the next turn begins."""
    index = PHASES.index(state.phase)
    if index < len(PHASES) - 1:
        return state.model_copy(update={"phase": PHASES[index + 1]})
    state = end_of_reorganisation(state, ctx)
    return end_of_turn(state, ctx)


def end_of_reorganisation(state: GameState, ctx: Ctx) -> GameState:
    """The steps of the Reorganisation Phase that need no die (14.3.1-14.3.3, 14.3.5, 14.5)."""
    for unit in state.units:
        if unit.security_element is None:
            continue
        if unit.where != "map":
            state = drop_security_element(state, ctx, unit, "14.3.2")
        elif state.zone(unit.security_element.zone).control == "usmc":
            state = drop_security_element(state, ctx, unit, "14.3.1")
    every_unit = ctx.rules.fired_reset[state.ruleset] == "units"
    for unit in state.units:
        if unit.where == "map" and unit.status == "fired":
            if every_unit or unit.kind != "abrams":
                state = with_unit(state, unit.id, status="ready")
                ctx.effect("14.3.3", f"{unit.id} back to normal facing (was Fired)")
            else:
                ctx.effect("14.3.3", f"{unit.id} stays Fired: the English 14.3.3 turns back only the USMC squads "
                           "(the French, every unit; rulesets.yaml: fired-reset-units)")
        if unit.caat is not None and unit.caat.ammo == 0 and not unit.caat.explosives:
            state = with_unit(state, unit.id, caat=None)
            ctx.effect("14.3.5", f"CAAT support of {unit.id} removed: no munitions left (no VP)")
    for zone in state.zones:
        if zone.phantom_fury == "0030":
            state = with_zone(state, zone.number, phantom_fury=None)
            ctx.effect("14.5", f"'Phantom Fury' (0030) marker removed from Zone {zone.number}")
        elif zone.phantom_fury == "0015":
            state = with_zone(state, zone.number, phantom_fury="0030")
            ctx.effect("14.5", f"'Phantom Fury' marker of Zone {zone.number} turned to 0030")
    return state


def end_of_turn(state: GameState, ctx: Ctx) -> GameState:
    """USMC victory when every Zone is under USMC Control (7.2, +5 VP per turn not played);
    at the end of the last turn, defeat unless only an empty Zone 26 is left (7.1)."""
    rules = ctx.rules
    insurgent = [z for z in state.zones if z.control == "insurgents"]
    if not insurgent:
        state = state.model_copy(update={"outcome": "usmc_victory"})
        ctx.effect("7.2", f"every Zone is under USMC Control at the end of turn {state.turn}: USMC victory")
        unplayed = state.last_turn - state.turn
        if unplayed:
            state = add_vp(state, ctx, "turn_not_played", unplayed)
        return state
    if state.turn < state.last_turn:
        return state.model_copy(update={"turn": state.turn + 1, "phase": PHASES[0]})
    mosque = state.zone(rules.mosque_zone)
    if [z.number for z in insurgent] == [rules.mosque_zone] and not mosque.suspects and not mosque.insurgents:
        state = state.model_copy(update={"outcome": "usmc_victory"})
        ctx.effect("7.1", f"only Zone {rules.mosque_zone} is not under USMC Control and it is empty: "
                   "USMC victory with a VP penalty")
        return add_vp(state, ctx, "zone26_uncontrolled", rule="7.1")
    ctx.effect("7.1", f"the game ends after turn {state.turn} with {len(insurgent)} Zones under insurgent "
               "Control: the player has lost")
    return state.model_copy(update={"outcome": "insurgent_victory"})


def vp(state: GameState, action: a.Vp, ctx: Ctx) -> GameState:
    """A VP ledger line (7.2.1); its value is read from the scale, never typed."""
    if action.reason == "manual":
        return add_vp(state, ctx, "manual", action.count, value=action.value, note=action.note)
    if action.reason == "battalion_reinforcement" and state.variant == "historical":
        return add_vp(state, ctx, action.reason, action.count, value=0, rule="15", note=action.note)
    rule = {"squad_withdrawn": "12.4.3", "zone26_uncontrolled": "7.1"}.get(action.reason, "7.2.1")
    return add_vp(state, ctx, action.reason, action.count, rule=rule, note=action.note)


# -- support, dice, adjudications, notes ---------------------------------------------------------


def support_mission(state: GameState, action: a.SupportMission, ctx: Ctx) -> GameState:
    table = ctx.rules.missions
    if state.phase != "support":
        raise refuse("phase", state.phase, "'support': Missions are called in the Support Phase", "9.1")
    keys = [row.result for row in table.rows]
    if action.mission not in keys:
        raise refuse("mission", action.mission, f"one of {', '.join(keys)}", "9.3")
    if state.support_closed_turn == state.turn:
        raise refuse("mission", action.mission, "no more Missions this turn: an insurgent Reaction ended the "
                     "Support Phase", "9.1")
    if action.outcome == "postponed":
        ctx.effect("9.4", "Mission postponed: roll the insurgent Reaction; the Support Phase then ends")
        return state.model_copy(update={"support_closed_turn": state.turn})
    limit = table.row(action.mission).max or 0
    used = state.missions_used.get(action.mission, 0)
    if used >= limit:
        raise refuse("mission", action.mission, f"a Mission with successes left: {used} of {limit} used", "9.2")
    ctx.effect("9.2", f"{action.mission}: {used + 1} of {limit} used")
    return state.model_copy(update={"missions_used": {**state.missions_used, action.mission: used + 1}})


def adjudication(state: GameState, action: a.Adjudication, ctx: Ctx) -> GameState:
    app_rolls, answer = rolls.adjudicated(state.app_rolls, action, state.game)
    state = state.model_copy(update={"app_rolls": app_rolls})
    # the answer as recorded (JSON), not re-read through today's answer model: a log must replay
    # whatever the models become; only the outcome's name goes into the effect's text
    resolved = answer.get("result")
    outcome = resolved.get("outcome", "resolved") if isinstance(resolved, dict) else "resolved"
    ctx.effect(action.rules[0] if action.rules else "3", f"{action.situation}: {outcome} (d10 by the {action.rolls_by})")
    return state


def note(state: GameState, action: a.NoteAction, ctx: Ctx) -> GameState:
    return state


#: Every move (boardgame.io's ``moves``); a die roll or an adjudication cannot be undone to roll again (3).
MOVES: tuple[Move[GameState, Ctx], ...] = (
    Move(a.NextPhase, next_phase, rules=("8",)),
    Move(a.Vp, vp, rules=("7.2.1",)),
    Move(a.NoteAction, note),
    Move(a.ZoneActivate, zones.zone_activate, rules=("4.1.3",)),
    Move(a.ZoneControl, zones.zone_control, rules=("4.1.4",)),
    Move(a.ZoneRuins, zones.zone_ruins, rules=("4.1.6",)),
    Move(a.ZoneMarker, zones.zone_marker),
    Move(a.ZoneCounts, zones.zone_counts, rules=("5.2", "5.3")),
    Move(a.UnitAdd, units.add),
    Move(a.UnitEnter, units.enter, rules=("10",)),
    Move(a.UnitMove, units.move, rules=("12",)),
    Move(a.UnitStepLoss, units.step_loss, rules=("5.1.1.1",)),
    Move(a.UnitEliminate, units.eliminate),
    Move(a.UnitWithdraw, units.withdraw, rules=("12.4.3",)),
    Move(a.UnitStatus, units.status, rules=("11.3", "11.5")),
    Move(a.UnitHero, units.hero, rules=("5.1.5",)),
    Move(a.SecurityElementDetach, units.detach, rules=("12.3.2",)),
    Move(a.SecurityElementRegroup, units.regroup, rules=("12.3.2",)),
    Move(a.CaatAmmo, units.caat_ammo, rules=("11.1.2.1",)),
    Move(a.CaatExplosives, units.caat_explosives, rules=("13.7.1",)),
    Move(a.CaatRemove, units.caat_remove, rules=("14.3.5",)),
    Move(a.SupportMission, support_mission, rules=("9",)),
    Move(a.Roll, rolls.roll_move("3"), undoable=False, rules=("3",), random=True),
    Move(a.Adjudication, adjudication, undoable=False, rules=("3",)),
    Move(a.SquadsDraw, order.draw, rules=("6.3",), random=True,
         draw=lambda action, rng: action.model_copy(update={"draw": rng.getrandbits(63)})),
    Move(a.OrderOfBattle, order.place, rules=("6.3", "6.3.1")),
)
assert {m.type for m in MOVES} == set(a.ACTION_TYPES), {m.type for m in MOVES} ^ set(a.ACTION_TYPES)


def allowed(state: GameState, action: Any) -> None:
    """Refuses a rule id the rulebook does not have, and any action but a note once the game is over (7)."""
    unknown = [r for r in action.rules if r not in rules().game.corpus("en").by_id]
    if unknown:
        raise refuse("rules", unknown, "rule ids of the rulebook (e.g. '11.2.1')")
    if state.outcome != "in_progress" and action.type != "note":
        raise refuse("type", action.type, f"only 'note', undo or redo: the game is over ({state.outcome})", "7")



#: What the kernel plays (:mod:`web.kernel`): the moves, the setup, the context of a move.
KERNEL: Moves[GameState, Ctx] = Moves(
    moves=MOVES,
    setup=lambda payload: initial_state(a.parse_setup(payload), rules()),
    parse=a.parse_action,
    context=lambda state, version: Ctx(rules(), version),
    allowed=allowed,
    nothing_to_undo=nothing_to_undo_since(
        "an action to undo: there is none since the start or since the last die roll or adjudication (a roll "
        "cannot be undone to roll again)"),
)

