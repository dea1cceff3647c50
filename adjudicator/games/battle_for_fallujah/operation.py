"""An Operation (17.0-21.0): Assault, Raid, Search or Strike, opposed dice pools.

The defender's pool sets the Target Number (17.1: its successes, halved against a Strike,
17.1.6.1, at least 1, 17.1.7); the attacker succeeds with more successes than the TN (7.5.2,
17.3.1). The pools are the player's parts (lead element, support, Resistance dice, markers,
support units: what the counters print) plus the white Terrain dice the tool adds from the
terrain-dice tables by mission, side and hex terrain (17.1.5, 17.2.4).

The odds are exact: each pool is counted as (successes of its blue and white dice) x (successes
of its red dice) in integers over ``6 ** dice`` (pools.py), the defender's successes mapped to
the TN, then the margins, the VPs (vp-results table: the "minimum of -1IVP", the Strike's
doubling) and the Media advance (the Coalition's red successes) are summed over both pools.

Readings (errata.yaml): MOS = successes - TN and MOF = TN - successes (18.1.1 onward, not the
reversed 7.6.1/7.7.1); the Strike halving before the minimum (17.1.6.1, reading A; B computed);
every Coalition red success moves the Media Track (17.2.5.1, reading B; A computed); a failed
Search rolls the Insurgent Activation Table before Contact (20.4.2, reading A; B named).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any

from pydantic import Field

from ...errors import Checker
from ...inputs import check_choice, choice
from ...models import Frozen, Modifier, Note, Outcome, Step
from ...readings import followed as followed_reading
from ...readings import readings_field
from ...registry import Procedure, declare_situations
from .answer import BffAnswer, Reading, finish, modifier, note, percent, step
from .checks import MAX_DICE, Dice, Faces, check_dice, check_faces
from .data import COLOURS, GAME, Book, book
from .decisions import DECISIONS
from .examples import EXAMPLES
from .pools import pool, successes

#: the missions that roll dice pools (15.2; Move does not); a test checks them against the tables
MISSIONS = ("assault", "raid", "search", "strike")
SIDES = ("coalition", "insurgency")
#: the hex terrains (25.23), the columns of the terrain-dice and Level of Resistance tables
TERRAINS = ("open", "industrial", "urban", "dense_urban")
SOURCES = ("lead", "support", "resistance", "marker", "support_unit")
#: the registered ambiguity of 17.1.1 that the Raid and 'raid-defenders' answers both read
RAID_DEFENDERS = "which table generates a Raid's defenders"
#: the topic of errata.yaml's 20.4.2: what a failed Search rolls before its Insurgent Contact roll
FAILED_SEARCH = "what a failed Search rolls before the Insurgent Contact Table"
#: the rows of the Operational Missions matrix (25.17.1)
UNIT_TYPES = ("combat_unit", "support_unit")
Mission = str
Side = str
Terrain = str

#: the rule adding each part to a pool: (role, source, side) -> rule (17.1.2-17.1.4, 17.2.1-17.2.3)
PART_RULES: dict[tuple[str, str, str], str] = {
    ("defending", "lead", "coalition"): "17.1.2",
    ("defending", "lead", "insurgency"): "17.1.2",
    ("defending", "support", "coalition"): "17.1.3.1",
    ("defending", "support", "insurgency"): "17.1.3.2",
    ("defending", "marker", "insurgency"): "17.1.3.2",
    ("defending", "resistance", "insurgency"): "17.1.3.3",
    ("defending", "support_unit", "coalition"): "17.1.4.2",
    ("attacking", "lead", "coalition"): "17.2.1",
    ("attacking", "lead", "insurgency"): "17.2.1",
    ("attacking", "support", "coalition"): "17.2.2.1",
    ("attacking", "support", "insurgency"): "17.2.2.2",
    ("attacking", "marker", "insurgency"): "17.2.2.2",
    ("attacking", "resistance", "insurgency"): "17.2.2.3",
    ("attacking", "support_unit", "coalition"): "17.2.3.2",
}
#: why a part may not be in a side's pool: (role, source, side) -> rule
REFUSED_PART: dict[tuple[str, str], str] = {
    ("resistance", "coalition"): "17.1.3.3",
    ("marker", "coalition"): "17.1.3.2",
    ("support_unit", "insurgency"): "5.3.3",
}
SOURCE_WORDS = {
    "lead": "Lead Element's Proficiency",
    "support": "Support Rating",
    "resistance": "Insurgent Resistance Level",
    "marker": "marker's support",
    "support_unit": "Support unit's Support Rating",
}
TERRAIN_RULES = {"defending": ("defender-terrain-dice", "17.1.5"), "attacking": ("attacker-terrain-dice", "17.2.4")}
#: where each mission's margins are computed: mission -> (MOS rule, MOF rule)
MARGIN_RULES = {
    "assault": ("18.1.1", "18.4.1"),
    "raid": ("19.1.1", "19.2.1"),
    "search": ("20.2", "20.4.1"),
    "strike": ("21.1.1", "21.2.1"),
}


class Part(Dice):
    """One group of dice of a pool, as the counter (or marker) prints it."""

    source: str = choice(
        SOURCES,
        description="lead: the Lead Element's Proficiency; support: a unit's Support Rating "
        "(ground support); resistance: the hex's Insurgent Resistance Level; marker: a Wanted! "
        "or IED marker; support_unit: a Good Order Support unit (Coalition only)"
    )
    name: str | None = Field(None, description="the counter's name, e.g. C/1/5 or CAP")
    unit: str | None = choice(
        UNIT_TYPES, None, description="the unit's type in the Operational Missions matrix (25.17.1), to check the mission"
    )


class Rolls(Frozen):
    """The faces rolled; the defender's alone fix the Target Number for the attacker's odds."""

    attacking: Faces | None = None
    defending: Faces | None = None


class OperationInput(Frozen):
    mission: str = choice(MISSIONS, description="the Operational Mission (15.2)")
    attacker: str = choice(SIDES, "coalition", description="the side with the Active unit (17.0)")
    terrain: str = choice(TERRAINS, description="the hex's terrain (25.23)")
    attacking: list[Part] = Field(min_length=1, max_length=40)
    defending: list[Part] = Field(default_factory=list, max_length=40)
    rolls: Rolls | None = None
    #: the player's pick among registered readings (errata.yaml): bff-tie-ivp (18.5.1)
    readings: dict[str, str] = readings_field()


class PoolSummary(Frozen):
    blue: int
    white: int
    red: int
    dice: int
    terrain_dice: int


class OperationOutcome(Outcome):
    defender_successes: int | None = None
    target_number: int | None = None
    attacker_successes: int | None = None
    #: the Coalition's red successes: circles the Media Track moves (23.1.2)
    media: int | None = None
    success: bool | None = None
    mos: int | None = None
    mof: int | None = None
    #: signed: positive a Coalition VP, negative an Insurgent VP
    vp: int | None = None
    #: the other order of the Strike halving and the minimum, where it changes the TN (17.1.6.1)
    other_reading: dict[str, Any] | None = None
    #: with the defender's roll only: the attacker's odds against the TN rolled, exact
    exact: dict[str, str] | None = None
    distributions: dict[str, dict[str, float]] | None = None


class OperationAnswer(BffAnswer):
    result: OperationOutcome | None = None
    mission: Mission
    attacker: Side
    defender: Side
    terrain: Terrain
    pools: dict[str, PoolSummary]


@dataclass(frozen=True)
class Pool:
    counts: dict[str, int]
    terrain: int
    modifiers: list[Modifier]
    notes: list[Note]


def other(side: str) -> str:
    return "insurgency" if side == "coalition" else "coalition"


def check_insurgency_mission(c: Checker, attacker: str, mission: str) -> None:
    """The Insurgency attacks only by Assault (15.3)."""
    if attacker == "insurgency" and mission in MISSIONS and mission != "assault":
        c.add("mission", mission, "the Insurgency attacks only by Assault", "15.3")


def check(situation: OperationInput, b: Book) -> None:
    c = Checker()
    attacker, mission = situation.attacker, situation.mission
    known = check_choice(c, "mission", mission, MISSIONS, "15.2")
    known &= check_choice(c, "attacker", attacker, SIDES, "17")
    check_choice(c, "terrain", situation.terrain, TERRAINS, "25.23")
    check_insurgency_mission(c, attacker, mission)
    sides = (attacker, other(attacker)) if attacker in SIDES else (None, None)
    for role, side, parts in (
        ("attacking", sides[0], situation.attacking),
        ("defending", sides[1], situation.defending),
    ):
        leads = [i for i, p in enumerate(parts) if p.source == "lead"]
        if role == "attacking" and len(leads) != 1:
            c.add("attacking", f"{len(leads)} parts with source 'lead'",
                  "one Lead Element: the active unit with the highest Proficiency Rating", "17.2.1")
        if role == "defending" and len(leads) > 1:
            c.add("defending", f"{len(leads)} parts with source 'lead'",
                  "at most one Lead Element: the defending unit with the highest Proficiency Rating", "17.1.2")
        resistance = [i for i, p in enumerate(parts) if p.source == "resistance"]
        if len(resistance) > 1:
            c.add(role, f"{len(resistance)} parts with source 'resistance'",
                  "one Insurgent Resistance Level per hex", PART_RULES[(role, "resistance", "insurgency")])
        levels = [row.value for row in b.rows("level-of-resistance") if row.value is not None]
        for colour in COLOURS:
            total = sum(max(0, getattr(p, colour)) for p in parts)
            if total > MAX_DICE:
                c.add(f"{role}.{colour}", total, f"at most {MAX_DICE} {colour} dice in a pool (the game has 10 "
                      "of each; no rule caps a pool, this bound keeps the counting finite)", "1.2")
        for i, part in enumerate(parts):
            where = f"{role}.{i}"
            check_dice(c, where, part)
            if not check_choice(c, f"{where}.source", part.source, SOURCES, "17.1"):
                continue
            if part.unit is not None and not check_choice(c, f"{where}.unit", part.unit, UNIT_TYPES, "25.17.1"):
                continue
            if side is None:
                continue
            if (role, part.source, side) not in PART_RULES:
                rule = REFUSED_PART.get((part.source, side), "17.1")
                allowed = sorted({s for (r, s, sd) in PART_RULES if r == role and sd == side})
                c.add(f"{where}.source", part.source,
                      f"a {side.title()} {role} pool takes: {', '.join(allowed)}", rule)
            if part.source == "resistance" and side == "insurgency":
                n = sum(part.counts().values())
                if levels and not min(levels) <= n <= max(levels):
                    c.add(f"{where}", n, f"a Resistance Level gives {min(levels)} to {max(levels)} dice",
                          "25.9.1")
            if part.unit is not None:
                if side != "coalition":
                    c.add(f"{where}.unit", part.unit, "Insurgent units are not in the Operational Missions matrix: they only Assault", "15.3")
                elif part.source == "lead" and role == "attacking":
                    cells = b.row("operational-missions", part.unit).cells or {}
                    cell = cells.get(mission) if known else None
                    if cell is not None and cell.result != "may":
                        may = [k for k, v in cells.items() if v.result == "may"]
                        name = b.row("operational-missions", part.unit).name
                        c.add(f"{where}.unit", part.unit,
                              f"a {name.en if name else part.unit} may {', '.join(may)}, not {mission} "
                              "(Operational Missions)", "25.17.1")
                elif part.source == "support_unit" and part.unit != "support_unit":
                    c.add(f"{where}.unit", part.unit, "a part with source 'support_unit' is a Support Unit", "17.2.3")
                elif part.source == "support" and part.unit != "combat_unit":
                    c.add(f"{where}.unit", part.unit,
                          "ground support comes from Infantry/Armour (combat units); a Support unit is a 'support_unit' part",
                          "25.22.1")
    rolled = {"attacking": None, "defending": None}
    if situation.rolls is not None:
        for role in rolled:
            faces = getattr(situation.rolls, role)
            if faces is not None:
                check_faces(c, f"rolls.{role}", faces, None)
                rolled[role] = faces
    c.raise_if_any()
    # the pools are valid: the rolls must hold as many dice of each colour
    for role, side in (("attacking", attacker), ("defending", other(attacker))):
        faces = rolled[role]
        if faces is not None:
            built = build_pool(situation, role, side, b)
            rule = "17.2.5" if role == "attacking" else "17.1.6"
            for colour, got in faces.faces().items():
                if len(got) != built.counts[colour]:
                    c.add(f"rolls.{role}.{colour}", len(got),
                          f"{built.counts[colour]} {colour} dice: the {role} pool (with {built.terrain} white "
                          "Terrain dice)", rule)
    c.raise_if_any()


def build_pool(situation: OperationInput, role: str, side: str, b: Book) -> Pool:
    """A pool from its parts, and the Terrain dice (always white) the tables give."""
    parts = situation.attacking if role == "attacking" else situation.defending
    counts = dict.fromkeys(COLOURS, 0)
    mods: list[Modifier] = []
    notes: list[Note] = []
    for part in parts:
        for colour, n in part.counts().items():
            counts[colour] += n
        n = sum(part.counts().values())
        dice = ", ".join(f"{v} {c}" for c, v in part.counts().items() if v) or "no dice"
        label = f"{part.name}: " if part.name else ""
        mods.append(modifier(n, PART_RULES[(role, part.source, side)],
                             f"{label}{SOURCE_WORDS[part.source]}: {dice}", f"{role}:{part.source}"))
    table, rule = TERRAIN_RULES[role]
    cell = b.terrain_cell(table, situation.mission, side, situation.terrain)
    terrain = int(cell.value or 0)
    counts["white"] += terrain
    words = situation.terrain.replace("_", " ").title()
    mods.append(modifier(terrain, rule, f"Terrain dice (white, {rule}.1): {words} "
                         f"({cell.text.en or 'terrain not named'})", f"{table}:{situation.mission}"))
    if cell.result == "terrain_not_named":
        notes.append(note(
            f"The {'Defender' if role == 'defending' else 'Attacker'}'s Terrain Dice table names no "
            f"{words} for a {side.title()} {situation.mission.title()}: read as 0 dice (reading A); "
            "reading B, a print error, leaves the number unknown (errata.yaml).", rule))
    return Pool(counts, terrain, mods, notes)


def target_number(successes_: int, strike: bool, minimum_first: bool = False) -> int:
    """The TN: the defender's successes, halved against a Strike rounded down (17.1.6.1), at
    least 1 (17.1.7). ``minimum_first`` is the other order (errata.yaml, 17.1.6.1, reading B)."""
    if not strike:
        return max(1, successes_)
    return max(1, successes_) // 2 if minimum_first else max(1, successes_ // 2)


@dataclass(frozen=True)
class Side_:
    """One pool's successes as counts: its blue and white dice apart from its red dice."""

    others: tuple[int, ...]
    red: tuple[int, ...]
    total: tuple[int, ...]
    combinations: int


