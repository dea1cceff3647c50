"""Second Fallujah's stored effects in the page's words (issue 24, item 8).

An event's effects are the game's record: the English text its move stored when it was applied
(``"coalition impulse 0: activates ne_entry_zone"``), kept as it was so that an old log loads with
the same states and reads the same (tests/test_old_logs.py). A page shows each identifier the
text holds as the rulebook names it, through the catalogue: an off-map box ("NE Entry Zone",
2.3), a unit by its counter ("Fedayeen 3", "A Company, 1st Battalion..."), a roll by its
situation's name ("Coalition attack"), a bot procedure or action by its title (12-17).
"""

from __future__ import annotations

import re

from web.i18n import word

from .labels import LABELS
from .state import GameState

#: an identifier of the record: snake_case or kebab-case, perhaps numbered ("fedayeen-3")
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b")
#: where a name of the catalogue is looked up, in this order
KINDS = ("sf.place", "sf.situation", "sf.bot", "sf.action", "calc.v")


def name(identifier: str, units: dict[str, str]) -> str:
    """One identifier of the record as a page shows it; any other word (``tie-break``) as it is."""
    if identifier in units:
        return units[identifier]
    for kind in KINDS:
        if f"{kind}.{identifier}" in LABELS:
            return word(LABELS, f"{kind}.{identifier}")
    return identifier


def effect_words(text: str, state: GameState) -> str:
    """A stored effect's text with each identifier named (``Companion.effect_words``)."""
    units = {u.id: u.label for u in state.units}
    return IDENTIFIER.sub(lambda found: name(found.group(0), units), text)
