"""The single rolls of Second Fallujah read from a table: Insurgent set-up (13), Fedayeen
Reaction (17 step 1, 1D6 + TEM) and Cadre Reaction (17 steps 2 and 3, 2D6 (+ TEM)); exact over
6 or 36."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from adjudicator.models import MAX_TEXT

from ...dice import sum_of, uniform
from ...errors import Checker
from ...registry import Procedure, declare_situations
from . import data
from .common import D6, TEM, TWO_D6, RollOutcome, SfAnswer, check_area, check_tem, finish, note
from .decisions import DECISIONS
from .examples import EXAMPLES
from .odds import SINGLE, odds_fields


class Model(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)


class RollAnswer(SfAnswer):
    result: RollOutcome | None = None


class InsurgentSetup(Model):
    """One area's set-up for the bot (13)."""

    tem: TEM
    area: int | None = None
    roll: D6 | None = None


def setup_odds(tem: int, area: int | None) -> tuple[dict[str, Fraction], list, str | None]:
    """The placements in one area: Cadre (mosque, Jolan), Fedayeen at TEM 4, the 1D6 at TEM 2-3."""
    notes = []
    cadre = area is not None and (
        area in data.mosque_areas() or area in data.areas_of("jolan-areas")
    )
    if cadre:
        notes.append(note(f"Area {area} is a mosque or Jolan area: place a Cadre.", "13"))
    t = data.table("insurgent-setup")
    column = f"tem_{tem}"
    if any(col.key == column for col in t.columns):
        weights: dict[str, Fraction] = {}
        for r in t.rows:
            faces = set(r.totals_in(column))
            weights[r.result] = Fraction(len(faces), 6)
        return weights, notes, column
    if tem == 4:
        notes.append(note("TEM 4: place a Fedayeen (no roll).", "13"))
        return {"fedayeen": Fraction(1), "nothing": Fraction(0)}, notes, None
    notes.append(note(f"TEM {tem}: no roll and no Fedayeen.", "13"))
    return {"fedayeen": Fraction(0), "nothing": Fraction(1)}, notes, None


def setup_result(tem: int, roll: int | None) -> str | None:
    t = data.table("insurgent-setup")
    column = f"tem_{tem}"
    if roll is None or not any(col.key == column for col in t.columns):
        return None
    return t.row_for_total(roll, column).result


def insurgent_setup(s: InsurgentSetup) -> RollAnswer:
    c = Checker()
    check_tem(c, "tem", s.tem)
    check_area(c, "area", s.area)
    c.raise_if_any()
    odds, notes, column = setup_odds(s.tem, s.area)
    answer = RollAnswer(
        situation="insurgent-setup",
        **odds_fields(odds, 6),
        notes=notes,
    )
    cadre = any("Cadre" in n.en for n in notes)
    placed = ["cadre"] if cadre else []
    if column is None:
        placed += ["fedayeen"] if odds["fedayeen"] == 1 else []
        answer.result = RollOutcome(place=placed, rule="13", roll_needed=False)
        if s.roll is not None:
            answer.notes.append(
                note(f"No roll is made for an area with TEM {s.tem}: the roll is not used.", "13")
            )
    elif s.roll is not None:
        result = setup_result(s.tem, s.roll)
        placed += ["fedayeen"] if result == "fedayeen" else []
        answer.result = RollOutcome(place=placed, roll=s.roll, rule="13")
    return finish(answer)


class FedayeenReaction(Model):
    """17 step 1: a Fresh Fedayeen not Dug In in the Reaction Area: 1D6 + TEM."""

    tem: TEM
    roll: D6 | None = None


def fedayeen_reaction(s: FedayeenReaction) -> RollAnswer:
    c = Checker()
    check_tem(c, "tem", s.tem)
    c.raise_if_any()
    t = data.table("fedayeen-reaction")
    odds = {r.result: Fraction(0) for r in t.rows}
    for face, p in uniform(range(1, 7)).items():
        odds[t.row_for_total(face + s.tem).result] += p
    answer = RollAnswer(
        situation="fedayeen-reaction",
        **odds_fields(odds, 6),
    )
    answer.notes.append(
        note(
            "12.1: a Fedayeen that retreats due to Reaction does not become Spent; a retreat follows 16 (reaction only: never to TEM 0 or 1).",
            "12.1",
        )
    )
    if s.roll is not None:
        r = t.row_for_total(s.roll + s.tem)
        answer.result = RollOutcome(
            total=s.roll + s.tem, roll=s.roll, outcome=r.result, text=r.text.en, rule="17"
        )
    return finish(answer)


class CadreReaction(Model):
    """17 steps 2 and 3: a Fresh Cadre in the Reaction Area (2D6 + TEM) or in an adjacent Free area (2D6)."""

    where: Literal["reaction_area", "adjacent"]
    #: the Reaction Area's TEM (added in the Reaction Area column; decides 'r')
    tem: TEM
    roll: TWO_D6 | None = None


def _codes(cell_result: str, tem: int) -> list[str]:
    """A cell's codes as executed: 'r' is R when the Reaction Area's TEM is less than 3."""
    found = []
    for code in cell_result.split("__"):
        if code == "retreat_low_tem":
            if tem < 3:
                found.append("retreat")
            continue
        found.append(code)
    return found


def cadre_reaction(s: CadreReaction) -> RollAnswer:
    c = Checker()
    check_tem(c, "tem", s.tem)
    c.raise_if_any()
    t = data.table("cadre-reaction")
    add = s.tem if s.where == "reaction_area" else 0
    odds: dict[str, Fraction] = {}
    for total, p in sum_of(2, 6).items():
        cell = t.cell_for_total(total + add, s.where)
        key = "+".join(_codes(cell.result or "", s.tem)) or "nothing"
        odds[key] = odds.get(key, Fraction(0)) + p
    answer = RollAnswer(
        situation="cadre-reaction",
        **odds_fields(odds, SINGLE),
    )
    answer.notes.append(
        note(
            "Retreat results are executed before placement; placements beyond eight Insurgent units or five Fedayeen + Cadre in an area are ignored.",
            "17",
        )
    )
    if s.where == "reaction_area" and s.tem >= 3:
        answer.notes.append(
            note(f"The Reaction Area's TEM is {s.tem} (3 or more): 'r' is ignored.", "17")
        )
    if s.roll is not None:
        cell = t.cell_for_total(s.roll + add, s.where)
        codes = _codes(cell.result or "", s.tem)
        meaning = {r.result: r.text.en for r in data.table("cadre-reaction-results").rows}
        answer.result = RollOutcome(
            total=s.roll + add,
            roll=s.roll,
            printed=cell.text.en,
            codes=codes,
            explanations=[meaning.get(code.split("_2")[0], "") or "" for code in codes],
            rule="17",
        )
    return finish(answer)


#: the situations this module computes, found through the package's ``SITUATION_MODULES``:
#: ``fedayeen-reaction``, ``cadre-reaction``, ``insurgent-setup``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure(
            "fedayeen-reaction",
            "Fedayeen Reaction (17 step 1)",
            "17",
            FedayeenReaction,
            RollAnswer,
            fedayeen_reaction,
            ("12.1",),
        ),
        Procedure(
            "cadre-reaction",
            "Cadre Reaction (17 steps 2 and 3)",
            "17",
            CadreReaction,
            RollAnswer,
            cadre_reaction,
        ),
        Procedure(
            "insurgent-setup",
            "Insurgent set-up roll of one area (13)",
            "13",
            InsurgentSetup,
            RollAnswer,
            insurgent_setup,
        ),
    ),
    DECISIONS,
    EXAMPLES,
)
