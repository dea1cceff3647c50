"""An Assault as the player describes it (13), checked, and turned into a :class:`Setup`.

The Setup holds everything the dice arithmetic needs, each ruleset reading already chosen:
the type of Assault (13.1-13.3), the Events tables in use (13.4.3, 13.4.3.4), the markers,
whether DRMs apply at all (explosives 13.4.2 / 13.7.1, Counter-attack 9.4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, Field

from ....errors import Checker
from ....models import Frozen, Ruleset
from ..checks import insurgent_cf, refuse_set, suspect_or_cf, usmc_cf, zone
from ..models import EnemyCounter, Face, Hero, Location, UnitCF, UsmcUnit, ZoneType
from ..rulebook import Rulebook
from .kind import AssaultType, assault_type

HERO_LEVELS: dict[str | None, int] = {None: 0, "silver_star": 1, "medal_of_honor": 2}
HERO_SIDES: tuple[Hero | None, ...] = (None, "silver_star", "medal_of_honor")


class Attacker(Frozen):
    """The USMC or IIF squad declaring the Assault (13)."""

    unit: UsmcUnit = "squad"
    #: CF printed on the counter's visible side (a reduced squad gives its reduced CF)
    cf: int
    location: Location
    #: the counter is flipped: it has already suffered a Step Loss (5.1.1.1)
    reduced: bool = False
    hero: Hero | None = None
    security_element_detached: bool = False
    #: its CAAT support uses its 'Explosives' marker (13.7.1)
    explosives: bool = False
    #: it stands in an insurgent Zone holding no 'Suspect' marker and no 'Insurgents' unit (12.1.2)
    zone_cleared: bool = False


class Defender(EnemyCounter):
    """The 'Suspect' marker or 'Insurgents' unit Assaulted, in an Adjacent Location (4.2.2)."""

    cf: UnitCF = None

    #: it is in an Adjacent Zone, not in the attacker's Zone (12.1.2, 13.6.4)
    adjacent_zone: bool = False
    #: a Security Element is in its Zone; by default, the attacker's when both share a Zone (13.6.4)
    security_element_in_zone: bool | None = None
    #: other 'Suspect' markers or 'Insurgents' units remain in its Zone (for Flooding, 13.4.8.1);
    #: None when not known
    others_in_zone: bool | None = None


class AssaultRolls(BaseModel):
    """The physical dice, as far as they have been rolled."""

    model_config = {"extra": "forbid", "frozen": True, "defer_build": True}

    activation: Face | None = None
    drawn_cf: int | None = None
    ied: Face | None = None
    usmc: Face | None = None
    insurgent: Face | None = None
    usmc_event: Face | None = None
    insurgent_event: Face | None = None


class AssaultSituation(Frozen):
    attacker: Attacker
    defender: Defender
    #: a 'Phantom Fury' marker affects the attacker (13.4.3.2)
    phantom_fury: bool = False
    #: a 'Fanaticism' marker is in the defender's Zone (13.4.3.3)
    fanaticism: bool = False
    #: a 'No Insurgents Event' marker is in the Zone (13.6.4)
    no_insurgent_event: bool = False
    #: this Assault is one of a Flooding's successive Assaults (13.4.8)
    flooding: bool = False
    #: the Assault of an Insurgent Reaction 'Counter-attack', resolved without any DRM (9.4.1)
    counter_attack: bool = False
    ruleset: Ruleset = "en"
    rolls: AssaultRolls | None = Field(default=None)


@dataclass(frozen=True)
class Setup:
    """A checked Assault with every reading chosen; what the dice arithmetic works on."""

    ruleset: Ruleset
    kind: AssaultType
    kind_rule: str
    attacker_unit: str
    attacker_location: str
    counter_cf: int
    reduced: bool
    hero: int  #: 0 none, 1 'Silver Star', 2 'Medal of Honor'
    security_element: bool
    explosives: bool
    defender: str
    defender_cf: int | None
    zone_type: ZoneType
    mosque: bool
    se_in_zone: bool
    others_in_zone: bool | None
    fanaticism: bool
    phantom_fury: bool
    no_insurgent_event: bool
    flooding: bool
    counter_attack: bool
    #: False when no DRM applies: explosives under the English reading (13.4.2), Counter-attack (9.4.1)
    drm_apply: bool
    #: Events table of each side, or None (no Events: 'No Insurgents Event' marker, 13.4.3.1)
    usmc_table: str | None
    insurgent_table: str | None
    #: ruleset readings (rulesets.yaml)
    flight_cf1_eliminates: bool
    blocked_cf1_eliminates: bool
    blocked_spared_on_nine: bool
    marker_after_flooding: bool
    phantom_fury_now: bool
    fanaticism_now: bool


def check(situation: AssaultSituation, book: Rulebook) -> ZoneType:
    """Every problem of an Assault situation at once; returns the defender's Zone type."""
    c = Checker()
    a, d = situation.attacker, situation.defender
    v = book.values
    if a.unit == "abrams":
        c.add(
            "attacker.unit",
            a.unit,
            "a USMC or IIF squad declares an Assault, not an M1A1 Abrams support",
            "13",
        )
    else:
        usmc_cf(book, c, "attacker.cf", a.unit, a.cf, a.reduced)
    for field, where in (("attacker.location", a.location), ("defender.location", d.location)):
        if where == "street":
            c.add(
                field,
                where,
                "an Assault is between Adjacent Locations of Zones, not a Street Section",
                "4.2.2",
            )
    zone_type = zone(book, c, "defender", d.zone, d.zone_number)
    suspect_or_cf(book, c, "defender", d.unit, d.cf, required=True)
    mosque = d.zone_number == v.mosque_zone
    if a.unit == "iif":
        if not mosque:
            c.add(
                "defender.zone_number",
                d.zone_number,
                f"an IIF squad enters no insurgent Zone but Zone {v.mosque_zone} (mosque)",
                "5.1.6.1",
            )
        refuse_set(
            c,
            "attacker",
            (("hero", a.hero, "13.4.3"), ("explosives", a.explosives, "6.3.1")),
            "an IIF squad has no CAAT support and gets no 'Hero' (USMC Events only)",
        )
    elif a.unit == "squad" and mosque:
        c.add(
            "defender.zone_number",
            d.zone_number,
            f"no USMC squad may enter Zone {v.mosque_zone}: only IIF squads Assault there",
            "12.4.2",
        )
    if situation.counter_attack and d.unit != "guerillas":
        c.add(
            "defender.unit", d.unit, "a Counter-attack is conducted by a 'Guerillas' unit", "9.4.1"
        )
    se_in_zone = d.security_element_in_zone
    if se_in_zone is None:
        se_in_zone = a.security_element_detached and not d.adjacent_zone
    if situation.counter_attack and se_in_zone and _daggered(book, "counter_attack"):
        c.add("counter_attack", True, "no Counter-attack in a Zone which contains a Security Element "
              "(a Reaction marked †)", "9.4.2")
    if situation.no_insurgent_event and not se_in_zone:
        c.add("no_insurgent_event", True, "a 'No Insurgents Event' marker lies only in a Zone which contains a "
              "Security Element (defender.security_element_in_zone)", "13.6.4")
    if situation.flooding:
        if a.explosives:
            c.add(
                "attacker.explosives",
                True,
                "a CAAT support may not use its 'Explosives' marker during a Flooding",
                "13.7.2",
            )
        if zone_type == "fortified":
            c.add("flooding", True, "no unit may carry out Flooding in a Fortified Zone", "4.1.5")
        flood_cf = (
            a.cf
            + v.hero_cf.get(a.hero or "", 0)
            - (v.security_element_cf if a.security_element_detached else 0)
        )
        if flood_cf <= v.flooding_max_cf:
            c.add(
                "flooding",
                True,
                f"a squad with CF <= {v.flooding_max_cf} (here {flood_cf}) may neither start nor continue Flooding",
                "13.4.8.2",
            )
    if (
        a.zone_cleared
        and d.adjacent_zone
        and book.reading("adjacent-zone-assault", situation.ruleset) == "forbidden"
    ):
        c.add(
            "defender.adjacent_zone",
            True,
            "a squad in a cleared insurgent Zone cannot Assault into an Adjacent Zone (English rules)",
            "12.1.2",
        )
    _check_rolls(situation, book, zone_type, c)
    c.raise_if_any()
    return zone_type


