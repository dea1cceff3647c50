"""IED Attack (13.5): after a 'Suspect' marker's Activation in an Assault or Defensive Fire.

``d10 <= CF``: the squad is Pinned in its current Location; higher: it suffers a Step Loss.
"""

from __future__ import annotations

from ...dice import FACES, odds, tally
from ...errors import Checker
from ...models import Adjudication, Frozen, Note, Outcome, Ruleset, Step
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .checks import usmc_cf_range
from .models import Face
from .rulebook import Rulebook

OUTCOMES = ("pinned", "step_loss")


class IedSituation(Frozen):
    #: the squad's CF, with any 'Hero' and detached Security Element already counted
    cf: int
    #: the squad has already suffered a Step Loss: a second one eliminates it (5.1.1.1)
    reduced: bool = False
    ruleset: Ruleset = "en"
    roll: Face | None = None


def ied_outcome(face: int, cf: int) -> str:
    return "pinned" if face <= cf else "step_loss"


def cf_bounds(book: Rulebook, reduced: bool | None = None) -> tuple[int, int]:
    """The lowest and highest CF a USMC squad can have: reduced with its Security Element
    detached, or at full strength with a 'Medal of Honor' (a reduced squad: its reduced CF with
    a 'Medal of Honor', 5.1.1.1)."""
    low, high = usmc_cf_range(book, "squad", True if reduced else None)
    return low - book.values.security_element_cf, high + max(book.values.hero_cf.values())


class IedResult(Outcome):
    """An IED Attack with its roll known (13.5)."""

    outcome: str
    #: a Step Loss on a reduced squad eliminates it (5.1.1.1)
    eliminated: bool
    roll: int


class IedAnswer(Adjudication):
    """The odds of Pinned or a Step Loss from an IED Attack (13.5)."""

    result: IedResult | None = None


#: what Pinned and a Step Loss do to the squad
PINNED = Note(
    en="Pinned: the squad stays in its current Location. A Step Loss on a reduced squad eliminates it.",
    fr="Pinned : le squad reste dans sa Location actuelle. Un Pas de Pertes élimine un squad déjà réduit.",
    rule="5.1.1.1",
)


def adjudicate(situation: IedSituation, book: Rulebook) -> IedAnswer:
    low, high = cf_bounds(book, situation.reduced)
    check = Checker()
    check.require(
        low <= situation.cf <= high,
        "cf",
        situation.cf,
        f"a {'reduced ' if situation.reduced else ''}USMC squad's CF, counting 'Hero' and Security Element, "
        f"is {low} to {high}",
        "5.1.1.1" if situation.reduced else "5.1.1",
    )
    check.raise_if_any()
    prior = odds(tally(FACES, lambda face: ied_outcome(face, situation.cf)), OUTCOMES)
    notes = [PINNED]
    answer = IedAnswer.with_odds("ied", situation.ruleset, prior, notes=notes)
    if situation.roll is not None:
        outcome = ied_outcome(situation.roll, situation.cf)
        eliminated = outcome == "step_loss" and situation.reduced
        what_en = (
            "Pinned in its current Location"
            if outcome == "pinned"
            else ("Step Loss: the squad is eliminated" if eliminated else "Step Loss")
        )
        what_fr = (
            "Pinned dans sa Location actuelle"
            if outcome == "pinned"
            else ("Pas de Pertes : le squad est éliminé" if eliminated else "Pas de Pertes")
        )
        steps = [
            Step(
                rule="13.5",
                en=f"d10 = {situation.roll} against CF {situation.cf}: {what_en}.",
                fr=f"d10 = {situation.roll} pour un FC de {situation.cf} : {what_fr}.",
            )
        ]
        answer.result = IedResult(
            outcome=outcome, eliminated=eliminated, roll=situation.roll, steps=steps
        )
    return answer


#: the situation this module computes (``ied``), found through the package's ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("ied", Computation(adjudicate), IedSituation, "IED Attack (13.5)", "13.5",
              result_model=IedAnswer),
)
