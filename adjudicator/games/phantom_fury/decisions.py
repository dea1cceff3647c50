"""The choices Phantom Fury leaves to the player in each situation, and the player's goal
there (issue 22; the kernel computes each alternative: :mod:`adjudicator.what_if`).

- Fire Combat: use the CAAT support's 'Ammo' bonus, +2 to the squad's CF (11.1.2.1); the goal
  is a hit (11.2.2).
- Assault: use the CAAT support's 'Explosives', an unmodifiable CF of 8 (13.7.1); the goal is
  the Location cleared: the 'Insurgents' unit eliminated, or none there (13.4).
- Support Missions: which Mission to call up (9.1), each from the Support Missions table (9.3);
  the goal is the Mission's success. A Mission that has reached its maximum (9.2) is left out.
"""

from __future__ import annotations

from typing import Any

from ...models import Text
from ...what_if import Choice, Decisions, Goal, one_of, toggle
from .rulebook import current


def _missions(_situation: Any) -> list[Choice]:
    from .support import MISSIONS  # here: support declares its situations with these decisions

    rows = current().table(MISSIONS).rows
    return [one_of("mission", "9.1", {
        row.result: Text(en=f"call up {name}", fr=f"demander {name}")
        for row in rows
        for name in (row.name.en if row.name else row.result,)
    })]


DECISIONS: dict[str, Decisions] = {
    "fire": Decisions(
        choices=(toggle("shooter.caat_ammo", "11.1.2.1",
                        Text(en="with the CAAT 'Ammo' bonus", fr="avec le bonus ‘Ammo’ du CAAT"),
                        Text(en="without the CAAT 'Ammo' bonus", fr="sans le bonus ‘Ammo’ du CAAT")),),
        goal=Goal(Text(en="a hit", fr="un tir réussi"), ("success",)),
        rolls=("roll", "activation", "drawn_cf"),
    ),
    "assault": Decisions(
        choices=(toggle("attacker.explosives", "13.7.1",
                        Text(en="with the CAAT 'Explosives'", fr="avec les ‘Explosives’ du CAAT"),
                        Text(en="without the CAAT 'Explosives'", fr="sans les ‘Explosives’ du CAAT")),),
        goal=Goal(Text(en="the Location cleared: the 'Insurgents' unit eliminated, or none there",
                       fr="la Location nettoyée : l'unité ‘Insurgents’ éliminée, ou aucune"),
                  ("insurgent_eliminated", "no_insurgent")),
        rolls=("rolls",),
    ),
    "support-mission": Decisions(
        choices=_missions,
        goal=Goal(Text(en="the Mission's success", fr="le succès de la Mission"), ("success",)),
        rolls=("roll", "reaction_roll"),
    ),
}
