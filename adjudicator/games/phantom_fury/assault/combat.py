"""The dice of an Assault between a squad and an 'Insurgents' unit (13.4.2, 13.4.3).

:func:`fight` settles one combination of faces: both d10, and the Event roll of the side that
rolled an unmodified 0. :func:`weights` counts the combinations, grouping the faces that
cannot be told apart (every face below a threshold hits alike), so the exact odds cost a few
dozen calls of :func:`fight` instead of thousands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ....dice import faces, tally
from ..rulebook import EventEffect, Rulebook


@dataclass(frozen=True, slots=True)
class Combat:
    """One Assault's numbers once the defender is known."""

    kind: str  #: 'guerillas' or 'martyrs'
    cf_i: int  #: the 'Insurgents' unit's CF
    drm_i: int  #: DRM on its roll in any case ('Fanaticism', 13.4.4)
    surv_i: int  #: DRM on its roll if it is not eliminated (13.4.5, 13.4.6)
    cf_u: int  #: the squad's CF for this Assault ('Hero', Security Element; 8 with explosives)
    drm_u: int  #: DRM on the squad's roll
    hero: int  #: 'Hero' marker: 0 none, 1 'Silver Star', 2 'Medal of Honor'
    modifiable: bool  #: False with explosives: an Event cannot change the CF of 8 (13.7.1)
    usmc_table: str | None
    insurgent_table: str | None
    phantom_fury_now: bool
    fanaticism_now: bool
    flight_cf1_eliminates: bool
    fanaticism: bool  #: a 'Fanaticism' marker was already in the Zone


@dataclass(frozen=True, eq=False)
class Dice:
    """The rulebook's values the arithmetic needs."""

    event_face: int  #: 13.4.3
    no_effect_face: int  #: 13.4.2
    hero_cf: tuple[int, int, int]  #: CF bonus of no Hero, 'Silver Star', 'Medal of Honor' (5.1.5.3)
    effects: dict[str, dict[str, EventEffect]]
    phantom_fury_drm: int  #: 13.4.4
    fanaticism_drm: int  #: 13.4.4

    @classmethod
    def of(cls, book: Rulebook) -> Dice:
        """The book's Dice, built once per book."""
        if "assault-dice" not in book.memo:
            book.memo["assault-dice"] = cls._build(book)
        return book.memo["assault-dice"]

    @classmethod
    def _build(cls, book: Rulebook) -> Dice:
        v = book.values
        return cls(
            event_face=v.event_face,
            no_effect_face=v.assault_no_effect_face,
            hero_cf=(0, v.hero_cf["silver_star"], v.hero_cf["medal_of_honor"]),
            effects=book.events,
            phantom_fury_drm=_value(book, "assault-modifiers-usmc", "phantom_fury"),
            fanaticism_drm=_value(book, "assault-modifiers-insurgent", "fanaticism"),
        )


def _value(book: Rulebook, table: str, key: str) -> int:
    value = book.table(table).row(key).value
    assert value is not None, f"{table}: {key} has no value"
    return value


class State(NamedTuple):
    """The numbers after the Events applied before resolution."""

    cf_u: int
    drm_u: int
    cf_i: int
    drm_i: int
    hero: int
    eliminated_before: bool  #: USMC sniper (or French Flight) on a CF 1 unit
    cancelled: bool  #: Confusion
    drugged: EventEffect | None  #: Drugged Fighters
    bomber: bool  #: Suicide Bomber against a 'Martyrs' unit
    fanatic: bool  #: a 'Fanaticism' marker is in the Zone after the Assault


class Fight(NamedTuple):
    """What one combination of faces does."""

    insurgent: str  #: 'eliminated', 'reduced' (alive with a lower CF) or 'survives'
    insurgent_cf: int  #: its CF after the Assault
    usmc_hit: bool  #: the squad suffers a Step Loss
    usmc_killed: bool  #: the squad is eliminated outright (Suicide Bomber)
    cancelled: bool
    usmc_nine: bool  #: the squad's unmodified roll was a 9 (French 13.6.4)
    usmc_event: str | None
    insurgent_event: str | None
    hero: int
    fanatic: bool


