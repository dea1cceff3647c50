"""The state as the JSON API gives it: the stored fields plus what is computed from them (the VP
total and level, each area's status (2.4), the Phase's checklist, the Infiltration preview, the
printed area lists with their rules, and the bot procedure due now with its answer)."""

from __future__ import annotations

import json
from typing import Any

from adjudicator.games.second_fallujah import data
from web.kernel import STACKS, undo_view

from . import bot, table
from .state import PHASE_RULES, GameState

#: Each Phase's checklist (4): what to do, with the rule that says it.
CHECKLISTS: dict[str, list[tuple[str, str]]] = {
    "action": [
        ("4.1", "The Insurgent takes an impulse, then the Coalition (the first impulse of the game is the Coalition's, 11.2)."),
        ("4.1.1", "Insurgent impulse: activate an area, organize resistance, or pass."),
        ("4.1.2", "Coalition impulse: activate an area or an Entry Zone, conduct a Fire Mission, or pass; units that move or attack become Spent."),
        ("4.1.3", "The first Coalition unit entering an uncontested Insurgent-controlled area may trigger a Reaction."),
        ("4.1.4", "The first combat resolution-roll of the Coalition impulse (or 2D6 at its end) decides whether the Action Phase ends."),
        ("5", "At most eight units of a side in an area; five Fresh Cadre and Fedayeen at the end of an impulse (5.1)."),
        ("6.1", "Movement Point costs: the highest applicable cost only."),
        ("7.5", "A Coalition attack in a mosque area without an Iraqi unit advances the Political Backlash Track."),
        ("10.1", "The Advantage: Heroic Effort (+/-1 to a roll) or a Mulligan (reroll a combat)."),
    ],
    "regroup": [
        ("4.2", "The Insurgent moves any units not Dug In to an adjacent Free area, then the Coalition; one at a time."),
        ("5.1", "A Fresh Fedayeen or Cadre entering an area at the limit flips to Spent."),
    ],
    "infiltration": [
        ("4.3", "Check every Coalition-controlled area that is not Garrisoned."),
        ("9.2", "An ungarrisoned Coalition area adjacent to an Insurgent-controlled area becomes Insurgent (a chain reaction): applied when this Phase ends."),
    ],
    "reset": [
        ("4.4", "After Nov 14, the game is over: victory points (1.1) and the winner (1.2)."),
        ("4.4", "Spent units flip to Fresh (5.1: at most five Fresh Cadre and Fedayeen per area); the impulse marker to 1, Insurgent side up; the Advantage to the Available box; the next day."),
    ],
}


def reminders(state: GameState) -> list[dict[str, Any]]:
    out = [{"rule": rule, "text": text} for rule, text in CHECKLISTS[state.phase]]
    if state.variant == "solitaire" and state.phase == "regroup":
        out.append({"rule": "4.2", "text": "The bot has no Regroup procedure: it does not move (the reading the adjudicator takes, "
                    "errata 12.1); move its units yourself if you read it otherwise."})
    if state.variant == "solitaire" and state.phase == "reset":
        out.append({"rule": "5.1", "text": "When this Phase ends, the Insurgent units the limit of five forces stay Spent, "
                    "Fedayeen before Cadre (the bot's reading, errata 12.1)."})
    if state.phase == "infiltration":
        lost, unknown = table.infiltration(state)
        if unknown:
            out.append({"rule": "9.2", "text": f"Key the adjacency of areas {', '.join(map(str, unknown))} to apply Infiltration."})
        else:
            out.append({"rule": "9.2", "text": "Infiltration will take areas " + ", ".join(map(str, lost)) if lost else "No area will be lost to Infiltration."})
    return out


def areas(state: GameState) -> list[dict[str, Any]]:
    mosque, route = data.mosque_areas(), data.areas_of("route-10-areas")
    out = []
    for area in state.areas:
        facts = state.facts(area.id)
        here = state.units_in(area.id)
        out.append({
            "id": area.id, "control": area.control, "status": table.area_status(state, area.id), "rule": "2.4",
            "tem": facts.tem, "adjacent": list(facts.adjacent) if facts.adjacent is not None else None,
            "coalition": sum(1 for u in here if u.side == "coalition"), "insurgent": sum(1 for u in here if u.side == "insurgent"),
            "mosque": area.id in mosque, "route_10": area.id in route, "resistance": state.resistance == area.id,
        })
    return out


def bot_json(state: GameState) -> dict[str, Any] | None:
    turn = bot.evaluate(state)
    if turn is None:
        return None
    answer = turn.answer or {}
    return {"situation": turn.situation, "decision": answer.get("decision"), "trace": answer.get("trace") or [],
            "needs": answer.get("needs") or [], "unspecified": answer.get("unspecified") or [], "error": turn.error,
            "rule": "12"}


def computed(state: GameState, game_id: str) -> dict[str, Any]:
    vp = table.victory(state)
    return {
        "id": game_id,
        "vp": vp["points"], "victory_level": vp["level"], "vp_breakdown": vp["breakdown"],
        **undo_view(state),
        "phase_rule": PHASE_RULES[state.phase],
        "reminders": reminders(state),
        "area_view": areas(state),
        "printed_lists": table.printed_lists(),
        "bot": bot_json(state),
        "follow_ups": [{"text": f.en, "action": f.payload()} for f in bot.follow_ups(state)],
        "retreats": [{k: r[k] for k in ("unit", "to", "decided", "needs", "error")} | {"rule": "16"} for r in bot.pending_retreats(state)],
    }


def state_text(state: GameState, game_id: str) -> str:
    extra = json.dumps(computed(state, game_id), ensure_ascii=False, separators=(",", ":"))
    stored = state.model_dump_json(exclude=set(STACKS))
    return extra[:-1] + "," + stored[1:]


def state_json(state: GameState, game_id: str) -> dict[str, Any]:
    return json.loads(state_text(state, game_id))
