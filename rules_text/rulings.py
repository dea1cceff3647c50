"""Rulings beside the rule (issue 21, item 2).

A ruling is an entry tied to rule ids, shown with those rules wherever they are read (``fallujah
rule``, its JSON, the companion's rule pages and sheet, the static site) and marked in search:

- ``erratum``: an error printed in the rulebook itself (``errata.yaml``: a wrong or missing
  reference, an inconsistency, a numbering gap);
- ``ambiguity``: a rule that reads two ways (``errata.yaml``, kind ``ambiguity``); a registered
  one has an ``id`` and its ``readings``, one of which the engines follow unless a ruling picks
  another;
- ``clarification``: an answer from outside the rulebook, with its source;
- ``house``: the player's own ruling, entered in the companion.

A clarification or house ruling may pick one reading of a registered ambiguity
(``ambiguity`` and ``reading``): the adjudicator and the engines then follow that reading
(:func:`chosen_readings`), as they follow Phantom Fury's English or French ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from pydantic import field_validator, model_validator

from .base import Frozen, Lang
from .corpus import Game
from .models import AmbiguityReading, Erratum

RulingKind = Literal["erratum", "ambiguity", "clarification", "house"]
RULING_KINDS: tuple[RulingKind, ...] = ("erratum", "ambiguity", "clarification", "house")
#: the kinds a player enters in the companion
ENTERED_KINDS: tuple[RulingKind, ...] = ("clarification", "house")
#: how a ruling's kind is named where it is read
KIND_LABELS: Mapping[str, str] = {
    "erratum": "Erratum", "ambiguity": "Ambiguity", "clarification": "Clarification", "house": "House ruling",
}
#: where a game's own rulings come from
REGISTER_SOURCE = "errata.yaml: errors and ambiguities printed in the rulebook"


class Ruling(Frozen):
    """One ruling, tied to the rules it is shown beside."""

    id: str
    kind: RulingKind
    rules: tuple[str, ...]
    text: str
    #: where it comes from: the register, a named outside source, or the player
    source: str
    #: an erratum's kind as the register names it (wrong_reference, inconsistency...)
    erratum: str | None = None
    #: the id an erratum flags as wrongly cited, or cited and missing
    cites: str | None = None
    readings: tuple[AmbiguityReading, ...] = ()
    #: the reading the engines follow when no ruling picks one (a registered ambiguity)
    follows: str | None = None
    computed: bool = False
    #: a ruling that picks one reading of a registered ambiguity
    ambiguity: str | None = None
    reading: str | None = None

    @field_validator("rules")
    @classmethod
    def _some_rule(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not value or not all(rule.strip() for rule in value):
            raise ValueError("a ruling is tied to at least one rule id")
        return value

    @model_validator(mode="after")
    def _pick(self) -> Ruling:
        if (self.ambiguity is None) != (self.reading is None):
            raise ValueError("a ruling picking a reading names both the ambiguity and the reading")
        return self


def from_erratum(erratum: Erratum, index: int) -> Ruling:
    """A register entry as a ruling (its id: the ambiguity's, else ``erratum-<section>-<n>``)."""
    kind: RulingKind = "ambiguity" if erratum.kind == "ambiguity" else "erratum"
    return Ruling(
        id=erratum.id or f"{kind}-{erratum.section}-{index}",
        kind=kind,
        rules=erratum.sections,
        text=erratum.note,
        source=REGISTER_SOURCE,
        erratum=None if kind == "ambiguity" else erratum.kind,
        cites=erratum.cites,
        readings=erratum.readings,
        follows=erratum.follows,
        computed=erratum.computed,
    )


def game_rulings(game: Game, lang: Lang | None = None) -> list[Ruling]:
    """The game's own rulings (its register), for one rulebook language or all."""
    counts: dict[str, int] = {}
    found = []
    for erratum in game.errata:
        counts[erratum.section] = counts.get(erratum.section, 0) + 1
        if lang is None or lang in erratum.langs:
            found.append(from_erratum(erratum, counts[erratum.section]))
    return found


def for_rule(rulings: Iterable[Ruling], rule_id: str) -> list[Ruling]:
    """The rulings shown beside one rule: errata first, then ambiguities, clarifications, house rulings."""
    tied = [r for r in rulings if rule_id in r.rules]
    return sorted(tied, key=lambda r: RULING_KINDS.index(r.kind))


def ambiguities(game: Game) -> dict[str, Ruling]:
    """The registered ambiguities that have readings, by id."""
    return {r.id: r for r in game_rulings(game) if r.kind == "ambiguity" and r.readings}


def pick_problem(game: Game, ambiguity: str, reading: str) -> str | None:
    """What is wrong with picking ``reading`` of ``ambiguity`` in this game, or None."""
    known = ambiguities(game)
    if ambiguity not in known:
        allowed = ", ".join(sorted(known)) or "none registered"
        return f"ambiguity {ambiguity!r} is not registered for {game.id} (allowed: {allowed})"
    keys = [r.key for r in known[ambiguity].readings]
    if reading not in keys:
        return f"reading {reading!r} of {ambiguity}: allowed {', '.join(keys)}"
    return None


def chosen_readings(game: Game, rulings: Iterable[Ruling]) -> dict[str, str]:
    """The reading of every registered ambiguity: the one a ruling picks (the last entered wins),
    else the one the engines follow."""
    chosen = {key: r.follows for key, r in ambiguities(game).items() if r.follows}
    for ruling in rulings:
        if ruling.ambiguity and ruling.reading and pick_problem(game, ruling.ambiguity, ruling.reading) is None:
            chosen[ruling.ambiguity] = ruling.reading
    return chosen