def _check_rolls(
    situation: AssaultSituation, book: Rulebook, zone_type: ZoneType, c: Checker
) -> None:
    from .. import activation

    rolls = situation.rolls
    if rolls is None:
        return
    v = book.values
    d = situation.defender
    drawn_possible = d.unit == "suspect"
    if rolls.activation is not None and d.unit != "suspect":
        c.add(
            "rolls.activation", rolls.activation, "only a 'Suspect' marker is Activated", "13.4.1"
        )
    revealed = None
    if d.unit == "suspect" and rolls.activation is not None:
        revealed = activation.outcome_of(book, zone_type, rolls.activation, "assault")
    if rolls.drawn_cf is not None:
        insurgent_cf(book, c, "rolls.drawn_cf", rolls.drawn_cf, required=False)
        if not drawn_possible or revealed in ("dummy", "ied"):
            c.add(
                "rolls.drawn_cf",
                rolls.drawn_cf,
                "no counter is drawn unless the Activation places a unit",
                "13.4.1",
            )
        elif revealed == "guerillas":
            insurgent_cf(book, c, "rolls.drawn_cf", rolls.drawn_cf, required=False, unit="guerillas")
    if rolls.ied is not None and (
        d.unit != "suspect" or (revealed is not None and revealed != "ied")
    ):
        c.add(
            "rolls.ied",
            rolls.ied,
            "an IED Attack follows only an IED result of the Activation",
            "13.5",
        )
    ef = v.event_face
    if revealed in ("dummy", "ied"):
        for name in ("usmc", "insurgent", "usmc_event", "insurgent_event"):
            if getattr(rolls, name) is not None:
                c.add(
                    f"rolls.{name}",
                    getattr(rolls, name),
                    f"no Assault roll: the Activation gave {revealed}",
                    "13.4.1",
                )
        return
    if rolls.usmc_event is not None and not (rolls.usmc == ef and rolls.insurgent not in (ef,)):
        c.add(
            "rolls.usmc_event",
            rolls.usmc_event,
            f"an Event roll follows only an unmodified {ef} of the USMC d10 while the other side did not roll {ef}",
            "13.4.3",
        )
    if rolls.insurgent_event is not None:
        if not (rolls.insurgent == ef and rolls.usmc not in (ef,)):
            c.add(
                "rolls.insurgent_event",
                rolls.insurgent_event,
                f"an Event roll follows only an unmodified {ef} of the Insurgents d10 while the other side did not roll {ef}",
                "13.4.3",
            )
        elif situation.no_insurgent_event:
            c.add(
                "rolls.insurgent_event",
                rolls.insurgent_event,
                "Insurgents Events are nullified under a 'No Insurgents Event' marker",
                "13.4.3.1",
            )


