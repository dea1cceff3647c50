"""Second Fallujah's game page (phone first): the turn, Phase and impulse with the Phase's
checklist, the bot's procedure due now (its needs, decision and trace, confirm or override, then
the undoable actions applying it), the last combat, the Advantage, Political Backlash and VP, the
51 areas (an area's panel: ``?area=N``), the units off the map, and the map & counters keyed."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import abort, render_template
from flask_babel import gettext as _

from adjudicator.games.second_fallujah import data
from web.api import store
from web.copies import records
from web.pages.game import undo_redo
from web.pages.helpers import query_in_range

from . import bot, trace
from .apply import counter_keys
from .state import OFF_MAP, PHASES, GameState


def map_file(state: GameState) -> dict[str, Any]:
    """The "map & counters" file: what was keyed, reusable in another game (``key_map`` or setup)."""
    areas = {}
    for area in data.AREAS:
        facts = state.facts(area)
        values: dict[str, Any] = {}
        if facts.tem is not None:
            values["tem"] = facts.tem
        if facts.adjacent is not None:
            values["adjacent"] = list(facts.adjacent)
        if values:
            areas[str(area)] = values
    counters = {key: c.model_dump(exclude_defaults=True) for key, c in sorted(state.counters.items())}
    out: dict[str, Any] = {"format": "second-fallujah-map", "areas": areas, "counters": counters}
    if state.militia_counters is not None:
        out["militia_counters"] = state.militia_counters
    return out


def _area_param(game: dict[str, Any]) -> int | None:
    return query_in_range("area", 1, 51,
                          lambda value: abort(404, description=_("area %(value)s: an area id from 1 to 51", value=value)))


def dice_needed(turn: bot.Turn | None) -> dict[str, Any]:
    """The bot's needs split into the facts it asks to be keyed and the dice it asks for (12.2),
    those grouped by die (a 2D6 is read as its total) for "Roll them for me" and the player's own."""
    needs = list((turn.answer or {}).get("needs") or []) if turn is not None else []
    dice = [n for n in needs if n["field"].startswith("dice.")]
    by_die: dict[str, list[str]] = {}
    for need in dice:
        by_die.setdefault("2d6" if "2D6" in need["what"] else "d6", []).append(need["field"])
    return {"needs": dice, "facts": [n for n in needs if not n["field"].startswith("dice.")], "by_die": by_die}


def attack_areas(state: GameState) -> list[dict[str, Any]]:
    """The areas where a Coalition attack can be made now (7.2): a Fresh Coalition unit to lead
    it and Insurgent units to defend, each with its counts, for one tap from the game page."""
    out = []
    for area in state.areas:
        here = state.units_in(area.id)
        fresh = sum(1 for u in here if u.side == "coalition" and u.status == "fresh")
        defenders = sum(1 for u in here if u.side == "insurgent")
        if fresh and defenders:
            out.append({"id": area.id, "fresh": fresh, "defenders": defenders})
    return out


def game_page(game_id: str, game: dict[str, Any]) -> str:
    state: GameState = store().state(game_id)  # type: ignore[assignment]
    area = _area_param(game)
    turn = bot.evaluate(state)
    retreats = bot.pending_retreats(state)
    keyed = map_file(state)
    units_here = [u for u in game["units"] if u["location"] == area] if area else []
    return render_template(
        "second_fallujah/game.html", game=game, undo=undo_redo(game_id, game), phases=PHASES, area=area,
        area_info=game["area_view"][area - 1] if area else None, units_here=units_here,
        turn=turn, turn_json=json.dumps(turn.input) if turn else None, follow_ups=bot.follow_ups(state),
        retreats=retreats, casualties=bot.casualties_record(state), off_map=[(place, [u for u in game["units"] if u["location"] == place]) for place in OFF_MAP],
        keyed_areas=len(keyed["areas"]), keyed_counters=len(keyed["counters"]),
        map_href="data:application/json;charset=utf-8," + quote(json.dumps(keyed, indent=1)),
        counter_keys=sorted(counter_keys(state)), area_ids=list(data.AREAS), attack_areas=attack_areas(state),
        copies=records(store().engine, game["game"]), bot_dice=dice_needed(turn),
        trace_lines=trace.lines((turn.answer or {}).get("trace") or [], (turn.answer or {}).get("ignored") or [], state)
        if turn is not None else [],
        last_trace=trace.lines(state.bot_last.trace, [i for i, e in enumerate(state.bot_last.trace) if e.get("ignored")], state)
        if state.bot_last is not None else [],
        unit_names={u.id: u.label for u in state.units},
        candidate_name=lambda c: trace.name_of(c, {u.id: u.label for u in state.units}),
        die_name=lambda f: trace.die_name(f, {u.id: u.label for u in state.units}),
        attack_area=area or next((a["id"] for a in game["area_view"] if "contested" in a["status"]), None),
    )


def setup_context() -> dict[str, Any]:
    return {}
