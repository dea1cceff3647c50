"""The companion of the Fallujah solo card game: a game as an event log over the engine of
``adjudicator.games.fallujah_cards`` (which this package only uses): played with the app's deck
(the shuffle and every random discard recorded at setup) or kept beside a physical deck; the
game page (phone first), the advisor at each decision, the statistics page and the terminal
loop of ``fallujah play``. No I/O here: :mod:`web.store` keeps the log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web.companion import Companion

from . import actions, apply, describe, pages, terminal, view
from .labels import LABELS
from .sample import sample
from .state import CardsState


def _action_schema() -> dict[str, Any]:
    return {
        "types": list(actions.ACTION_TYPES),
        "decisions": list(actions.DECISIONS),
        "entries": list(actions.ENTRIES),
        "phases": list(view.PHASES),
        "schema": actions.ACTIONS.json_schema(),
        "setup_schema": actions.Setup.model_json_schema(),
    }


COMPANION = Companion(
    game="fallujah-cards",
    state_model=CardsState,
    parse_setup=actions.parse_setup,
    parse_action=actions.parse_action,
    moves=apply.KERNEL,
    render=view.state_text,
    action_schema=_action_schema,
    templates=Path(__file__).with_name("templates"),
    static=Path(__file__).with_name("static"),
    game_page=pages.game_page,
    setup_context=pages.setup_context,
    labels=LABELS,
    pages={pages.STATISTICS: pages.statistics_page},
    terminal=terminal.play,
    sample=sample,
    describe=describe.describe,
    section=describe.section,
)