def build(situation: AssaultSituation, book: Rulebook, zone_type: ZoneType) -> Setup:
    a, d = situation.attacker, situation.defender
    r = situation.ruleset
    kind, rule = assault_type(a.location, d.location, situation.flooding)
    mosque = d.zone_number == book.values.mosque_zone
    se_in_zone = d.security_element_in_zone
    if se_in_zone is None:
        se_in_zone = a.security_element_detached and not d.adjacent_zone
    iif_table = a.unit == "iif" and mosque
    no_drm_explosives = a.explosives and book.reading("explosives-modifiers", r) == "no_drm"
    return Setup(
        ruleset=r,
        kind=kind,
        kind_rule=rule,
        attacker_unit=a.unit,
        attacker_location=a.location,
        counter_cf=a.cf,
        reduced=a.reduced,
        hero=HERO_LEVELS[a.hero],
        security_element=a.security_element_detached,
        explosives=a.explosives,
        defender=d.unit,
        defender_cf=d.cf,
        zone_type=zone_type,
        mosque=mosque,
        se_in_zone=se_in_zone,
        others_in_zone=d.others_in_zone,
        fanaticism=situation.fanaticism,
        phantom_fury=situation.phantom_fury,
        no_insurgent_event=situation.no_insurgent_event,
        flooding=situation.flooding,
        counter_attack=situation.counter_attack,
        drm_apply=not (no_drm_explosives or situation.counter_attack),
        usmc_table="events-iif" if iif_table else ("events-usmc" if a.unit == "squad" else None),
        insurgent_table=None
        if situation.no_insurgent_event
        else ("events-iif" if iif_table else "events-insurgents"),
        flight_cf1_eliminates=book.reading("flight-cf1", r) == "eliminated",
        blocked_cf1_eliminates=book.reading("security-element-cf1", r) == "eliminated",
        blocked_spared_on_nine=book.reading("security-element-unmodified-9", r) == "not_reduced",
        marker_after_flooding=book.reading("security-element-flooding-marker", r)
        == "after_flooding",
        phantom_fury_now=book.reading("phantom-fury-current-assault", r) == "current"
        and not situation.phantom_fury,
        fanaticism_now=book.reading("fanaticism-current-assault", r) == "current"
        and not situation.fanaticism,
    )


def _daggered(book: Rulebook, reaction: str) -> bool:
    """The Insurgent Reaction is marked '†': it does not apply where a Security Element is (9.4.2)."""
    from ..support import DAGGER, REACTIONS

    return any(row.result == reaction and row.name is not None and DAGGER in (row.name.en or "")
               for row in book.table(REACTIONS).rows)
