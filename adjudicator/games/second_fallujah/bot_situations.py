"""The bot's situations (12-17): input models and the procedures the registry runs.

Every procedure is pure and deterministic: the same state and dice give the same answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT, BoundedDict
from rules_text.tables import Cell, TableRow

from ...errors import Checker
from ...registry import Procedure, declare_situations
from . import bot, casualties, data
from .bot_common import (
    ANSWERS,
    BotAnswer,
    Override,
    TieDice,
    Unspecified,
    answer,
    check_common,
    override_entry,
    unspecified_point,
)
from .common import D6, TWO_D6, check_area, note
from .decisions import DECISIONS
from .examples import EXAMPLES
from .priorities import Dice, NeedFacts, TraceEntry, tie_break
from .state import FRICTION, STACK, TableState, Unit
from .tables_rolls import _codes, setup_result


class Model(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)


class BotInput(Model):
    state: TableState
    dice: TieDice = TieDice()
    override: Override | None = None


def _run(name: str, body, compute) -> BotAnswer:
    """Check the input (every problem at once), then compute; missing facts become ``needs``."""
    check = check_common(body.state, body.override)
    check.raise_if_any()
    trace: list[TraceEntry] = []
    try:
        decision, unspecified, notes = compute(trace)
    except NeedFacts as exc:
        return answer(
            name,
            None,
            trace,
            exc.needs,
            notes=[
                note(
                    "The bot needs the facts listed in 'needs' before it can decide (the map and the counters are not in the text; never guessed).",
                    "12",
                )
            ],
        )
    return answer(name, decision, trace, unspecified=unspecified, notes=notes)


def _check_choice(check: Checker, override: Override | None, allowed: list, rule: str) -> None:
    if override is not None and override.choice not in allowed:
        check.add("override.choice", override.choice, f"one of the candidates {allowed}", rule)


def _decide(
    body: BotInput,
    trace: list[TraceEntry],
    candidates: Callable[[], list[Any]],
    rules: tuple[str, str],
    decide: Callable[[Any], Any],
) -> Any:
    """The bot's decision, or the player's override: checked to be one of the ``candidates``
    (the first of ``rules``), ``decide`` given it, then entered in the trace (the second)."""
    ov = body.override
    if ov is not None:
        c = Checker()
        _check_choice(c, ov, candidates(), rules[0])
        c.raise_if_any()
    found = decide(ov.choice if ov else None)
    if ov is not None:
        trace.append(override_entry(ov, rules[1], [ov.choice]))
    return found


# --- 14.1.1 / 14.1.2 -------------------------------------------------------------------------------

DEFENSE_FACTOR = note(
    "Criterion 3 'lowest Defense Factor' is read as the Combat Factor of the Coalition lead defensive"
    " unit (7.3.2), the whole Coalition DV of 7.3.3 (errata 14.1.1).",
    "14.1.1",
)


def run_attack_target(body: BotInput) -> BotAnswer:
    def compute(trace):
        unspecified: list[Unspecified] = []
        target = _decide(
            body,
            trace,
            lambda: bot.attack_candidates(body.state, []),
            ("14.1", "14.1.1"),
            lambda choice: bot.attack_target(body.state, Dice(body.dice.tiebreak), trace, choice),
        )
        if target is None:
            return (
                {"target": None, "text": "no area can be attacked by an eligible Militia (14.1)"},
                unspecified,
                [],
            )
        return (
            {
                "target": target,
                "militia_sources": bot.militia_sources(body.state, target, complete=False),
            },
            unspecified,
            [DEFENSE_FACTOR] if any(t.criterion == "lowest_lead_defense" for t in trace) else [],
        )

    return _run("bot-attack-target", body, compute)


class OriginInput(BotInput):
    target: int


def run_attack_origin(body: OriginInput) -> BotAnswer:
    def compute(trace):
        c = Checker()
        check_area(c, "target", body.target)
        c.raise_if_any()
        origin = _decide(
            body,
            trace,
            lambda: list(bot.militia_sources(body.state, body.target, complete=True)),
            ("14.1", "14.1.2"),
            lambda choice: bot.attack_origin(
                body.state, body.target, Dice(body.dice.tiebreak), trace, choice
            ),
        )
        if origin is None:
            return (
                {"origin": None, "text": f"no Fresh Militia can attack area {body.target} (14.1)"},
                [],
                [],
            )
        militia = [u.id for u in bot.fresh_militia(body.state, origin)]
        return (
            {
                "origin": origin,
                "target": body.target,
                "attackers": militia,
                "text": "All Militia units in the selected area must attack (14.1.2); each attacks individually (7.3).",
            },
            [],
            [note("All Militia units in the selected area must attack.", "14.1.2")],
        )

    return _run("bot-attack-origin", body, compute)


# --- 14.2 ------------------------------------------------------------------------------------------


def run_organize_resistance(body: BotInput) -> BotAnswer:
    def compute(trace):
        area = _decide(
            body,
            trace,
            lambda: bot.resistance_candidates(body.state),
            ("14.2", "14.2"),
            lambda choice: bot.organize_resistance(body.state, Dice(body.dice.tiebreak), trace, choice),
        )
        if area is None:
            return {"area": None, "text": "no Fresh Cadre can place a Militia (4.1.1, 5)"}, [], []
        n = bot.placeable(body.state, area)
        return (
            {"area": area, "militia_placed": n, "resistance_marker": area},
            [],
            [
                note("Place the RESISTANCE marker in the area selected.", "14.2"),
                note(
                    "Criterion 4 'the most units can be placed' is read as the Militia the area's Fresh"
                    " Cadre can place within stacking and the Force Pool (errata 14.2, reading 1).",
                    "14.2",
                ),
            ],
        )

    return _run("bot-organize-resistance", body, compute)


# --- 16 --------------------------------------------------------------------------------------------


class RetreatInput(BotInput):
    unit: str
    #: after combat (8.3, 15) or during Reaction (17: Fedayeen step 1, Cadre 'R')
    cause: Literal["combat", "fedayeen_reaction", "cadre_reaction"] = "combat"


def run_retreat(body: RetreatInput) -> BotAnswer:
    def compute(trace):
        c = Checker()
        unit = next((u for u in body.state.units if u.id == body.unit), None)
        if unit is None:
            c.add("unit", body.unit, "the id of a unit of the state", "16")
        elif (
            unit.side != "insurgent"
            or unit.type == "militia"
            and body.cause != "combat"
            or not isinstance(unit.location, int)
        ):
            c.add(
                "unit",
                body.unit,
                "an Insurgent unit in an area (Fedayeen or Cadre during Reaction)",
                "16",
            )
        c.raise_if_any()
        ov = body.override
        area, why = bot.retreat(
            body.state,
            body.unit,
            body.cause,
            Dice(body.dice.tiebreak),
            trace,
            ov.choice if ov else None,
        )
        if ov is not None:
            trace.append(override_entry(ov, "16", [ov.choice]))
        return (
            {"unit": body.unit, "to": area, "outcome": why},
            [],
            [
                note(
                    "The five Cadre/Fedayeen limit counts every Cadre and Fedayeen, Fresh or Spent"
                    " (errata 5.1, reading 1); during Reaction a retreat beyond it is ignored (17).",
                    "16",
                )
            ],
        )

    return _run("bot-retreat", body, compute)


# --- 14 --------------------------------------------------------------------------------------------


class ImpulseDice(TieDice):
    step1: D6 | None = None
    step2: D6 | None = None


class ImpulseInput(BotInput):
    dice: ImpulseDice = ImpulseDice()


def _move_militia_pairs(state: TableState) -> list[str]:
    """14 step 1: (ungarrisoned Coalition area, adjacent Fresh Militia) pairs, 'area:unit'."""
    bot.need_control(state, list(data.AREAS), "14")
    targets = [a for a in data.AREAS if state.control(a) == "coalition" and not state.garrisoned(a)]
    pairs = []
    for t in targets:
        for area in bot.occupied(state):
            militia = bot.fresh_militia(state, area)
            if area == t or not militia or state.side_units(area, "coalition"):
                continue  # 6.2: a unit leaving an area with enemy units may only enter a Free area
            adjacent = state.adjacent(t, area)
            if adjacent is None:
                bot.need_adjacency(state, [t], "14")
            if adjacent:
                pairs += [f"{t}:{u.id}" for u in militia]
    return pairs


def run_impulse(body: ImpulseInput) -> BotAnswer:
    rows = {r.result: r for r in data.table("impulse-steps").rows}

    def compute(trace):
        state, dice, ov = body.state, body.dice, body.override
        tie = Dice(dice.tiebreak)
        unspecified = [
            unspecified_point("step_1_militia", bool(ov and ov.point in (None, "move_militia")))
        ]
        pairs = _move_militia_pairs(state)
        entry = TraceEntry(
            rule="14", criterion="move_militia", text=rows["move_militia"].text.en or "", kept=pairs
        )
        trace.append(entry)
        step1 = "1D6 for step 1 (a Militia moves on 1 or 2)"
        if pairs and _calls(entry, dice.step1, "dice.step1", step1, rows["move_militia"]):
            if ov is not None and ov.point in (None, "move_militia"):
                c = Checker()
                _check_choice(c, ov, pairs, "14")
                c.raise_if_any()
                choice = ov.choice
                trace.append(override_entry(ov, "14", [choice]))
            else:
                choice = pairs[0] if len(pairs) == 1 else tie_break(sorted(pairs), tie, trace)
            area, unit = choice.split(":", 1)
            return (
                {
                    "action": "move_militia",
                    "area": int(area),
                    "unit": unit,
                    "text": rows["move_militia"].text.en,
                },
                unspecified,
                [],
            )
        sub: list[TraceEntry] = []
        candidates = bot.attack_candidates(state, sub)
        entry = TraceEntry(
            rule="14", criterion="attack", text=rows["attack"].text.en or "", kept=candidates
        )
        trace.append(entry)
        trace.extend(sub)
        step2 = "1D6 for step 2 (the bot attacks on 1-4)"
        if candidates and _calls(entry, dice.step2, "dice.step2", step2, rows["attack"]):
            target_ov = ov.choice if ov is not None and ov.point == "attack_target" else None
            target = bot.attack_target(state, tie, trace, target_ov, candidates)
            origin = bot.attack_origin(state, target, tie, trace)
            return (
                {
                    "action": "attack",
                    "target": target,
                    "origin": origin,
                    "attackers": [u.id for u in bot.fresh_militia(state, origin)]
                    if origin
                    else [],
                },
                unspecified,
                [
                    note(
                        "All Militia units in the selected area must attack; each attacks individually (7.3).",
                        "14.1.2",
                    )
                ],
            )
        areas = bot.resistance_candidates(state)
        trace.append(
            TraceEntry.of("14", "organize_resistance", rows["organize_resistance"].text.en or "", areas)
        )
        if areas:
            area = bot.organize_resistance(state, tie, trace)
            return (
                {
                    "action": "organize_resistance",
                    "area": area,
                    "militia_placed": bot.placeable(state, area),
                    "resistance_marker": area,
                },
                unspecified,
                [],
            )
        trace.append(
            TraceEntry(rule="14", criterion="pass", text=rows["pass"].text.en or "", kept=[])
        )
        return {"action": "pass"}, unspecified, []

    return _run("bot-impulse", body, compute)


def _calls(entry: TraceEntry, die: int | None, field: str, what: str, row: TableRow) -> bool:
    """Whether the impulse step's 1D6 (14) calls for it: at most the step's printed ``row``
    value; the die is needed (``field``, ``what`` asked), then entered in the step's trace."""
    if die is None:
        raise NeedFacts([_die_need(field, what)])
    entry.dice = [die]
    return die <= (row.value or 0)


