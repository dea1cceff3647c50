"""Phantom Fury's companion: a game as an event log of actions (pydantic), pure moves, the state
they fold into, the reminders each Phase draws from the rules, the game page, the setup form,
the calculator's prefill and consequences, its templates and strings. No I/O here:
:mod:`web.store` keeps the log in the database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web.companion import CalculatorHooks, Companion

from . import actions, apply, calculator, log, pages, sample, view
from .labels import LABELS, WORDING
from .rules import rules
from .state import PHASES, GameState


def _render(state: GameState, game_id: str) -> str:
    return view.state_text(state, game_id, rules())


def _action_schema() -> dict[str, Any]:
    """The types, VP reasons, Phases and the JSON Schemas of the actions and the setup."""
    return {
        "types": list(actions.ACTION_TYPES),
        "vp_reasons": list(actions.VP_REASONS),
        "phases": list(PHASES),
        "schema": actions.ACTIONS.json_schema(),
        "setup_schema": actions.Setup.model_json_schema(),
    }


COMPANION = Companion(
    game="phantom-fury",
    state_model=GameState,
    parse_setup=actions.parse_setup,
    parse_action=actions.parse_action,
    moves=apply.KERNEL,
    render=_render,
    action_schema=_action_schema,
    templates=Path(__file__).with_name("templates"),
    static=Path(__file__).with_name("static"),
    game_page=pages.game_page,
    paged=("vp_ledger",),
    setup_context=pages.setup_context,
    calculator=CalculatorHooks(
        suggested=calculator.suggested,
        page=calculator.page,
        options=calculator.options,
        after_odds=calculator.AFTER_ODDS,
        dice_stages=calculator.DICE_STAGES,
        roll_rules=("3",),
    ),
    labels=LABELS,
    wording=WORDING,
    sample=sample.events,
    describe=log.describe,
    section=log.section,
)
