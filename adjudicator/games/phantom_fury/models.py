"""Phantom Fury's own value types: Locations, Zones, units, the d10 face.

Names come from the rulebook's vocabulary (1: capitalised terms have a formal meaning).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from ...models import Frozen

#: A Location box of a Zone (4.2.1), or a Street Section (4.3) where the context allows it.
Location = Literal["OG", "C", "1", "1'", '1"', "2", "2'", "R", "street"]
#: The Locations of a Zone, without the Street Section.
ZONE_LOCATIONS: tuple[str, ...] = ("OG", "C", "1", "1'", '1"', "2", "2'", "R")
#: '1st Story' and '2nd Story' Locations (4.2.1): the Assault types read them by story (13.1, 13.2).
FIRST_STORY: frozenset[str] = frozenset({"1", "1'", '1"'})
SECOND_STORY: frozenset[str] = frozenset({"2", "2'"})

#: Normal or Fortified Zone (4.1.3, 4.1.5).
ZoneType = Literal["normal", "fortified"]
#: A USMC side unit: squad, IIF squad (5.1.6) or M1A1 Abrams support (5.1.3).
UsmcUnit = Literal["squad", "iif", "abrams"]
#: What sits in a Location on the insurgent side: a 'Suspect' marker (5.3) or an 'Insurgents' unit (5.2.1).
EnemyUnit = Literal["suspect", "guerillas", "martyrs"]
#: A 'Hero' marker's side (5.1.5), or none.
Hero = Literal["silver_star", "medal_of_honor"]

#: An 'Insurgents' unit's CF where the counter may be a 'Suspect' marker: a unit has one (5.2.1),
#: a marker none (5.3.1). The schema says when it is required (``required_when``: the sibling
#: ``unit`` is a unit), so that a form asks for it before it asks for the odds.
UnitCF = Annotated[
    int | None,
    Field(json_schema_extra={"required_when": {"unit": [u for u in get_args(EnemyUnit) if u != "suspect"]}}),
]

#: A d10 face: 0 is 0, not 10 (3).
Face = Annotated[int, Field(ge=0, le=9, json_schema_extra={"die": "d10"})]


class EnemyCounter(Frozen):
    """A 'Suspect' marker or an 'Insurgents' unit on the map: what it is, its CF when it is a
    unit (5.2.1), its Location (4.2) and its Zone (4.1; type and number)."""

    unit: EnemyUnit
    cf: int | None = None
    location: Location
    zone: ZoneType | None = None
    zone_number: int | None = None