def _reaction_step(trace: list[TraceEntry], step: int, text: str, units: list[Unit]) -> list[Unit]:
    """The ``units`` that react in step ``step`` of 17 (``text``), the step entered in the trace."""
    trace.append(TraceEntry.of("17", f"step_{step}", text, [u.id for u in units]))
    return units


def _cadre_line(unit: str, step: int, roll: int, total: int, cell: Cell, tem: int) -> dict:
    """A Fresh Cadre's line of the Reaction log (17): its 2D6 ``roll`` (``total`` with the TEM
    in the Reaction Area), the ``cell`` of cadre-reaction it reads and the codes of its effects."""
    codes = _codes(cell.result or "", tem)
    return {
        "unit": unit, "step": step, "roll": roll, "total": total,
        "printed": cell.text.en, "codes": codes, "placed": [],
    }


def _die_need(field: str, what: str):
    from .priorities import Need

    return Need(field=field, what=what, rule="14")


# --- 15 --------------------------------------------------------------------------------------------


class CasualtiesInput(BotInput):
    area: int
    cp: int = Field(ge=0)
    #: the lead defensive unit's id; default: 7.2.5 with the bot's reading for a tie
    lead: str | None = None


def run_casualties(body: CasualtiesInput) -> BotAnswer:
    def compute(trace):
        state = body.state
        c = Checker()
        check_area(c, "area", body.area)
        c.raise_if_any()
        units = state.side_units(body.area, "insurgent")
        if not units:
            c.add("area", body.area, "an area holding Insurgent units", "8.2")
        c.raise_if_any()
        unspecified = [
            unspecified_point("lead_defender_tie"),
            unspecified_point("priorities_adjusted"),
        ]
        ov = body.override
        lead_id = body.lead
        if ov is not None and ov.point in (None, "lead_defender"):
            lead_id = ov.choice
            unspecified[0].overridden = True
        if lead_id is None:
            bot.need_cf(state, units, "7.2.5")
            top = max(u.cf for u in units)
            tied = [u.id for u in units if u.cf == top]
            dug = [u.id for u in units if u.cf == top and u.dug_in]
            pool = dug or tied
            lead_id = (
                pool[0]
                if len(pool) == 1
                else tie_break(sorted(pool), Dice(body.dice.tiebreak), trace)
            )
        elif lead_id not in [u.id for u in units]:
            c.add(
                "lead",
                lead_id,
                f"a defending unit of area {body.area}: {[u.id for u in units]}",
                "7.2.5",
            )
            c.raise_if_any()
        if ov is not None and ov.point in (None, "lead_defender"):
            trace.append(override_entry(ov, "7.2.5", [lead_id]))
        retreat_trace: list[TraceEntry] = []
        _, how = bot.retreat_destinations(state, body.area, "combat", retreat_trace)
        defenders = [
            casualties.Defender(id=u.id, type=u.type, status=u.status, dug_in=u.dug_in)
            for u in units
        ]
        lead = next(d for d in defenders if d.id == lead_id)
        alloc = casualties.allocate(defenders, lead, body.cp, how)
        trace.append(
            TraceEntry.of(
                "15", "step_1", "Take CP on the lead defensive unit.",
                [lead_id],
                values={"steps": alloc.steps[:1]},
            )
        )
        rest = alloc.steps[1:]
        if rest:
            trace.append(
                TraceEntry.of(
                    "15", "step_2", "For each additional CP, the first of a) to e) the bot is able to take.",
                    [s["unit"] for s in rest if s["unit"]],
                    values={"steps": rest, "retreat": how},
                )
            )
        trace.extend(retreat_trace)
        retreats = [d.id for d in defenders if d.retreated and not d.eliminated]
        decision = {
            "lead": lead_id,
            "allocation": alloc.steps,
            "overrun": alloc.overrun,
            "ignored": alloc.ignored,
            "eliminated": [d.id for d in defenders if d.eliminated],
            "flipped": [
                d.id
                for d in defenders
                if d.status == "spent"
                and next(u for u in units if u.id == d.id).status == "fresh"
                and not d.eliminated
            ],
            "retreat": retreats,
            "text": "each retreating unit's destination: bot-retreat (16); then 15 step 3: bot-mulligan",
        }
        if ov is not None and ov.point == "allocation":
            trace.append(override_entry(ov, "15", [ov.choice]))
            decision["allocation"] = ov.choice
            unspecified[1].overridden = True
        return (
            decision,
            unspecified,
            [
                note(
                    "15 d) eliminates a Spent unit for 1 CP in solitaire play; 8.2 prices it 2 CP (errata 15).",
                    "15",
                )
            ],
        )

    return _run("bot-casualties", body, compute)


