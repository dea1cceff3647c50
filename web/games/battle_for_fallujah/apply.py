"""Battle for Fallujah's setup and moves, declared for the kernel (:mod:`web.kernel`): each move
pure, refusing with its rule what the game does not allow. The kernel undoes and redoes; a die
roll, an adjudication or a chit drawn by the app cannot be undone (nothing before it either).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from web import rolls
from web.errors import Refused, refuse
from web.kernel import Ctx, Move, Moves, nothing_to_undo_since

from . import actions as a
from . import cup
from .rules import GAME, known_rule, victory_level
from .state import (
    BATTALIONS,
    EOT_STEPS,
    LAST_TURN,
    MEDIA_MAX,
    PRESSURE_MAX,
    VP_MAX,
    VP_MIN,
    GameState,
    HexState,
    MapKey,
    Roll,
    TrackPoint,
    UnitState,
    VpEntry,
)

#: The reading of the Media overflow followed (errata 23.1.3): reading A.
MEDIA_READING = ("errata 23.1.3, reading A: each time the marker passes 5, Political Pressure +1 and the marker "
                 "goes to the 1 circle; further red successes of the same roll carry on from there")


# -- shared updates -----------------------------------------------------------------------------


def with_hex(state: GameState, number: int, **changes: Any) -> GameState:
    hexes = list(state.hexes)
    hexes[number - 1] = hexes[number - 1].model_copy(update=changes)
    return state.model_copy(update={"hexes": tuple(hexes)})


def with_unit(state: GameState, unit_id: str, **changes: Any) -> GameState:
    return state.model_copy(update={"units": tuple(
        u.model_copy(update=changes) if u.id == unit_id else u for u in state.units)})


def add_vp(state: GameState, ctx: Ctx, value: int, reason: str, rule: str, note: str | None = None) -> GameState:
    """A VP line; the track stops at +6 (25.3.1) and -6 (25.11.1), the excess is lost."""
    before = state.vp
    after = max(VP_MIN, min(VP_MAX, before + value))
    entry = VpEntry(version=ctx.version, turn=state.turn, phase=state.phase, value=value, applied=after - before,
                    reason=reason, rule=rule, note=note)
    text = f"VP {value:+d} ({reason}): track {before:+d} → {after:+d}"
    ctx.effect(rule, text)
    if after - before != value:
        cap = "25.3.1" if value > 0 else "25.11.1"
        ctx.effect(cap, f"{value - (after - before):+d} VP lost: the track stops at {after:+d}")
    return state.model_copy(update={"vp_ledger": state.vp_ledger + (entry,)})


def advance_media(state: GameState, ctx: Ctx, count: int, rule: str) -> GameState:
    """``count`` red successes on the Media Track (23.1.2); past 5, Political Pressure +1 and the
    marker to circle 1 (23.1.3, 23.1.4; errata 23.1.3 reading A). The Political Pressure Track stops at +3 (14.2.1)."""
    media, pressure, overflows = state.media, state.pressure, state.overflows
    for _ in range(count):
        if media < MEDIA_MAX:
            media += 1
            continue
        media = 1
        overflows += 1
        if pressure < PRESSURE_MAX:
            pressure += 1
            ctx.effect("23.1.3" if overflows == 1 else "23.1.4",
                       f"Media Track overflows: Political Pressure +{pressure}, Media marker to 1 ({MEDIA_READING})")
        else:
            ctx.effect("14.2.1", f"Media Track overflows with Political Pressure already at +{PRESSURE_MAX} "
                       "(the track's last circle): no further modifier")
    ctx.effect(rule, f"Media Track {state.media} → {media} ({count} red success{'es' if count != 1 else ''})")
    return state.model_copy(update={"media": media, "pressure": pressure, "overflows": overflows})


def need_rules(rules: list[str]) -> None:
    unknown = [r for r in rules if not known_rule(r)]
    if unknown:
        raise refuse("rules", unknown, "rule ids of the rulebook (e.g. '18.2.1')")


# -- setup ---------------------------------------------------------------------------------------


def units_for(map_key: MapKey, units: tuple[UnitState, ...] = ()) -> tuple[UnitState, ...]:
    """The units of the keyed counters: those already in play keep their state, new ones start in
    their base in Good Order (9.1, 9.1.1)."""
    kept = {u.id: u for u in units}
    return tuple(kept.get(c.id) or UnitState(id=c.id) for c in map_key.coalition)


def map_problems(map_key: MapKey) -> list[tuple[str, Any, str, str | None]]:
    problems: list[tuple[str, Any, str, str | None]] = []
    numbers = [h.number for h in map_key.hexes]
    if len(set(numbers)) != len(numbers):
        problems.append(("map.hexes", numbers, "each hex once", "3.1"))
    if sum(h.mayor for h in map_key.hexes) > 1:
        problems.append(("map.hexes.mayor", [h.number for h in map_key.hexes if h.mayor],
                         "one hex: the Mayor's compound/Army complex", "14.1.1"))
    ids = [c.id for c in map_key.coalition]
    if len(set(ids)) != len(ids):
        problems.append(("map.coalition.id", ids, "each counter's id once", None))
    for i, c in enumerate(map_key.coalition):
        if c.kind == "support" and c.availability is None:
            continue  # asked for when its Availability is rolled (5.5)
        if c.kind != "support" and (c.availability is not None or c.mission is not None):
            problems.append((f"map.coalition.{i}", c.id, "availability and mission on Support units only", "5.5"))
    names = [i.name for i in map_key.insurgents]
    if len(set(names)) != len(names):
        problems.append(("map.insurgents.name", names, "each Insurgent counter type once", None))
    return problems


def check_map(map_key: MapKey) -> None:
    from web.errors import Problem

    problems = map_problems(map_key)
    if problems:
        raise Refused([Problem(f, v, allowed, rule) for f, v, allowed, rule in problems])


def initial_state(setup: a.Setup) -> GameState:
    """Setup (9): VP and Media at 0 (9.2), Political Pressure +0 (9.3), the cup (9.4), turn 1 (9.6)."""
    map_key = setup.map or MapKey()
    check_map(map_key)
    return GameState(version=1, name=setup.name, variant=setup.variant, chit_reading=setup.chit_reading,
                     map=map_key, units=units_for(map_key))


# -- phases --------------------------------------------------------------------------------------


def next_phase(state: GameState, action: a.NextPhase, ctx: Ctx) -> GameState:
    if state.phase != "intelligence":
        raise refuse("phase", state.phase, "'intelligence': the other phases end by the chits drawn (12.5.2) "
                     "or 'operations_end' (13.2)", "10.2.1")
    if state.wanted_roll is None or state.wanted_roll.turn != state.turn:
        raise refuse("phase", state.phase, "the Intelligence roll recorded first (calculator 'intelligence')", "11.1")
    ctx.effect("12.1", "Activation Phase: draw a chit from the cup")
    return state.model_copy(update={"phase": "activation"})


def next_step(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """One step of the End of Turn Phase (14.1-14.5), in order."""
    if state.phase != "end_of_turn":
        raise refuse("phase", state.phase, "'end_of_turn': two End of Turn chits drawn (12.5.2)", "14")
    step, _rule = EOT_STEPS[state.eot_step]
    state = STEP_MOVES[step](state, action, ctx)
    if state.outcome != "in_progress" or state.phase != "end_of_turn":
        return state
    return state.model_copy(update={"eot_step": state.eot_step + 1})


def mayor_status(state: GameState, given: str | None) -> str | None:
    """The Mayor's compound hex: pacified (25.18), contested (Coalition units there, errata 10.2.1
    reading 1) or Insurgent controlled (25.8); None when the hex is not keyed and not given."""
    if given is not None:
        return given
    hex_key = next((h for h in state.map.hexes if h.mayor), None)
    if hex_key is None:
        return None
    hex_ = state.hex(hex_key.number)
    if hex_.pacified:
        return "pacified"
    return "contested" if state.units_in(hex_key.number) or hex_.isolated else "insurgent_controlled"


def step_vp(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """14.1: the Mayor's compound (14.1.1) and the Blocks Pacified track (14.1.2, 24.1)."""
    status = mayor_status(state, action.mayor_compound)
    if status is None:
        raise refuse("mayor_compound", None, "the Mayor's compound/Army complex hex: key it on the map, or give "
                     "mayor_compound: insurgent_controlled, contested or pacified", "14.1.1")
    if state.pacified_turn != state.turn or state.pacified_modifier is None:
        count = sum(h.pacified for h in state.hexes)
        raise refuse("pacified_modifier", None, f"the 'Blocks Pacified by Coalition Forces' track's modifier for "
                     f"{count} Pacified hex{'es' if count != 1 else ''} (-3 to +1, read on the map)", "24.1")
    if status == "insurgent_controlled":
        state = add_vp(state, ctx, -1, "Mayor's compound Insurgent controlled", "14.1.1")
    elif status == "contested":
        state = add_vp(state, ctx, 1, "Mayor's compound contested", "14.1.1")
    else:
        ctx.effect("14.1.1", "Mayor's compound Pacified: no VP (errata 14.1.1, reading 1, literal; reading 2 "
                   "would give +1 CVP)")
    if state.pacified_modifier:
        state = add_vp(state, ctx, state.pacified_modifier, "Blocks Pacified track", "14.1.2")
    else:
        ctx.effect("14.1.2", "Blocks Pacified track: +0 VP")
    return state


