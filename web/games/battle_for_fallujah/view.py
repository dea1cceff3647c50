"""The state as the JSON API gives it: the stored fields and what is computed from them (VP
total and level, tracks by turn, Pacified count, the chits in the cup, the checklist, what is
not keyed yet)."""

from __future__ import annotations

import json
from typing import Any

from web.kernel import STACKS, undo_view
from web.paging import count_key, newest

from .cup import READINGS, eligible_hexes
from .reminders import reminders
from .rules import victory_level
from .state import EOT_STEPS, LAST_TURN, GameState


def tracks_by_turn(state: GameState) -> list[dict[str, int]]:
    """VP, Media and Political Pressure at the end of each turn played, and now."""
    points = [p.model_dump() for p in state.history]
    if state.outcome == "in_progress":
        points.append({"turn": state.turn, "vp": state.vp, "media": state.media, "pressure": state.pressure})
    return points


def missing_keys(state: GameState) -> list[str]:
    """The facts of the components not keyed yet (asked for when a move needs them)."""
    out = []
    if len(state.map.hexes) < 32:
        out.append(f"hexes: {len(state.map.hexes)} of 32 keyed")
    if not any(h.mayor for h in state.map.hexes):
        out.append("the Mayor's compound hex")
    if not state.map.coalition:
        out.append("the Coalition counters")
    if not state.map.insurgents:
        out.append("the Insurgent counter types")
    return out


def computed(state: GameState, game_id: str) -> dict[str, Any]:
    vp = state.vp
    step = EOT_STEPS[state.eot_step]
    hexes, decided = eligible_hexes(state) if state.active == "nationalist" else ([], True)
    return {
        "id": game_id,
        "game": "battle-for-fallujah",
        "vp": vp,
        "victory_level": victory_level(vp),
        "last_turn": LAST_TURN,
        "eot_step_name": step[0],
        "eot_step_rule": step[1],
        "pacified_count": sum(h.pacified for h in state.hexes),
        "tracks_by_turn": tracks_by_turn(state),
        "cup_total": sum(state.cup.values()),
        "chit_reading_text": READINGS[state.chit_reading],
        "eligible_hexes": hexes if decided else [],
        "missing_keys": missing_keys(state),
        **undo_view(state),
        "reminders": reminders(state),
        count_key("vp_ledger"): len(state.vp_ledger),
    }


def state_json(state: GameState, game_id: str) -> dict[str, Any]:
    """The computed fields, then the stored ones with only the ledger's newest lines (:mod:`web.paging`)."""
    stored = state.model_dump(mode="json", exclude={*STACKS, "vp_ledger"})
    ledger = [line.model_dump(mode="json") for line in newest(state.vp_ledger)]
    fields = [name for name in type(state).model_fields if name in stored or name == "vp_ledger"]
    return {**computed(state, game_id), **{name: ledger if name == "vp_ledger" else stored[name] for name in fields}}


def state_text(state: GameState, game_id: str) -> str:
    return json.dumps(state_json(state, game_id), ensure_ascii=False, separators=(",", ":"))
