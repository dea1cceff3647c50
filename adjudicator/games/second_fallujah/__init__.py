"""Second Fallujah (Steve Lieske, Compass Games): 2D6 combat with exact odds over 36 or 1,296,
and the solitaire Insurgent bot (12-17) as pure procedures with traces.

Declares its situations for the kernel's registry (:mod:`adjudicator.registry`) by module
(``SITUATION_MODULES``): ``fallujah adjudicate`` imports only the module of the situation asked
for; ``SITUATIONS`` (every one) is built when first read. Every number is read from the game's
tables (rules_text/games/second-fallujah/tables).
"""

from __future__ import annotations

from typing import Any

from ...registry import declared_situations

#: What a roll out of range means: Second Fallujah's dice are ordinary d6 (dice: [2d6, d6]).
DIE_NOTES: dict[str, tuple[str, str | None]] = {}

#: each situation and the module of this package that computes and declares it (its
#: ``SITUATIONS``), in the order the situations are listed
SITUATION_MODULES: dict[str, str] = {
    "coalition-attack": "combat",
    "insurgent-attack": "combat",
    "fire-mission": "combat",
    "movement-cost": "movement",
    "end-of-action-phase": "combat",
    "fedayeen-reaction": "tables_rolls",
    "cadre-reaction": "tables_rolls",
    "insurgent-setup": "tables_rolls",
    "casualty-allocation": "allocation",
    "victory": "victory",
    "bot-setup": "bot_situations",
    "bot-impulse": "bot_situations",
    "bot-attack-target": "bot_situations",
    "bot-attack-origin": "bot_situations",
    "bot-organize-resistance": "bot_situations",
    "bot-casualties": "bot_situations",
    "bot-mulligan": "bot_situations",
    "bot-retreat": "bot_situations",
    "bot-reaction": "bot_situations",
    "bot-regroup": "bot_situations",
    "bot-reset": "bot_situations",
}


def __getattr__(name: str) -> Any:
    """What is read only when asked for: ``SITUATIONS`` (every situation's module imported) and
    the breakdown ``fallujah adjudicate`` prints (``RENDER``: the bot's trace, needs and
    unspecified points too)."""
    if name == "SITUATIONS":
        return declared_situations(__name__)
    if name == "RENDER":
        from .render import render

        return render
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
