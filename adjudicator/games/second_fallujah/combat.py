"""Coalition attacks (7.2), Insurgent attacks (7.3, Security Lapse 7.3.5), Fire Missions (7.4),
with Casualty Points (8), Armored Medevac (8.1.1), Political Backlash (7.5, 8.1), Overrun (8.4),
Overwhelming Force (8.5) and the end of the Action Phase (4.1.4).

Odds are exact over the 1,296 pairs of 2D6 rolls (36 for a single 2D6).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT

from ...errors import Checker
from ...models import Bounded, Modifier, Note, Step
from ...readings import followed, readings_field
from ...registry import Procedure, declare_situations
from . import casualties, data
from .common import (
    CF,
    SUPPORT_TYPES,
    TEM,
    TWO_D6,
    US,
    CoalitionType,
    CombatOutcome,
    EndOutcome,
    InsurgentType,
    Nationality,
    SfAnswer,
    Status,
    check_area,
    check_cf,
    check_dug_in,
    check_tem,
    finish,
    modifier,
    note,
)
from .decisions import DECISIONS
from .examples import EXAMPLES
from .odds import (
    SINGLE,
    Advantage,
    dist_exact,
    dist_floats,
    margin,
    odds_fields,
    outcome_odds,
    outcomes_of,
    over,
    with_advantage,
)
from .state import STACK

#: 8.1.1 "reduce Coalition Casualty Points by one"
MEDEVAC = 1
#: 8.5 "greater than the Defensive Value by five or more"
OVERWHELMING = 5
#: 7.5 "Advance the Political Backlash Track one space"
BACKLASH_STEP = 1
#: 7.2.1: the types that may lead (US units only), and those that may lead against Militia only
LEADERS = frozenset({"infantry", "mechanized_infantry", "engineer", "recon"})
MILITIA_LEADERS = frozenset({"lar", "cavalry"})


class Model(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)


class Rolls(Model):
    """The two 2D6 rolls (7.1 steps 5 and 6), unmodified."""

    offense: TWO_D6
    defense: TWO_D6


class Lead(Model):
    type: CoalitionType
    nationality: Nationality
    cf: CF
    #: 3.1: a Combat Factor printed in parentheses cannot lead
    in_parentheses: bool = False
    #: the parent unit (battalion integrity, 7.2.4), as the counter's colour code shows it
    battalion: str | None = None


class Supporting(Model):
    type: CoalitionType
    nationality: Nationality
    battalion: str | None = None


class InsurgentDefender(Model):
    type: InsurgentType
    cf: CF
    dug_in: bool = False
    status: Status = "fresh"


class CoalitionAttack(Model):
    """A Coalition attack (7.2): the lead unit, the supporting units, the defenders and the area."""

    lead: Lead
    supporting: Bounded[Supporting] = Field(default_factory=list)
    #: at most a stack of one side in an area (5)
    defenders: list[InsurgentDefender] = Field(min_length=1, max_length=STACK)
    tem: TEM
    #: 6.4.2: the MP shortfall of an Ambush (0: none)
    ambush: Literal[0, 1, 2] = 0
    #: the Fresh riverine unit supports the attack in a riverbank area (7.2.3)
    riverbank: bool = False
    #: the area contains a mosque (7.5)
    mosque: bool = False
    #: the area's id, if known: checks the mosque and riverbank lists of the rules
    area: int | None = None
    #: 7.2.5: which defender (its index) leads when several share the highest CF
    lead_defender: int | None = None
    #: the current impulse number: the offense roll then also says if the Action Phase ends (4.1.4)
    impulse: int | None = Field(default=None, ge=0)
    #: the Coalition player holds the Advantage and uses it to win (10.1): a Heroic Effort on a
    #: stall, a Mulligan on a stall or a repulse; the rolls given are the final ones
    advantage: Advantage | None = None
    rolls: Rolls | None = None
    #: the player's pick among registered readings (errata.yaml): sf-integrity-lead (7.2.4)
    readings: dict[str, str] = readings_field()


class AttackAnswer(SfAnswer):
    """What a Coalition attack and a Fire Mission both answer: the OV and DV (7.2, 7.4), an
    Overrun (8.4) or Overwhelming Force (8.5), the lead defender (7.2.5) and the defenders'
    capacity (8.4)."""

    ov: int
    dv: int
    overrun: bool = False
    overwhelming_force: bool = False
    distributions: dict[str, dict[str, float]] = Field(default_factory=dict)
    lead_defender: int
    defenders_capacity: int
    result: CombatOutcome | None = None


class CoalitionAttackAnswer(AttackAnswer):
    exact_distributions: dict[str, dict[str, str]] = Field(default_factory=dict)


def _lead_defender(
    defenders, chosen: int | None, check: Checker, field: str = "lead_defender"
) -> tuple[int, list[int], list[Note]]:
    """7.2.5: the highest Combat Factor leads; on a tie the Insurgent player's choice (the bot's
    reading: a Dug In unit first, then the first listed)."""
    top = max(d.cf for d in defenders)
    tied = [i for i, d in enumerate(defenders) if d.cf == top]
    notes: list[Note] = []
    if chosen is not None:
        if chosen not in tied:
            check.add(
                field,
                chosen,
                f"the index of a defender with the highest Combat Factor ({top}): one of {tied}",
                "7.2.5",
            )
        return chosen, tied, notes
    if len(tied) > 1:
        dug = [i for i in tied if getattr(defenders[i], "dug_in", False)]
        pick = (dug or tied)[0]
        notes.append(
            note(
                f"Defenders {tied} share the highest Combat Factor ({top}): the Insurgent player's choice (7.2.5)."
                f" Taken: defender {pick} (a Dug In unit first, then the first listed; errata 7.2.5). Give lead_defender to choose.",
                "7.2.5",
            )
        )
        return pick, tied, notes
    return tied[0], tied, notes


#: the registered ambiguity of battalion integrity (errata.yaml, 7.2.4: B-5)
INTEGRITY = "sf-integrity-lead"


def _whole_battalions(participants: Sequence[tuple[str, str, str | None]]) -> list[str]:
    """The Marine battalions whose three infantry companies and weapons company are all among
    the participants (7.2.4)."""
    battalions: dict[str, list[str]] = {}
    for kind, nat, bn in participants:
        if bn and nat == "usmc":
            battalions.setdefault(bn, []).append(kind)
    return [bn for bn, kinds in battalions.items() if kinds.count("infantry") >= 3 and "weapons" in kinds]


def _ov_modifiers(s: CoalitionAttack) -> tuple[list[Modifier], list[Note]]:
    table = "coalition-ov-modifiers"
    rows = {r.result: r for r in data.table(table).rows}
    rule = data.table(table).rule
    mods = [
        modifier(
            s.lead.cf, rule, f"Combat Factor of the lead unit ({s.lead.type})", f"{table}:lead_cf"
        )
    ]
    notes: list[Note] = []
    sup = s.supporting
    infantry = sum(1 for u in sup if u.type in ("infantry", "mechanized_infantry"))
    if infantry:
        r = rows["supporting_infantry"]
        mods.append(
            modifier(
                min(infantry * (r.value or 0), r.max or 0),
                rule,
                f"{infantry} supporting infantry or mechanized infantry (maximum +{r.max})",
                f"{table}:supporting_infantry",
            )
        )
    if any(u.type in ("weapons", "anti_tank") for u in sup):
        mods.append(
            modifier(
                rows["weapons_or_at"].value or 0,
                rule,
                "supporting weapons or AT units",
                f"{table}:weapons_or_at",
            )
        )
    r = rows["tank_or_lar_cavalry"]
    if any(u.type == "tank" for u in sup):
        mods.append(
            modifier(
                r.value or 0,
                rule,
                "supporting tank units (not with the LAR/cavalry bonus)",
                f"{table}:tank_or_lar_cavalry",
            )
        )
    elif any(u.type in ("lar", "cavalry") for u in sup):
        mods.append(
            modifier(
                r.min or 0, rule, "supporting LAR/cavalry units", f"{table}:tank_or_lar_cavalry"
            )
        )
    if any(u.type == "engineer" for u in sup):
        mods.append(
            modifier(
                rows["engineer"].value or 0, rule, "supporting engineer units", f"{table}:engineer"
            )
        )
    if any(u.type == "special_forces" and u.nationality == "iraqi" for u in sup):
        mods.append(
            modifier(
                rows["iraqi_sf"].value or 0, rule, "supporting Iraqi SF units", f"{table}:iraqi_sf"
            )
        )
    riverine = s.riverbank or any(u.type == "riverine" for u in sup)
    if riverine:
        mods.append(
            modifier(
                rows["riverine"].value or 0,
                rows["riverine"].rule or rule,
                "riverine unit in support (riverbank area)",
                f"{table}:riverine",
            )
        )
    # battalion integrity: does the lead count among the four companies? (errata.yaml sf-integrity-lead)
    participants = [(s.lead.type, s.lead.nationality, s.lead.battalion)] + [
        (u.type, u.nationality, u.battalion) for u in sup
    ]
    lead_counts = followed(data.GAME, s.readings, INTEGRITY) == "lead-counts"
    whole = _whole_battalions(participants if lead_counts else participants[1:])
    other = _whole_battalions(participants[1:] if lead_counts else participants)
    if bool(whole) != bool(other):
        value = rows["battalion_integrity"].value or 0
        mine, theirs = ("lead-counts", "supporting-only") if lead_counts else ("supporting-only", "lead-counts")
        picked = "picked by a ruling" if INTEGRITY in s.readings else "the default"
        notes.append(note(
            f"Battalion integrity ({INTEGRITY}, {picked}): this answer follows reading {mine} "
            f"({'+' + str(value) if whole else 'no bonus'}); reading {theirs} gives "
            f"{'+' + str(value) if other else 'no bonus'}, an OV {'lower' if whole else 'higher'} by {value} "
            f"(errata.yaml, 7.2.4).", rule))
    if whole:
        mods.append(
            modifier(
                rows["battalion_integrity"].value or 0,
                rule,
                f"battalion integrity ({', '.join(sorted(whole))})",
                f"{table}:battalion_integrity",
            )
        )
    nations = {nat for _, nat, _ in participants} | ({"usmc"} if s.riverbank else set())
    if {"army", "usmc"} <= nations:
        mods.append(
            modifier(
                rows["army_and_marines"].value or 0,
                rule,
                "both Army and Marine units participate",
                f"{table}:army_and_marines",
            )
        )
        notes.append(
            note(
                "The extraction lost this modifier's minus sign ('- 1 if both Army and Marine units participate'): applied as negative (errata 7.2.4).",
                rule,
            )
        )
    if s.ambush:
        r = rows["ambush"]
        mods.append(
            modifier(
                -s.ambush,
                r.rule or rule,
                f"Ambush: {s.ambush} MP short of the 4 MP now required",
                f"{table}:ambush",
            )
        )
        notes.append(
            note(
                "The extraction lost the Ambush modifier's minus sign ('- 1 or -2'): applied as negative, the MP shortfall of 6.4.2 (errata 7.2.4).",
                r.rule or rule,
            )
        )
    return mods, notes


def _check_lead_defender(c: Checker, lead: int | None, defenders: int) -> None:
    """The lead defender the player chose (7.2.5), if any, is one of the defenders."""
    if lead is not None and not 0 <= lead < defenders:
        c.add("lead_defender", lead, f"an index of defenders, 0 to {defenders - 1}", "7.2.5")


def _check_stacking(c: Checker, side: str, defenders: int) -> None:
    """At most eight units of a side in an area (5): the defenders of one attack."""
    if defenders > STACK:
        c.add("defenders", defenders, f"at most eight {side} units in an area", "5")


def _check_coalition(s: CoalitionAttack) -> Checker:
    c = Checker()
    check_cf(c, "lead.cf", s.lead.cf)
    for i, d in enumerate(s.defenders):
        check_cf(c, f"defenders.{i}.cf", d.cf)
        check_dug_in(c, f"defenders.{i}.dug_in", d.dug_in, d.type)
    check_tem(c, "tem", s.tem)
    check_area(c, "area", s.area)
    all_militia = all(d.type == "militia" for d in s.defenders)
    if s.lead.type in SUPPORT_TYPES:
        c.add(
            "lead.type",
            s.lead.type,
            "a Support Unit has no Combat Factor and cannot lead an attack",
            "7.2.1",
        )
    elif s.lead.nationality not in US:
        c.add(
            "lead.nationality",
            s.lead.nationality,
            "the lead unit must be a US unit (usmc or army)",
            "7.2.1",
        )
    elif s.lead.type not in LEADERS and not (all_militia and s.lead.type in MILITIA_LEADERS):
        allowed = "infantry, mechanized_infantry, engineer or recon" + (
            ", or cavalry or lar (all defenders are Militia)"
            if all_militia
            else "; cavalry or lar only when all defending units are Militia"
        )
        c.add("lead.type", s.lead.type, allowed, "7.2.1")
    if s.lead.in_parentheses:
        c.add(
            "lead.in_parentheses",
            True,
            "a unit with a Combat Factor in parentheses cannot be the lead unit",
            "7.2.1",
        )
    riverine = s.riverbank or any(u.type == "riverine" for u in s.supporting)
    if s.area is not None and riverine and s.area not in data.riverbank_areas():
        c.add(
            "riverbank",
            s.riverbank,
            f"the riverine unit supports only in areas {sorted(data.riverbank_areas())}",
            "7.2.3",
        )
    _check_lead_defender(c, s.lead_defender, len(s.defenders))
    if len(s.supporting) + 1 > STACK:
        c.add(
            "supporting",
            len(s.supporting),
            "at most seven supporting units (eight units in an area)",
            "5",
        )
    _check_stacking(c, "Insurgent", len(s.defenders))
    return c


#: Overwhelming Force (8.5): no dice are rolled, the Militia are eliminated, an Overrun
OVERWHELMING_ODDS = {
    "success": Fraction(1),
    "stall": Fraction(0),
    "repulse": Fraction(0),
    "overrun": Fraction(1),
}


def _in_mosque_area(mosque: bool, area: int | None, notes: list[Note]) -> bool:
    """Whether the attack is in a mosque area (7.5): said so, or the area is one of 1.1's list
    (a note then says so)."""
    listed = area is not None and area in data.mosque_areas()
    if listed and not mosque:
        notes.append(note(f"Area {area} contains a mosque (1.1's list): the mosque rule applies.", "7.5"))
    return mosque or listed


def _medevac(units: Sequence[Supporting | CoalitionDefender], notes: list[Note], said: str) -> int:
    """What an armored amphibious unit among ``units`` takes off the Coalition Casualty Points
    (8.1.1; its note ends with ``said``)."""
    if not any(u.type == "armored_amphibious" for u in units):
        return 0
    text = "An armored amphibious unit is present: Coalition Casualty Points are reduced by one"
    notes.append(note(text + said, "8.1.1"))
    return MEDEVAC


def _capacity(defenders: Sequence[InsurgentDefender]) -> int:
    """The Casualty Points the defenders can take before an Overrun (8.4)."""
    units = [
        casualties.Defender(id=str(i), type=d.type, status=d.status, dug_in=d.dug_in)
        for i, d in enumerate(defenders)
    ]
    return casualties.capacity(units)


def _values(
    situation: str,
    ov: tuple[int, list[Modifier]],
    dv: tuple[int, list[Modifier]],
    lead: int,
    capacity: int,
) -> dict[str, Any]:
    """The fields of an attack's answer before the dice: OV and DV with their modifiers (7.2),
    the lead defender (7.2.5) and the defenders' capacity (8.4)."""
    return {
        "situation": situation,
        "ov": ov[0],
        "dv": dv[0],
        "modifiers": {"ov": ov[1], "dv": dv[1]},
        "drm": {"ov": ov[0], "dv": dv[0]},
        "lead_defender": lead,
        "defenders_capacity": capacity,
    }


