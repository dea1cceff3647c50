"""Battle for Fallujah's companion: a physical game kept as an event log (chit cup, VP, Media and
Political Pressure, hexes and units), the checklist of each phase and End of Turn step, the
calculator prefilled from the state, and the map and counters keyed by the player from the
components (never guessed). No I/O here: :mod:`web.store` keeps the log."""

from __future__ import annotations

from web.companion import CalculatorHooks, pack_companion

from . import actions, apply, board, calculator, log, my_copy, pages, sample, view
from .labels import LABELS
from .state import EOT_STEPS, PHASES, GameState

COMPANION = pack_companion(
    __file__,
    game="battle-for-fallujah",
    state_model=GameState,
    actions=actions,
    moves=apply.KERNEL,
    render=view.state_text,
    game_pages=pages,
    listed={"phases": PHASES, "end_of_turn_steps": [{"step": s, "rule": r} for s, r in EOT_STEPS]},
    paged=("vp_ledger",),
    calculator=CalculatorHooks(
        suggested=calculator.suggested,
        page=calculator.page,
        roll_rules=("7.1",),
    ),
    labels=LABELS,
    sample=sample.events,
    describe=log.describe,
    section=log.section,
    table=board.table,
    copy=my_copy.HOOKS,
)
