"""Phantom Fury's companion: a game as an event log of actions (pydantic), pure moves, the state
they fold into, the reminders each Phase draws from the rules, the game page, the setup form,
the calculator's prefill and consequences, its templates and strings. No I/O here:
:mod:`web.store` keeps the log in the database.
"""

from __future__ import annotations

from web.companion import CalculatorHooks, pack_companion

from . import actions, apply, board, calculator, log, my_copy, pages, sample, view
from .labels import LABELS, WORDING
from .rules import rules
from .state import PHASES, GameState


def _render(state: GameState, game_id: str) -> str:
    return view.state_text(state, game_id, rules())


COMPANION = pack_companion(
    __file__,
    game="phantom-fury",
    state_model=GameState,
    actions=actions,
    moves=apply.KERNEL,
    render=_render,
    game_pages=pages,
    listed={"vp_reasons": actions.VP_REASONS, "phases": PHASES},
    paged=("vp_ledger",),
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
    table=board.table,
    copy=my_copy.HOOKS,
)
