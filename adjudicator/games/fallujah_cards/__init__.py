"""The Fallujah solo card game's pack.

- cards.py: the card list, read from the rulebook data (never typed in code);
- state.py, actions.py, engine.py: the pure engine (state, decisions and random events as
  pydantic actions, ``apply``, ``pending``, ``legal_decisions`` with labels, ``replay``);
- policies.py: ``greedy`` (and ``greedy-classic``) and the advisor's ``lookahead``; ``play_to_end``;
- rollouts.py: the greedy policy over many games at once, compiled (the advisor's Monte Carlo);
- clairvoyant.py: the game's limit, the best play with the deck order known in advance;
- tournament.py: seeded games played by a named policy (``fallujah stats``; offered.py declares
  ``STATISTICS`` without importing it);
- advisor.py: each legal choice's expected final score (exact or Monte Carlo);
- fast.py, exact.py: the same rules over card classes, for speed and exact distributions;
- situations.py: the ``expected-score`` situation (``SITUATIONS``);
- decisions.py: the choice it leaves to the player, for the kernel's what-ifs.
"""

from __future__ import annotations

from typing import Any

from ...registry import Procedure, declared_situations

#: each situation and the module that declares it (its ``SITUATIONS``): ``fallujah adjudicate``
#: imports only that one, not the tournaments' compiled loops (``STATISTICS``)
SITUATION_MODULES: dict[str, str] = {"expected-score": "situations"}


def __getattr__(name: str) -> Any:
    """What is read only when asked for: ``SITUATIONS`` (:mod:`.situations`) and the seeded
    tournaments ``fallujah stats`` runs (``STATISTICS``, :mod:`.offered`)."""
    if name == "SITUATIONS":
        return declared_situations(__name__)
    if name == "STATISTICS":
        from .offered import STATISTICS

        return STATISTICS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SITUATIONS", "STATISTICS", "Procedure"]
