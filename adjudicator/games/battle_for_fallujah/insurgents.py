"""The Insurgency's tables: Insurgent Activation (12.4.2), Level of Resistance (22.1), Insurgent
Reaction (22.2), Insurgent Contact (22.3), and a Raid's defenders under both readings of 17.1.1.

Modifiers are read from the tables' modifier lists, each cited to its rule; totals beyond the
printed rows are the ambiguities of errata.yaml (12.4.2, 22.1, 22.2), computed both ways where
the answer changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import factorial, prod
from typing import Any

from pydantic import Field

from ...errors import Checker
from ...inputs import check_choice, choice
from ...models import Bounded, Frozen, Modifier, Note, Outcome
from ...registry import Procedure, declare_situations
from .answer import (
    D6,
    BffAnswer,
    Reading,
    check_face,
    finish,
    modifier,
    note,
    odds_and_distributions,
    step,
)
from .checks import check_faces_list
from .data import Book, book
from .decisions import DECISIONS
from .examples import EXAMPLES
from .operation import RAID_DEFENDERS, TERRAINS
from .rolls import FACES, TotalOutcome, nearest_row, outcome_odds, read_roll, row_for, totals

#: the Wanted! Markers in adjacent hexes, a modifier of the Level of Resistance and Insurgent
#: Contact tables (22.1, 22.3)
WANTED_ADJACENT = Field(0, json_schema_extra={"minimum": 0}, description="Wanted! Markers in adjacent hexes (+1 each)")


def _mod_row(b: Book, table: str, result: str):
    return b.row(table, result)


def _mods(b: Book, table: str, given: dict[str, int | bool]) -> list[Modifier]:
    """The table's modifiers that apply: ``per`` rows (and ``per_marker``) multiply by the count
    given; a row with bounds (min, max) takes the value given (the Resistance Level, 12.4.2)."""
    mods = []
    for key, amount in given.items():
        if not amount:
            continue
        row = b.row(table, key)
        per = b.extra(row, "per") or b.extra(row, "per_marker")
        # a row with bounds and no 'per' is a value read from the map (the Resistance Level, +1 to +3)
        ranged = row.min is not None and row.max is not None and not per
        times = int(amount) if per or ranged else 1
        value = int(row.value or 0) * times
        words = (row.name.en + " " if row.name and row.name.en else "") + (row.text.en or key)
        rule = str(row.rule or b.table(table).rule)
        mods.append(modifier(value, rule, words + (f" (x{times})" if per and times != 1 else ""),
                             f"{table}:{key}"))
    return mods


# --- Insurgent Activation (12.4.2) -----------------------------------------------------------


class ActivationInput(Frozen):
    resistance_level: int = Field(description="the hex's Insurgent Resistance Level, 1-3 (0: no marker, 25.9.3)")
    wanted_adjacent: bool = Field(False, description="a Wanted! Marker in an adjacent hex (12.4.2.1)")
    wanted_in_hex: bool = Field(False, description="a Wanted! Marker in the active hex (12.4.2.2)")
    no_insurgent_units: bool = Field(False, description="no Insurgent units already in the hex (12.4.2.3)")
    roll: D6 | None = None


class ActivationOutcome(TotalOutcome):
    row: str
    insurgent_steps: int
    jihadi_cell: bool


class ActivationAnswer(BffAnswer):
    result: ActivationOutcome | None = None


def check_level(c: Checker, b: Book, field: str, value: int, table: str = "insurgent-activation-modifiers") -> None:
    _, high = b.bounds(table, "resistance_level")
    if not 0 <= value <= high:
        c.add(field, value, f"0 to {high} (0: a hex with no Resistance Level marker, 25.9.3)", "25.9.1")


def activation_mods(b: Book, level: int, adjacent: bool, in_hex: bool, no_units: bool) -> list[Modifier]:
    return _mods(b, "insurgent-activation-modifiers", {
        "resistance_level": level, "wanted_adjacent": adjacent, "wanted_in_hex": in_hex,
        "no_insurgent_units": no_units,
    })


def activation_odds(b: Book, mod: int) -> tuple[dict[str, Fraction], dict[int, Fraction], Fraction, Fraction]:
    """Rows (reading 1: totals beyond the printed rows read the nearest), steps, a Jihadi cell,
    and P(a total with no printed row) (reading 2's 'no result')."""
    table = b.table("insurgent-activation")
    rows: dict[str, Fraction] = {r.result: Fraction(0) for r in table.rows}
    steps: dict[int, Fraction] = {}
    jihadi = Fraction(0)
    unanswered = Fraction(0)
    for total, p in totals(mod).items():
        if row_for(table, total) is None:
            unanswered += p
        row = nearest_row(table, total)
        rows[row.result] += p
        steps[int(row.value or 0)] = steps.get(int(row.value or 0), Fraction(0)) + p
        if "jihad" in (row.text.en or "").lower():
            jihadi += p
    return rows, steps, jihadi, unanswered


def insurgent_activation(situation: ActivationInput) -> ActivationAnswer:
    b = book()
    c = Checker()
    check_level(c, b, "resistance_level", situation.resistance_level)
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    mods = activation_mods(b, situation.resistance_level, situation.wanted_adjacent,
                           situation.wanted_in_hex, situation.no_insurgent_units)
    mod = sum(m.value for m in mods)
    rows, steps, jihadi, unanswered = activation_odds(b, mod)
    table = b.table("insurgent-activation")
    readings = []
    notes: list[Note] = []
    if unanswered:
        readings.append(Reading(
            rule="12.4.2", topic="totals beyond the Insurgent Activation Table's rows",
            followed="reading 1: a total above the last row reads it, below the first row reads the first",
            other="reading 2: such totals have no result",
            differs=True, other_values={"no_result": str(unanswered)},
        ))
        low, high = table.range or (0, 0)
        notes.append(note(f"1D6 {mod:+d} can fall outside the printed {low}-{high} "
                          f"({float(unanswered) * 100:.1f}%): read as the nearest row (reading 1); reading 2 gives no "
                          "result then (errata.yaml, 12.4.2).", "12.4.2"))
    if situation.no_insurgent_units:
        notes.append(note("Steps added to a hex with no Insurgent unit: errata.yaml, 12.4.3.2 (new units from the "
                          "Insurgency Pool, reading 1, or lost, reading 2).", "12.4.3.2"))
    result = None
    if situation.roll is not None:
        total, row = read_roll(table, situation.roll, mod)
        said = [step("12.4.2", f"Roll {situation.roll} {mod:+d} = {total}"),
                step("12.4.3", f"{row.text.en}")]
        if row_for(table, total) is None:
            said.insert(1, step("12.4.2", f"{total} is beyond the printed rows: read as '{row.roll}' (reading 1)"))
        said.append(step("12.4.3.1" if (row.value or 0) < 0 else "12.4.3.2",
                         "remove the step from the Insurgent unit with the highest Proficiency Rating"
                         if (row.value or 0) < 0 else "add the steps to the Insurgent unit with the lowest Proficiency Rating"))
        said.append(step("12.4.4", "All Insurgent units in the hex then Assault the Coalition units there ('operation')"))
        result = {"steps": said, "total": total, "row": row.result, "insurgent_steps": int(row.value or 0),
                  "jihadi_cell": "jihad" in (row.text.en or "").lower()}
    answer = ActivationAnswer(
        situation="insurgent-activation", rule="12.4.2", modifiers=mods, drm=mod, result=result,
        readings=readings, notes=notes,
        **odds_and_distributions({**rows, "jihadi_cell": jihadi}, {"insurgent_steps": steps}),
    )
    return finish(answer, ["12.4.3", "12.4.4"])


# --- Level of Resistance (22.1) --------------------------------------------------------------


class ResistanceInput(Frozen):
    terrain: str = choice(TERRAINS, description="the hex's terrain (25.23)")
    wanted_adjacent: int = WANTED_ADJACENT
    wanted_in_hex: bool = False
    roll: D6 | None = None


class ResistanceOutcome(TotalOutcome):
    level: int


class ResistanceAnswer(BffAnswer):
    result: ResistanceOutcome | None = None


def resistance_mods(b: Book, adjacent: int, in_hex: bool) -> list[Modifier]:
    return _mods(b, "level-of-resistance-modifiers", {"wanted_adjacent": adjacent, "wanted_in_hex": in_hex})


def resistance_odds(b: Book, terrain: str, mod: int) -> tuple[dict[str, Fraction], dict[int, Fraction], bool]:
    table = b.table("level-of-resistance")
    rows: dict[str, Fraction] = {r.result: Fraction(0) for r in table.rows}
    levels: dict[int, Fraction] = {}
    overrun = False
    for total, p in totals(mod).items():
        overrun |= row_for(table, total, terrain) is None
        row = nearest_row(table, total, terrain)
        rows[row.result] += p
        levels[int(row.value or 0)] = levels.get(int(row.value or 0), Fraction(0)) + p
    return rows, levels, overrun


def check_count(c: Checker, field: str, value: int, rule: str) -> None:
    if value < 0:
        c.add(field, value, "0 or more", rule)


def level_of_resistance(situation: ResistanceInput) -> ResistanceAnswer:
    b = book()
    c = Checker()
    check_count(c, "wanted_adjacent", situation.wanted_adjacent, "22.1")
    check_choice(c, "terrain", situation.terrain, TERRAINS, "25.23")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    mods = resistance_mods(b, situation.wanted_adjacent, situation.wanted_in_hex)
    mod = sum(m.value for m in mods)
    rows, levels, overrun = resistance_odds(b, situation.terrain, mod)
    notes = []
    if overrun:
        notes.append(note("Totals above 6 read the top row, High (3): both readings of errata.yaml (22.1) agree.", "22.1"))
    table = b.table("level-of-resistance")
    result = None
    if situation.roll is not None:
        total, row = read_roll(table, situation.roll, mod, situation.terrain)
        result = {"steps": [step("22.1", f"Roll {situation.roll} {mod:+d} = {total} ({situation.terrain.replace('_', ' ')}): {row.text.en}"),
                            step("22.1.1", f"Place an Insurgent Resistance Level {row.value} marker in the hex")],
                  "total": total, "level": int(row.value or 0)}
    answer = ResistanceAnswer(
        situation="level-of-resistance", rule="22.1", modifiers=mods, drm=mod, notes=notes, result=result,
        **odds_and_distributions(rows, {"level": levels}),
    )
    return finish(answer, ["22.1.1"])


# --- Insurgent Reaction (22.2) ---------------------------------------------------------------


class ReactionInput(Frozen):
    resistance: int = Field(description="the hex's Insurgent Resistance Rating, 1-3 (0: none, 25.9.3)")
    wanted_in_hex: bool = False
    wanted_adjacent: bool = False
    isolated_in_hex: bool = False
    air_or_artillery_available: bool = False
    special_forces_raid: bool = False
    rolls: Bounded[D6] | None = Field(None, description="each die rolled (22.2.1)")


class ReactionOutcome(Outcome):
    units: dict[str, int]
    jihadi_cell: bool


class ReactionAnswer(BffAnswer):
    result: ReactionOutcome | None = None
    #: how many d6 are rolled (22.2), under the reading followed
    dice: int
    dice_other_reading: int


@lru_cache(maxsize=32)
def face_counts(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way n d6 can fall, as (how many of each face, number of orderings)."""

    def compositions(left: int, parts: int) -> Iterator[tuple[int, ...]]:
        if parts == 1:
            yield (left,)
            return
        for first in range(left + 1):
            for rest in compositions(left - first, parts - 1):
                yield (first, *rest)

    return tuple(
        (counts, factorial(n) // prod(factorial(c) for c in counts))
        for counts in compositions(n, len(FACES))
    )


def reaction_outcomes(b: Book, n: int) -> dict[str, dict[int, Fraction]]:
    """Units of each size, Jihadi cells (reading A: one for any double; B: one per face doubled)."""
    table = b.table("insurgent-reaction")
    by_face = {f: row_for(table, f) for f in FACES}
    sizes = [r.result for r in table.rows]
    dists: dict[str, dict[int, Fraction]] = {s: {} for s in sizes}
    dists["jihadi_cells"] = {}
    dists["jihadi_cells_per_double"] = {}
    denominator = 6**n
    for counts, ways in face_counts(n):
        p = Fraction(ways, denominator)
        units = dict.fromkeys(sizes, 0)
        for face, k in zip(FACES, counts):
            row = by_face[face]
            assert row is not None
            units[row.result] += k
        for size, k in units.items():
            dists[size][k] = dists[size].get(k, Fraction(0)) + p
        doubled = sum(1 for k in counts if k >= 2)
        one = 1 if doubled else 0
        dists["jihadi_cells"][one] = dists["jihadi_cells"].get(one, Fraction(0)) + p
        dists["jihadi_cells_per_double"][doubled] = dists["jihadi_cells_per_double"].get(doubled, Fraction(0)) + p
    return dists


def reaction_mods(b: Book, situation: Any) -> list[Modifier]:
    return _mods(b, "insurgent-reaction-modifiers", {
        "resistance_level": situation.resistance,
        "air_or_artillery_available": situation.air_or_artillery_available,
        "special_forces_raid": situation.special_forces_raid,
        "isolated_in_hex": situation.isolated_in_hex,
        "wanted_adjacent": situation.wanted_adjacent,
        "wanted_in_hex": situation.wanted_in_hex,
    })


def reaction_dice(b: Book, mods: list[Modifier]) -> tuple[int, int, int]:
    """(1D6 + modifiers as printed, reading A: at least 0, reading B: at least the base 1D6)."""
    base = int(b.table_extra("insurgent-reaction-modifiers", "base_dice", 1) or 1)
    raw = base + sum(m.value for m in mods)
    return raw, max(0, raw), max(base, raw)


def insurgent_reaction(situation: ReactionInput) -> ReactionAnswer:
    b = book()
    c = Checker()
    check_level(c, b, "resistance", situation.resistance, "insurgent-reaction-modifiers")
    check_faces_list(c, "rolls", situation.rolls)
    mods = reaction_mods(b, situation)
    raw, dice, other_dice = reaction_dice(b, mods)
    if situation.rolls is not None and len(situation.rolls) != dice:
        c.add("rolls", len(situation.rolls), f"{dice} dice: 1D6 {raw - 1:+d} (the modifiers)", "22.2")
    c.raise_if_any()
    dists = reaction_outcomes(b, dice)
    jihadi = dists["jihadi_cells"].get(1, Fraction(0))
    odds = {"jihadi_cell": jihadi, "no_unit": Fraction(1 if dice == 0 else 0)}
    units = {dice: Fraction(1)}
    readings = [Reading(
        rule="22.2.2", topic="several doubles in one Reaction roll",
        followed="A: one Jihadi cell whenever two or more dice show the same face",
        other="B: one Jihadi cell per face rolled twice or more",
        differs=any(k > 1 for k in dists["jihadi_cells_per_double"]),
        other_values={"jihadi_cells": {str(k): str(v) for k, v in sorted(dists["jihadi_cells_per_double"].items())}},
    )]
    notes = []
    if raw != dice or raw != other_dice:
        readings.append(Reading(
            rule="22.2", topic="a Reaction dice count of 0 or less",
            followed=f"A: the modifiers change the count as printed ('Modifiers to number of D6s rolled'): {dice} dice",
            other=f"B: the 1D6 is always rolled, the modifiers change only the additional dice: {other_dice}",
            differs=dice != other_dice, other_values={"dice": other_dice},
        ))
        if dice != other_dice:
            notes.append(note(f"1D6 {raw - 1:+d} gives {raw} dice: {dice} rolled (reading A); reading B always rolls the "
                              f"1D6: {other_dice} (errata.yaml, 22.2).", "22.2"))
    if situation.special_forces_raid:
        notes.append(note("Under 17.1.1 as printed (reading A), a Special Forces Raid into a hex without a Resistance "
                          "Level marker rolls the Insurgent Activation Table, not this one: see 'raid-defenders' "
                          "(errata.yaml, 17.1.1).", "17.1.1"))
    for r in readings:
        if r.differs and r.rule == "22.2.2":
            notes.append(note(f"With {dice} dice two faces can be doubled: one Jihadi cell (reading A, followed); one "
                              "per double under reading B (errata.yaml, 22.2.2).", "22.2.2"))
    result = None
    if situation.rolls is not None:
        table = b.table("insurgent-reaction")
        said = []
        found: dict[str, int] = {}
        for face in situation.rolls:
            row = row_for(table, face)
            assert row is not None
            found[row.result] = found.get(row.result, 0) + 1
            said.append(step("22.2.1", f"{face}: {row.text.en}"))
        doubled = len(set(situation.rolls)) < len(situation.rolls)
        if doubled:
            said.append(step("22.2.2", "A double: replace one of the new units with a Jihadi cell"))
        said.append(step("22.3", "Then roll on the Insurgent Contact Table ('contact')"))
        result = {"steps": said, "units": found, "jihadi_cell": doubled}
    answer = ReactionAnswer(
        situation="insurgent-reaction", rule="22.2", modifiers=mods, drm=raw - 1, dice=dice,
        dice_other_reading=other_dice, readings=readings, notes=notes, result=result,
        **odds_and_distributions(odds, {"units": units, **dists}),
    )
    return finish(answer, ["22.2.1"])


# --- Insurgent Contact (22.3) ----------------------------------------------------------------


class ContactInput(Frozen):
    wanted_in_hex: bool = False
    wanted_adjacent: int = WANTED_ADJACENT
    search_mof: int = Field(0, json_schema_extra={"minimum": 0}, description="the Margin of Failure of a failed Search (20.4.2.1)")
    roll: D6 | None = None


class ContactOutcome(TotalOutcome):
    result: str


class ContactAnswer(BffAnswer):
    result: ContactOutcome | None = None


def contact(situation: ContactInput) -> ContactAnswer:
    b = book()
    c = Checker()
    check_count(c, "wanted_adjacent", situation.wanted_adjacent, "22.3")
    check_count(c, "search_mof", situation.search_mof, "20.4.2.1")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    mods = _mods(b, "insurgent-contact-modifiers", {
        "wanted_adjacent": situation.wanted_adjacent, "wanted_in_hex": situation.wanted_in_hex,
        "search_mof": situation.search_mof,
    })
    mods = [m if m.key != "insurgent-contact-modifiers:search_mof" else m.model_copy(update={"rule": "20.4.2.1"}) for m in mods]
    mod = sum(m.value for m in mods)
    table = b.table("insurgent-contact")

    odds = outcome_odds(mod, lambda total: nearest_row(table, total).result, [r.result for r in table.rows])
    notes = []
    if situation.search_mof:
        notes.append(note("After a failed Search this roll follows the Insurgent Activation Table (20.4.2 as printed, "
                          "reading A); reading B rolls the Insurgent Reaction Table first (errata.yaml, 20.4.2).", "20.4.2"))
    result = None
    if situation.roll is not None:
        total, row = read_roll(table, situation.roll, mod)
        said = [step("22.3", f"Roll {situation.roll} {mod:+d} = {total}: {row.text.en}")]
        if row.result == "ambush":
            said += [step("25.5.1", "Place an IED Ambush! Marker in the hex"),
                     step("25.5.2", "Its +2 support modifier supports the Insurgent Assault")]
        said.append(step("22.4", "Resolve it as an Assault ('operation')"))
        result = {"steps": said, "total": total, "result": row.result}
    answer = ContactAnswer(
        situation="contact", rule="22.3", modifiers=mods, drm=mod, notes=notes, result=result,
        **odds_and_distributions(odds, {}),
    )
    return finish(answer, ["22.4"])


# --- a Raid's defenders (17.1.1 against 22.0-22.2) -------------------------------------------


class RaidDefendersInput(Frozen):
    terrain: str = choice(TERRAINS, description="the hex's terrain (25.23)")
    wanted_adjacent: int = Field(0, json_schema_extra={"minimum": 0}, description="Wanted! Markers in adjacent hexes")
    wanted_in_hex: bool = Field(True, description="the Wanted! Marker raided (19.0)")
    insurgent_units_in_hex: bool = False
    air_or_artillery_available: bool = False
    isolated_in_hex: bool = False


class RaidDefendersOutcome(Outcome):
    """No roll is taken here: the answer is the odds of both readings (roll the tables themselves
    with 'level-of-resistance' and 'insurgent-activation')."""


class RaidDefendersAnswer(BffAnswer):
    result: RaidDefendersOutcome | None = None


def mixture(parts: list[tuple[Fraction, dict[Any, Fraction]]]) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for weight, dist in parts:
        for k, p in dist.items():
            out[k] = out.get(k, Fraction(0)) + weight * p
    return {k: v for k, v in sorted(out.items()) if v}


def raid_defenders(situation: RaidDefendersInput) -> RaidDefendersAnswer:
    b = book()
    c = Checker()
    check_count(c, "wanted_adjacent", situation.wanted_adjacent, "22.1")
    check_choice(c, "terrain", situation.terrain, TERRAINS, "25.23")
    c.raise_if_any()
    lor_mods = resistance_mods(b, situation.wanted_adjacent, situation.wanted_in_hex)
    _, levels, _ = resistance_odds(b, situation.terrain, sum(m.value for m in lor_mods))
    steps_a: list[tuple[Fraction, dict[int, Fraction]]] = []
    jihadi_a = Fraction(0)
    units_b: list[tuple[Fraction, dict[int, Fraction]]] = []
    jihadi_b = Fraction(0)
    for level, p in levels.items():
        mods_a = activation_mods(b, level, situation.wanted_adjacent > 0, situation.wanted_in_hex,
                                 not situation.insurgent_units_in_hex)
        _, steps, jihadi, _ = activation_odds(b, sum(m.value for m in mods_a))
        steps_a.append((p, steps))
        jihadi_a += p * jihadi
        reaction = ReactionInput(resistance=level, wanted_in_hex=situation.wanted_in_hex,
                                 wanted_adjacent=situation.wanted_adjacent > 0,
                                 isolated_in_hex=situation.isolated_in_hex,
                                 air_or_artillery_available=situation.air_or_artillery_available,
                                 special_forces_raid=True)
        _, dice, _ = reaction_dice(b, reaction_mods(b, reaction))
        units_b.append((p, {dice: Fraction(1)}))
        jihadi_b += p * reaction_outcomes(b, dice)["jihadi_cells"].get(1, Fraction(0))
    a_steps = mixture(steps_a)
    b_units = mixture(units_b)
    reading = Reading(
        rule="17.1.1", topic=RAID_DEFENDERS,
        followed="A (17.1.1 as printed): the Level of Resistance Table, then the Insurgent Activation Table",
        other="B (22.0-22.2): the Level of Resistance Table, then the Insurgent Reaction Table with -1 die",
        differs=True,
        other_values={"units": {str(k): str(v) for k, v in b_units.items()}, "jihadi_cell": str(jihadi_b)},
    )
    answer = RaidDefendersAnswer(
        situation="raid-defenders", rule="17.1.1", modifiers=lor_mods, drm=sum(m.value for m in lor_mods),
        readings=[reading],
        notes=[note("Reading A (followed, 17.1.1 is the dice-pool procedure's own rule) adds Insurgent steps; reading "
                    "B (22.2) activates whole units: 'units' and 'jihadi_cell_other_reading' give it (errata.yaml, 17.1.1).",
                    "17.1.1"),
               note("Steps added to a hex with no Insurgent unit: errata.yaml, 12.4.3.2.", "12.4.3.2")],
        **odds_and_distributions(
            {"jihadi_cell": jihadi_a, "jihadi_cell_other_reading": jihadi_b},
            {"level": levels, "insurgent_steps": a_steps, "units_other_reading": b_units},
        ),
    )
    return finish(answer, ["22.1", "12.4.2", "22.2"])


#: the situations this module computes, found through the package's ``SITUATION_MODULES``:
#: ``insurgent-activation``, ``level-of-resistance``, ``insurgent-reaction``, ``contact``,
#: ``raid-defenders``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("insurgent-activation", "Insurgent Activation Table (12.4.2-12.4.4)", "12.4.2",
                  ActivationInput, ActivationAnswer, insurgent_activation),
        Procedure("level-of-resistance", "Level of Resistance Table (22.1)", "22.1",
                  ResistanceInput, ResistanceAnswer, level_of_resistance),
        Procedure("insurgent-reaction", "Insurgent Reaction Table (22.2)", "22.2",
                  ReactionInput, ReactionAnswer, insurgent_reaction),
        Procedure("contact", "Insurgent Contact Table (22.3, 20.4.2.1)", "22.3",
                  ContactInput, ContactAnswer, contact),
        Procedure("raid-defenders", "A Raid's defenders in a hex without a Resistance marker (17.1.1, 22.0)",
                  "17.1.1", RaidDefendersInput, RaidDefendersAnswer,
                  raid_defenders),
    ),
    DECISIONS,
    EXAMPLES,
)