# --- 15 step 3 ---------------------------------------------------------------------------------------


class MulliganInput(BotInput):
    #: the Coalition attack roll and the Insurgent defensive roll (2D6 each, unmodified)
    offense: TWO_D6
    defense: TWO_D6
    ov: int
    dv: int
    #: Fedayeen and Cadre the result eliminates (15 step 3 c)
    eliminated: int = Field(ge=0)


def run_mulligan(body: MulliganInput) -> BotAnswer:
    def compute(trace):
        rows = {r.result: r for r in data.table("mulligan-conditions").rows}
        adv = body.state.advantage
        has = adv.owner == "insurgent" and adv.available
        dice_diff = body.offense - body.defense
        total_diff = (body.offense + body.ov) - (body.defense + body.dv)
        met = {
            "has_advantage": has,
            "roll_difference": dice_diff >= (rows["roll_difference"].value or 0),
            "two_eliminated": body.eliminated >= (rows["two_eliminated"].value or 0),
        }
        for key, text in data.priorities("mulligan-conditions"):
            trace.append(
                TraceEntry(
                    rule="15",
                    criterion=key,
                    text=text,
                    kept=[met[key]],
                    values={"dice_difference": dice_diff, "totals_difference": total_diff}
                    if key == "roll_difference"
                    else None,
                )
            )
        mulligan = all(met.values())
        other = has and total_diff >= (rows["roll_difference"].value or 0) and met["two_eliminated"]
        notes = [
            note(
                f"'Roll' read as the two 2D6 rolls (difference {dice_diff}; errata 15). Read as the totals (difference {total_diff}), the bot would {'' if other else 'not '}take the Mulligan.",
                "15",
            )
        ]
        unspecified = [
            unspecified_point("heroic_effort", bool(body.override and body.override.point == "heroic_effort"))
        ]
        decision = {
            "mulligan": mulligan,
            "text": "reroll all dice of the combat (10.1): the Advantage passes to the Coalition, in the Used box"
            if mulligan
            else "no Mulligan",
        }
        if body.override is not None:
            trace.append(override_entry(body.override, "10.1", [body.override.choice]))
            decision["override"] = body.override.choice
        return decision, unspecified, notes

    return _run("bot-mulligan", body, compute)


