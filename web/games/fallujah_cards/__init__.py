"""The companion of the Fallujah solo card game: a game as an event log over the engine of
``adjudicator.games.fallujah_cards`` (which this package only uses): played with the app's deck
(the shuffle and every random discard recorded at setup) or kept beside a physical deck; the
game page (phone first), the advisor at each decision, the statistics page and the terminal
loop of ``fallujah play``. No I/O here: :mod:`web.store` keeps the log.
"""

from __future__ import annotations

from web.companion import OnCall, pack_companion

from . import actions, describe, terminal, view
from .state import CardsState

#: where the statistics page is served (``Companion.pages``: ``/games/<game>/<name>``)
STATISTICS = "statistics"

COMPANION = pack_companion(
    __name__,
    game="fallujah-cards",
    state_model=CardsState,
    listed={"decisions": actions.DECISIONS, "entries": actions.ENTRIES, "phases": view.PHASES},
    pages={STATISTICS: OnCall(f"{__name__}.pages", "statistics_page")},
    terminal=terminal.play,
    describe=describe.describe,
    section=describe.section,
)
