"""Second Fallujah's game page (phone first): the turn, Phase and impulse with the Phase's
checklist, the bot's procedure due now (its needs, decision and trace, confirm or override, then
the undoable actions applying it), the last combat, the Advantage, Political Backlash and VP, the
51 areas (an area's panel: ``?area=N``), the units off the map, and the map & counters keyed."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import abort, render_template

from adjudicator.games.second_fallujah import data
from web.api import store
from web.copies import records
from web.errors import Refused
from web.i18n import label
from web.kernel import Ctx
from web.pages.game import undo_redo
from web.pages.helpers import query_in_range
from web.table import Change, changes
from web.translate import gettext as _

from . import actions, apply, board, bot, trace
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


def apply_payload(steps: list[bot.FollowUp]) -> dict[str, Any]:
    """The one action applying ``steps`` (``bot_apply``), citing each step's rules."""
    rules = list(dict.fromkeys(rule for step in steps for rule in step.rules))
    return {"type": "bot_apply", "steps": [step.payload() for step in steps], "rules": rules}


def applied(state: GameState, steps: list[bot.FollowUp]) -> GameState:
    """``state`` with ``steps`` applied, as the ``bot_apply`` action will apply them."""
    action = actions.parse_action(apply_payload(steps))
    return apply.bot_apply(state, action, Ctx(state.version + 1)).model_copy(update={"version": state.version + 1})


def preview(state: GameState, turn: bot.Turn | None) -> tuple[list[bot.FollowUp], list[Change]]:
    """What confirming the decision shown calls for (12; issue 24, item 5: the bot shows before
    it acts), and what applying it changes on the table: the decision recorded on this state as
    the ``adjudication`` action records it, then its steps applied; nothing when the decision
    needs more before it applies (a retreat's facts or dice, the Mulligan)."""
    if turn is None or turn.answer is None or not (turn.answer.get("decision")):
        return [], []
    action = actions.parse_action({"type": "adjudication", "situation": turn.situation, "input": turn.input,
                                   "result": turn.answer})
    try:
        confirmed = apply.adjudication(state, action, Ctx(state.version + 1))
    except Refused:
        return [], []
    steps = bot.steps(confirmed.model_copy(update={"version": state.version + 1}))
    return steps, table_after(state, confirmed, steps)


def table_after(state: GameState, start: GameState, steps: list[bot.FollowUp]) -> list[Change]:
    """What to change on the table from ``state`` once ``steps`` are applied to ``start`` (none
    when they cannot be: the page then shows the game's refusal when they are sent)."""
    if not steps:
        return []
    try:
        return changes(board.table(state), board.table(applied(start, steps)))
    except Refused:
        return []


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


def unit_list(state: GameState, ids: list[str]) -> str:
    """Units named by their counters ("Fedayeen 1, Cadre 5"), or "—" for none."""
    return ", ".join((found.label if (found := state.unit(i)) is not None else i) for i in ids) or "—"


def placements(placed: list[dict[str, Any]]) -> str:
    """The units a Reaction places (17), each by its counter's kind and its area: "Fedayeen in area 19"."""
    return ", ".join(_("%(unit)s in area %(area)s", unit=label(f"calc.v.{p['place']}", str(p["place"])), area=p["area"])
                     for p in placed)


def game_page(game_id: str, game: dict[str, Any]) -> str:
    state: GameState = store().state(game_id)  # type: ignore[assignment]
    area = _area_param(game)
    turn = bot.evaluate(state)
    retreats = bot.pending_retreats(state)
    then, then_table = preview(state, turn)
    now = bot.steps(state) if turn is None else []
    now_table = table_after(state, state, now)
    keyed = map_file(state)
    units_here = [u for u in game["units"] if u["location"] == area] if area else []
    return render_template(
        "second_fallujah/game.html", game=game, undo=undo_redo(game_id, game), phases=PHASES, area=area,
        area_info=game["area_view"][area - 1] if area else None, units_here=units_here,
        turn=turn, turn_json=json.dumps(turn.input) if turn else None, steps=now, steps_table=now_table,
        steps_action=apply_payload(now) if now else None, then=then, then_table=then_table,
        then_action=apply_payload(then) if then else None,
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
        names=lambda ids: unit_list(state, ids), area_name=lambda n: _("area %(n)s", n=n),
        placements=placements,
        candidate_name=lambda c: trace.name_of(c, {u.id: u.label for u in state.units}),
        die_name=lambda f: trace.die_name(f, {u.id: u.label for u in state.units}),
        attack_area=area or next((a["id"] for a in game["area_view"] if "contested" in a["status"]), None),
    )


def setup_context() -> dict[str, Any]:
    return {}
