"""The table state the bot (12-17) reads: the 51 areas as keyed by the player, the units, the
RESISTANCE marker, the Advantage and the impulse number.

The map is not in the text: an area's TEM and adjacency are what the player keyed, ``None``
when not keyed yet. Adjacency is symmetric (2.2): an area is known to border another when either
lists the other; it is known not to when one of them has its list keyed without the other.
Everything derived (Vacant, Free, Contested, Garrisoned, 2.4) is computed here, so a companion
can build this state from what it tracks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT, Bounded

from ...errors import Checker
from . import data
from .common import (
    SUPPORT_TYPES,
    US,
    CoalitionType,
    InsurgentType,
    Nationality,
    Status,
    check_cf,
    check_dug_in,
    check_tem,
)

Side = Literal["insurgent", "coalition"]
#: off-map places: the Entry Zones (2.3), the riverine holding box (7.2.3), the Militia Force Pool (11.1)
OffMap = Literal["nw_entry_zone", "ne_entry_zone", "riverine_box", "force_pool", "eliminated"]
INSURGENT_TYPES = frozenset({"fedayeen", "cadre", "militia"})
#: 5: "a maximum of eight units in an area"; 5.1: five Fresh Cadre and Fedayeen
STACK, FRICTION = 8, 5


class Area(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", frozen=True, defer_build=True)

    id: int
    control: Side | None = None
    tem: int | None = None
    #: the areas bordering this one, as keyed (None: not keyed yet)
    adjacent: list[int] | None = Field(default=None, max_length=len(data.AREAS))


class Unit(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", frozen=True, defer_build=True)

    id: str
    type: CoalitionType | InsurgentType
    nationality: Nationality | None = None
    cf: int | None = Field(
        default=None, description="Combat Factor on the face showing, keyed from the counter"
    )
    status: Status = "fresh"
    dug_in: bool = False
    location: int | OffMap

    @property
    def side(self) -> Side:
        return "insurgent" if self.type in INSURGENT_TYPES else "coalition"

    @property
    def support(self) -> bool:
        return self.type in SUPPORT_TYPES


class Advantage(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", frozen=True, defer_build=True)

    owner: Side = "coalition"
    available: bool = True


class TableState(BaseModel):
    """What the bot needs to know of the table."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", frozen=True, defer_build=True)

    #: the map's areas (data.AREAS)
    areas: list[Area] = Field(default_factory=list, max_length=len(data.AREAS))
    units: Bounded[Unit] = Field(default_factory=list)
    #: the area holding the RESISTANCE marker (14.2)
    resistance: int | None = None
    advantage: Advantage = Advantage()
    impulse: int = Field(default=1, ge=0)
    #: Militia left in the Force Pool (11.1); None: not counted (Militia placement not limited by it)
    force_pool_militia: int | None = Field(default=None, ge=0)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> TableState:
        """A copy whose lookups are computed again: pydantic copies the instance's ``__dict__``,
        where :func:`functools.cached_property` keeps its values, so a copy with other units
        would otherwise answer from the original's tables."""
        copy = super().model_copy(update=update, deep=deep)
        for name, attribute in vars(TableState).items():
            if isinstance(attribute, cached_property):
                copy.__dict__.pop(name, None)
        return copy

    # --- lookups ---------------------------------------------------------------------------

    @cached_property
    def area_map(self) -> dict[int, Area]:
        return {a.id: a for a in self.areas}

    @cached_property
    def by_location(self) -> dict[int | str, list[Unit]]:
        found: dict[int | str, list[Unit]] = {}
        for u in self.units:
            found.setdefault(u.location, []).append(u)
        return found

    @cached_property
    def _neighbours(self) -> dict[int, set[int]]:
        found: dict[int, set[int]] = {}
        for a in self.areas:
            for b in a.adjacent or ():
                found.setdefault(a.id, set()).add(b)
                found.setdefault(b, set()).add(a.id)
        return found

    @cached_property
    def _by_side(self) -> dict[tuple[int | str, Side], list[Unit]]:
        found: dict[tuple[int | str, Side], list[Unit]] = {}
        for u in self.units:
            found.setdefault((u.location, u.side), []).append(u)
        return found

    @cached_property
    def fresh_militia_by_area(self) -> dict[int, list[Unit]]:
        """The Fresh Militia of each area (the units that may attack, 14.1)."""
        found: dict[int, list[Unit]] = {}
        for u in self.units:
            if u.type == "militia" and u.status == "fresh" and isinstance(u.location, int):
                found.setdefault(u.location, []).append(u)
        return found

    def units_in(self, area: int | str) -> list[Unit]:
        return self.by_location.get(area, [])

    def side_units(self, area: int | str, side: Side) -> list[Unit]:
        return self._by_side.get((area, side), [])

    def control(self, area: int) -> Side | None:
        a = self.area_map.get(area)
        return a.control if a else None

    def tem(self, area: int) -> int | None:
        a = self.area_map.get(area)
        return a.tem if a else None

    def adjacency_known(self, area: int) -> bool:
        a = self.area_map.get(area)
        return a is not None and a.adjacent is not None

    def adjacent(self, a: int, b: int) -> bool | None:
        """True, False, or None when neither area's adjacency is keyed (2.2)."""
        if b in self._neighbours.get(a, ()):
            return True
        if self.adjacency_known(a) or self.adjacency_known(b):
            return False
        return None

    def neighbours(self, area: int) -> set[int] | None:
        """The areas bordering ``area``, or None when its own list is not keyed."""
        if not self.adjacency_known(area):
            return None
        return set(self._neighbours.get(area, ()))

    def zones_adjacent(self, area: int) -> list[str]:
        """The Entry Zones bordering an area (2.3, printed)."""
        return [zone for zone, areas in data.entry_zone_areas().items() if area in areas]

    # --- 2.4 ---------------------------------------------------------------------------------

    def contested(self, area: int) -> bool:
        return bool(self.side_units(area, "coalition")) and bool(self.side_units(area, "insurgent"))

    def free_for(self, area: int, side: Side) -> bool | None:
        """Free: under the side's control with no enemy units (None when control is not keyed)."""
        enemy: Side = "coalition" if side == "insurgent" else "insurgent"
        if self.side_units(area, enemy):
            return False
        control = self.control(area)
        return None if control is None else control == side

    def garrisoned(self, area: int) -> bool | None:
        control = self.control(area)
        if control is None:
            return None
        return control == "coalition" and any(
            not u.support for u in self.side_units(area, "coalition")
        )

    def fedayeen_cadre(self, area: int) -> int:
        return sum(1 for u in self.side_units(area, "insurgent") if u.type in ("fedayeen", "cadre"))


