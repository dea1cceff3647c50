"""Battle for Fallujah: April 2004 (John Anderson): opposed dice pools and the turn's rolls.

Declares its situations for the kernel's registry (:mod:`adjudicator.registry`) by module
(``SITUATION_MODULES``: ``fallujah adjudicate`` imports only the module of the situation asked
for; ``SITUATIONS``, every one, is built when first read). Every number is
read from the game's tables (``rules_text/games/battle-for-fallujah/tables``) through
:func:`~adjudicator.games.battle_for_fallujah.data.book`; every modifier and die group cites its rule;
the rulebook's contradictions are computed both ways where they change an answer (``readings``).

>>> from adjudicator.registry import adjudicate
>>> adjudicate("dice-pool", {"white": 4}, game="battle-for-fallujah").exact["successes"]["2"]
'3/8'
"""

from __future__ import annotations

from typing import Any

from ...registry import declared_situations

#: What the rulebook says of its dice, for bad-input messages (7.0).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d6": ("faces numbering 1 to 6", "7")}

#: each situation and the module of this package that computes and declares it (its
#: ``SITUATIONS``), in the order the situations are listed
SITUATION_MODULES: dict[str, str] = {
    "dice-pool": "dice_pool",
    "operation": "operation",
    "spend-margin": "margin",
    "availability": "phases",
    "intelligence": "phases",
    "insurgent-activation": "insurgents",
    "level-of-resistance": "insurgents",
    "insurgent-reaction": "insurgents",
    "contact": "insurgents",
    "raid-defenders": "insurgents",
    "ceasefire": "phases",
    "reinforcements": "phases",
    "end-of-turn-vp": "phases",
    "victory-level": "phases",
}


def __getattr__(name: str) -> Any:
    """What is read only when asked for: ``SITUATIONS`` (every situation's module imported) and
    the breakdown ``fallujah adjudicate`` prints (``RENDER``)."""
    if name == "SITUATIONS":
        return declared_situations(__name__)
    if name == "RENDER":
        from .render import render

        return render
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DIE_NOTES", "RENDER", "SITUATIONS", "SITUATION_MODULES"]