def step_ceasefire(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """14.2: the Ceasefire roll on turns 1-7; a ceasefire gives -1 VP and ends the game (14.2.2.1, 14.2.3)."""
    if state.turn >= LAST_TURN:
        ctx.effect("14.2", f"no Ceasefire roll on turn {state.turn} (turns 1-7 only)")
        return state
    roll = state.ceasefire_roll
    if roll is None or roll.turn != state.turn:
        raise refuse("ceasefire", None, "the Ceasefire roll recorded first (calculator 'ceasefire')", "14.2.1")
    if not roll.value:
        ctx.effect("14.2.2", f"no ceasefire (total {roll.total})")
        return state
    state = add_vp(state, ctx, -1, "ceasefire", "14.2.2.1")
    level = victory_level(state.vp)
    ctx.effect("14.2.3", f"ceasefire: the game is over at VP {state.vp:+d}: {level.replace('_', ' ')} (14.4.2)")
    return state.model_copy(update={"outcome": "ceasefire", "history": state.history + (point(state),)})


def step_reinforcements(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """14.3: the 3/4 Battalion's chits go into the cup on a modified 7+."""
    if state.reinforced:
        ctx.effect("14.3", "the 3/4 Battalion has already arrived")
        return state
    roll = state.reinforcement_roll
    if roll is None or roll.turn != state.turn:
        raise refuse("reinforcements", None, "the Reinforcements roll recorded first (calculator 'reinforcements')",
                     "14.3.1")
    if not roll.value:
        ctx.effect("14.3.3", f"no reinforcements (total {roll.total})")
        return state
    moved = state.beside.get("3/4", 0)
    ctx.effect("14.3.3", f"the {moved} 3/4 Battalion chits go into the cup")
    return state.model_copy(update={"reinforced": True, "cup": cup.add(state.cup, "3/4", moved),
                                    "beside": cup.add(state.beside, "3/4", -moved)})


def step_end_check(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """14.4: the game ends after turn 8 with the victory level of the VP total (14.4.2)."""
    if state.turn < LAST_TURN:
        ctx.effect("14.4.1", f"turn {state.turn} of {LAST_TURN}: the game goes on")
        return state
    level = victory_level(state.vp)
    ctx.effect("14.4.2", f"end of turn {LAST_TURN}: VP {state.vp:+d}: {level.replace('_', ' ')}")
    return state.model_copy(update={"outcome": "ended", "history": state.history + (point(state),)})


def point(state: GameState) -> TrackPoint:
    return TrackPoint(turn=state.turn, vp=state.vp, media=state.media, pressure=state.pressure)


def step_markers(state: GameState, action: a.NextStep, ctx: Ctx) -> GameState:
    """14.5: Wanted! and Isolated markers removed (14.5.1), every unit Good Order (14.5.2), next turn (14.5.3)."""
    wanted = [h.number for h in state.hexes if h.wanted]
    isolated = [h.number for h in state.hexes if h.isolated]
    hexes = tuple(h.model_copy(update={"wanted": False, "isolated": ()}) for h in state.hexes)
    if wanted or isolated:
        ctx.effect("14.5.1", f"removed: Wanted! markers from hexes {wanted or '-'}, Isolated markers from {isolated or '-'}")
    turned = [u.id for u in state.units if u.status == "ops_complete"]
    units = tuple(u.model_copy(update={"status": "good_order"}) for u in state.units)
    if turned:
        ctx.effect("14.5.2", f"Good Order again: {', '.join(turned)}")
    history = state.history + (point(state),)
    new_cup, new_beside = cup.new_turn(state)
    ctx.effect("14.5.3", f"turn {state.turn + 1}: Intelligence Phase")
    ctx.effect("8.3", "the drawn chits go back into the cup; last turn's Nationalist flag chits are set aside until "
               "the Intelligence roll (11.4; errata 8.3: the text does not say, this companion's reading)")
    return state.model_copy(update={
        "hexes": hexes, "units": units, "history": history, "turn": state.turn + 1, "phase": "intelligence",
        "eot_step": 0, "cup": new_cup, "aside": {}, "beside": new_beside, "active": None, "active_hex": None,
        "drawn": (), "eot_chits": 0, "battalions_activated": (),
    })


STEP_MOVES: dict[str, Callable[[GameState, a.NextStep, Ctx], GameState]] = {
    "vp": step_vp, "ceasefire": step_ceasefire, "reinforcements": step_reinforcements,
    "end_check": step_end_check, "markers": step_markers,
}


# -- tracks, hexes, units -----------------------------------------------------------------------


def pacified_modifier(state: GameState, action: a.PacifiedModifier, ctx: Ctx) -> GameState:
    count = sum(h.pacified for h in state.hexes)
    ctx.effect("24.1", f"Blocks Pacified track: {count} Pacified hex{'es' if count != 1 else ''}, modifier {action.modifier:+d}")
    return state.model_copy(update={"pacified_modifier": action.modifier, "pacified_turn": state.turn})


def vp(state: GameState, action: a.Vp, ctx: Ctx) -> GameState:
    need_rules([action.rule])
    return add_vp(state, ctx, action.value, action.reason, action.rule, action.note)


def media(state: GameState, action: a.Media, ctx: Ctx) -> GameState:
    need_rules([action.rule])
    return advance_media(state, ctx, action.count, action.rule)


def hex_update(state: GameState, action: a.HexUpdate, ctx: Ctx) -> GameState:
    """A hex's markers: Pacified means no Resistance marker (25.18); a Wanted! marker removed takes a
    Nationalist chit out of the cup (8.3.1); one Isolated marker per battalion (25.12.4); Wanted!
    markers not in green hexes (11.3) when the terrain is keyed."""
    old = state.hex(action.hex)
    changes: dict[str, Any] = {}
    if action.resistance is not None:
        changes["resistance"] = action.resistance or None
    for name in ("wanted", "ied", "pacified"):
        if getattr(action, name) is not None:
            changes[name] = getattr(action, name)
    if action.insurgents is not None:
        unknown = [n for n in action.insurgents if state.map.insurgents and state.map.insurgent(n) is None]
        if unknown:
            raise refuse("insurgents", unknown, "keyed Insurgent counter types: "
                         + ", ".join(i.name for i in state.map.insurgents), "25.10")
        changes["insurgents"] = tuple(action.insurgents)
    if action.isolated is not None:
        elsewhere = [b for b in action.isolated for h in state.hexes if h.number != action.hex and b in h.isolated]
        if elsewhere or len(set(action.isolated)) != len(action.isolated):
            raise refuse("isolated", action.isolated, "at most one Isolated marker per battalion", "25.12.4")
        if "mef" in action.isolated:
            raise refuse("isolated", "mef", "a battalion: 1/5, 2/1 or 3/4 (only Infantry is Isolated)", "25.12.2")
        changes["isolated"] = tuple(action.isolated)
    new = old.model_copy(update=changes)
    if new.pacified and new.resistance:
        raise refuse("resistance", new.resistance, "none in a Pacified hex (its Resistance Level is zero)", "25.18")
    if new.wanted and not old.wanted:
        wanted_problem(state, action.hex, new)
    state = with_hex(state, action.hex, **changes)
    described = ", ".join(f"{k} {v}" for k, v in changes.items()) or "unchanged"
    ctx.effect(action.rules[0] if action.rules else None, f"hex {action.hex}: {described}")
    if old.wanted and not new.wanted:
        state = cup.wanted_removed(state, ctx)
    if new.wanted and not old.wanted:
        state = cup.wanted_placed(state, ctx)
    if old.resistance and new.pacified and not old.pacified:
        ctx.effect("25.8.3", f"hex {action.hex} Pacified")
    return state


def wanted_problem(state: GameState, number: int, new: HexState) -> None:
    """11.3: a Wanted! marker not in a contested or Pacified hex, not in a Green (open) hex, not in
    the Mayor's compound, at least one hex between markers; checked as far as the map is keyed."""
    key = state.map.hex(number)
    if new.pacified:
        raise refuse("wanted", True, "a hex that is not Pacified", "11.3")
    if state.units_in(number) or new.isolated:
        raise refuse("wanted", True, f"a hex that is not contested: Coalition units are in hex {number}", "11.3")
    if key is None:
        return
    if key.terrain == "open":
        raise refuse("wanted", True, f"a hex that is not Green (open): hex {number} is", "11.3")
    if key.mayor:
        raise refuse("wanted", True, "a hex other than the Mayor's compound/Army complex", "11.3")
    near = [n for n in key.adjacent if state.hex(n).wanted]
    if near:
        raise refuse("wanted", True, f"at least one hex between Wanted! markers: hex {near[0]} next to it has one", "11.3")


def unit_of(state: GameState, unit_id: str) -> UnitState:
    unit = state.unit(unit_id)
    if unit is None:
        known = ", ".join(u.id for u in state.units) or "none keyed yet (map & counters)"
        raise refuse("unit", unit_id, f"one of the keyed units: {known}")
    return unit


def unit_move(state: GameState, action: a.UnitMove, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    counter = state.map.counter(unit.id)
    if action.hex is not None and counter is not None and counter.kind == "support":
        raise refuse("hex", action.hex, "none: Support units stay in the MEF box", "13.6")
    ctx.effect("16", f"{unit.id}: {'hex ' + str(action.hex) if action.hex else 'its base'}")
    if action.hex is not None and not state.hex(action.hex).pacified and action.hex != unit.hex:
        if state.hex(action.hex).resistance:
            ctx.effect("22.2", f"hex {action.hex} has a Resistance marker: roll the Insurgent Reaction")
        else:
            ctx.effect("22.1", f"hex {action.hex} is Insurgent controlled with no Resistance marker: roll on the "
                       "Level of Resistance Table, then the Insurgent Reaction (22.2)")
    state = with_unit(state, unit.id, hex=action.hex)
    if unit.formation:
        partner = [u for u in state.units if u.formation == unit.formation and u.id != unit.id]
        if partner and partner[0].hex != action.hex:
            state = with_unit(with_unit(state, unit.id, formation=None), partner[0].id, formation=None)
            ctx.effect("6.3.2", f"formation {unit.formation} broken up (its units are no longer together)")
    return state


def unit_status(state: GameState, action: a.UnitStatus, ctx: Ctx) -> GameState:
    unit = unit_of(state, action.unit)
    ctx.effect("6.2" if action.status == "ops_complete" else "6.1", f"{unit.id}: {action.status.replace('_', ' ')}")
    return with_unit(state, unit.id, status=action.status)


def formation(state: GameState, action: a.Formation, ctx: Ctx) -> GameState:
    """Two units of one battalion in one hex (6.3, 6.3.1); never Support units (6.3.3)."""
    units = [unit_of(state, u) for u in action.units]
    if len(units) == 1:
        unit = units[0]
        if unit.formation is None:
            raise refuse("units", action.units, "a unit in a formation, to leave it")
        for u in state.units:
            if u.formation == unit.formation:
                state = with_unit(state, u.id, formation=None)
        ctx.effect("6.3", f"formation {unit.formation} broken up")
        return state
    first, second = units
    counters = [state.map.counter(u.id) for u in units]
    if first.id == second.id:
        raise refuse("units", action.units, "two different units", "6.3.1")
    if any(c is not None and c.kind == "support" for c in counters):
        raise refuse("units", action.units, "Infantry or Armour units", "6.3.3")
    if first.hex is None or first.hex != second.hex:
        raise refuse("units", action.units, "two units in the same hex", "6.3")
    if all(counters) and counters[0].battalion != counters[1].battalion:  # type: ignore[union-attr]
        raise refuse("units", action.units, "two units of the same parent battalion", "6.3")
    name = "+".join(action.units)
    for u in units:
        if u.formation:
            for other in state.units:
                if other.formation == u.formation:
                    state = with_unit(state, other.id, formation=None)
    state = with_unit(with_unit(state, first.id, formation=name), second.id, formation=name)
    ctx.effect("6.3", f"formation {name} in hex {first.hex}")
    return state


def key_map(state: GameState, action: a.KeyMap, ctx: Ctx) -> GameState:
    check_map(action.map)
    ctx.effect(None, f"map & counters keyed: {len(action.map.hexes)} hexes, {len(action.map.coalition)} Coalition "
               f"counters, {len(action.map.insurgents)} Insurgent counter types")
    return state.model_copy(update={"map": action.map, "units": units_for(action.map, state.units)})


def _upsert(items: tuple[Any, ...], item: Any, key: str) -> tuple[Any, ...]:
    kept = [i for i in items if getattr(i, key) != getattr(item, key)]
    return tuple(sorted([*kept, item], key=lambda i: getattr(i, key)))


def key_hex(state: GameState, action: a.KeyHex, ctx: Ctx) -> GameState:
    hexes = _upsert(state.map.hexes, action.hex, "number")
    if action.hex.mayor:
        hexes = tuple(h if h.number == action.hex.number else h.model_copy(update={"mayor": False}) for h in hexes)
    new_map = state.map.model_copy(update={"hexes": hexes})
    check_map(new_map)
    ctx.effect("3.1.1", f"hex {action.hex.number} keyed: {action.hex.terrain or 'terrain not keyed'}"
               + (", the Mayor's compound" if action.hex.mayor else ""))
    return state.model_copy(update={"map": new_map})


def key_counter(state: GameState, action: a.KeyCounter, ctx: Ctx) -> GameState:
    new_map = state.map.model_copy(update={"coalition": _upsert(state.map.coalition, action.counter, "id")})
    check_map(new_map)
    ctx.effect("5.2", f"counter {action.counter.id} keyed ({action.counter.battalion}, {action.counter.kind})")
    return state.model_copy(update={"map": new_map, "units": units_for(new_map, state.units)})


def key_insurgent(state: GameState, action: a.KeyInsurgent, ctx: Ctx) -> GameState:
    new_map = state.map.model_copy(update={"insurgents": _upsert(state.map.insurgents, action.insurgent, "name")})
    ctx.effect("5.1.2", f"Insurgent counter type {action.insurgent.name} keyed")
    return state.model_copy(update={"map": new_map})


def key_markers(state: GameState, action: a.KeyMarkers, ctx: Ctx) -> GameState:
    ctx.effect("17.1.3.3", "marker dice colours keyed (errata 17.1.3.3, reading A: the colour printed on the marker)")
    return state.model_copy(update={"map": state.map.model_copy(update={"markers": action.markers})})


def note(state: GameState, action: a.NoteAction, ctx: Ctx) -> GameState:
    return state


class EndOfTurnRoll(NamedTuple):
    """A roll of an End of Turn step the state keeps until its step is applied (14.2, 14.3)."""

    #: the state field holding it
    field: str
    #: the result's key that is true when the roll succeeds (its value is kept as 1 or 0)
    yes: str
    #: the rule of its step
    rule: str


#: the End of Turn steps' rolls, by situation (a step of :data:`EOT_STEPS`)
EOT_ROLLS = {"ceasefire": EndOfTurnRoll("ceasefire_roll", "ceasefire", "14.2"),
             "reinforcements": EndOfTurnRoll("reinforcement_roll", "arrive", "14.3")}


def _step_open(state: GameState, situation: str) -> bool:
    """Whether the step of a turn's kept roll is the current one: the Intelligence Phase (11.1),
    or the roll's step of the End of Turn Phase (14.2, 14.3)."""
    if situation == "intelligence":
        return state.phase == "intelligence"
    return state.phase == "end_of_turn" and EOT_STEPS[state.eot_step][0] == situation


def adjudication(state: GameState, action: a.Adjudication, ctx: Ctx) -> GameState:
    """A recorded roll; the turn's own rolls (11.1, 14.2, 14.3) are kept for their steps."""
    app_rolls, answer = rolls.adjudicated(state.app_rolls, action, GAME)
    state = state.model_copy(update={"app_rolls": app_rolls})
    result = answer.get("result") or {}
    situation = action.situation
    rule = (answer.get("rule") or "7.1")
    if situation == "intelligence":
        if state.phase != "intelligence":
            raise refuse("situation", situation, "the Intelligence roll in the Intelligence Phase", "11.1")
        wanted = int(result.get("wanted", 0))
        state = state.model_copy(update={"wanted_roll": Roll(turn=state.turn, version=ctx.version, value=wanted,
                                                             total=result.get("total"))})
        state = cup.wanted_rolled(state, ctx, wanted)
    elif situation in EOT_ROLLS:
        kept = EOT_ROLLS[situation]
        if not _step_open(state, situation):
            raise refuse("situation", situation,
                         f"the {situation.capitalize()} roll at its step of the End of Turn Phase", kept.rule)
        state = state.model_copy(update={kept.field: Roll(turn=state.turn, version=ctx.version,
                                                          value=int(bool(result.get(kept.yes))),
                                                          total=result.get("total"))})
    steps = [s for s in result.get("steps") or [] if isinstance(s, dict)]
    if "success" in result:
        outcome = (f"success, MOS {result.get('mos')}" if result["success"] else f"failure, MOF {result.get('mof')}") + (
            f", {result.get('media')} red Coalition successes" if result.get("media") else "")
    else:
        outcome = str(next((s.get("en") for s in steps if s.get("rule") == rule),
                           steps[-1].get("en") if steps else "resolved"))
    ctx.effect(rule, f"{situation}: {outcome} (dice by the {action.rolls_by})")
    return state


#: Every move (boardgame.io's ``moves``); a die roll, an adjudication or a chit drawn by the app
#: cannot be undone to roll or draw again.
MOVES: tuple[Move[GameState, Ctx], ...] = (
    Move(a.NextPhase, next_phase),
    Move(a.ChitDraw, cup.draw),
    Move(a.ChitDrawApp, cup.draw_app, undoable=False, random=True,
         draw=lambda action, rng: action.model_copy(update={"draw": rng.random()})),
    Move(a.OperationsEnd, cup.operations_end),
    Move(a.ChitReturn, cup.chit_return),
    Move(a.ActivateHex, cup.activate_hex),
    Move(a.NextStep, next_step),
    Move(a.PacifiedModifier, pacified_modifier),
    Move(a.Vp, vp),
    Move(a.Media, media),
    Move(a.HexUpdate, hex_update),
    Move(a.UnitMove, unit_move),
    Move(a.UnitStatus, unit_status),
    Move(a.Formation, formation),
    Move(a.KeyMap, key_map),
    Move(a.KeyHex, key_hex),
    Move(a.KeyCounter, key_counter),
    Move(a.KeyInsurgent, key_insurgent),
    Move(a.KeyMarkers, key_markers),
    Move(a.NoteAction, note),
    Move(a.Roll, rolls.roll_move("7.1"), undoable=False, random=True),
    Move(a.Adjudication, adjudication, undoable=False),
)
assert {m.type for m in MOVES} == set(a.ACTION_TYPES), {m.type for m in MOVES} ^ set(a.ACTION_TYPES)
#: what may still be done once the game is over
AFTER_THE_END = frozenset({"note", "key_map", "key_hex", "key_counter", "key_insurgent", "key_markers"})


def allowed(state: GameState, action: Any) -> None:
    """Refuses a rule id the rulebook does not have, and once the game is over anything but a note
    or the map (14.4.1)."""
    need_rules(action.rules)
    if state.outcome != "in_progress" and action.type not in AFTER_THE_END:
        raise refuse("type", action.type, f"only a note, the map, undo or redo: the game is over ({state.outcome})",
                     "14.4.1")


#: the turn's rolls the state keeps, by situation: the field holding it
KEPT_ROLLS = {"intelligence": "wanted_roll", **{situation: kept.field for situation, kept in EOT_ROLLS.items()}}


def amend(state: GameState, payload: dict[str, Any], ctx: Ctx) -> GameState:
    """An amended recorded roll (:mod:`web.amend`): a turn's roll the state keeps takes the new
    result while its step is still open (11.4, 14.2, 14.3); once its step is applied it is refused
    (undo the step first). Other rolls change no state: their consequences are separate actions."""
    field = KEPT_ROLLS.get(str(payload.get("situation")))
    kept: Roll | None = getattr(state, field) if field else None
    if kept is None or kept.version != payload.get("amends"):
        ctx.effect(None, f"roll of event {payload.get('amends')} amended")
        return state
    situation = str(payload["situation"])
    if state.turn != kept.turn or not _step_open(state, situation):
        rule = EOT_ROLLS[situation].rule if situation in EOT_ROLLS else "11.4"
        raise refuse("amends", payload.get("amends"), f"a roll whose step is still open: the {situation} roll's step "
                     "has been applied (undo it first, then amend the roll)", rule)
    result = (payload.get("result") or {}).get("result") or {}
    if situation == "intelligence":
        wanted = int(result.get("wanted", 0))
        if state.chit_reading == "rolled":
            back = min(kept.value, state.cup.get("nationalist", 0))
            state = state.model_copy(update={"cup": cup.add(state.cup, "nationalist", -back),
                                             "beside": cup.add(state.beside, "nationalist", back)})
            state = cup.wanted_rolled(state, ctx, wanted)
        value = wanted
    else:
        value = int(bool(result.get(EOT_ROLLS[situation].yes)))
    new = Roll(turn=kept.turn, version=kept.version, value=value, total=result.get("total"))
    ctx.effect(None, f"roll of event {payload.get('amends')} amended: {situation} now {value} (total {new.total})")
    return state.model_copy(update={field: new})  # type: ignore[dict-item]



#: What the kernel plays (:mod:`web.kernel`): the moves, the setup, the amendment of a kept roll.
KERNEL: Moves[GameState, Ctx] = Moves(
    moves=MOVES,
    setup=lambda payload: initial_state(a.parse_setup(payload)),
    parse=a.read_action,
    allowed=allowed,
    amend=amend,
    nothing_to_undo=nothing_to_undo_since(
        "an action to undo: there is none since the start or since the last die roll, adjudication or chit "
        "drawn by the app (a draw or roll cannot be undone to draw again)"),
)


__all__ = ["BATTALIONS", "KERNEL", "HexState"]