def _margin_odds(
    ov: int, dv: int, advantage: Advantage | None, capacity: int, notes: list[Note]
) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """The margin's distribution (7.1) with the Advantage used (10.1, its note added), and the
    odds of each outcome and of an Overrun (8.4)."""
    dist = with_advantage(margin(ov, dv), advantage)
    odds = outcomes_of(dist)
    if advantage is not None:
        notes.append(note(ADVANTAGE_NOTES[advantage], "10.1"))
    odds["overrun"] = sum((p for m, p in dist.items() if m > capacity), Fraction(0))
    return dist, odds


def coalition_attack(s: CoalitionAttack) -> CoalitionAttackAnswer:
    check = _check_coalition(s)
    check.raise_if_any()
    lead_i, tied, notes = _lead_defender(s.defenders, s.lead_defender, check)
    check.raise_if_any()
    ov_mods, ov_notes = _ov_modifiers(s)
    notes += ov_notes
    ov = sum(m.value for m in ov_mods)
    dv_mods, dv = _dv(s.defenders[lead_i], s.tem, "insurgent-dv-modifiers", 1)
    mosque = _in_mosque_area(s.mosque, s.area, notes)
    iraqi = s.lead.nationality == "iraqi" or any(u.nationality == "iraqi" for u in s.supporting)
    mosque_penalty = BACKLASH_STEP if mosque and not iraqi else 0
    capacity = _capacity(s.defenders)
    steps: list[Step] = []
    if mosque:
        notes.append(
            note(
                "Attack in a mosque area: an Iraqi unit participates, no political penalty."
                if iraqi
                else "Attack in a mosque area without an Iraqi unit: the Political Backlash Track advances one space.",
                "7.5",
            )
        )
    medevac = _medevac(s.supporting, notes, ".")
    results = {r.result: r for r in data.table("coalition-attack-results").rows}
    coalition_cp = {k: max(0, (results[k].value or 0) - medevac) for k in results}
    answer_fields = _values("coalition-attack", (ov, ov_mods), (dv, dv_mods), lead_i, capacity)
    overwhelming = all(d.type == "militia" for d in s.defenders) and ov - dv >= OVERWHELMING
    if overwhelming:
        notes.append(
            note(
                f"Only Militia defend and the OV ({ov}) exceeds the DV ({dv}) by {OVERWHELMING} or more: no dice are rolled, the Militia are eliminated, an Overrun.",
                "8.5",
            )
        )
        if s.rolls is not None:
            notes.append(
                note(
                    "Rolls were given but Overwhelming Force rolls no dice: they are not used.",
                    "8.5",
                )
            )
        if s.impulse is not None:
            notes.append(
                note(
                    "No combat roll: the Coalition rolls 2D6 at the end of the impulse for the end of the Action Phase (errata 4.1.4).",
                    "4.1.4",
                )
            )
        odds = dict(OVERWHELMING_ODDS)
        result = CombatOutcome(
            outcome="success",
            overrun=True,
            insurgent_cp=None,
            coalition_cp=0,
            political_backlash=mosque_penalty,
            rule="8.5",
        )
        answer = CoalitionAttackAnswer(
            **answer_fields,
            overrun=True,
            overwhelming_force=True,
            **odds_fields(odds),
            result=result,
            notes=notes,
        )
        return finish(answer)
    dist, odds = _margin_odds(ov, dv, s.advantage, capacity, notes)
    insurgent_cp = {m: p for m, p in dist.items() if m > 0}
    coal: dict[int, Fraction] = {}
    back: dict[int, Fraction] = {}
    for m, p in dist.items():
        key = "success" if m > 0 else "stall" if m == 0 else "repulse"
        coal[coalition_cp[key]] = coal.get(coalition_cp[key], Fraction(0)) + p
        b = coalition_cp[key] + mosque_penalty
        back[b] = back.get(b, Fraction(0)) + p
    answer = CoalitionAttackAnswer(
        **answer_fields,
        **odds_fields(odds),
        distributions={
            "insurgent_cp": dist_floats(insurgent_cp),
            "coalition_cp": dist_floats(coal),
            "political_backlash": dist_floats(back),
        },
        exact_distributions={
            "insurgent_cp": dist_exact(insurgent_cp),
            "coalition_cp": dist_exact(coal),
            "political_backlash": dist_exact(back),
        },
        notes=notes,
    )
    if len(tied) > 1 and s.lead_defender is None:
        other = next((i for i in tied if s.defenders[i].dug_in != s.defenders[lead_i].dug_in), None)
        if other is not None:
            _, alt_dv = _dv(s.defenders[other], s.tem, "insurgent-dv-modifiers", 1)
            alt = outcome_odds(ov, alt_dv)
            answer.notes.append(
                note(
                    f"With defender {other} leading instead, the DV is {alt_dv} and success {over(alt['success'])}.",
                    "7.2.5",
                )
            )
    if s.rolls is not None:
        ot, dt = s.rolls.offense + ov, s.rolls.defense + dv
        outcome = "success" if ot > dt else "stall" if ot == dt else "repulse"
        icp = ot - dt if ot > dt else 0
        steps += [
            Step(
                rule="7.1",
                en=f"Offensive Total {s.rolls.offense} + {ov} = {ot}; Defensive Total {s.rolls.defense} + {dv} = {dt}.",
            ),
            Step(
                rule="7.2.7",
                en=f"{outcome}: " + data.text("coalition-attack-results", outcome),
            ),
        ]
        ends = None
        if s.impulse is not None:
            ends = s.rolls.offense < s.impulse
            said = f"First combat roll {s.rolls.offense} {'<' if ends else '>='} impulse {s.impulse}: the Action Phase {'ends after this impulse' if ends else 'continues'}."
            steps.append(Step(rule="4.1.4", en=said))
        answer.result = CombatOutcome(
            outcome=outcome,
            offensive_total=ot,
            defensive_total=dt,
            insurgent_cp=icp,
            coalition_cp=coalition_cp[outcome],
            political_backlash=coalition_cp[outcome] + mosque_penalty,
            overrun=icp > capacity,
            action_phase_ends=ends,
            steps=steps,
            rule="7.2.7",
        )
        answer.overrun = icp > capacity
    if s.impulse is not None:
        chance = end_odds(s.impulse)
        answer.probabilities["action_phase_ends"] = float(chance)
        answer.exact["action_phase_ends"] = over(chance, SINGLE)
    return finish(answer)


