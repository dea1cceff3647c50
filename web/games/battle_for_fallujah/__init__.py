"""Battle for Fallujah's companion: a physical game kept as an event log (chit cup, VP, Media and
Political Pressure, hexes and units), the checklist of each phase and End of Turn step, the
calculator prefilled from the state, and the map and counters keyed by the player from the
components (never guessed). No I/O here: :mod:`web.store` keeps the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web.companion import CalculatorHooks, Companion

from . import actions, apply, calculator, log, pages, sample, view
from .labels import LABELS
from .state import EOT_STEPS, PHASES, GameState


def _action_schema() -> dict[str, Any]:
    return {
        "types": list(actions.ACTION_TYPES),
        "phases": list(PHASES),
        "end_of_turn_steps": [{"step": s, "rule": r} for s, r in EOT_STEPS],
        "schema": actions.ACTIONS.json_schema(),
        "setup_schema": actions.Setup.model_json_schema(),
    }


COMPANION = Companion(
    game="battle-for-fallujah",
    state_model=GameState,
    parse_setup=actions.parse_setup,
    parse_action=actions.parse_action,
    moves=apply.KERNEL,
    render=view.state_text,
    action_schema=_action_schema,
    templates=Path(__file__).with_name("templates"),
    static=Path(__file__).with_name("static"),
    game_page=pages.game_page,
    paged=("vp_ledger",),
    setup_context=pages.setup_context,
    calculator=CalculatorHooks(
        suggested=calculator.suggested,
        page=calculator.page,
        roll_rules=("7.1",),
    ),
    labels=LABELS,
    sample=sample.events,
    describe=log.describe,
    section=log.section,
)