def events_of(
    c: Combat,
    dice: Dice,
    usmc: int,
    insurgent: int,
    usmc_event: str | None,
    insurgent_event: str | None,
) -> tuple[str | None, str | None]:
    """The Events that happen: only on an unmodified 0, never when both sides rolled it (13.4.3.1)."""
    ef = dice.event_face
    ue = usmc_event if usmc == ef and insurgent != ef and c.usmc_table else None
    ie = insurgent_event if insurgent == ef and usmc != ef and c.insurgent_table else None
    return ue, ie


def apply_events(
    c: Combat, dice: Dice, usmc_event: str | None, insurgent_event: str | None
) -> State:
    """The Events' effects before resolution (13.4.3 tables, 13.4.3.2, 13.4.3.3, 13.4.3.4)."""
    cf_u, drm_u, cf_i, drm_i, hero = c.cf_u, c.drm_u, c.cf_i, c.drm_i, c.hero
    before = cancelled = bomber = False
    drugged: EventEffect | None = None
    fanatic = c.fanaticism
    for table, key in ((c.usmc_table, usmc_event), (c.insurgent_table, insurgent_event)):
        if key is None or table is None:
            continue
        effect = dice.effects[table][key]
        if key == "phantom_fury":
            drm_u += dice.phantom_fury_drm if c.phantom_fury_now else 0
        elif key == "hero":
            raised = min(hero + 1, len(dice.hero_cf) - 1)
            if c.modifiable:
                cf_u += dice.hero_cf[raised] - dice.hero_cf[hero]
            hero = raised
        elif key == "usmc_sniper" or (key == "flight" and c.kind == "guerillas"):
            if cf_i == effect.floor:
                before = before or key == "usmc_sniper" or c.flight_cf1_eliminates
            else:
                cf_i += effect.delta
        elif key in ("al_fajr", "fallujah"):
            cf_u += effect.delta if c.modifiable else 0
        elif key == "confusion":
            cancelled = True
        elif key == "drugged_fighters":
            drugged = effect
        elif key == "fanaticism":
            fanatic = True
            drm_i += dice.fanaticism_drm if c.fanaticism_now else 0
        elif key == "suicide_bomber":
            bomber = c.kind == "martyrs"
    return State(cf_u, drm_u, cf_i, drm_i, hero, before, cancelled, drugged, bomber, fanatic)


def usmc_hits(face: int, state: State, dice: Dice) -> bool:
    """13.4.2: final result <= CF, never on an unmodified 9."""
    return face != dice.no_effect_face and face + state.drm_u <= state.cf_u


def insurgent_drm(c: Combat, state: State, eliminated: bool) -> int:
    return state.drm_i + (0 if eliminated else c.surv_i)


def settle(
    c: Combat, dice: Dice, usmc: int, usmc_event: str | None, insurgent_event: str | None
) -> tuple[Fight, int | None]:
    """Everything but the Insurgents' d10: the outcome with no Step Loss on the squad yet, and the
    highest Insurgents face that inflicts one (None when the unit does not fight)."""
    if usmc_event is None and insurgent_event is None:
        return _settle_plain(c, dice, usmc)
    s = apply_events(c, dice, usmc_event, insurgent_event)
    # what every outcome below shares: the squad's 9 and the Events with their effects
    shared = (usmc == dice.no_effect_face, usmc_event, insurgent_event, s.hero, s.fanatic)
    if s.cancelled:
        return Fight("survives", c.cf_i, False, False, True, *shared), None
    if s.eliminated_before or s.bomber:
        return Fight("eliminated", s.cf_i, s.bomber, s.bomber, False, *shared), None
    hit = usmc_hits(usmc, s, dice)
    cf_after = s.cf_i
    eliminated = hit and s.drugged is None
    if hit and s.drugged is not None and s.cf_i != s.drugged.floor:
        cf_after = s.cf_i + s.drugged.delta
    state = "eliminated" if eliminated else ("reduced" if cf_after < c.cf_i else "survives")
    outcome = Fight(state, cf_after, False, False, False, *shared)
    return outcome, s.cf_i - insurgent_drm(c, s, eliminated)


def _settle_plain(c: Combat, dice: Dice, usmc: int) -> tuple[Fight, int | None]:
    """:func:`settle` without Events (most faces): the same arithmetic, without building a State."""
    nine = usmc == dice.no_effect_face
    hit = not nine and usmc + c.drm_u <= c.cf_u
    outcome = Fight(
        "eliminated" if hit else "survives",
        c.cf_i,
        False,
        False,
        False,
        nine,
        None,
        None,
        c.hero,
        c.fanaticism,
    )
    return outcome, c.cf_i - c.drm_i - (0 if hit else c.surv_i)


