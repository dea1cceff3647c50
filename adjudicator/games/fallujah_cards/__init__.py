"""The Fallujah solo card game's pack.

- cards.py: the card list, read from the rulebook data (never typed in code);
- state.py, actions.py, engine.py: the pure engine (state, decisions and random events as
  pydantic actions, ``apply``, ``pending``, ``legal_decisions`` with labels, ``replay``);
- policies.py: ``greedy`` (and ``greedy-classic``) and the advisor's ``lookahead``; ``play_to_end``;
- rollouts.py: the greedy policy over many games at once, compiled (the advisor's Monte Carlo);
- clairvoyant.py: the game's limit, the best play with the deck order known in advance;
- tournament.py: seeded games played by a named policy (``STATISTICS``, ``fallujah stats``);
- advisor.py: each legal choice's expected final score (exact or Monte Carlo);
- fast.py, exact.py: the same rules over card classes, for speed and exact distributions;
- situations.py: the ``expected-score`` situation (``PROCEDURES``);
- decisions.py: the choice it leaves to the player, for the kernel's what-ifs.
"""

from __future__ import annotations

from ...registry import declare_situations
from .decisions import DECISIONS
from .situations import PROCEDURES, Procedure
from .tournament import STATISTICS

#: the situations, each with the choices it leaves to the player (:mod:`.decisions`)
SITUATIONS: dict[str, Procedure] = declare_situations(PROCEDURES, DECISIONS)

__all__ = ["SITUATIONS", "STATISTICS", "Procedure"]
