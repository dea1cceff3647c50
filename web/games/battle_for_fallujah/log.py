"""The log in words (:mod:`web.pages.logview`): one sentence per action of Battle for Fallujah
(English: the rulebook's only language), grouped under its turn and phase."""

from __future__ import annotations

from typing import Any

from .cup import label
from .state import EOT_STEPS, GameState


def section(state: GameState) -> tuple[int, str]:
    """The turn and phase an event made on ``state`` belongs to (10)."""
    return state.turn, state.phase


def describe(payload: dict[str, Any], before: GameState | None, after: GameState, lang: str) -> str | None:
    """One sentence for an action (None: the generic line)."""
    kind = payload.get("type")
    if kind in ("chit_draw", "chit_draw_app") and after.drawn:
        by = "the app" if kind == "chit_draw_app" else "the player"
        return f"Chit drawn by {by}: {label(after.drawn[-1])}"
    if kind == "next_step" and before is not None:
        step, rule = EOT_STEPS[before.eot_step]
        return f"End of Turn {rule}: {step.replace('_', ' ')} applied"
    if kind == "next_phase":
        return "Intelligence Phase over: Activation Phase"
    if kind == "operations_end":
        return "Operations Phase over: back to the Activation Phase"
    if kind == "vp":
        return f"VP {payload.get('value', 0):+d}: {payload.get('reason')} ({payload.get('rule')}); track {after.vp:+d}"
    if kind == "media" and before is not None:
        return (f"Media +{payload.get('count')}: {before.media} → {after.media}, Political Pressure "
                f"+{after.pressure}")
    if kind == "pacified_modifier":
        return f"Blocks Pacified modifier {payload.get('modifier', 0):+d}"
    if kind == "unit_move":
        where = f"hex {payload['hex']}" if payload.get("hex") else "its base"
        return f"{payload.get('unit')} to {where}"
    if kind == "unit_status":
        return f"{payload.get('unit')}: {str(payload.get('status', '')).replace('_', ' ')}"
    if kind == "hex":
        return f"Hex {payload.get('hex')}: markers and units updated"
    return None
