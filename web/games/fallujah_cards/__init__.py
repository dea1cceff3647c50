"""The companion of the Fallujah solo card game: a game as an event log over the engine of
``adjudicator.games.fallujah_cards`` (which this package only uses): played with the app's deck
(the shuffle and every random discard recorded at setup) or kept beside a physical deck; the
game page (phone first), the advisor at each decision, the statistics page and the terminal
loop of ``fallujah play``. No I/O here: :mod:`web.store` keeps the log.
"""

from __future__ import annotations

from web.companion import pack_companion

from . import actions, apply, board, describe, pages, terminal, view
from .labels import LABELS
from .sample import sample
from .state import CardsState

COMPANION = pack_companion(
    __file__,
    game="fallujah-cards",
    state_model=CardsState,
    actions=actions,
    moves=apply.KERNEL,
    render=view.state_text,
    game_pages=pages,
    listed={"decisions": actions.DECISIONS, "entries": actions.ENTRIES, "phases": view.PHASES},
    labels=LABELS,
    pages={pages.STATISTICS: pages.statistics_page},
    terminal=terminal.play,
    sample=sample,
    describe=describe.describe,
    section=describe.section,
    table=board.table,
)