# --- 17 ----------------------------------------------------------------------------------------------


class ReactionDice(TieDice):
    #: 1D6 per Fresh Fedayeen of the Reaction Area, by unit id
    fedayeen: dict[str, D6] = Field(default_factory=dict, max_length=len(data.AREAS))
    #: 2D6 per reacting Fresh Cadre, by unit id
    cadre: dict[str, TWO_D6] = Field(default_factory=dict, max_length=len(data.AREAS))


class ReactionInput(BotInput):
    #: the Reaction Area: the area just entered by the first Coalition unit (4.1.3)
    area: int
    dice: ReactionDice = ReactionDice()


def _place(
    state: TableState, area: int, kind: str, n: int, dug_in: bool, log: list, counter: list[int]
) -> TableState:
    units = list(state.units)
    for _ in range(n):
        here = [u for u in units if u.location == area and u.side == "insurgent"]
        fc = sum(1 for u in here if u.type in ("fedayeen", "cadre"))
        if len(here) >= STACK or (kind != "militia" and fc >= FRICTION):
            log.append(
                {
                    "place": kind,
                    "area": area,
                    "outcome": "ignored: stacking (8 units, 5 Fedayeen + Cadre, 17)",
                }
            )
            continue
        if (
            kind == "militia"
            and state.force_pool_militia is not None
            and state.force_pool_militia - counter[0] <= 0
        ):
            log.append(
                {
                    "place": kind,
                    "area": area,
                    "outcome": "ignored: no Militia left in the Force Pool",
                }
            )
            continue
        pool = [u for u in units if u.location == "force_pool" and u.type == kind]
        if pool:
            placed = pool[0].model_copy(
                update={"location": area, "status": "fresh", "dug_in": dug_in}
            )
            units[units.index(pool[0])] = placed
        else:
            counter[1] += 1
            placed = Unit(id=f"new-{kind}-{counter[1]}", type=kind, location=area, dug_in=dug_in)
            units.append(placed)
        if kind == "militia":
            counter[0] += 1
        log.append(
            {"place": kind, "area": area, "unit": placed.id, "dug_in": dug_in, "outcome": "placed"}
        )
    return state.model_copy(update={"units": units})


