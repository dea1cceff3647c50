"""Battle for Fallujah's companion: a physical game kept as an event log (chit cup, VP, Media and
Political Pressure, hexes and units), the checklist of each phase and End of Turn step, the
calculator prefilled from the state, and the map and counters keyed by the player from the
components (never guessed). No I/O here: :mod:`web.store` keeps the log."""

from __future__ import annotations

from web.companion import pack_companion

from .state import EOT_STEPS, PHASES, GameState

COMPANION = pack_companion(
    __name__,
    game="battle-for-fallujah",
    state_model=GameState,
    listed={"phases": PHASES, "end_of_turn_steps": [{"step": s, "rule": r} for s, r in EOT_STEPS]},
    paged=("vp_ledger",),
)
