"""The readings of a game's registered ambiguities that a situation follows (issue 21, item 2).

A game registers an ambiguity with its readings in ``errata.yaml`` (``rules_text.rulings``); one
reading is the one its engines follow. A situation that computes such a result takes
``readings``: ambiguity id -> reading key, the player's pick (a ruling entered in the companion,
or typed); an ambiguity it does not name follows the game's default. The registry checks every
pick against the game's register before the procedure runs, as it checks every other field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from rules_text.loading import load_game
from rules_text.rulings import ambiguities, pick_problem

from .errors import InvalidSituation, Problem
from .models import MAX_ITEMS

#: the input field a situation declares to follow the player's readings
FIELD = "readings"


def readings_field() -> Any:
    """The ``readings`` input field: ambiguity id -> the reading picked (errata.yaml)."""
    return Field(
        default_factory=dict,
        max_length=MAX_ITEMS,
        description="the reading picked for a registered ambiguity (errata.yaml id -> reading key); "
        "an ambiguity not named follows the game's default reading",
    )


def followed(game: str, readings: Mapping[str, str], ambiguity: str) -> str:
    """The reading of ``ambiguity`` this answer follows: the pick, else the game's default."""
    if ambiguity in readings:
        return readings[ambiguity]
    registered = ambiguities(load_game(game))
    if ambiguity not in registered or registered[ambiguity].follows is None:
        raise KeyError(f"ambiguity {ambiguity!r} is not registered with readings for {game}")
    return str(registered[ambiguity].follows)


def check(game: str, readings: Mapping[str, str]) -> None:
    """Every pick names a registered ambiguity of the game and one of its readings, or
    :class:`InvalidSituation` naming each bad pick."""
    loaded = load_game(game)
    problems = []
    known = ambiguities(loaded)
    for ambiguity, reading in readings.items():
        if pick_problem(loaded, ambiguity, reading) is None:
            continue
        allowed = (f"a reading of {ambiguity}: " + ", ".join(r.key for r in known[ambiguity].readings)
                   if ambiguity in known
                   else f"an ambiguity registered for {game}: " + (", ".join(sorted(known)) or "none"))
        problems.append(Problem(f"{FIELD}.{ambiguity}", reading, allowed, known[ambiguity].rules[0]
                                if ambiguity in known else None))
    if problems:
        raise InvalidSituation(problems)