#: what each use of the Advantage does to the odds (10.1, 10.2)
ADVANTAGE_NOTES = {
    "heroic_effort": "The Coalition uses the Advantage (Heroic Effort, 10.1) on a stall: the roll +1 turns it into"
    " a success with 1 Casualty Point; once per turn (10.2), then the Insurgent player holds it. The chance"
    " the Action Phase ends (4.1.4) is computed without it.",
    "mulligan": "The Coalition uses the Advantage (Take a Mulligan, 10.1) on a stall or a repulse: both players"
    " reroll every die and the new result stands; once per turn (10.2), then the Insurgent player holds it. The"
    " chance the Action Phase ends (4.1.4) is computed without it.",
}


def _dv(lead, tem: int, table: str, tem_times: int) -> tuple[list[Modifier], int]:
    rule = (
        data.table(table).rule
        if table == "insurgent-dv-modifiers"
        else data.table("fire-mission").rule
    )
    dv_rule = data.table("insurgent-dv-modifiers").rule
    mods = [
        modifier(
            lead.cf,
            dv_rule,
            f"Combat Factor of the lead defensive unit ({lead.type})",
            "insurgent-dv-modifiers:lead_cf",
        )
    ]
    if tem_times == 1:
        mods.append(modifier(tem, rule, f"TEM of the area ({tem})", "insurgent-dv-modifiers:tem"))
    else:
        mods.append(
            modifier(
                tem * tem_times,
                rule,
                f"twice the TEM of the area (2 x {tem}): no US units in the area",
                "fire-mission:dv_no_us_in_area",
            )
        )
    if getattr(lead, "dug_in", False):
        mods.append(
            modifier(
                data.value("insurgent-dv-modifiers", "dug_in"),
                dv_rule,
                "the lead unit is Dug In",
                "insurgent-dv-modifiers:dug_in",
            )
        )
    return mods, sum(m.value for m in mods)


