"""Second Fallujah's companion: a game as an event log (pydantic actions, pure moves), the state
they fold into and its conversion to the bot's table state (the adjudicator's own model), the
solitaire bot's procedure due at each point (asked of ``adjudicator.games.second_fallujah``, confirmed or
overridden by the player, applied by undoable actions), the game page, the setup form, the
calculator's prefill and consequences, its templates and strings. No I/O: :mod:`web.store` keeps
the log.

Modules: :mod:`.state` (the state), :mod:`.actions` (what can be done), :mod:`.apply` (the moves
and the fold), :mod:`.table` (the bot's state, 2.4, VP, 9.2), :mod:`.bot` (the bot's turn),
:mod:`.board` (what to fix on the table), :mod:`.view` (the JSON), :mod:`.pages` and
:mod:`.calculator` (the pages), :mod:`.sample`.
"""

from __future__ import annotations

from web.companion import pack_companion

from . import actions
from .state import PHASES, GameState

COMPANION = pack_companion(
    __name__,
    game="second-fallujah",
    state_model=GameState,
    listed={"phases": PHASES},
    schemas={"map_schema": actions.MapAndCounters},
)
