"""Phantom Fury's procedures (Laurent Closier, Nuts! Publishing): the first game pack.

Declares its situations for the kernel's registry (:mod:`adjudicator.registry`) by module
(``SITUATION_MODULES``): ``fallujah adjudicate`` imports only the module of the situation asked
for; ``SITUATIONS`` (every one) is built when first read. Each procedure reads the rulebook
through :func:`~adjudicator.games.phantom_fury.rulebook.current`.

>>> from adjudicator import adjudicate
>>> adjudicate("ied", {"cf": 5}).probabilities
{'pinned': 0.6, 'step_loss': 0.4}
"""

from __future__ import annotations

from typing import Any

from ...registry import declared_situations

#: What the rulebook says of an impossible d10 face, for bad-input messages: "The '0' on a d10
#: is equivalent to '0', and not '10'" (3).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d10": ("0 is 0, not 10", "3")}

#: each situation and the module of this package that computes and declares it (its
#: ``SITUATIONS``), in the order the situations are listed
SITUATION_MODULES: dict[str, str] = {
    "fire": "fire",
    "suspect-activation": "activation",
    "sniper-fire": "sniper",
    "sniper-street": "sniper",
    "defensive-fire": "defensive_fire",
    "ied": "ied",
    "assault": "assault",
    "pinned-recovery": "pinned",
    "abrams-mc": "abrams",
    "support-mission": "support",
    "insurgent-reaction": "support",
    "victory": "victory",
}


def __getattr__(name: str) -> Any:
    """What is read only when asked for: ``SITUATIONS`` (every situation's module imported), the
    breakdown ``fallujah adjudicate`` prints (``RENDER``) and the grids of chances the rules site
    prints beside the tables (``ODDS_GRIDS``)."""
    if name == "SITUATIONS":
        return declared_situations(__name__)
    if name == "RENDER":
        from .render import render

        return render
    if name == "ODDS_GRIDS":
        from .grids import FIRE_GRID

        return (FIRE_GRID,)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