def end_odds(impulse: int) -> Fraction:
    """4.1.4: P(2D6 < impulse)."""
    from ...dice import sum_of

    return sum((p for total, p in sum_of(2, 6).items() if total < impulse), Fraction(0))


# --- Insurgent attack -------------------------------------------------------------------------


class CoalitionDefender(Model):
    type: CoalitionType
    nationality: Nationality
    #: Support Units have none (3.6)
    cf: CF | None = None


class InsurgentAttack(Model):
    """One Insurgent unit attacks the Coalition units of an area (7.3)."""

    attacker: InsurgentType
    tem: TEM
    defenders: list[CoalitionDefender] = Field(min_length=1, max_length=STACK)  # stacking (5)
    #: 7.3.2: which defender leads when several share the highest CF (the Coalition player's choice)
    lead_defender: int | None = None
    rolls: Rolls | None = None


class InsurgentAttackAnswer(SfAnswer):
    ov: int | None
    dv: int | None
    security_lapse: bool = False
    attacker_eliminated: bool = True
    lead_defender: int | None = None
    coalition_cp_on_success: int
    result: CombatOutcome | None = None


def insurgent_attack(s: InsurgentAttack) -> InsurgentAttackAnswer:
    c = Checker()
    check_tem(c, "tem", s.tem)
    combat = [i for i, d in enumerate(s.defenders) if d.type not in SUPPORT_TYPES]
    for i, d in enumerate(s.defenders):
        if d.type == "riverine":
            c.add(
                f"defenders.{i}.type",
                d.type,
                "the Small Craft Company can never be attacked by the Insurgent",
                "7.2.3",
            )
        elif d.type in SUPPORT_TYPES:
            if d.cf is not None:
                c.add(
                    f"defenders.{i}.cf",
                    d.cf,
                    "a Support Unit has no Combat Factor: leave it out",
                    "3.6",
                )
        else:
            check_cf(c, f"defenders.{i}.cf", d.cf)
    _check_stacking(c, "Coalition", len(s.defenders))
    c.raise_if_any()
    notes = [
        note(
            "The attacking Insurgent unit is eliminated after its attack, success or failure (errata 7.3.4, reading 1).",
            "7.3.4",
        )
    ]
    medevac = _medevac(s.defenders, notes, " (errata 8.1.1, reading 1: any combat).")
    results = {r.result: r for r in data.table("insurgent-attack-results").rows}
    if not combat:
        cp = max(0, (results["success_us_lead"].value or 0) - medevac)
        notes.append(
            note(
                "Only Support Units defend: Security Lapse, no roll, the attack succeeds. Every Support Unit is US: 2 CP (errata 7.3.5, reading 1).",
                "7.3.5",
            )
        )
        odds = {"success": Fraction(1), "fail": Fraction(0)}
        return finish(
            InsurgentAttackAnswer(
                situation="insurgent-attack",
                ov=None,
                dv=None,
                security_lapse=True,
                **odds_fields(odds),
                coalition_cp_on_success=cp,
                notes=notes,
                result=CombatOutcome(
                    outcome="success",
                    coalition_cp=cp,
                    political_backlash=cp,
                    attacker_eliminated=True,
                    rule="7.3.5",
                ),
            )
        )
    top = max(s.defenders[i].cf or 0 for i in combat)
    tied = [i for i in combat if s.defenders[i].cf == top]
    lead = s.lead_defender
    if lead is not None and lead not in tied:
        c.add(
            "lead_defender",
            lead,
            f"the index of a defender with the highest Combat Factor ({top}): one of {tied}",
            "7.3.2",
        )
        c.raise_if_any()
    if lead is None:
        lead = tied[0]
        nats = {s.defenders[i].nationality in US for i in tied}
        if len(nats) > 1:
            us = next(i for i in tied if s.defenders[i].nationality in US)
            iraqi = next(i for i in tied if s.defenders[i].nationality not in US)
            lead = iraqi
            notes.append(
                note(
                    f"A US ({us}) and an Iraqi ({iraqi}) defender share the highest CF: the Coalition player's choice (7.3.2); taken: the Iraqi one (1 CP on success instead of 2). Give lead_defender to choose.",
                    "7.3.2",
                )
            )
    table = "insurgent-ov-modifiers"
    rule = data.table(table).rule
    mods = []
    for r in data.table(table).rows:
        if r.min is not None and r.min <= s.tem <= (r.max if r.max is not None else s.tem):
            mods.append(
                modifier(
                    r.value or 0,
                    rule,
                    f"combat in an area with a TEM of {s.tem}",
                    f"{table}:{r.result}",
                )
            )
            if (r.value or 0) < 0:
                notes.append(
                    note(
                        "The extraction lost this modifier's minus sign ('- 1 if the combat occurs in an area with a TEM of 0 or 1'): applied as negative (errata 7.3.1).",
                        rule,
                    )
                )
    if s.attacker == "fedayeen":
        mods.append(
            modifier(
                data.value(table, "fedayeen"),
                rule,
                "the attacking unit is a Fedayeen",
                f"{table}:fedayeen",
            )
        )
    ov = sum(m.value for m in mods)
    d = s.defenders[lead]
    dv_mods = [
        modifier(
            d.cf or 0,
            "7.3.3",
            f"Combat Factor of the lead defensive unit ({d.type}, {d.nationality})",
        )
    ]
    dv = d.cf or 0
    key = "success_us_lead" if d.nationality in US else "success_iraqi_lead"
    cp = max(0, (results[key].value or 0) - medevac)
    odds = outcome_odds(ov, dv)
    odds = {"success": odds["success"], "fail": odds["stall"] + odds["repulse"]}
    answer = InsurgentAttackAnswer(
        situation="insurgent-attack",
        ov=ov,
        dv=dv,
        modifiers={"ov": mods, "dv": dv_mods},
        drm={"ov": ov, "dv": dv},
        **odds_fields(odds),
        lead_defender=lead,
        coalition_cp_on_success=cp,
        notes=notes,
    )
    if s.rolls is not None:
        ot, dt = s.rolls.offense + ov, s.rolls.defense + dv
        ok = ot > dt
        answer.result = CombatOutcome(
            outcome="success" if ok else "fail",
            offensive_total=ot,
            defensive_total=dt,
            coalition_cp=cp if ok else 0,
            political_backlash=cp if ok else 0,
            attacker_eliminated=True,
            rule="7.3.4",
        )
    return finish(answer)