def check_state(state: TableState, check: Checker, field: str = "state") -> None:
    """Every problem of a table state: area ids, TEMs, CFs, a unit in two places, stacking (5)."""
    seen_areas: set[int] = set()
    for i, a in enumerate(state.areas):
        if a.id not in data.AREAS:
            check.add(f"{field}.areas.{i}.id", a.id, "an area id from 1 to 51", "2")
        if a.id in seen_areas:
            check.add(f"{field}.areas.{i}.id", a.id, "each area keyed once", "2")
        seen_areas.add(a.id)
        check_tem(check, f"{field}.areas.{i}.tem", a.tem)
        for j, b in enumerate(a.adjacent or []):
            if b not in data.AREAS or b == a.id:
                check.add(
                    f"{field}.areas.{i}.adjacent.{j}", b, "another area id from 1 to 51", "2.2"
                )
    places: dict[str, int | str] = {}
    for i, u in enumerate(state.units):
        if u.id in places:
            if places[u.id] != u.location:
                check.add(
                    f"{field}.units.{i}.location",
                    u.location,
                    f"unit {u.id!r} is already in {places[u.id]!r}: a unit is in one place",
                    "5",
                )
            else:
                check.add(f"{field}.units.{i}.id", u.id, "each unit listed once", "5")
        places[u.id] = u.location
        if isinstance(u.location, int) and u.location not in data.AREAS:
            check.add(
                f"{field}.units.{i}.location",
                u.location,
                "an area id from 1 to 51 or an off-map box (nw_entry_zone, ne_entry_zone, riverine_box, force_pool, eliminated)",
                "2",
            )
        check_cf(check, f"{field}.units.{i}.cf", u.cf, required=False)
        if u.side == "coalition":
            if u.nationality is None:
                check.add(f"{field}.units.{i}.nationality", None, "usmc, army or iraqi", "3.5")
            if u.support and u.cf is not None:
                check.add(
                    f"{field}.units.{i}.cf", u.cf, "a Support Unit has no Combat Factor", "3.6"
                )
            if u.dug_in:
                check.add(f"{field}.units.{i}.dug_in", True, "only Insurgent units Dig In", "3.7")
            if u.location == "force_pool":
                check.add(
                    f"{field}.units.{i}.location",
                    u.location,
                    "the Force Pool holds Militia",
                    "11.1",
                )
        else:
            if u.nationality is not None:
                check.add(
                    f"{field}.units.{i}.nationality",
                    u.nationality,
                    "Insurgent units have no nationality (black, 3.5)",
                    "3.5",
                )
            check_dug_in(check, f"{field}.units.{i}.dug_in", u.dug_in, u.type)
            if u.location in ("nw_entry_zone", "ne_entry_zone", "riverine_box"):
                check.add(
                    f"{field}.units.{i}.location",
                    u.location,
                    "Insurgent units are in areas (or the Force Pool)",
                    "2.3",
                )
    for area in data.AREAS:
        for side in ("insurgent", "coalition"):
            n = len(state.side_units(area, side))
            if n > STACK:
                check.add(
                    f"{field}.units",
                    f"{n} {side} units in area {area}",
                    f"at most {STACK} units of a side in an area",
                    "5",
                )
    if state.resistance is not None and state.resistance not in data.AREAS:
        check.add(f"{field}.resistance", state.resistance, "an area id from 1 to 51", "14.2")


def us(unit: Unit) -> bool:
    return unit.nationality in US


def ids(units: Iterable[Unit]) -> list[str]:
    return [u.id for u in units]
