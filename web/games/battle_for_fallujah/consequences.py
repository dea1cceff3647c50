"""What a recorded adjudication asks the player to do next, as separate undoable actions (each
with the rules that call for it) or another calculator to open. The companion proposes; the
player applies."""

from __future__ import annotations

from typing import Any

from web.consequence import Consequence

from .state import GameState

#: the fields that say which consequence an applied action is (:func:`web.consequence.applied`)
IDENTITY = ("type", "unit", "hex", "status", "reason", "count", "value", "wanted", "resistance", "isolated", "text")


def _vp_rule(result: dict[str, Any], default: str) -> str:
    return next((s["rule"] for s in result.get("steps", []) if "VP" in s.get("en", "")), default)


def _battalion(state: GameState, unit_id: str | None) -> str | None:
    counter = state.map.counter(unit_id) if unit_id else None
    return counter.battalion if counter and counter.battalion != "mef" else None


def operation(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    result = answer.get("result") or {}
    out: list[Consequence] = []
    hex_ = ctx.get("hex")
    mission = data.get("mission", "assault")
    coalition = data.get("attacker", "coalition") == "coalition"
    if result.get("media"):
        out.append(Consequence.english(f"Media Track +{result['media']} (red Coalition successes)", ("17.2.5.1", "23.1.2"),
                                       {"type": "media", "count": int(result["media"]), "rule": "17.2.5.1"}))
    # the Coalition spends its Margin of Success (18.2.1, 20.3, 21.1.2), or the Margin of Failure
    # of a failed Insurgent Assault (18.6.1); an Insurgent success spends nothing (18.3)
    query = {"mission": mission, "attacker": data.get("attacker", "coalition")} | ({"hex": hex_} if hex_ else {})
    if coalition and result.get("success") and result.get("mos"):
        out.append(Consequence.english(f"Spend the Margin of Success ({result['mos']})", ("18.2.1", "20.3", "21.1.2"),
                                       calculator="spend-margin", query={**query, "margin": result["mos"]}))
    if not coalition and result.get("success") is False and result.get("mof"):
        out.append(Consequence.english(f"The Coalition spends the Margin of Failure ({result['mof']}) on Insurgent steps",
                                       ("18.6.1",), calculator="spend-margin", query={**query, "margin": result["mof"]}))
    vp = int(result.get("vp") or 0)
    if vp:
        rule = _vp_rule(result, "18.5.1")
        out.append(Consequence.english(f"VP {vp:+d}: {'failed' if coalition else 'Insurgent'} {mission}", (rule,),
                                       {"type": "vp", "value": vp, "reason": f"{mission} MOF {result.get('mof')}", "rule": rule}))
    isolated = next((s["rule"] for s in result.get("steps", []) if "Isolated Marker is placed" in s.get("en", "")), None)
    battalion = _battalion(state, ctx.get("lead") if coalition else None) or next(
        (b for u in state.units if u.hex == hex_ for b in [_battalion(state, u.id)] if b), None)
    if isolated and hex_ and battalion:
        current = list(state.hex(hex_).isolated)
        if battalion not in current:
            out.append(Consequence.english(f"Isolated marker ({battalion}) in hex {hex_}", (isolated, "25.12"),
                                           {"type": "hex", "hex": hex_, "isolated": [*current, battalion]}))
    if coalition:
        for unit in ctx.get("units") or []:
            u = state.unit(unit)
            if u is not None and u.status != "ops_complete":
                out.append(Consequence.english(f"{unit}: Ops Complete", ("13.5.5",),
                                               {"type": "unit_status", "unit": unit, "status": "ops_complete"}))
        if ctx.get("support_unit"):
            out.append(Consequence.english(f"{ctx['support_unit']}: Availability roll", ("13.6.2", "5.5"),
                                           calculator="availability", query={"unit": ctx["support_unit"]}))
            if not ctx.get("units"):
                out.append(Consequence.english("The MEF's mission is over: back to the Activation Phase", ("13.6.3",),
                                               {"type": "operations_end"}))
    if coalition and mission == "search" and result.get("success") is False and hex_:
        out.append(Consequence.english("A failed Search: roll on the Insurgent Activation Table", ("20.4.2", "12.4.2"),
                                       calculator="insurgent-activation", query={"hex": hex_}))
        out.append(Consequence.english(f"then on the Insurgent Contact Table, the MOF ({result.get('mof')}) added",
                                       ("20.4.2", "20.4.2.1", "22.3"), calculator="contact",
                                       query={"hex": hex_, "search_mof": result.get("mof") or 0}))
    if data.get("attacker") == "coalition" and hex_ and state.hex(hex_).ied:
        out.append(Consequence.english(f"IED Ambush! marker removed from hex {hex_} (attack resolved)", ("25.5.3",),
                                       {"type": "hex", "hex": hex_, "ied": False}))
    return out


def spend_margin(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    out: list[Consequence] = []
    hex_ = ctx.get("hex")
    spend = data.get("spend") or {}
    vp = int(answer.get("vp") or (answer.get("result") or {}).get("vp") or 0)
    purchases = answer.get("purchases") or []
    rule = next((p["rule"] for p in purchases if p.get("vp")), answer.get("rule") or "18.2.1")
    if vp:
        out.append(Consequence.english(f"VP {vp:+d}: margin spent ({data.get('mission')})", (rule,),
                                       {"type": "vp", "value": vp, "reason": f"{data.get('mission')} MOS spent", "rule": rule}))
    steps = int(spend.get("insurgent_steps") or 0)
    if steps:
        where = f" in hex {hex_}" if hex_ else ""
        out.append(Consequence.english(f"Remove {steps} Insurgent step{'s' if steps != 1 else ''}{where} (Jihadi cells first, "
                                       "the smallest unit first; then update the hex's units)", ("25.21.3", "25.13.3"),
                                       {"type": "note", "text": f"{steps} Insurgent steps removed{where} (margin spent)"}))
    if hex_:
        h = state.hex(hex_)
        points = int(spend.get("resistance_points") or 0)
        if points and h.resistance:
            left = max(h.resistance - points, 0)
            action: dict[str, Any] = {"type": "hex", "hex": hex_, "resistance": left}
            text = f"hex {hex_}: Resistance +{h.resistance} → " + (f"+{left}" if left else "none: Pacified")
            if not left:
                action["pacified"] = True
            out.append(Consequence.english(text, ("20.3", "25.8.3"), action))
        if spend.get("wanted_successes") and h.wanted:
            out.append(Consequence.english(f"hex {hex_}: Wanted! marker removed (a Nationalist chit leaves the cup)",
                                           ("21.1.2.3", "8.3.1"), {"type": "hex", "hex": hex_, "wanted": False}))
        if spend.get("isolated_markers") and h.isolated:
            out.append(Consequence.english(f"hex {hex_}: Isolated markers removed", ("20.3",),
                                           {"type": "hex", "hex": hex_, "isolated": []}))
    return out


def end_of_turn_roll(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    result = answer.get("result") or {}
    rules = tuple(s["rule"] for s in result.get("steps", [])[-1:]) or ("14",)
    if answer.get("situation") == "ceasefire":
        text = ("Ceasefire: -1 VP and the game is over (14.2.2.1, 14.2.3)" if result.get("ceasefire")
                else "No ceasefire: on to the Reinforcements step (14.3)")
    else:
        text = ("The two 3/4 Battalion chits into the cup, then 14.4" if result.get("arrive")
                else "No reinforcements: on to 14.4")
    return [Consequence.english(text, rules, {"type": "next_step"})]


def intelligence(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    """Nothing to apply: the Wanted! markers are placed on each hex's panel (11.3, the result's
    steps say how many and where), and the player ends the Phase from the game page; applying the
    roll once ended the Phase as well."""
    return []


def availability(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    status = (answer.get("result") or {}).get("status")
    unit = ctx.get("unit")
    if not unit or status not in ("good_order", "ops_complete"):
        return []
    rule = "13.6.2.1" if status == "ops_complete" else "13.6.2.2"
    return [Consequence.english(f"{unit}: {status.replace('_', ' ')}", (rule, "5.5"),
                                {"type": "unit_status", "unit": unit, "status": status})]


def contact(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    hex_ = ctx.get("hex")
    result = answer.get("result") or {}
    if hex_ and "ambush" in str(result.get("outcome", "")).lower() and not state.hex(hex_).ied:
        return [Consequence.english(f"IED Ambush! marker in hex {hex_}", ("25.5.1",), {"type": "hex", "hex": hex_, "ied": True})]
    return []


def level_of_resistance(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    hex_ = ctx.get("hex")
    level = (answer.get("result") or {}).get("level")
    if not hex_ or not level:
        return []
    return [Consequence.english(f"Insurgent Resistance Level +{level} marker in hex {hex_}", ("22.1", "25.9"),
                                {"type": "hex", "hex": hex_, "resistance": int(level)}),
            Consequence.english("Then the Insurgent Reaction", ("22.2",), calculator="insurgent-reaction", query={"hex": hex_})]


def insurgent_units(state: GameState, data: dict[str, Any], answer: dict[str, Any], ctx: dict[str, Any]) -> list[Consequence]:
    """New Insurgent units (22.2) or steps (12.4.3): the player places the counters; the log keeps it."""
    hex_ = ctx.get("hex")
    result = answer.get("result") or {}
    where = f" in hex {hex_}" if hex_ else ""
    if "units" in result:
        units = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in (result.get("units") or {}).items() if n) or "none"
        text = f"New Insurgent units{where}: {units}" + (" (one of them a Jihadi cell)" if result.get("jihadi_cell") else "")
        rules: tuple[str, ...] = ("22.2", "22.2.2")
    else:
        steps = int(result.get("insurgent_steps") or 0)
        text = f"Insurgent steps{where}: {steps:+d}" + (" and a Jihadi cell" if result.get("jihadi_cell") else "")
        rules = ("12.4.3", "12.4.3.1", "12.4.3.2")
    out = [Consequence.english(text + "; then update the hex's units", rules, {"type": "note", "text": text})]
    if hex_:
        follow = "contact" if "units" in result else "operation"
        query = {"hex": hex_} if follow == "contact" else {"hex": hex_, "attacker": "insurgency"}
        out.append(Consequence.english("Then the Insurgent Contact Table" if follow == "contact" else "Then the Insurgent Assault",
                                       ("22.3",) if follow == "contact" else ("12.4.4",), calculator=follow, query=query))
    return out


BY_SITUATION = {
    "operation": operation, "spend-margin": spend_margin, "ceasefire": end_of_turn_roll,
    "reinforcements": end_of_turn_roll, "intelligence": intelligence, "availability": availability,
    "contact": contact, "level-of-resistance": level_of_resistance, "insurgent-reaction": insurgent_units,
    "insurgent-activation": insurgent_units,
}


def consequences(state: GameState, situation: str, data: dict[str, Any], answer: dict[str, Any],
                 ctx: dict[str, Any]) -> list[Consequence]:
    found = BY_SITUATION.get(situation)
    return found(state, data, answer, ctx) if found else []