# --- Fire Mission -----------------------------------------------------------------------------


class FireMission(Model):
    """A Fire Mission against the Insurgent units of one area (7.4)."""

    defenders: list[InsurgentDefender] = Field(min_length=1, max_length=STACK)  # stacking (5)
    tem: TEM
    #: US units are in the target area (DV adds the TEM once, else twice)
    us_units_in_area: bool
    #: an Iraqi unit is in the area too (7.5: no penalty in a mosque area with both)
    iraqi_units_in_area: bool = False
    mosque: bool = False
    lead_defender: int | None = None
    impulse: int | None = Field(default=None, ge=0)
    #: the Coalition player holds the Advantage and uses it to win (10.1), as in an attack
    advantage: Advantage | None = None
    #: the target area's id, if known: checks the mosque list of the rules (7.5)
    area: int | None = None
    rolls: Rolls | None = None


class FireMissionAnswer(AttackAnswer):
    """A Fire Mission's answer (7.4): its Coalition Casualty Points are ignored."""


def fire_mission(s: FireMission) -> FireMissionAnswer:
    c = Checker()
    check_tem(c, "tem", s.tem)
    check_area(c, "area", s.area)
    for i, d in enumerate(s.defenders):
        check_cf(c, f"defenders.{i}.cf", d.cf)
    _check_lead_defender(c, s.lead_defender, len(s.defenders))
    _check_stacking(c, "Insurgent", len(s.defenders))
    c.raise_if_any()
    lead_i, _tied, notes = _lead_defender(s.defenders, s.lead_defender, c)
    c.raise_if_any()
    ov = data.value("fire-mission", "ov")
    ov_mods = [
        modifier(
            ov, "7.4", "Fire Mission: the Offensive Value is 8, no modifiers", "fire-mission:ov"
        )
    ]
    times = data.value(
        "fire-mission", "dv_us_in_area" if s.us_units_in_area else "dv_no_us_in_area"
    )
    dv_mods, dv = _dv(s.defenders[lead_i], s.tem, "fire-mission", times)
    if s.defenders[lead_i].dug_in:
        notes.append(
            note(
                "Dug In adds +1 to the DV of a Fire Mission too (errata 3.7, reading 1; reading 2: 7.4's DV is complete).",
                "3.7",
            )
        )
    mosque = _in_mosque_area(s.mosque, s.area, notes)
    penalty = (
        BACKLASH_STEP if mosque and not (s.us_units_in_area and s.iraqi_units_in_area) else 0
    )
    if mosque:
        notes.append(
            note(
                "Fire Mission in a mosque area: "
                + (
                    "a US and an Iraqi unit are in the area, no penalty."
                    if not penalty
                    else "the Political Backlash Track advances one space (unless both a US and an Iraqi unit are in the area)."
                ),
                "7.5",
            )
        )
    notes.append(note("Coalition Casualty Points of a Fire Mission are ignored.", "7.4"))
    capacity = _capacity(s.defenders)
    base = _values("fire-mission", (ov, ov_mods), (dv, dv_mods), lead_i, capacity)
    if all(d.type == "militia" for d in s.defenders) and ov - dv >= OVERWHELMING:
        notes.append(
            note(
                f"Only Militia defend and the OV ({ov}) exceeds the DV ({dv}) by {OVERWHELMING} or more: no dice are rolled, Overrun (applies to Fire Missions).",
                "8.5",
            )
        )
        odds = dict(OVERWHELMING_ODDS)
        return finish(
            FireMissionAnswer(
                **base,
                overrun=True,
                overwhelming_force=True,
                **odds_fields(odds),
                notes=notes,
                result=CombatOutcome(
                    outcome="success", overrun=True, political_backlash=penalty, rule="8.5"
                ),
            )
        )
    dist, odds = _margin_odds(ov, dv, s.advantage, capacity, notes)
    answer = FireMissionAnswer(
        **base,
        **odds_fields(odds),
        distributions={"insurgent_cp": dist_floats({m: p for m, p in dist.items() if m > 0})},
        notes=notes,
    )
    if s.rolls is not None:
        ot, dt = s.rolls.offense + ov, s.rolls.defense + dv
        outcome = "success" if ot > dt else "stall" if ot == dt else "repulse"
        answer.result = CombatOutcome(
            outcome=outcome,
            offensive_total=ot,
            defensive_total=dt,
            insurgent_cp=max(0, ot - dt),
            coalition_cp=0,
            political_backlash=penalty,
            overrun=ot - dt > capacity,
            action_phase_ends=(s.rolls.offense < s.impulse) if s.impulse is not None else None,
            rule="7.4",
        )
        answer.overrun = ot - dt > capacity
    return finish(answer)


