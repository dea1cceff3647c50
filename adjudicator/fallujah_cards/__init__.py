"""The Fallujah solo card game's pack: a pure engine (engine.py), the greedy and lookahead
policies (policies.py), the advisor (advisor.py) and the ``expected-score`` situation.

The card list is read from the rulebook data (cards.py), never typed in code.
"""

from __future__ import annotations

from .situations import SITUATIONS, Procedure

__all__ = ["SITUATIONS", "Procedure"]
