"""The turn's other rolls and counts: support availability (5.5, 13.6.2), intelligence (11.1-11.4),
ceasefire (14.2), reinforcements (14.3), the End of Turn VPs (14.1, 14.2.2.1) and the victory
level (14.4.2). Every number is read from the game's tables.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from ...errors import Checker
from ...models import Frozen, Outcome
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
from .data import Book, book
from .decisions import DECISIONS
from .examples import EXAMPLES
from .rolls import TotalOutcome, bounds_from_range, outcome_odds, row_for, turn_bounds


def vp_bounds(b: Book) -> tuple[int, int]:
    """The VP track: IVPs never below the IVP cap (25.11.1), CVPs never above the CVP cap (25.3.1)."""
    low = b.row("vp-caps", "ivp_cap").min
    high = b.row("vp-caps", "cvp_cap").max
    assert low is not None and high is not None
    return low, high


def pacified_bounds(b: Book) -> tuple[int, int]:
    return b.bounds("end-of-turn-vp", "blocks_pacified")


def check_pacified(c: Checker, b: Book, value: int, rule: str = "14.1.2") -> None:
    low, high = pacified_bounds(b)
    if not low <= value <= high:
        c.add("pacified_modifier", value,
              f"{low:+d} to {high:+d}: the 'Blocks Pacified by Coalition Forces' track's modifier", rule)


# --- support availability (5.5) -------------------------------------------------------------


class AvailabilityInput(Frozen):
    availability_number: int = Field(description="the Availability Number printed on the Support unit (5.5.1)")
    roll: D6 | None = None


class AvailabilityOutcome(Outcome):
    status: str


class AvailabilityAnswer(BffAnswer):
    result: AvailabilityOutcome | None = None
    availability_number: int


def availability(situation: AvailabilityInput) -> AvailabilityAnswer:
    b = book()
    c = Checker()
    low, high = b.bounds("availability", "availability_number")
    an = situation.availability_number
    if not low <= an <= high:
        c.add("availability_number", an, f"{low}+ to {high}+ (printed on the Support unit)", "5.5.1")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    good = b.row("availability", "good_order")
    bad = b.row("availability", "ops_complete")
    odds = outcome_odds(0, lambda total: "good_order" if total >= an else "ops_complete", ("good_order", "ops_complete"))
    result = None
    if situation.roll is not None:
        kept = situation.roll >= an
        row = good if kept else bad
        result = {
            "steps": [step("13.6.2", f"Roll {situation.roll} against the Availability Number {an}+"),
                      step(str(row.rule), row.text.en or "")],
            "status": row.result,
        }
    answer = AvailabilityAnswer(
        situation="availability", rule="5.5", availability_number=an, result=result,
        modifiers=[modifier(an, "5.5.1", f"Availability Number {an}+: the roll must equal or exceed it")],
        drm=0, **odds_and_distributions(odds, {}),
    )
    return finish(answer, [str(good.rule), str(bad.rule)])


# --- intelligence (11.1-11.4) ----------------------------------------------------------------


class IntelligenceInput(Frozen):
    pacified_modifier: int = Field(0, description="the 'Blocks Pacified by Coalition Forces' track's modifier (11.1)")
    roll: D6 | None = None


class IntelligenceOutcome(TotalOutcome):
    wanted: int
    nationalist_chits: int


class IntelligenceAnswer(BffAnswer):
    result: IntelligenceOutcome | None = None


def intelligence(situation: IntelligenceInput) -> IntelligenceAnswer:
    b = book()
    c = Checker()
    check_pacified(c, b, situation.pacified_modifier, "11.1")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    table = b.table("coalition-intelligence")
    mod = situation.pacified_modifier

    def wanted(total: int) -> int:
        row = row_for(table, total)
        assert row is not None and row.value is not None, total
        return int(row.value)

    dist = outcome_odds(mod, wanted)
    odds = {f"wanted_{k}": p for k, p in sorted(dist.items())}
    result = None
    if situation.roll is not None:
        total = situation.roll + mod
        n = wanted(total)
        result = {
            "steps": [step("11.1", f"Roll {situation.roll} {mod:+d} = {total}"),
                      step("11.2", f"{n} Wanted! {'Marker' if n == 1 else 'Markers'} this turn"),
                      step("11.3", "Wanted! Markers are placed one per hex within the following restrictions... "
                           "Wanted! Markers that cannot be placed due to the above restrictions are not put on the map (11.3.1)."),
                      step("11.4", f"Place {n} Nationalist flag {'chit' if n == 1 else 'chits'} in the cup (as many as rolled)")],
            "total": total, "wanted": n, "nationalist_chits": n,
        }
    reading = Reading(
        rule="8.3", topic="how many Nationalist chits go in the cup",
        followed="11.4: as many as the Wanted! Markers rolled (placed or not)",
        other="9.4.1.2 and 8.3: as many as the markers placed on the map (the map decides, not the roll)",
        differs=True,
        other_values={"nationalist_chits": "the Wanted! Markers placed (at most the number rolled, 11.3.1)"},
    )
    answer = IntelligenceAnswer(
        situation="intelligence", rule="11.2", result=result,
        modifiers=[modifier(mod, "11.1", "'Blocks Pacified by Coalition Forces' track")], drm=mod,
        readings=[reading],
        notes=[note("Nationalist chits: 11.4 (as many as rolled) is followed; 9.4.1.2 and 8.3 count the "
                    "markers placed instead (errata.yaml, 8.3).", "8.3")],
        **odds_and_distributions(odds, {"wanted": dist, "nationalist_chits": dist}),
    )
    return finish(answer, ["11.1", "11.4"])


# --- ceasefire (14.2) --------------------------------------------------------------------------


class CeasefireInput(Frozen):
    turn: int = Field(description="the current turn; the Ceasefire roll is made on turns 1-7 (14.2)")
    political_pressure: int = Field(0, description="the Political Pressure Track's modifier (14.2.1, 23.3)")
    roll: D6 | None = None


class CeasefireOutcome(TotalOutcome):
    ceasefire: bool
    vp: int


class CeasefireAnswer(BffAnswer):
    result: CeasefireOutcome | None = None


def ceasefire(situation: CeasefireInput) -> CeasefireAnswer:
    b = book()
    c = Checker()
    first, last = turn_bounds(b)
    if not first <= situation.turn <= last - 1:
        c.add("turn", situation.turn, f"{first} to {last - 1}: the Ceasefire roll is made on turns 1-7 only "
              f"(turn {last} ends the game anyway, 14.4.1)", "14.2")
    low, high = bounds_from_range(b, "ceasefire")
    if not low <= situation.political_pressure <= high:
        c.add("political_pressure", situation.political_pressure,
              f"+{low} to +{high}: the Political Pressure Track's modifier", "14.2.1")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    table = b.table("ceasefire")
    mod = situation.political_pressure
    called = b.row("ceasefire", "ceasefire")

    def result_of(total: int) -> str:
        row = row_for(table, total)
        assert row is not None
        return row.result

    odds = outcome_odds(mod, result_of, ("ceasefire", "no_ceasefire"))
    penalty = b.row("end-of-turn-vp", "ceasefire")
    result = None
    if situation.roll is not None:
        total = situation.roll + mod
        yes = result_of(total) == "ceasefire"
        steps = [step("14.2.1", f"Roll {situation.roll} {mod:+d} = {total}")]
        if yes:
            steps += [step(str(called.rule), "A ceasefire is called"),
                      step(str(penalty.rule), f"The Insurgency gains {penalty.value:+d} VP"),
                      step("14.2.3", "The game is over: compare the VPs (14.4.2)")]
        else:
            steps.append(step("14.2.2", "No ceasefire: play goes on (reinforcements, 14.3)"))
        result = {"steps": steps, "total": total, "ceasefire": yes, "vp": int(penalty.value or 0) if yes else 0}
    answer = CeasefireAnswer(
        situation="ceasefire", rule="14.2", result=result,
        modifiers=[modifier(mod, "14.2.1", "Political Pressure Track")], drm=mod,
        **odds_and_distributions(odds, {"vp": {int(penalty.value or 0): odds["ceasefire"], 0: odds["no_ceasefire"]}}),
    )
    return finish(answer, [str(called.rule), str(penalty.rule)])


# --- reinforcements (14.3) ---------------------------------------------------------------------


class ReinforcementsInput(Frozen):
    turn: int = Field(description="the current turn (14.3.1)")
    pacified_modifier: int = Field(0, description="the 'Blocks Pacified by Coalition Forces' track's modifier (14.3.2)")
    roll: D6 | None = None


class ReinforcementsOutcome(TotalOutcome):
    arrive: bool


class ReinforcementsAnswer(BffAnswer):
    result: ReinforcementsOutcome | None = None


def reinforcements(situation: ReinforcementsInput) -> ReinforcementsAnswer:
    b = book()
    c = Checker()
    first, last = turn_bounds(b)
    if not first <= situation.turn <= last:
        c.add("turn", situation.turn, f"{first} to {last}", "14.3.1")
    check_pacified(c, b, situation.pacified_modifier, "14.3.2")
    check_face(c, "roll", situation.roll)
    c.raise_if_any()
    table = b.table("reinforcements")
    mod = situation.turn + situation.pacified_modifier
    arrive = next(r for r in table.rows if r.rule)  # the printed row (7+)

    def arrives(total: int) -> bool:
        row = row_for(table, total)
        return row is not None and row.result == arrive.result

    odds = outcome_odds(mod, lambda total: "arrive" if arrives(total) else "no_arrival", ("arrive", "no_arrival"))
    result = None
    if situation.roll is not None:
        total = situation.roll + mod
        yes = arrives(total)
        result = {
            "steps": [step("14.3.1", f"Roll {situation.roll} + turn {situation.turn} = {situation.roll + situation.turn}"),
                      step("14.3.2", f"{situation.pacified_modifier:+d} (Blocks Pacified): {total}"),
                      step(str(arrive.rule), "The two 3/4 Battalion chits go into the cup" if yes
                           else "No reinforcements this turn")],
            "total": total, "arrive": yes,
        }
    answer = ReinforcementsAnswer(
        situation="reinforcements", rule="14.3", result=result,
        modifiers=[modifier(situation.turn, "14.3.1", "the turn number"),
                   modifier(situation.pacified_modifier, "14.3.2", "'Blocks Pacified by Coalition Forces' track")],
        drm=mod, **odds_and_distributions(odds, {}),
    )
    return finish(answer, [str(arrive.rule)])


# --- End of Turn VPs (14.1, 14.2.2.1) ----------------------------------------------------------


class EndOfTurnInput(Frozen):
    mayor_compound: Literal["insurgent_controlled", "contested", "pacified"] = Field(
        description="the Mayor's Compound/Army Complex hex (14.1.1)")
    pacified_modifier: int = Field(0, description="the 'Blocks Pacified by Coalition Forces' track's VP modifier (14.1.2)")
    ceasefire: bool = Field(False, description="a ceasefire was rolled (14.2.2.1)")
    vp: int | None = Field(None, description="the VP track before, to apply its caps (25.3.1, 25.11.1)")


class EndOfTurnOutcome(Outcome):
    vp_change: int
    vp_after: int | None = None


class EndOfTurnAnswer(BffAnswer):
    result: EndOfTurnOutcome | None = None
    vp_change: int
    vp_after: int | None = None


def end_of_turn_vp(situation: EndOfTurnInput) -> EndOfTurnAnswer:
    b = book()
    c = Checker()
    check_pacified(c, b, situation.pacified_modifier)
    low, high = vp_bounds(b)
    if situation.vp is not None and not low <= situation.vp <= high:
        c.add("vp", situation.vp, f"{low} to {high}: the VP track", "25.3.1")
    c.raise_if_any()
    mods = []
    compound = situation.mayor_compound
    if compound == "insurgent_controlled":
        row = b.row("end-of-turn-vp", "mayor_compound_insurgent")
        mods.append(modifier(int(row.value or 0), str(row.rule), "Mayor's Compound/Army Complex Insurgent controlled", "end-of-turn-vp:" + row.result))
    elif compound == "contested":
        row = b.row("end-of-turn-vp", "mayor_compound_contested")
        mods.append(modifier(int(row.value or 0), str(row.rule), "Mayor's Compound/Army Complex contested", "end-of-turn-vp:" + row.result))
    pac = b.row("end-of-turn-vp", "blocks_pacified")
    mods.append(modifier(situation.pacified_modifier, str(pac.rule), "'Blocks Pacified by Coalition Forces' track", "end-of-turn-vp:blocks_pacified"))
    if situation.ceasefire:
        row = b.row("end-of-turn-vp", "ceasefire")
        mods.append(modifier(int(row.value or 0), str(row.rule), "a ceasefire was rolled", "end-of-turn-vp:ceasefire"))
    change = sum(m.value for m in mods)
    readings = []
    notes = []
    if compound == "pacified":
        other_change = change + int(b.row("end-of-turn-vp", "mayor_compound_contested").value or 0)
        readings.append(Reading(
            rule="14.1.1", topic="a Pacified Mayor's Compound",
            followed="reading 1 (as printed): only Insurgent controlled (-1) and contested (+1) count",
            other="reading 2 (25.24.2.1, 'holding the Mayor's compound'): +1 CVP whenever it is not Insurgent controlled",
            differs=True, other_values={"vp_change": other_change},
        ))
        notes.append(note(f"A Pacified Mayor's Compound gives nothing as printed (14.1.1, reading 1); reading 2 "
                          f"gives +1 CVP: a change of {other_change:+d} instead of {change:+d} (errata.yaml, 14.1.1).", "14.1.1"))
    after = None
    steps = [step(m.rule, f"{m.reason.en}: {m.value:+d} VP") for m in mods]
    if situation.vp is not None:
        after = max(low, min(high, situation.vp + change))
        steps.append(step("25.3.1" if situation.vp + change > high else "25.11.1" if situation.vp + change < low else "14.1",
                          f"VP track {situation.vp:+d} {change:+d} = {after:+d}"
                          + (" (the excess is lost)" if after != situation.vp + change else "")))
    answer = EndOfTurnAnswer(
        situation="end-of-turn-vp", rule="14.1", modifiers=mods, drm=change, vp_change=change, vp_after=after,
        readings=readings, notes=notes,
        result=EndOfTurnOutcome(steps=steps, vp_change=change, vp_after=after),
        **odds_and_distributions({}, {"vp_change": {change: Fraction(1)}}),
    )
    return finish(answer)


# --- victory level (14.4.2) --------------------------------------------------------------------


class VictoryInput(Frozen):
    vp: int = Field(description="the VP track at the end of turn 8 or at a ceasefire (14.4.2, 14.2.3)")


class VictoryOutcome(Outcome):
    level: str


class VictoryAnswer(BffAnswer):
    result: VictoryOutcome | None = None
    level: str
    title: str


def victory_level(situation: VictoryInput) -> VictoryAnswer:
    b = book()
    c = Checker()
    low, high = vp_bounds(b)
    if not low <= situation.vp <= high:
        c.add("vp", situation.vp, f"{low} to {high}: the VP track", "25.3.1" if situation.vp > high else "25.11.1")
    c.raise_if_any()
    row = next(r for r in b.rows("victory-levels")
               if r.min is not None and r.max is not None and r.min <= situation.vp <= r.max)
    answer = VictoryAnswer(
        situation="victory-level", rule="14.4.2", level=row.result, title=row.name.en if row.name else row.result,
        result=VictoryOutcome(steps=[step(str(row.rule), f"{situation.vp:+d} VP: {row.text.en}")], level=row.result),
        **odds_and_distributions({row.result: Fraction(1)}, {}),
    )
    return finish(answer)


#: the situations this module computes, found through the package's ``SITUATION_MODULES``:
#: ``availability``, ``intelligence``, ``ceasefire``, ``reinforcements``, ``end-of-turn-vp``,
#: ``victory-level``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("availability", "Support unit Availability (5.5, 13.6.2)", "5.5",
                  AvailabilityInput, AvailabilityAnswer, availability),
        Procedure("intelligence", "Intelligence Phase: Wanted! Markers (11.1-11.4)", "11.2",
                  IntelligenceInput, IntelligenceAnswer, intelligence),
        Procedure("ceasefire", "Ceasefire roll (14.2)", "14.2",
                  CeasefireInput, CeasefireAnswer, ceasefire),
        Procedure("reinforcements", "Reinforcements: the 3/4 Battalion (14.3)", "14.3",
                  ReinforcementsInput, ReinforcementsAnswer, reinforcements),
        Procedure("end-of-turn-vp", "End of Turn VPs (14.1, 14.2.2.1)", "14.1",
                  EndOfTurnInput, EndOfTurnAnswer, end_of_turn_vp),
        Procedure("victory-level", "Victory level (14.4.2)", "14.4.2",
                  VictoryInput, VictoryAnswer, victory_level),
    ),
    DECISIONS,
    EXAMPLES,
)