# --- End of the Action Phase --------------------------------------------------------------------


class EndOfActionPhase(Model):
    """4.1.4: the first combat roll of the Coalition impulse (or the end-of-impulse 2D6)."""

    impulse: int = Field(ge=0)
    roll: TWO_D6 | None = None
    #: both players passed in succession: the phase ends without a roll
    both_passed: bool = False


class EndOfActionPhaseAnswer(SfAnswer):
    result: EndOutcome | None = None


def end_of_action_phase(s: EndOfActionPhase) -> EndOfActionPhaseAnswer:
    notes = [
        note(
            "The roll is the Coalition player's 2D6 without the OV (errata 4.1.4, reading 1); Heroic Effort (10.1) may change it by one.",
            "4.1.4",
        )
    ]
    if s.both_passed:
        odds = {"ends": Fraction(1), "continues": Fraction(0)}
        notes.append(note("Both players passed in succession: the phase ends.", "4.1.4"))
        return finish(
            EndOfActionPhaseAnswer(
                situation="end-of-action-phase",
                **odds_fields(odds, SINGLE),
                notes=notes,
                result=EndOutcome(ends=True, rule="4.1.4"),
            )
        )
    ends = end_odds(s.impulse)
    odds = {"ends": ends, "continues": 1 - ends}
    answer = EndOfActionPhaseAnswer(
        situation="end-of-action-phase",
        **odds_fields(odds, SINGLE),
        notes=notes,
    )
    if s.roll is not None:
        answer.result = EndOutcome(
            ends=s.roll < s.impulse, roll=s.roll, impulse=s.impulse, rule="4.1.4"
        )
    return finish(answer)


#: the situations this module computes, found through the package's ``SITUATION_MODULES``:
#: ``coalition-attack``, ``insurgent-attack``, ``fire-mission``, ``end-of-action-phase``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "coalition-attack",
            "Coalition attack (7.2, 8.1, 8.5, 7.5)",
            "7.2",
            CoalitionAttack,
            CoalitionAttackAnswer,
            coalition_attack,
            ("7.2.1", "8.1.1", "8.4", "8.5", "7.5", "4.1.4"),
        ),
        Procedure(
            "insurgent-attack",
            "Insurgent attack, Security Lapse (7.3)",
            "7.3",
            InsurgentAttack,
            InsurgentAttackAnswer,
            insurgent_attack,
            ("7.3.5", "8.1.1"),
        ),
        Procedure(
            "fire-mission",
            "Fire Mission (7.4)",
            "7.4",
            FireMission,
            FireMissionAnswer,
            fire_mission,
            ("8.5", "7.5"),
        ),
        Procedure(
            "end-of-action-phase",
            "End of the Action Phase (4.1.4)",
            "4.1.4",
            EndOfActionPhase,
            EndOfActionPhaseAnswer,
            end_of_action_phase,
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