def _move(state: TableState, unit_id: str, to: int) -> TableState:
    units = [u.model_copy(update={"location": to}) if u.id == unit_id else u for u in state.units]
    return state.model_copy(update={"units": units})


def run_reaction(body: ReactionInput) -> BotAnswer:
    def compute(trace):
        state = body.state
        c = Checker()
        check_area(c, "area", body.area, "4.1.3")
        c.raise_if_any()
        ra = body.area
        tie = Dice(body.dice.tiebreak)
        bot.need_tem(state, [ra], "17")
        tem = state.tem(ra) or 0
        fed = [
            u
            for u in state.side_units(ra, "insurgent")
            if u.type == "fedayeen" and u.status == "fresh" and not u.dug_in
        ]
        cadre_here = [
            u
            for u in state.side_units(ra, "insurgent")
            if u.type == "cadre" and u.status == "fresh"
        ]
        bot.need_adjacency(state, [ra], "17")
        neighbours = sorted(state.neighbours(ra) or ())
        bot.need_control(
            state,
            [
                b
                for b in neighbours
                if any(
                    u.type == "cadre" and u.status == "fresh"
                    for u in state.side_units(b, "insurgent")
                )
            ],
            "17",
        )
        cadre_adj = [
            u
            for b in neighbours
            if state.free_for(b, "insurgent")
            for u in state.side_units(b, "insurgent")
            if u.type == "cadre" and u.status == "fresh"
        ]
        missing = [f"dice.fedayeen.{u.id}" for u in fed if u.id not in body.dice.fedayeen] + [
            f"dice.cadre.{u.id}" for u in cadre_here + cadre_adj if u.id not in body.dice.cadre
        ]
        if missing:
            from .priorities import Need

            raise NeedFacts(
                [
                    Need(
                        field=f,
                        what=("1D6" if ".fedayeen." in f else "2D6")
                        + f" for {f.rsplit('.', 1)[1]}'s Reaction",
                        rule="17",
                        unit=f.rsplit(".", 1)[1],
                    )
                    for f in missing
                ]
            )
        log: list[dict] = []
        counter = [0, 0]
        ftable = data.table("fedayeen-reaction")
        ctable = data.table("cadre-reaction")
        for u in _reaction_step(
            trace, 1, "each Fresh Fedayeen in the Reaction Area not Dug In: 1D6 + TEM", fed
        ):
            roll = body.dice.fedayeen[u.id]
            row = ftable.row_for_total(roll + tem)
            item = {
                "unit": u.id,
                "step": 1,
                "roll": roll,
                "total": roll + tem,
                "result": row.result,
            }
            if row.result == "retreat":
                to, why = bot.retreat(state, u.id, "fedayeen_reaction", tie, trace)
                item.update(to=to, outcome=why)
                if to is not None:
                    state = _move(state, u.id, to)
            elif row.result == "dug_in":
                state = state.model_copy(
                    update={
                        "units": [
                            x.model_copy(update={"dug_in": True}) if x.id == u.id else x
                            for x in state.units
                        ]
                    }
                )
            log.append(item)
        for u in _reaction_step(
            trace, 2, "each Fresh Cadre in the Reaction Area: 2D6 + TEM", cadre_here
        ):
            roll = body.dice.cadre[u.id]
            cell = ctable.cell_for_total(roll + tem, "reaction_area")
            item = _cadre_line(u.id, 2, roll, roll + tem, cell, tem)
            # retreats first (17): 'retreat' is always first in the printed cells
            for code in item["codes"]:
                if code == "retreat":
                    to, why = bot.retreat(state, u.id, "cadre_reaction", tie, trace)
                    item.update(to=to, outcome=why)
                    if to is not None:
                        state = _move(state, u.id, to)
                else:
                    kind = "militia" if code.startswith("militia") else "fedayeen"
                    n = 2 if "_2" in code else 1
                    state = _place(
                        state, ra, kind, n, code.endswith("dug_in"), item["placed"], counter
                    )
            log.append(item)
        for u in _reaction_step(
            trace, 3, "each Fresh Cadre in a Free area adjacent to the Reaction Area: 2D6", cadre_adj
        ):
            roll = body.dice.cadre[u.id]
            item = _cadre_line(u.id, 3, roll, roll, ctable.cell_for_total(roll, "adjacent"), tem)
            for code in item["codes"]:
                kind = "militia" if "militia" in code else "fedayeen"
                where = u.location if code.startswith("adj_") else ra
                state = _place(state, where, kind, 1, False, item["placed"], counter)
            log.append(item)
        unspecified = [
            unspecified_point("reaction_order")
        ]
        notes = [
            note(
                "Fedayeen placed by Cadre Reaction do not themselves React; combat is resolved normally after Reaction if Insurgent units remain in the area.",
                "17",
            )
        ]
        remaining = [x.id for x in state.side_units(ra, "insurgent")]
        return (
            {
                "reactions": log,
                "insurgent_units_in_reaction_area": remaining,
                "units": [
                    x.model_dump()
                    for x in state.units
                    if x.side == "insurgent" and isinstance(x.location, int)
                ],
            },
            unspecified,
            notes,
        )

    return _run("bot-reaction", body, compute)


