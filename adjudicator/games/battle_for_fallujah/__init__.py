"""Battle for Fallujah: April 2004 (John Anderson): opposed dice pools and the turn's rolls.

Declares ``SITUATIONS`` for the kernel's registry (:mod:`adjudicator.registry`). Every number is
read from the game's tables (``rules_text/games/battle-for-fallujah/tables``) through
:func:`~adjudicator.games.battle_for_fallujah.data.book`; every modifier and die group cites its rule;
the rulebook's contradictions are computed both ways where they change an answer (``readings``).

>>> from adjudicator.registry import adjudicate
>>> adjudicate("dice-pool", {"white": 4}, game="battle-for-fallujah").exact["successes"]["2"]
'3/8'
"""

from __future__ import annotations

from .situations import DIE_NOTES, RENDER, SITUATIONS

__all__ = ["DIE_NOTES", "RENDER", "SITUATIONS"]