def _one_hot(n: int) -> tuple[int, ...]:
    return (0,) * n + (1,)


def side_counts(counts: dict[str, int], faces: Faces | None, b: Book) -> Side_:
    """The pool's counts, or its rolled successes as a certainty (one combination)."""
    if faces is not None:
        got = successes(faces.faces(), b.success_numbers)
        others = _one_hot(got["blue"] + got["white"])
        red = _one_hot(got["red"])
        return Side_(others, red, _one_hot(len(others) + len(red) - 2), 1)
    counted = pool(counts, b.success_numbers)
    return Side_(counted.others, counted.apart, counted.total, counted.combinations)


@dataclass
class Counted:
    """Counts over ``denominator``: margins, and the Coalition's red successes by outcome."""

    denominator: int
    margin: dict[int, int]
    media_success: dict[int, int]
    media_failure: dict[int, int]
    tn: dict[int, int]


def _red_split(coalition: Side_, opposed: int, won_at: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """The Coalition pool's red successes jointly with the Operation's success and failure
    (integer counts over both pools), whether it attacks or defends: ``won_at[n]`` counts the
    ``opposed`` pool's combinations with which the Operation succeeds when the Coalition pool has
    ``n`` successes."""
    succ: dict[int, int] = {}
    fail: dict[int, int] = {}
    all_others = sum(coalition.others) * opposed
    for r, rc in enumerate(coalition.red):
        if rc:
            won = sum(kc * won_at[k + r] for k, kc in enumerate(coalition.others) if kc)
            succ[r] = rc * won
            fail[r] = rc * all_others - succ[r]
    return succ, fail


def count(att: Side_, dfn: Side_, tn_of: Callable[[int], int], coalition_attacks: bool,
          media: bool = True) -> Counted:
    """Margins (attacker's successes - TN) and, with ``media``, the Coalition's red successes
    jointly with success and failure, summed over both pools (integer counts)."""
    by_tn: dict[int, int] = {}
    tn_at = [tn_of(t) for t in range(len(dfn.total))]
    for t, c in enumerate(dfn.total):
        if c:
            by_tn[tn_at[t]] = by_tn.get(tn_at[t], 0) + c
    margin: dict[int, int] = {}
    for s, sc in enumerate(att.total):
        if sc:
            for tn, tc in by_tn.items():
                margin[s - tn] = margin.get(s - tn, 0) + sc * tc
    succ: dict[int, int] = {}
    fail: dict[int, int] = {}
    if media:
        if coalition_attacks:
            # less[x]: defender combinations whose TN is below x (a success for x successes)
            less = [0] * (len(att.total) + 1)
            for x in range(1, len(less)):
                less[x] = less[x - 1] + by_tn.get(x - 1, 0)
            succ, fail = _red_split(att, dfn.combinations, less)
        else:
            greater = {tn: sum(sc for s, sc in enumerate(att.total) if s > tn) for tn in by_tn}
            by_t = [greater.get(tn_at[t], 0) for t in range(len(dfn.total))]
            succ, fail = _red_split(dfn, att.combinations, by_t)
    return Counted(att.combinations * dfn.combinations, margin, succ, fail,
                   {tn: c * att.combinations for tn, c in by_tn.items()})


def vp_rows(b: Book, mission: str, attacker: str) -> dict[str, Any]:
    """The VP award of the mission's success (margin 'mos') and failure ('mof'), if any."""
    found = {}
    for row in b.rows("vp-results"):
        if b.extra(row, "mission") == mission and b.extra(row, "attacker") == attacker:
            found[str(b.extra(row, "margin"))] = row
    return found


#: the registered ambiguity of a tie's IVP (errata.yaml, 18.5.1: A-2) and the reading that
#: gives a margin of 0 no VP
TIE = "bff-tie-ivp"
TIE_NO_VP = "no-margin-no-ivp"


def vp_of(row: Any, margin: int, b: Book, tie_vp: bool = True) -> int:
    """VPs of a margin by its row: value x margin, never nearer 0 than ``at_least`` (18.3.1...).

    ``tie_vp``: the printed minimum applies to a margin of 0 too (errata.yaml bff-tie-ivp,
    reading minimum-applies); False: a margin of 0 gives no VP (reading no-margin-no-ivp)."""
    if row is None:
        return 0
    vp = int(row.value) * margin
    at_least = b.extra(row, "at_least")
    if at_least is not None and (margin != 0 or tie_vp):
        vp = min(vp, int(at_least)) if int(at_least) < 0 else max(vp, int(at_least))
    return vp


def summarise(cnt: Counted, rows: dict[str, Any], b: Book, full: bool = True, tie_vp: bool = True) -> dict[str, Any]:
    """Odds and distributions as (counts, denominator) pairs; ``full=False``: odds and VPs only."""
    d = cnt.denominator
    win = sum(v for m, v in cnt.margin.items() if m > 0)
    lose = d - win
    vp: dict[int, int] = {}
    mos: dict[int, int] = {}
    mof: dict[int, int] = {}
    for m, v in cnt.margin.items():
        if m > 0:
            mos[m] = v
            key = vp_of(rows.get("mos"), m, b, tie_vp)
        else:
            mof[-m] = v
            key = vp_of(rows.get("mof"), -m, b, tie_vp)
        vp[key] = vp.get(key, 0) + v
    dists: dict[str, tuple[dict[int, int], int]] = {"vp": (vp, d)}
    if full:
        media = {k: cnt.media_success.get(k, 0) + cnt.media_failure.get(k, 0)
                 for k in set(cnt.media_success) | set(cnt.media_failure)}
        dists = {
            "margin": (cnt.margin, d),
            "mos": (mos, win),
            "mof": (mof, lose),
            "vp": (vp, d),
            "media": (media or {0: d}, d),
            "media_if_success": (cnt.media_success if media else {0: win}, win),
            "media_if_failure": (cnt.media_failure if media else {0: lose}, lose),
            "target_number": (cnt.tn, d),
        }
    return {"odds": {"success": (win, d), "failure": (lose, d)}, "dists": dists}


def ratio(count_: int, denominator: int) -> tuple[float, str]:
    """A count over a denominator as a float and an exact fraction string ("3/8", "0", "1")."""
    if not count_:
        return 0.0, "0"
    g = gcd(count_, denominator)
    top, bottom = count_ // g, denominator // g
    return count_ / denominator, (str(top) if bottom == 1 else f"{top}/{bottom}")


def fields(summary: dict[str, Any]) -> dict[str, Any]:
    """``probabilities``, ``exact`` and ``distributions`` from counts, without Fraction objects
    (conditional distributions whose condition cannot happen are left empty)."""
    probabilities: dict[str, float] = {}
    exact: dict[str, Any] = {}
    for key, (c, d) in summary["odds"].items():
        probabilities[key], exact[key] = ratio(c, d)
    distributions: dict[str, dict[str, float]] = {}
    for name, (counts, d) in summary["dists"].items():
        floats: dict[str, float] = {}
        strings: dict[str, str] = {}
        if d:
            for k in sorted(counts):
                if counts[k]:
                    floats[str(k)], strings[str(k)] = ratio(counts[k], d)
        distributions[name] = floats
        exact[name] = strings
    return {"probabilities": probabilities, "exact": exact, "distributions": distributions}


def exact_odds(summary: dict[str, Any]) -> dict[str, Fraction]:
    return {k: Fraction(c, d) for k, (c, d) in summary["odds"].items()}


def adjudicate(situation: OperationInput) -> OperationAnswer:
    b = book()
    check(situation, b)
    attacker = situation.attacker
    defender = other(attacker)
    mission = situation.mission
    strike = mission == "strike"
    att = build_pool(situation, "attacking", attacker, b)
    dfn = build_pool(situation, "defending", defender, b)
    rolls = situation.rolls or Rolls()
    # the odds before any roll (the kernel's ``probabilities``); rolls are resolved in ``result``
    att_side = side_counts(att.counts, None, b)
    def_side = side_counts(dfn.counts, None, b)
    coalition_attacks = attacker == "coalition"
    rows = vp_rows(b, mission, attacker)
    counted = count(att_side, def_side, lambda t: target_number(t, strike), coalition_attacks)
    tie_vp = followed_reading(GAME, situation.readings, TIE) != TIE_NO_VP
    summary = summarise(counted, rows, b, tie_vp=tie_vp)
    notes = list(att.notes) + list(dfn.notes)
    readings = [margins_reading()]
    if rows.get("mof") is not None and b.extra(rows["mof"], "at_least") is not None:
        readings.append(tie_reading(situation, tie_vp, summary, summarise(counted, rows, b, full=False, tie_vp=not tie_vp)))
    if strike:
        other_count = count(att_side, def_side, lambda t: target_number(t, True, True), True, media=False)
        readings.append(strike_reading(summary, summarise(other_count, rows, b, full=False)))
    readings.append(media_reading(situation, dfn))
    if mission == "raid":
        readings.append(Reading(
            rule="17.1.1", topic=RAID_DEFENDERS,
            followed="A (17.1.1): in a hex without a Resistance Level marker, the Level of Resistance "
            "Table then the Insurgent Activation Table; the situation 'raid-defenders' gives both",
            other="B (22.0-22.2): the Level of Resistance Table then the Insurgent Reaction Table, -1 die",
        ))
        notes.append(note("A Raid's defenders come from the player's parts; where the hex had no Resistance "
                          "Level marker, 'raid-defenders' computes them under both readings of 17.1.1.", "17.1.1"))
    if mission == "search":
        readings.append(Reading(
            rule="20.4.2", topic=FAILED_SEARCH,
            followed="A (20.4.2 as printed): the Insurgent Activation Table (12.4.2), then the Insurgent "
            "Contact Table (22.3) with the MOF added (20.4.2.1)",
            other="B (its pointer 'See Insurgency Reaction', 22.0): the Insurgent Reaction Table (22.2), then "
            "the Insurgent Contact Table",
        ))
    if mission in ("search", "strike") and attacker == "coalition":
        rule = "20.3" if mission == "search" else "21.1.2"
        notes.append(note(f"A successful {mission.title()} gives CVPs only through what its Margin of "
                          f"Success buys (see Spending a Margin of Success); 'vp' counts the failure's IVPs only.", rule))
    if any(n > 10 for n in (*att.counts.values(), *dfn.counts.values())):
        notes.append(note("A pool holds more than the 10 dice of a colour the game includes: no rule caps "
                          "a pool, so all count (errata.yaml, 1.2, reading 1).", "1.2"))
    if any(p.source in ("resistance", "marker") for p in (*situation.attacking, *situation.defending)):
        notes.append(note("The colour of Resistance and marker dice is not in the text: taken as given "
                          "(errata.yaml, 17.1.3.3).", "17.1.3.3"))
    result = None
    if situation.rolls is not None and (rolls.attacking is not None or rolls.defending is not None):
        result = outcome(situation, att, dfn, rows, b, tie_vp)
        if rolls.defending is not None and rolls.attacking is None:
            # the TN is known: the attacker's odds against it
            given = count(att_side, side_counts(dfn.counts, rolls.defending, b),
                          lambda t: target_number(t, strike), coalition_attacks, media=False)
            shown = fields(summarise(given, rows, b, full=False, tie_vp=tie_vp))
            result["probabilities"] = shown["probabilities"]
            result["exact"] = {k: shown["exact"][k] for k in ("success", "failure")}
            result["distributions"] = {"vp": shown["distributions"]["vp"]}
    answer = OperationAnswer(
        situation="operation",
        rule="17.3",
        mission=mission,
        attacker=attacker,
        defender=defender,
        terrain=situation.terrain,
        pools={
            "attacking": PoolSummary(**att.counts, dice=sum(att.counts.values()), terrain_dice=att.terrain),
            "defending": PoolSummary(**dfn.counts, dice=sum(dfn.counts.values()), terrain_dice=dfn.terrain),
        },
        modifiers={"attacking": att.modifiers, "defending": dfn.modifiers},
        drm={"attacking": sum(att.counts.values()), "defending": sum(dfn.counts.values())},
        notes=notes + [note(_reading_note(r), r.rule) for r in readings if r.differs],
        readings=readings,
        result=result,
        **fields(summary),
    )
    return finish(answer, [*(r.rule for r in rows.values()), *MARGIN_RULES[mission]])


def _reading_note(r: Reading) -> str:
    values = "; ".join(f"{k} {v}" for k, v in r.other_values.items())
    tail = f": {values}" if values else ""
    return (f"{r.topic[0].upper()}{r.topic[1:]}: this answer follows {r.followed}. The other reading, "
            f"{r.other}, gives another result{tail} (errata.yaml, {r.rule}).")


def tie_reading(situation: OperationInput, tie_vp: bool, mine: dict, theirs: dict) -> Reading:
    """A tie's IVP (errata.yaml bff-tie-ivp, A-2): the printed minimum, or no margin no VP."""
    picked = "picked by a ruling" if TIE in situation.readings else "the default"
    printed = "minimum-applies: a tie (MOF 0) still gives the printed minimum of -1 IVP"
    none = f"{TIE_NO_VP}: a tie (MOF 0) gives no IVP"
    differs = fields(mine)["exact"]["vp"] != fields(theirs)["exact"]["vp"]
    return Reading(
        rule="18.5.1",
        topic=f"the IVP of a tie ({TIE}, {picked})",
        followed=printed if tie_vp else none,
        other=none if tie_vp else printed,
        differs=differs,
        other_values={"vp": fields(theirs)["exact"]["vp"]} if differs else {},
    )


def margins_reading() -> Reading:
    """MOS and MOF as every mission rule computes them, not as 7.6.1 and 7.7.1 print them."""
    return Reading(
        rule="7.6.1",
        topic="the Margins of Success and Failure",
        followed="18.1.1, 18.4.1, 19.1.1, 19.2.1, 20.2, 20.4.1, 21.1.1 (MOS = successes - TN, MOF = TN - successes)",
        other="the reversed definitions printed in 7.6.1 and 7.7.1 (MOS = TN - successes, MOF = successes - TN)",
        differs=True,
        other_values={"margins": "the same sizes with the opposite sign: 0 or less, which no mission rule spends"},
    )


def strike_reading(followed: dict, other_: dict) -> Reading:
    """The Strike's TN halved before the minimum (17.1.6.1 then 17.1.7), or after it."""
    mine, theirs = exact_odds(followed), exact_odds(other_)
    differs = mine != theirs
    values: dict[str, Any] = {}
    if differs:
        shown = fields(other_)
        values = {
            "success": f"{shown['exact']['success']} ({percent(theirs['success'])} instead of {percent(mine['success'])})",
            "vp": shown["exact"]["vp"],
        }
    return Reading(
        rule="17.1.6.1",
        topic="the order of the Strike halving and the minimum TN",
        followed="A, the printed order: halve (17.1.6.1), then at least 1 (17.1.7): TN = max(1, successes // 2)",
        other="B, the minimum first: TN = max(1, successes) // 2 (0 for 0 or 1 success)",
        differs=differs,
        other_values=values,
    )


def media_reading(situation: OperationInput, dfn: Pool) -> Reading:
    """Every Coalition red success moves the Media Track, or only an attacking pool's."""
    coalition_defends = situation.attacker == "insurgency"
    reds = dfn.counts["red"] if coalition_defends else 0
    differs = coalition_defends and reds > 0
    if situation.rolls is not None and situation.rolls.defending is not None and coalition_defends:
        differs = sum(1 for f in situation.rolls.defending.red if f >= book().success_numbers["red"]) > 0
    return Reading(
        rule="17.2.5.1",
        topic="which red successes move the Media Track",
        followed="B (23.1.2, 17.1.8): every Coalition red success of the Operation, a defending Coalition pool's too",
        other="A (17.2.5.1): only the red successes of an attacking Coalition pool (here the Media Track would not move)",
        differs=differs,
        other_values={"media": {"0": "1"}} if differs else {},
    )


def outcome(situation: OperationInput, att: Pool, dfn: Pool, rows: dict, b: Book, tie_vp: bool = True) -> dict[str, Any]:
    """The Operation resolved with the faces given, step by step (17.1.6-17.4, 18.0-21.0)."""
    rolls = situation.rolls
    assert rolls is not None
    sn = b.success_numbers
    mission, attacker = situation.mission, situation.attacker
    coalition_attacks = attacker == "coalition"
    steps: list[Step] = []
    res: dict[str, Any] = {}
    tn = tn_b = None
    if rolls.defending is not None:
        got = successes(rolls.defending.faces(), sn)
        t = sum(got.values())
        steps.append(step("17.1.6", f"Defender's pool ({_faces(rolls.defending)}): {t} successes ({_by_colour(got)})"))
        tn = target_number(t, mission == "strike")
        tn_b = target_number(t, mission == "strike", True)
        if mission == "strike":
            steps.append(step("17.1.6.1", f"Against a Strike the TN is halved, rounded down: {t} // 2 = {t // 2}"))
        if tn != (t // 2 if mission == "strike" else t):
            steps.append(step("17.1.7", "The minimum Target Number is 1"))
        steps.append(step("17.1.6", f"Target Number {tn}"))
        res.update(defender_successes=t, target_number=tn)
        if not coalition_attacks:
            res["media"] = got["red"]
            steps.append(step("17.1.8", f"Red successes of the Coalition defender: {got['red']} (Media Track +{got['red']}, 23.1.2)"))
    if rolls.attacking is not None:
        got = successes(rolls.attacking.faces(), sn)
        s = sum(got.values())
        steps.append(step("17.2.5", f"Attacker's pool ({_faces(rolls.attacking)}): {s} successes ({_by_colour(got)})"))
        res["attacker_successes"] = s
        if coalition_attacks:
            res["media"] = got["red"]
            steps.append(step("17.2.5.1", f"Red Coalition successes: {got['red']}: Media Track +{got['red']}"))
        if tn is not None:
            mos_rule, mof_rule = MARGIN_RULES[mission]
            if s > tn:
                res.update(success=True, mos=s - tn, mof=None)
                steps.append(step("17.3.1", f"{s} successes against TN {tn}: more than the TN, the mission succeeds"))
                steps.append(step(mos_rule, f"Margin of Success {s} - {tn} = {s - tn}"))
                row = rows.get("mos")
                vp = vp_of(row, s - tn, b)
            else:
                res.update(success=False, mos=None, mof=tn - s)
                steps.append(step("17.3.1", f"{s} successes against TN {tn}: not more than the TN, the mission fails"))
                steps.append(step(mof_rule, f"Margin of Failure {tn} - {s} = {tn - s}"))
                row = rows.get("mof")
                vp = vp_of(row, tn - s, b, tie_vp)
                if tn == s and row is not None and b.extra(row, "at_least") is not None:
                    picked = "minimum-applies" if tie_vp else TIE_NO_VP
                    steps.append(step("18.5.1", f"A tie: Margin of Failure 0; reading {picked} of {TIE} "
                                                f"(errata.yaml): {vp:+d} VP"))
            res["vp"] = vp
            if row is not None:
                side = "Coalition gains" if vp > 0 else "Insurgency gains"
                steps.append(step(str(row.rule), f"{side} {abs(vp)} VP ({vp:+d} on the VP track)"))
            steps.extend(consequences(mission, attacker, res["success"], res.get("mos") or res.get("mof") or 0))
            if tn_b is not None and tn_b != tn:
                res["other_reading"] = {"rule": "17.1.6.1", "target_number": tn_b, "success": s > tn_b}
    if tn is not None and rolls.attacking is None:
        steps.append(step("17.2.5", "Waiting for the attacker's roll: the odds above are for this TN"))
        res["pending"] = ["rolls.attacking"]
    if rolls.defending is None:
        res["pending"] = ["rolls.defending"]
    res["steps"] = steps
    return res


def consequences(mission: str, attacker: str, success: bool, margin: int) -> list[Step]:
    """What the mission's result does besides the VPs (18.0-21.0), then 'After the Operation' (17.5)."""
    said: list[Step] = []
    if mission == "assault" and attacker == "coalition":
        said.append(step("18.2.1", f"Spend the MOS ({margin}) on Insurgent steps, 1 success a step (see Spending a Margin of Success)")
                    if success else step("18.5.2", "An Isolated Marker is placed in the hex"))
    elif mission == "assault":
        said.append(step("18.3.2", "An Isolated Marker is placed in the hex") if success
                    else step("18.6.1", f"The Coalition may spend the MOF ({margin}) on Insurgent steps, 1 success a step"))
    elif mission == "raid":
        said.append(step("19.1.3", "Remove the Wanted! Marker and, if any remain in the cup, one Nationalist chit")
                    if success else step("19.2.3", "The Wanted! Marker is removed; the Nationalist chits in the cup are unchanged"))
    elif mission == "search":
        if success:
            said.append(step("20.3", f"Spend the MOS ({margin}) to Search the block (see Spending a Margin of Success)"))
        else:
            said.append(step("20.4.2", "Roll once on the Insurgent Activation Table, then on the Insurgent Contact Table "
                             "(reading A; B rolls the Insurgent Reaction Table first: errata.yaml, 20.4.2)"))
            said.append(step("20.4.2.1", f"The MOF ({margin}) is added to the Insurgent Contact roll ('contact')"))
    elif mission == "strike" and success:
        said.append(step("21.1.2", f"Spend the MOS ({margin}) to Strike the block (see Spending a Margin of Success)"))
    said.append(step("17.5", "After the Operation: Ops Complete, Support Availability rolls, IED Ambush and Isolated markers"))
    return said


def _faces(faces: Faces) -> str:
    return "; ".join(f"{c} {' '.join(map(str, v))}" for c, v in faces.faces().items() if v) or "no dice"


def _by_colour(got: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" for c, n in got.items())


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``operation``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("operation", "An Operation: Assault, Raid, Search or Strike (17.0-21.0)", "17.3",
                  OperationInput, OperationAnswer, adjudicate,
                  ("17.1.6.1", "17.1.7", "17.1.8", "17.2.5.1", "23.1.2", "7.7.1")),
    ),
    DECISIONS,
    EXAMPLES,
)