# --- 13 ----------------------------------------------------------------------------------------------


class SetupDice(Model):
    #: 1D6 per area with TEM 2 or 3, keyed by area id
    rolls: BoundedDict[int, D6] = Field(default_factory=dict)


class SetupInput(Model):
    state: TableState
    dice: SetupDice = SetupDice()


def run_setup(body: SetupInput) -> BotAnswer:
    def compute(trace):
        state = body.state
        cadre = sorted(data.mosque_areas() | data.areas_of("jolan-areas"))
        trace.append(
            TraceEntry.of("13", "cadre", "Place a Cadre in every mosque area and in both Jolan areas.", cadre)
        )
        bot.need_tem(state, list(data.AREAS), "13")
        tem4 = [a for a in data.AREAS if state.tem(a) == 4]
        trace.append(
            TraceEntry.of("13", "tem_4", "Place a Fedayeen in every area with TEM = 4.", tem4)
        )
        rolled = [a for a in data.AREAS if setup_column(state.tem(a))]
        bot.need_areas(
            rolled,
            lambda a: a not in body.dice.rolls,
            "dice.rolls.{area}",
            lambda a: f"1D6 for area {a} (TEM {state.tem(a)})",
            "13",
        )
        fed = [
            a for a in rolled if setup_result(state.tem(a) or 0, body.dice.rolls[a]) == "fedayeen"
        ]
        trace.append(
            TraceEntry.of(
                "13", "roll", "Roll 1D6 for every space with TEM of 2 or 3.",
                fed,
                values={str(a): body.dice.rolls[a] for a in rolled},
            )
        )
        placements = {
            a: (["cadre"] if a in cadre else []) + (["fedayeen"] if a in tem4 or a in fed else [])
            for a in data.AREAS
        }
        return (
            {
                "placements": {str(a): p for a, p in placements.items() if p},
                "cadre": len(cadre),
                "fedayeen": len(tem4) + len(fed),
            },
            [],
            [
                note(
                    "Roll once and only once for each area with TEM 2 or 3, from area 1 to 51.",
                    "13",
                )
            ],
        )

    trace: list[TraceEntry] = []
    c = Checker()
    from .state import check_state

    check_state(body.state, c)
    for a in body.dice.rolls:
        check_area(c, f"dice.rolls.{a}", a, "13")
    c.raise_if_any()
    try:
        decision, unspecified, notes = compute(trace)
    except NeedFacts as exc:
        return answer("bot-setup", None, trace, exc.needs)
    return answer("bot-setup", decision, trace, unspecified=unspecified, notes=notes)