def hit_squad(outcome: Fight) -> Fight:
    """The same outcome with the Insurgents' Step Loss on the squad."""
    return Fight(outcome[0], outcome[1], True, *outcome[3:])


def fight(
    c: Combat,
    dice: Dice,
    usmc: int,
    insurgent: int,
    usmc_event: str | None = None,
    insurgent_event: str | None = None,
) -> Fight:
    """Settle one combination of faces (both d10 simultaneous, 13.4.2); an Event roll given for a
    side that does not get one is ignored."""
    ue, ie = events_of(c, dice, usmc, insurgent, usmc_event, insurgent_event)
    outcome, threshold = settle(c, dice, usmc, ue, ie)
    if threshold is not None and insurgent != dice.no_effect_face and insurgent <= threshold:
        return hit_squad(outcome)
    return outcome


def _rows(book: Rulebook, table: str, candidates: tuple[int, ...]) -> list[tuple[str | None, int]]:
    """The Events a die can still give, with their numbers of faces."""
    return list(tally(candidates, lambda face: book.row_key(table, face)).items())


def _classes(
    c: Combat, dice: Dice, candidates: list[int], insurgent_event: str | None
) -> list[tuple[int, int]]:
    """The squad's faces (no Event of its own) as (representative, count): hits, misses, the 9."""
    s = apply_events(c, dice, None, insurgent_event)
    hits = [u for u in candidates if usmc_hits(u, s, dice)]
    misses = [u for u in candidates if not usmc_hits(u, s, dice) and u != dice.no_effect_face]
    nines = [u for u in candidates if u == dice.no_effect_face]
    return [(group[0], len(group)) for group in (hits, misses, nines) if group]


@lru_cache(maxsize=4096)
def weights(
    c: Combat,
    dice: Dice,
    book: Rulebook,
    usmc: int | None = None,
    insurgent: int | None = None,
    usmc_event: int | None = None,
    insurgent_event: int | None = None,
) -> dict[Fight, int]:
    """Every outcome of the Assault with its number of face combinations (both d10 and both Event
    d10, rolled or not), for the rolls not yet known. A pure function of its arguments, so its
    answers are kept: the other ruleset's comparison and repeated questions reuse them."""
    ef, ne = dice.event_face, dice.no_effect_face
    us, ins = faces(usmc), faces(insurgent)
    eu, ei = len(faces(usmc_event)), len(faces(insurgent_event))
    u_rows = _rows(book, c.usmc_table, faces(usmc_event)) if c.usmc_table else []
    i_rows = _rows(book, c.insurgent_table, faces(insurgent_event)) if c.insurgent_table else []
    plain_u = [u for u in us if u != ef]
    plain_i = [i for i in ins if i != ef]
    result: dict[Fight, int] = {}

    def against_plain(outcome: Fight, threshold: int | None, weight: int) -> None:
        """Pair a settled USMC side with the Insurgents faces that call no Event."""
        hit = 0 if threshold is None else sum(1 for i in plain_i if i != ne and i <= threshold)
        if outcome.usmc_killed:
            hit = len(plain_i)
        for fight_, n in ((hit_squad(outcome), hit), (outcome, len(plain_i) - hit)):
            if n:
                result[fight_] = result.get(fight_, 0) + weight * n

    def add(outcome: Fight, threshold: int | None, face: int, weight: int) -> None:
        hit = outcome.usmc_killed or (threshold is not None and face != ne and face <= threshold)
        final = hit_squad(outcome) if hit else outcome
        result[final] = result.get(final, 0) + weight

    if plain_i:
        for u, n in _classes(c, dice, plain_u, None):
            against_plain(*settle(c, dice, u, None, None), n * eu * ei)
        if ef in us:
            for key, n in u_rows or [(None, eu)]:
                against_plain(*settle(c, dice, ef, key, None), n * ei)
    if ef in ins:
        for key, n in i_rows or [(None, ei)]:
            for u, m in _classes(c, dice, plain_u, key):
                add(*settle(c, dice, u, None, key), ef, m * n * eu)
        if ef in us:
            add(*settle(c, dice, ef, None, None), ef, eu * ei)
    return result
