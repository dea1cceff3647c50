"""Checks shared by several procedures: Combat Factors, Zones, Locations.

Each adds a :class:`~adjudicator.errors.Problem` naming the field, the value and what the
rules allow; the procedure raises them all together.
"""

from __future__ import annotations

from typing import Any

from ...errors import Checker
from .models import ZONE_LOCATIONS, ZoneType
from .rulebook import Rulebook


def usmc_cf_range(book: Rulebook, unit: str, reduced: bool | None = None) -> tuple[int, int]:
    """The printed CF a USMC-side counter can show: full strength, or after a Step Loss (5.1.1.1)."""
    v = book.values
    full = {"squad": v.squad_cf, "iif": (v.iif_cf, v.iif_cf), "abrams": (v.abrams_cf, v.abrams_cf)}[
        unit
    ]
    if unit == "abrams":
        return full
    if reduced is True:
        return full[0] - v.step_loss_cf, full[1] - v.step_loss_cf
    if reduced is False:
        return full
    return full[0] - v.step_loss_cf, full[1]


def usmc_cf(
    book: Rulebook,
    check: Checker,
    field: str,
    unit: str,
    cf: int | None,
    reduced: bool | None = None,
) -> int:
    """The counter's CF, checked against 5.1.1 (squad), 5.1.6 (IIF) or 5.1.3 (Abrams)."""
    low, high = usmc_cf_range(book, unit, reduced)
    rule = {"squad": "5.1.1", "iif": "5.1.6", "abrams": "5.1.3"}[unit]
    if cf is None:
        if unit == "abrams":
            return low
        check.add(
            field, None, f"required: the CF printed on the {unit} counter ({low} to {high})", rule
        )
        return low
    if not low <= cf <= high:
        state = {True: "a reduced ", False: "a full-strength ", None: "a "}[reduced]
        span = f"{low}" if low == high else f"{low} to {high}"
        check.add(
            field,
            cf,
            f"{state}{_unit_name(unit)} has a CF of {span}",
            rule if reduced is not True else "5.1.1.1",
        )
    return cf


def _unit_name(unit: str) -> str:
    return {"squad": "USMC squad", "iif": "IIF squad", "abrams": "M1A1 Abrams support"}[unit]


def insurgent_cf_range(book: Rulebook, unit: str | None = None) -> tuple[int, int]:
    """The CF an 'Insurgents' unit can have (5.2.1): 1 to 4, a 'Guerillas' unit 1 to 3 (5.2: only
    certain 'Martyrs' units have a CF of 4)."""
    low, high = book.values.insurgent_cf
    if unit == "guerillas":
        return low, book.values.martyrs_only_cf - 1
    return low, high


def insurgent_cf(
    book: Rulebook, check: Checker, field: str, cf: int | None, *, required: bool, unit: str | None = None
) -> int | None:
    low, high = book.values.insurgent_cf
    if cf is not None and unit == "guerillas" and cf == book.values.martyrs_only_cf:
        check.add(field, cf, f"a 'Guerillas' unit has a CF of {low} to {cf - 1}: only certain 'Martyrs' "
                  f"units have a CF of {cf}", "5.2")
        return cf
    if cf is None:
        if required:
            check.add(
                field, None, f"required: the 'Insurgents' unit's CF ({low} to {high})", "5.2.1"
            )
        return None
    if not low <= cf <= high:
        check.add(field, cf, f"an 'Insurgents' unit has a CF of {low} to {high}", "5.2.1")
    return cf


def suspect_or_cf(
    book: Rulebook, check: Checker, prefix: str, unit: str, cf: int | None, *, required: bool
) -> None:
    """A target's CF: none for a 'Suspect' marker (5.3.1), else an 'Insurgents' unit's (5.2.1)."""
    if unit != "suspect":
        insurgent_cf(book, check, f"{prefix}.cf", cf, required=required, unit=unit)
    elif cf is not None:
        check.add(f"{prefix}.cf", cf, "a 'Suspect' marker has no CF: leave it out", "5.3.1")


def refuse_set(
    check: Checker, prefix: str, fields: tuple[tuple[str, Any, str], ...], allowed: str
) -> None:
    """Each of ``fields`` (name, value, rule) that is set, refused: ``allowed`` says who has it."""
    for field, value, rule in fields:
        if value:
            check.add(f"{prefix}.{field}", value, allowed, rule)


def zone(
    book: Rulebook, check: Checker, prefix: str, zone_type: ZoneType | None, number: int | None
) -> ZoneType:
    """The Zone's type, with Zone 26 Fortified by default (4.1.5) and Zone 27 out of play (12.4.2)."""
    v = book.values
    if number is not None:
        if not 1 <= number <= v.zones:
            check.add(f"{prefix}.zone_number", number, f"the map has Zones 1 to {v.zones}", "4.1")
        elif number == v.uncontrollable_zone:
            check.add(f"{prefix}.zone_number", number, f"no unit may enter Zone {number}", "12.4.2")
        elif number == v.mosque_zone:
            if zone_type == "normal":
                check.add(
                    f"{prefix}.zone",
                    zone_type,
                    f"Zone {number} (mosque) is a Fortified Zone by default",
                    "4.1.5",
                )
            return "fortified"
    return zone_type or "normal"


def zone_location(check: Checker, field: str, location: str, what: str) -> None:
    if location not in ZONE_LOCATIONS:
        check.add(
            field,
            location,
            f"{what} stands in a Location of a Zone: {', '.join(ZONE_LOCATIONS)}",
            "4.2.1",
        )
