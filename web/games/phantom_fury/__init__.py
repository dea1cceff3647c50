"""Phantom Fury's companion: a game as an event log of actions (pydantic), pure moves, the state
they fold into, the reminders each Phase draws from the rules, the game page, the setup form,
the calculator's prefill and consequences, its templates and strings. No I/O here:
:mod:`web.store` keeps the log in the database.
"""

from __future__ import annotations

from web.companion import pack_companion

from . import actions, view
from .rules import rules
from .state import PHASES, GameState


def _render(state: GameState, game_id: str) -> str:
    return view.state_text(state, game_id, rules())


COMPANION = pack_companion(
    __name__,
    game="phantom-fury",
    state_model=GameState,
    render=_render,
    listed={"vp_reasons": actions.VP_REASONS, "phases": PHASES},
    paged=("vp_ledger",),
)
