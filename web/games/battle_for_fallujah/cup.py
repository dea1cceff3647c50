"""The chit cup (8, 9.4, 11.4, 12): draws, returns and redraws, the End of Turn chits.

The Nationalist flag chit count is an ambiguity (errata 8.3): the game's ``chit_reading`` says
which reading it follows: ``rolled`` (11.4: as many as the Wanted! markers rolled, one taken out
per marker removed, 8.3.1) or ``placed`` (9.4.1.2, 8.3: as many as the markers placed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.errors import refuse

from .state import BATTALIONS, CHITS, GameState

if TYPE_CHECKING:
    from . import actions as a
    from .apply import Ctx

READINGS = {
    "rolled": "errata 8.3, reading 1 (11.4): Nationalist chits = Wanted! markers rolled, one taken out per marker removed (8.3.1)",
    "placed": "errata 8.3, reading 2 (9.4.1.2, 8.3): Nationalist chits = Wanted! markers placed, one taken out per marker removed (8.3.1)",
}


def add(counts: dict[str, int], chit: str, n: int = 1) -> dict[str, int]:
    out = dict(counts)
    out[chit] = out.get(chit, 0) + n
    if out[chit] <= 0:
        del out[chit]
    return out


def contents(state: GameState) -> list[str]:
    """The chits in the cup, one entry per chit, in a fixed order (the app's draw picks by index)."""
    return [chit for chit in CHITS for _ in range(state.cup.get(chit, 0))]


def _good_order_support(state: GameState) -> bool | None:
    """Whether a Good Order Support unit remains (12.3.2, 8.2.1); None when none is keyed."""
    support = [c.id for c in state.map.coalition if c.kind == "support"]
    if not support:
        return None
    return any(u.status == "good_order" for u in state.units if u.id in support)


def eligible_hexes(state: GameState) -> tuple[list[int], bool]:
    """The hexes an Insurgent flag chit may activate (12.4.1): contested and Insurgent controlled
    (a hex with Coalition Infantry or an Isolated marker and no Pacified marker; errata 10.2.1 and
    12.4.1, reading 1) holding the lowest-rated Infantry unit. The flag is False when a rating is
    not keyed (an Isolated marker's, a counter's): then the player says which hex."""
    ratings: dict[int, list[int | None]] = {}
    for unit in state.units:
        counter = state.map.counter(unit.id)
        if unit.hex is None or counter is None or counter.kind != "infantry" or state.hex(unit.hex).pacified:
            continue
        ratings.setdefault(unit.hex, []).append(counter.proficiency.count if counter.proficiency else None)
    for h in state.hexes:
        if h.isolated and not h.pacified:
            ratings.setdefault(h.number, []).extend([None] * len(h.isolated))
    if not ratings:
        return [], True
    if any(r is None for rs in ratings.values() for r in rs):
        return sorted(ratings), False
    lowest = min(min(rs) for rs in ratings.values())  # type: ignore[type-var]
    return sorted(n for n, rs in ratings.items() if lowest in rs), True


def _to_cup(state: GameState, chit: str, ctx: Ctx, rule: str, why: str) -> GameState:
    ctx.effect(rule, f"{label(chit)} chit back into the cup ({why}): draw again")
    return state.model_copy(update={"cup": add(state.cup, chit)})


def label(chit: str) -> str:
    return {"mef": "MEF", "nationalist": "Nationalist flag", "end_of_turn": "End of Turn"}.get(chit, chit)


def _draw(state: GameState, chit: str, ctx: Ctx, by: str) -> GameState:
    if state.phase != "activation":
        raise refuse("phase", state.phase, "'activation': chits are drawn in the Activation Phase", "12.1")
    if state.cup.get(chit, 0) <= 0:
        inside = ", ".join(f"{label(k)} ×{n}" for k, n in state.cup.items()) or "empty"
        raise refuse("chit", chit, f"a chit in the cup ({inside})", "8.2")
    ctx.effect("12.1", f"chit drawn ({by}): {label(chit)}")
    state = state.model_copy(update={"cup": add(state.cup, chit, -1), "drawn": state.drawn + (chit,)})
    aside = add(state.aside, chit)
    if chit in BATTALIONS:
        units = [c.id for c in state.map.coalition if c.battalion == chit]
        turned = [u.id for u in state.units if u.id in units and u.status == "ops_complete"]
        for unit_id in turned:
            state = state.model_copy(update={"units": tuple(
                u.model_copy(update={"status": "good_order"}) if u.id == unit_id else u for u in state.units)})
        if turned:
            ctx.effect("13.5.1", f"Good Order again: {', '.join(turned)} (errata 13.5.1, reading 1: one mission per "
                       "chit of the battalion)")
        ctx.effect("12.2.1", f"the {chit} battalion is active: one mission per Good Order unit or formation (13.5.2)")
        return state.model_copy(update={"aside": aside, "phase": "operations", "active": chit,
                                        "battalions_activated": state.battalions_activated + (chit,)})
    if chit == "mef":
        if _good_order_support(state) is False:
            ctx.effect("12.3.2", "no Good Order Support unit: the MEF chit is set aside; draw another")
            return state.model_copy(update={"aside": aside})
        if _good_order_support(state) is None:
            ctx.effect("12.3.1", "MEF: no Support unit keyed yet: key them (map & counters) to track their Availability")
        ctx.effect("12.3.1", "MEF: one Good Order Support unit may perform one mission (13.6)")
        return state.model_copy(update={"aside": aside, "phase": "operations", "active": chit,
                                        "battalions_activated": state.battalions_activated + ("mef",)})
    if chit == "nationalist":
        if not state.battalions_activated:
            return _to_cup(state, chit, ctx, "12.4.1.1", "no Coalition unit has activated yet")
        hexes, decided = eligible_hexes(state)
        if decided and not hexes and state.units:
            return _to_cup(state, chit, ctx, "12.4.1.2", "no contested and Insurgent controlled hex")
        active_hex = hexes[0] if decided and len(hexes) == 1 else None
        if active_hex:
            ctx.effect("12.4.1", f"hex {active_hex} is activated: roll on the Insurgent Activation Table (12.4.2)")
        elif decided and hexes:
            ctx.effect("12.4.1.3", f"hexes {hexes} tie: determine one at random and enter it")
        else:
            ctx.effect("12.4.1", "say which hex is activated (a rating is not keyed, or no unit is placed)")
        return state.model_copy(update={"aside": aside, "phase": "operations", "active": chit, "active_hex": active_hex})
    # End of Turn (12.5)
    if state.eot_chits == 0 and not any(b in BATTALIONS for b in state.battalions_activated):
        return _to_cup(state, chit, ctx, "12.5.1", "the first End of Turn chit and no battalion activated yet")
    if state.eot_chits == 1:
        ctx.effect("12.5.2", "second End of Turn chit: the turn ends; End of Turn Phase (14)")
        return state.model_copy(update={"aside": aside, "eot_chits": 2, "phase": "end_of_turn", "eot_step": 0,
                                        "active": None, "active_hex": None})
    ctx.effect("12.5.3", "first End of Turn chit: set aside, draw another")
    return state.model_copy(update={"aside": aside, "eot_chits": 1})


def draw(state: GameState, action: a.ChitDraw, ctx: Ctx) -> GameState:
    return _draw(state, action.chit, ctx, "by the player")


def draw_app(state: GameState, action: a.ChitDrawApp, ctx: Ctx) -> GameState:
    inside = contents(state)
    if not inside:
        raise refuse("chit", None, "a chit in the cup: it is empty", "12.1")
    assert action.draw is not None
    return _draw(state, inside[min(int(action.draw * len(inside)), len(inside) - 1)], ctx,
                 f"by the app, {len(inside)} chits in the cup")


def operations_end(state: GameState, action: a.OperationsEnd, ctx: Ctx) -> GameState:
    """Back to the Activation Phase; the MEF chit returns to the cup unless no Good Order Support
    unit remains (8.2.1); other chits stay aside (8.2)."""
    if state.phase != "operations":
        raise refuse("phase", state.phase, "'operations'", "13")
    update: dict[str, Any] = {"phase": "activation", "active": None, "active_hex": None}
    if state.active == "mef":
        if _good_order_support(state) is False:
            ctx.effect("8.2.1", "no Good Order Support unit remains: the MEF chit stays aside")
        else:
            update["cup"] = add(state.cup, "mef")
            update["aside"] = add(state.aside, "mef", -1)
            ctx.effect("8.2.1", "the MEF chit goes back into the cup")
    ctx.effect("13.5.6", "Activation Phase: draw the next chit")
    return state.model_copy(update=update)


def chit_return(state: GameState, action: a.ChitReturn, ctx: Ctx) -> GameState:
    if state.phase != "operations" or state.active != "nationalist":
        raise refuse("active", state.active, "an Insurgent flag chit just drawn", "12.4.1.2")
    ctx.effect("12.4.1.2", "no eligible hex: the Nationalist flag chit goes back into the cup; draw again")
    return state.model_copy(update={"phase": "activation", "active": None, "active_hex": None,
                                    "cup": add(state.cup, "nationalist"), "aside": add(state.aside, "nationalist", -1)})


def activate_hex(state: GameState, action: a.ActivateHex, ctx: Ctx) -> GameState:
    if state.phase != "operations" or state.active != "nationalist":
        raise refuse("active", state.active, "an Insurgent flag chit drawn", "12.4.1")
    hexes, decided = eligible_hexes(state)
    if decided and hexes and action.hex not in hexes:
        raise refuse("hex", action.hex, f"one of the eligible hexes {hexes}", "12.4.1")
    ctx.effect("12.4.1", f"hex {action.hex} is activated: Insurgent Activation Table (12.4.2), then the Assault (12.4.4)")
    return state.model_copy(update={"active_hex": action.hex})


def wanted_rolled(state: GameState, ctx: Ctx, wanted: int) -> GameState:
    """11.4 (reading 1): as many Nationalist flag chits into the cup as Wanted! markers rolled."""
    if state.chit_reading != "rolled":
        ctx.effect("9.4.1.2", f"{wanted} Wanted! markers rolled: a Nationalist chit goes in with each marker placed ({READINGS['placed']})")
        return state
    moved = min(wanted, state.beside.get("nationalist", 0))
    ctx.effect("11.4", f"{moved} Nationalist flag chit{'s' if moved != 1 else ''} into the cup ({READINGS['rolled']})")
    return state.model_copy(update={"cup": add(state.cup, "nationalist", moved),
                                    "beside": add(state.beside, "nationalist", -moved)})


def wanted_placed(state: GameState, ctx: Ctx) -> GameState:
    """Reading 2 (9.4.1.2): a chit goes in with each Wanted! marker placed in the Intelligence Phase."""
    if state.chit_reading != "placed" or state.phase != "intelligence" or state.beside.get("nationalist", 0) <= 0:
        return state
    ctx.effect("9.4.1.2", f"a Nationalist flag chit into the cup ({READINGS['placed']})")
    return state.model_copy(update={"cup": add(state.cup, "nationalist"), "beside": add(state.beside, "nationalist", -1)})


def wanted_removed(state: GameState, ctx: Ctx) -> GameState:
    """8.3.1: a Wanted! marker removed takes one Nationalist chit out of the cup (if one is left in it)."""
    if state.cup.get("nationalist", 0) <= 0:
        ctx.effect("8.3.1", "Wanted! marker removed: no Nationalist flag chit left in the cup to take out")
        return state
    ctx.effect("8.3.1", "Wanted! marker removed: one Nationalist flag chit taken out of the cup")
    return state.model_copy(update={"cup": add(state.cup, "nationalist", -1), "beside": add(state.beside, "nationalist")})


def new_turn(state: GameState) -> tuple[dict[str, int], dict[str, int]]:
    """The cup of a new turn: every chit drawn goes back; the Nationalist chits wait beside it for
    the Intelligence roll (11.4)."""
    cup: dict[str, int] = {}
    for counts in (state.cup, state.aside):
        for chit, n in counts.items():
            cup = add(cup, chit, n)
    beside = dict(state.beside)
    nationalist = cup.pop("nationalist", 0)
    beside = add(beside, "nationalist", nationalist)
    return cup, beside
