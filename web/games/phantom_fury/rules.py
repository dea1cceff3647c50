"""The numbers the companion enforces, each read once from the rulebook (never typed here).

The adjudicator reads most of them from the rule text (:class:`adjudicator.rulebook.Values`);
the few it does not need (reinforcement turns, counts of counters) are read the same way,
from the section that states them, so a change to the corpus changes the companion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from adjudicator.games.phantom_fury.rulebook import current
from rules_text import Game, Table

#: Numbers the rulebook spells out in words ("three more USMC squads", "his four CAAT supports").
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "second": 2}

VARIANTS = ("standard", "historical")
#: the rulebook whose reading applies where the English and French texts disagree (rulesets.yaml)
RULESETS = ("en", "fr")


class RulebookChanged(LookupError):
    """A sentence the companion reads its numbers from is no longer in the rulebook."""


def _number(game: Game, section: str, pattern: str) -> tuple[int, ...]:
    text = game.corpus("en").get(section).text
    match = re.search(pattern, text)
    if match is None:
        raise RulebookChanged(f"rule {section}: cannot find {pattern!r} in its text")
    return tuple(int(g) if g.isdigit() else _WORDS[g.lower()] for g in match.groups())


@dataclass(frozen=True)
class Rules:
    """What the companion checks actions against; each field names the rule it comes from."""

    game: Game
    zones: int  #: 4.1
    mosque_zone: int  #: 4.1.5: Fortified by default
    uncontrollable_zone: int  #: 4.1.4: neither side Controls it
    last_turn: dict[str, int]  #: 7.1 and 15, per variant
    squad_cf: tuple[int, int]  #: 5.1.1
    step_loss_cf: int  #: 5.1.1.1
    iif_cf: int  #: 5.1.6
    abrams_cf: int  #: 5.1.3
    hero_cf: dict[str, int]  #: 5.1.5.3
    security_element_cf: int  #: 12.3.2.2
    withdrawn_vp: int  #: 12.4.3
    strong_points: tuple[int, int]  #: 6.1.2
    start_zones: int  #: 6.2
    company_squads: int  #: 6.3
    battalion_squads: int  #: 6.3
    caats: int  #: 6.3.1
    caat_ammo: int  #: 11.1.2.1
    iif_squads: int  #: 10.4
    abrams: dict[str, int]  #: 6.3 (one), 15 (a second one in the historical variant)
    company_turn: int  #: 10.1
    abrams_turn: int  #: 10.2
    battalion_turn: dict[str, int]  #: 10.3, per variant
    caat_bonus: int  #: 11.1.2.1
    explosives_cf: int  #: 13.7.1
    pinned_drm: dict[str, int]  #: 14.3.4: Location C, and OG or a Street Section without an Abrams
    #: 14.3.3, per ruleset: which Fired units turn back, "squads" (en) or every unit (fr)
    fired_reset: dict[str, str]

    @property
    def vp_scale(self) -> Table:
        return self.game.tables["vp-scale"]

    @property
    def victory_levels(self) -> Table:
        return self.game.tables["victory-levels"]

    @property
    def missions(self) -> Table:
        return self.game.tables["support-missions"]

    def vp_value(self, reason: str) -> int:
        """VP of one occurrence (7.2.1; a squad withdrawn while Taking Cover: 12.4.3)."""
        if reason == "squad_withdrawn":
            return self.withdrawn_vp
        value = self.vp_scale.row(reason).value
        assert value is not None, f"vp-scale row {reason} has no value"
        return value

    def victory_level(self, vp: int) -> str:
        """The level of victory of a VP total (7.2.2): major, minor or bitter."""
        for row in self.victory_levels.rows:
            low = row.min if row.min is not None else vp
            high = row.max if row.max is not None else vp
            if low <= vp <= high:
                return row.result
        raise RulebookChanged(f"table victory-levels has no level for {vp} VP")


def read_rules(game: Game) -> Rules:
    book = current()
    values = book.values
    battalion = _number(game, "10.3", r"From the start of turn (\d+) onwards \(turn (\d+) in the game variant")
    abrams_historical = _number(game, "15", r"adding a (second) M1A1 Abrams support")[0]
    return Rules(
        game=game,
        zones=values.zones,
        mosque_zone=values.mosque_zone,
        uncontrollable_zone=values.uncontrollable_zone,
        last_turn=dict(values.last_turn),
        squad_cf=values.squad_cf,
        step_loss_cf=values.step_loss_cf,
        iif_cf=values.iif_cf,
        abrams_cf=values.abrams_cf,
        hero_cf=dict(values.hero_cf),
        security_element_cf=values.security_element_cf,
        withdrawn_vp=values.withdrawn_vp,
        strong_points=_number(game, "6.1.2", r"between (\d) and (\d) \(inclusive\) 'Activated Strong Point'"),  # type: ignore[arg-type]
        start_zones=_number(game, "6.2", r"Activates \[4\.1\.3\] the (\d+) Zones identified by a black circle")[0],
        company_squads=_number(game, "6.3", r"drawing at random (\w+) more USMC squads")[0],
        battalion_squads=_number(game, "6.3", r"The (\w+) remaining USMC squads in the container form the Battalion")[0],
        caats=_number(game, "6.3.1", r"allocates his (\w+) CAAT supports")[0],
        caat_ammo=_number(game, "11.1.2.1", r"\((\d) at the start of the game\)")[0],
        iif_squads=_number(game, "10.4", r"bring on his (\d) IIF squads")[0],
        abrams={"standard": 1, "historical": abrams_historical},
        company_turn=_number(game, "10.1", r"From the start of turn (\d+) onwards")[0],
        abrams_turn=_number(game, "10.2", r"From the start of turn (\d+) onwards")[0],
        battalion_turn={"standard": battalion[0], "historical": battalion[1]},
        caat_bonus=values.caat_bonus,
        explosives_cf=values.explosives_cf,
        pinned_drm={"C": values.pinned_courtyard_drm, "open": values.pinned_open_drm},
        fired_reset={ruleset: book.reading("fired-reset-units", ruleset) for ruleset in RULESETS},  # type: ignore[arg-type]
    )


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The Phantom Fury rules the companion enforces, read once per process."""
    return read_rules(current().game)