def setup_column(tem: int | None) -> bool:
    return tem is not None and any(
        col.key == f"tem_{tem}" for col in data.table("insurgent-setup").columns
    )


# --- 4.2 and 4.4: what the bot's procedures do not cover (12.1) ----------------------------------


def run_regroup(body: BotInput) -> BotAnswer:
    """4.2: the bot has no Regroup procedure (errata 12.1): reading 1, it does not move."""

    def compute(trace):
        ov = body.override
        unspecified = [
            unspecified_point("regroup", ov is not None)
        ]
        if ov is not None:
            trace.append(override_entry(ov, "4.2", [ov.choice]))
            return {"moves": ov.choice}, unspecified, []
        return {"moves": []}, unspecified, []

    return _run("bot-regroup", body, compute)


def run_reset(body: BotInput) -> BotAnswer:
    """4.4: Spent units flip to Fresh; at most five Fresh Cadre and Fedayeen per area (5.1, Dug In
    included). Reading (errata 12.1): the units the limit forces stay Spent, Fedayeen before Cadre."""

    def compute(trace):
        state = body.state
        flipped: list[str] = []
        stay: list[str] = []
        for area in bot.occupied(state):
            units = state.side_units(area, "insurgent")
            fresh = sum(1 for u in units if u.type != "militia" and u.status == "fresh")
            room = max(0, FRICTION - fresh)
            spent = [u for u in units if u.status == "spent"]
            for u in [u for u in spent if u.type == "militia"]:
                flipped.append(u.id)
            for kind in ("cadre", "fedayeen"):
                for u in [u for u in spent if u.type == kind]:
                    if room > 0:
                        flipped.append(u.id)
                        room -= 1
                    else:
                        stay.append(u.id)
        flipped += [u.id for u in state.units if u.side == "coalition" and u.status == "spent"]
        trace.append(TraceEntry.of("4.4", "flip", "Flip Spent units to Fresh.", flipped))
        trace.append(
            TraceEntry.of(
                "5.1", "friction", "at most five Fresh Cadre and Fedayeen per area: these stay Spent",
                stay,
            )
        )
        ov = body.override
        unspecified = [
            unspecified_point("reset_spent", ov is not None)
        ]
        decision: dict[str, Any] = {
            "flip_to_fresh": flipped,
            "stay_spent": stay,
            "advantage": "to the Available box (10.2)",
        }
        if ov is not None:
            trace.append(override_entry(ov, "4.4", [ov.choice]))
            decision["stay_spent"] = ov.choice
        return (
            decision,
            unspecified,
            [note("In the Reset Phase the Advantage marker moves to the Available box.", "10.2")],
        )

    return _run("bot-reset", body, compute)


