"""The rulebook as the adjudicator reads it: tables, rule ids, values stated in prose, rulesets.

Every number the procedures use comes from here. Die ranges and modifier lists come from
``tables/*.yaml``. A few values are printed in running text rather than in a table (the
+2 of a CAAT's 'Ammo' in 11.1.2.1, the +3 of Zone 26 in 11.2.1, the CF of 8 of explosives
in 13.7.1...): they are read from the section's own words with a pattern, so a change in
the corpus changes the game math, and a change of wording fails loudly instead of silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rules_text import Game, Table, load_game
from rules_text.loading import DataError
from rules_text.register import Difference, load_register

from ...dice import FACES
from ...models import Ruleset
from ...registry import data_fingerprint, forget_data


class RulebookChanged(DataError):
    """The corpus no longer states a value the adjudicator reads from it."""


def _grab(game: Game, lang: str, section: str, pattern: str) -> tuple[str, ...]:
    text = game.corpus(lang).get(section).source_text  # type: ignore[arg-type]
    match = re.search(pattern, text)
    if not match:
        raise RulebookChanged(
            f"{lang}/{section}",
            f"the adjudicator reads /{pattern}/ from this rule and no longer finds it",
        )
    return match.groups()


def _ints(game: Game, section: str, pattern: str, lang: str = "en") -> tuple[int, ...]:
    return tuple(int(g) for g in _grab(game, lang, section, pattern))


def _int(game: Game, section: str, pattern: str, lang: str = "en") -> int:
    return _ints(game, section, pattern, lang)[0]


def _location_list(raw: str) -> frozenset[str]:
    """ "OG, C or R" / "C ou R" -> {"OG", "C", "R"}."""
    return frozenset(part.strip() for part in re.split(r",| or | ou ", raw) if part.strip())


@dataclass(frozen=True)
class Values:
    """Values the rulebook states in prose; each field names the rule it is read from."""

    squad_cf: tuple[int, int]  #: 5.1.1: a USMC squad's CF, full strength
    step_loss_cf: int  #: 5.1.1.1: CF lost by a squad's Step Loss
    abrams_cf: int  #: 5.1.3
    hero_cf: dict[str, int]  #: 5.1.5.3: CF bonus of each side of a 'Hero' marker
    iif_cf: int  #: 5.1.6
    insurgent_cf: tuple[int, int]  #: 5.2.1
    martyrs_only_cf: int  #: 5.2 (designer's note): only certain 'Martyrs' units have this CF
    zones: int  #: 4.1: number of Zones on the map
    uncontrollable_zone: int  #: 4.1.4: the Zone neither side can Control
    mosque_zone: int  #: 4.1.5: the mosque, Fortified by default
    setup_dummy_face: int  #: 6.2: at setup this face is a 'Dummy'
    last_turn: dict[str, int]  #: 7.1: last game turn, standard and historical variant [15]
    caat_locations: dict[str, frozenset[str]]  #: 11.1.2, per ruleset
    caat_bonus: int  #: 11.1.2.1
    zone26_fire_drm: int  #: 11.2.1: the 'de facto' modifier of Zone 26
    fire_no_effect_face: int  #: 11.2.4
    sniper_step_loss_face: int  #: 11.4.1.2
    security_element_cf: int  #: 12.3.2.2: CF a detached Security Element costs its squad
    withdrawn_vp: int  #: 12.4.3: VP penalty of a squad withdrawn while Taking Cover
    assault_no_effect_face: int  #: 13.4.2
    event_face: int  #: 13.4.3: unmodified face that calls an Event
    flooding_max_cf: int  #: 13.4.8.2: a squad with CF <= this may not Flood
    explosives_cf: int  #: 13.7.1
    blocked_retreat_cf: (
        int  #: 13.6.4: CF lost by a 'Guerillas' unit a Security Element keeps from retreating
    )
    blocked_retreat_floor: int  #: 13.6.4: the initial CF at which that reduction cannot apply
    pinned_courtyard_drm: int  #: 14.3.4
    pinned_open_drm: int  #: 14.3.4: OG, or a Street Section without an Abrams


def read_values(game: Game) -> Values:
    hero = _ints(
        game,
        "5.1.5.3",
        r"by \+(\d) when on its .Silver Star. side, and \+(\d) on its .Medal of Honor. side",
    )
    turns = _ints(
        game, "7.1", r"end of the (\d+) game turns \((\d+) game turns, if using the game variant"
    )
    caat = {
        lang: _location_list(_grab(game, lang, "11.1.2", pattern)[0])
        for lang, pattern in (
            ("en", r"in a Location marked (.+?), then"),
            ("fr", r"dans une Location indicée (.+?), alors"),
        )
    }
    return Values(
        squad_cf=_ints(game, "5.1.1", r"Combat Factor \(CF\), between (\d) and (\d)"),  # type: ignore[arg-type]
        step_loss_cf=_int(game, "5.1.1.1", r"its CF is reduced by (\d)"),
        abrams_cf=_int(game, "5.1.3", r"Combat Factor of (\d+)"),
        hero_cf={"silver_star": hero[0], "medal_of_honor": hero[1]},
        iif_cf=_int(game, "5.1.6", r"from the IIF with a CF of (\d)"),
        insurgent_cf=_ints(game, "5.2.1", r"CF of between (\d) and (\d)"),  # type: ignore[arg-type]
        martyrs_only_cf=_int(game, "5.2-note-2", r"Only certain units of the .Martyrs. category have a CF of (\d)"),
        zones=_int(game, "4.1", r"divided into (\d+) Zones"),
        uncontrollable_zone=_int(game, "4.1.4", r"Neither side can Control Zone (\d+)"),
        mosque_zone=_int(game, "4.1.5", r"Zone (\d+) \(mosque\)[^.]*Fortified Zone by default"),
        setup_dummy_face=_int(game, "6.2", r"a result of .(\d). is treated as a .Dummy."),
        last_turn={"standard": turns[0], "historical": turns[1]},
        caat_locations=caat,
        caat_bonus=_int(game, "11.1.2.1", r"provide a \+(\d) modifier to the CF"),
        zone26_fire_drm=_int(game, "11.2.1", r"de facto modifier of \+(\d)"),
        fire_no_effect_face=_int(
            game, "11.2.4", r"unmodified d10 roll is (\d), the Fire Combat action has no effect"
        ),
        sniper_step_loss_face=_int(
            game, "11.4.1.2", r"result of the d10 is (\d), the USMC squad also suffers a Step Loss"
        ),
        security_element_cf=_int(game, "12.3.2.2", r"has its CF reduced by (\d)"),
        withdrawn_vp=-_int(game, "12.4.3", r"penalty of [–-](\d) VPs"),
        assault_no_effect_face=_int(
            game, "13.4.2", r"unmodified d10 roll is (\d), the enemy unit suffers no Step Loss"
        ),
        event_face=_int(
            game, "13.4.3", r"unmodified result of the preceding d10 roll \[13\.4\.2\] is (\d)"
        ),
        flooding_max_cf=_int(game, "13.4.8.2", r"CF ≤ (\d)"),
        explosives_cf=_int(game, "13.7.1", r"unmodifiable CF of (\d+)"),
        blocked_retreat_cf=_int(game, "13.6.4", r"its CF is reduced by (\d)"),
        blocked_retreat_floor=_int(game, "13.6.4", r"if its initial CF is equal to (\d)"),
        pinned_courtyard_drm=_int(game, "14.3.4", r"marked C suffers a \+(\d) DRM"),
        pinned_open_drm=_int(
            game, "14.3.4", r"not containing an M1A1 Abrams support suffers a \+(\d) DRM"
        ),
    )


@dataclass(frozen=True)
class EventEffect:
    """What an Events table row does to a Combat Factor, read from its English text (13.4.3)."""

    delta: int  #: +2 ("increased by 2"), -1 ("reduced by 1"), 0 when the row changes no CF
    floor: int | None  #: "If its initial CF was 1...": the CF at which the reduction cannot apply


def event_effect(row_text: str) -> EventEffect:
    change = re.search(r"(reduced|increased) by (\d)", row_text)
    floor = re.search(r"initial CF (?:is|was) (\d)", row_text)
    delta = 0
    if change:
        delta = int(change.group(2)) * (1 if change.group(1) == "increased" else -1)
    return EventEffect(delta=delta, floor=int(floor.group(1)) if floor else None)


@dataclass(frozen=True, eq=False)
class Rulebook:
    """Everything the procedures read, loaded once."""

    game: Game
    values: Values
    #: the register of English/French differences (rulesets.yaml), by entry id
    rulesets: dict[str, Difference]
    #: every id of the English corpus (the complete one) and of the French corpus
    ids: frozenset[str]
    fr_ids: frozenset[str]
    events: dict[str, dict[str, EventEffect]]
    #: for each d10 table, the row key each face selects (face 0 first)
    keys_by_face: dict[str, tuple[str, ...]]
    #: derived values computed once (modifiers built from table rows...)
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def table(self, table_id: str) -> Table:
        return self.game.tables[table_id]

    def row_key(self, table_id: str, face: int) -> str:
        """The row key a d10 face selects in a table."""
        return self.keys_by_face[table_id][face]

    def reading(self, entry_id: str, ruleset: Ruleset) -> str:
        """The behaviour key a ruleset selects at a point where the two rulebooks disagree."""
        entry = self.rulesets[entry_id]
        if ruleset not in entry.readings:
            raise RulebookChanged(
                f"rulesets.yaml/{entry_id}",
                f"the adjudicator reads this entry but it has no '{ruleset}' reading",
            )
        return entry.readings[ruleset]

    def in_french(self, section: str) -> bool:
        return section in self.fr_ids


def build(game: Game) -> Rulebook:
    events = {
        table_id: {
            row.result: event_effect(row.text.en or "") for row in game.tables[table_id].rows
        }
        for table_id in ("events-usmc", "events-insurgents", "events-iif")
    }
    return Rulebook(
        game=game,
        values=read_values(game),
        rulesets=load_register(game.id),
        ids=frozenset(game.corpus("en").by_id),
        fr_ids=frozenset(game.corpus("fr").by_id) if "fr" in game.corpora else frozenset(),
        events=events,
        keys_by_face={
            t.id: tuple(t.result_for(face).result for face in FACES)
            for t in game.tables.values()
            if t.kind == "d10"
        },
    )


#: the game this package adjudicates (rules_text/games/phantom-fury)
GAME = "phantom-fury"


@lru_cache(maxsize=4)
def _built(fingerprint: str) -> Rulebook:
    game = load_game(GAME)
    if game.fingerprint != fingerprint:  # the data changed between the two reads: read it again
        return _built(game.fingerprint)
    return build(game)


def current() -> Rulebook:
    """The Phantom Fury rulebook, read again whenever its data files change (their fingerprint)."""
    return _built(data_fingerprint(GAME))


def refresh() -> Rulebook:
    """Read the rulebook again (after the data files changed)."""
    forget_data()
    _built.cache_clear()
    return current()
