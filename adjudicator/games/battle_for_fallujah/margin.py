"""Spending a margin (18.2.1, 18.6.1, 19.1.2, 20.3, 21.1.2): the player's choices checked against
the mission's costs, and the CVPs they give with the rulebook's rounding.

Costs and VPs are read from the ``mos-costs-assault``, ``mos-costs-search`` and
``mos-costs-strike`` tables: ``value`` successes per unit bought (none: any number of successes),
``vp_of`` units or successes, divided by ``vp_divisor``, rounded ``vp_rounding``, at least
``vp_at_least`` when anything is bought. A Raid's MOS is not spent: it gives as many CVPs (19.1.2).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from ...errors import Checker
from ...inputs import check_choice, choice
from ...models import Frozen, Option, Outcome, Text
from ...registry import Procedure, declare_situations
from .answer import BffAnswer, finish, note, step
from .data import Book, book
from .decisions import DECISIONS
from .examples import EXAMPLES
from .operation import MISSIONS, SIDES, check_insurgency_mission, vp_of, vp_rows
from .spends import maximal_spends

#: at most this many spends are listed, best first (``spends_total`` counts them all)
MAX_OPTIONS = 20

#: what each choice buys: input field -> the tables' ``buys`` key
CHOICES: dict[str, str] = {
    "insurgent_steps": "insurgent_step",
    "isolated_markers": "isolated_marker",
    "resistance_points": "resistance_point",
    "wanted_successes": "wanted_marker",
}
WORDS = {
    "insurgent_step": "Insurgent step",
    "isolated_marker": "Isolated Marker",
    "resistance_point": "Resistance point",
    "wanted_marker": "Wanted! Marker",
}


class Spend(Frozen):
    """What the player buys with the margin."""

    insurgent_steps: int = Field(0, json_schema_extra={"minimum": 0}, description="Insurgent steps reduced")
    isolated_markers: int = Field(0, json_schema_extra={"minimum": 0}, description="Isolated Markers removed (Search)")
    resistance_points: int = Field(0, json_schema_extra={"minimum": 0}, description="Resistance Level points reduced (Search, Strike)")
    wanted_successes: int = Field(
        0, json_schema_extra={"minimum": 0},
        description="successes spent to remove the hex's Wanted! Marker (Search, Strike: any number)",
    )


class SpendMarginInput(Frozen):
    mission: str = choice(MISSIONS, description="the Operational Mission whose margin is spent")
    #: who attacked: after a failed Insurgent Assault the Coalition spends its MOF (18.6.1)
    attacker: str = choice(SIDES, "coalition", description="the side that attacked")
    margin: int = Field(json_schema_extra={"minimum": 0}, description="the MOS (or the Insurgency's MOF, 18.6.1)")
    spend: Spend = Field(default_factory=Spend)
    #: the hex's Insurgent Resistance Level, to check the points reduced (optional)
    resistance_level: int | None = Field(None, json_schema_extra={"minimum": 0, "maximum": 3})
    #: the tracked state of the hex, to list only the spends it allows (optional: unknown, the
    #: margin alone bounds them)
    insurgent_steps_in_hex: int | None = Field(
        None, json_schema_extra={"minimum": 0}, description="steps of the Insurgent units in the hex")
    isolated_markers_in_hex: int | None = Field(
        None, json_schema_extra={"minimum": 0}, description="Isolated Markers in the hex")
    wanted_in_hex: bool | None = Field(None, description="a Wanted! Marker is in the hex")


class Purchase(Frozen):
    buys: str
    units: int
    successes: int
    vp: int
    rule: str


class SpendMarginOutcome(Outcome):
    vp: int
    spent: int
    unspent: int


class SpendMarginAnswer(BffAnswer):
    result: SpendMarginOutcome | None = None
    margin: int
    spent: int
    unspent: int
    vp: int
    purchases: list[Purchase]
    #: how many legal spends there are that buy all the margin can (``options`` lists the first)
    spends_total: int = 0

    ADVICE: ClassVar[tuple[str, ...]] = (*BffAnswer.ADVICE, "spends_total")


def _rows(b: Book, mission: str, attacker: str) -> dict[str, Any]:
    """The mission's purchases by what they buy (the Assault's by the margin its side spends)."""
    table = f"mos-costs-{mission}"
    if table not in b.tables:
        return {}
    wanted = "mos" if attacker == "coalition" else "mof"
    return {
        str(b.extra(row, "buys")): row
        for row in b.rows(table)
        if b.extra(row, "margin") in (None, wanted)
    }


def _vp(row: Any, units: int, successes: int, b: Book) -> int:
    of = b.extra(row, "vp_of")
    if of is None or not units:
        return 0
    amount = units if of == "units" else successes
    divisor = int(b.extra(row, "vp_divisor") or 1)
    vp = -(-amount // divisor) if b.extra(row, "vp_rounding") == "up" else amount // divisor
    at_least = b.extra(row, "vp_at_least")
    return max(vp, int(at_least)) if at_least is not None else vp


def _purchase(buys: str, row: Any, n: int, b: Book) -> Purchase:
    """``n`` units of a row (of successes, for a row bought with any number of them)."""
    units, successes = (1, n) if row.value is None else (n, n * int(row.value))
    return Purchase(buys=buys, units=units, successes=successes, vp=_vp(row, units, successes, b), rule=str(row.rule))


def _words(purchases: list[Purchase], vp: int) -> str:
    bought = ", ".join(
        f"{WORDS[p.buys]} for {p.successes}" if p.buys == "wanted_marker"
        else f"{p.units} {WORDS[p.buys]}{'s' if p.units > 1 else ''}" for p in purchases)
    return f"{bought or 'nothing'}: {vp:+d} CVP"


def options(situation: SpendMarginInput, rows: dict[str, Any], b: Book, rule: str) -> tuple[list[Option], int]:
    """Every legal spend that buys all the margin can, best first: the most CVPs, then the most
    Insurgent steps, Resistance points, Isolated Markers, the Wanted! Marker, the fewest successes."""
    fields = {field: buys for field, buys in CHOICES.items() if buys in rows}
    if not fields:
        return [], 0
    costs = {f: (None if rows[buys].value is None else int(rows[buys].value)) for f, buys in fields.items()}
    level = situation.resistance_level
    bounds = {"insurgent_steps": situation.insurgent_steps_in_hex, "isolated_markers": situation.isolated_markers_in_hex,
              "resistance_points": 3 if level is None else level,
              "wanted_successes": None if situation.wanted_in_hex is not False else 0}
    ranked = []
    for spend in maximal_spends(situation.margin, costs, bounds):
        purchases = [_purchase(fields[f], rows[fields[f]], n, b) for f, n in spend.items() if n]
        vp = sum(p.vp for p in purchases)
        gains = {"vp": vp, **{f: n for f, n in spend.items()}, "spent": sum(p.successes for p in purchases)}
        order = (-vp, *(-spend.get(f, 0) for f in CHOICES), gains["spent"])
        ranked.append((order, spend, purchases, gains))
    ranked.sort(key=lambda r: r[0])
    chosen = {f: n for f, n in situation.spend.model_dump().items() if n}
    found = [
        Option(choice=text, words=Text(en=text), rule=rule, field="spend", value={f: n for f, n in spend.items() if n},
               current={f: n for f, n in spend.items() if n} == chosen, gains=gains)
        for _, spend, purchases, gains in ranked[:MAX_OPTIONS]
        for text in (_words(purchases, gains["vp"]),)
    ]
    return found, len(ranked)


def adjudicate(situation: SpendMarginInput) -> SpendMarginAnswer:
    b = book()
    c = Checker()
    mission, attacker, margin = situation.mission, situation.attacker, situation.margin
    if not (check_choice(c, "mission", mission, MISSIONS, "15.2") & check_choice(c, "attacker", attacker, SIDES, "17")):
        c.raise_if_any()
    table = f"mos-costs-{mission}"
    spend_rule = b.table(table).rule if table in b.tables else "19.1.2"
    check_insurgency_mission(c, attacker, mission)
    if margin < 0:
        c.add("margin", margin, "a margin is 0 or more (successes - TN, or TN - successes)", "18.1.1")
    rows = _rows(b, mission, attacker)
    chosen = situation.spend.model_dump()
    purchases: list[Purchase] = []
    for field, n in chosen.items():
        if n < 0:
            c.add(f"spend.{field}", n, "0 or more", spend_rule)
            continue
        if not n:
            continue
        buys = CHOICES[field]
        row = rows.get(buys)
        if row is None:
            offered = ", ".join(k for k, v in CHOICES.items() if v in rows) or "nothing: it gives CVPs directly"
            who = f"{attacker.title()} {mission.title()}"
            c.add(f"spend.{field}", n, f"a {who}'s margin buys: {offered}", spend_rule)
            continue
        purchases.append(_purchase(buys, row, n, b))
    level = situation.resistance_level
    held = (("insurgent_steps", situation.insurgent_steps_in_hex, "steps of the hex's Insurgent units", "25.21.1"),
            ("isolated_markers", situation.isolated_markers_in_hex, "Isolated Markers in the hex", "20.3.2"))
    for field, most, what, rule in held:
        if most is not None and getattr(situation.spend, field) > most:
            c.add(f"spend.{field}", getattr(situation.spend, field), f"at most the {most} {what}", rule)
    if situation.wanted_in_hex is False and situation.spend.wanted_successes:
        c.add("spend.wanted_successes", situation.spend.wanted_successes, "0: the hex has no Wanted! Marker", "8.3.1")
    if level is not None and situation.spend.resistance_points > level:
        c.add("spend.resistance_points", situation.spend.resistance_points,
              f"at most the hex's Resistance Level, {level}", "25.18")
    spent = sum(p.successes for p in purchases)
    if margin >= 0 and spent > margin:
        detail = ", ".join(f"{p.units} {WORDS[p.buys]} for {p.successes}" for p in purchases)
        c.add("spend", spent, f"at most the margin, {margin} successes ({detail})", spend_rule)
    c.raise_if_any()
    steps = []
    for p in purchases:
        gain = f": {p.vp:+d} CVP" if p.vp else ""
        steps.append(step(p.rule, f"{p.units} {WORDS[p.buys]}{'s' if p.units > 1 else ''} for {p.successes} "
                                  f"{'success' if p.successes == 1 else 'successes'}{gain}"))
    vp = sum(p.vp for p in purchases)
    notes = []
    direct = vp_rows(b, mission, attacker).get("mos") if mission == "raid" else None
    if direct is not None:
        vp = vp_of(direct, margin, b)
        steps.append(step(str(direct.rule), f"The Raid's MOS gives {vp:+d} CVP (it is not spent)"))
    if any(p.buys == "insurgent_step" for p in purchases):
        notes.append(note("Which Insurgent unit loses the steps: smallest first, Jihadi cells first (25.21.3, "
                          "25.13.3, reading A), or the Coalition's choice (reading B) (errata.yaml, 25.21.3).", "25.21.3"))
    if any(p.buys == "wanted_marker" for p in purchases):
        steps.append(step("8.3.1", "As the Wanted! Marker is removed, remove one Insurgent (Nationalist) chit from the cup"))
    if level is not None and situation.spend.resistance_points and situation.spend.resistance_points == level:
        steps.append(step("25.8.3", "The Resistance Level is reduced to zero: the hex is Pacified (25.18)"))
    if margin - spent:
        steps.append(step(spend_rule, f"{margin - spent} {'success' if margin - spent == 1 else 'successes'} of the margin left unspent"))
    steps.append(step("25.3.1", "CVPs beyond +6 on the VP track are lost"))
    listed, total = options(situation, rows, b, spend_rule)
    if total:
        known = situation.insurgent_steps_in_hex is not None and situation.wanted_in_hex is not None
        notes.append(note(
            (f"{total} legal spends buy" if total > 1 else "1 legal spend buys") + " all the margin can"
            + (f" (the best {MAX_OPTIONS} listed)" if total > MAX_OPTIONS else "")
            + ", best first: the most CVPs, then the most steps; a spend leaving enough to buy more is"
            " never better than the same spend with it."
            + ("" if known else " The hex's Insurgent steps or Wanted! Marker are not given: the margin alone bounds them."),
            spend_rule))
    answer = SpendMarginAnswer(
        situation="spend-margin",
        rule=spend_rule,
        options=listed,
        spends_total=total,
        margin=margin,
        spent=spent,
        unspent=margin - spent,
        vp=vp,
        purchases=purchases,
        notes=notes,
        result=SpendMarginOutcome(steps=steps, vp=vp, spent=spent, unspent=margin - spent),
    )
    return finish(answer)


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``spend-margin``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("spend-margin", "Spending a Margin of Success (18.2.1, 18.6.1, 20.3, 21.1.2)", "18.2.1",
                  SpendMarginInput, SpendMarginAnswer, adjudicate,
                  ("20.3", "21.1.2", "19.1.2")),
    ),
    DECISIONS,
    EXAMPLES,
)