#: the situations this module computes, found through the package's ``SITUATION_MODULES``:
#: ``bot-setup``, ``bot-impulse``, ``bot-attack-target``, ``bot-attack-origin``,
#: ``bot-organize-resistance``, ``bot-casualties``, ``bot-mulligan``, ``bot-retreat``,
#: ``bot-reaction``, ``bot-regroup``, ``bot-reset``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "bot-setup",
            "Bot: Insurgent set-up (13)",
            "13",
            SetupInput,
            ANSWERS["bot-setup"],
            run_setup,
        ),
        Procedure(
            "bot-impulse",
            "Bot: the Insurgent impulse (14)",
            "14",
            ImpulseInput,
            ANSWERS["bot-impulse"],
            run_impulse,
            ("14.1", "14.1.1", "14.1.2", "14.2", "12.2"),
        ),
        Procedure(
            "bot-attack-target",
            "Bot: attack target (14.1, 14.1.1)",
            "14.1.1",
            BotInput,
            ANSWERS["bot-attack-target"],
            run_attack_target,
            ("14.1", "12.2"),
        ),
        Procedure(
            "bot-attack-origin",
            "Bot: attack origin (14.1.2)",
            "14.1.2",
            OriginInput,
            ANSWERS["bot-attack-origin"],
            run_attack_origin,
            ("14.1", "12.2"),
        ),
        Procedure(
            "bot-organize-resistance",
            "Bot: Organize Resistance area (14.2)",
            "14.2",
            BotInput,
            ANSWERS["bot-organize-resistance"],
            run_organize_resistance,
            ("12.2",),
        ),
        Procedure(
            "bot-casualties",
            "Bot: Insurgent Casualty Points (15 steps 1-2)",
            "15",
            CasualtiesInput,
            ANSWERS["bot-casualties"],
            run_casualties,
            ("7.2.5", "8.3", "8.4", "12.2"),
        ),
        Procedure(
            "bot-mulligan",
            "Bot: the Mulligan (15 step 3, 10.1)",
            "15",
            MulliganInput,
            ANSWERS["bot-mulligan"],
            run_mulligan,
            ("10.1",),
        ),
        Procedure(
            "bot-retreat",
            "Bot: retreat destination (16, 8.3)",
            "16",
            RetreatInput,
            ANSWERS["bot-retreat"],
            run_retreat,
            ("8.3", "12.2", "17"),
        ),
        Procedure(
            "bot-reaction",
            "Bot: Insurgent Reaction (17, 4.1.3)",
            "17",
            ReactionInput,
            ANSWERS["bot-reaction"],
            run_reaction,
            ("4.1.3", "16", "12.1"),
        ),
        Procedure(
            "bot-regroup",
            "Bot: Regroup Phase (4.2; no bot procedure, 12.1)",
            "4.2",
            BotInput,
            ANSWERS["bot-regroup"],
            run_regroup,
            ("12.1",),
        ),
        Procedure(
            "bot-reset",
            "Bot: Reset Phase, which units stay Spent (4.4, 5.1)",
            "4.4",
            BotInput,
            ANSWERS["bot-reset"],
            run_reset,
            ("5.1", "10.2"),
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
