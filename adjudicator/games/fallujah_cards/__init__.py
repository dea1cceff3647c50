"""The Fallujah solo card game's pack.

- cards.py: the card list, read from the rulebook data (never typed in code);
- state.py, actions.py, engine.py: the pure engine (state, decisions and random events as
  pydantic actions, ``apply``, ``pending``, ``legal_decisions`` with labels, ``replay``);
- policies.py: ``greedy`` and the advisor's ``lookahead``; ``play_to_end``;
- advisor.py: each legal choice's expected final score (exact or Monte Carlo);
- fast.py, exact.py: the same rules over card classes, for speed and exact distributions;
- situations.py: the ``expected-score`` situation (``SITUATIONS``).
"""

from __future__ import annotations

from .situations import SITUATIONS, Procedure

__all__ = ["SITUATIONS", "Procedure"]
