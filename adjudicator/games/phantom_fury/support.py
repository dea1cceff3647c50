"""The Support Phase: Support Missions (9.1-9.3) and the Insurgent Reaction to a postponed one (9.4)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules_text.models import TableRow

from ...dice import FACES, odds, table_weights
from ...errors import Checker
from ...models import Adjudication, Frozen, Note, Outcome, Ruleset, Step
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .models import Face
from .rulebook import Rulebook

MISSIONS = "support-missions"
REACTIONS = "insurgent-reactions"
#: the mark of Reactions that do not apply in a Zone with a Security Element (9.4.2)
DAGGER = "†"


class MissionSituation(Frozen):
    #: a row key of the Support Missions table: dragon_eye, super_cobra, hornet
    mission: str
    #: successful Missions of this kind so far this game (9.2)
    successes_so_far: int = Field(default=0, ge=0)
    ruleset: Ruleset = "en"
    roll: Face | None = None
    #: when the Mission is postponed: the Insurgent Reaction roll
    reaction_roll: Face | None = None


class ReactionSituation(Frozen):
    #: the Zone in question contains a Security Element (9.4.2)
    security_element: bool = False
    ruleset: Ruleset = "en"
    roll: Face | None = None


def reaction_odds(book: Rulebook) -> dict:
    table = book.table(REACTIONS)
    return odds(table_weights(table), [row.result for row in table.rows])


class Mission(Frozen):
    """A Support Mission as the Missions table prints it (9.3)."""

    key: str
    name: str | None
    #: the d10 faces that succeed, as printed
    success_roll: str | None
    #: how many times it may succeed in a game, and how many remain
    max: int | None
    remaining: int | None


class MissionResult(Outcome):
    """A Support Mission roll (9.3) and, when postponed, the Insurgent Reaction (9.4)."""

    outcome: Literal["success", "postponed"]
    roll: int
    reaction: str | None = None


class MissionAnswer(Adjudication):
    """The odds of a Support Mission succeeding, then of each Insurgent Reaction (9.1, 9.3, 9.4)."""

    result: MissionResult | None = None
    mission: Mission
    #: the odds of each Insurgent Reaction following a postponed Mission
    then: dict[str, float]


class ReactionResult(Outcome):
    """An Insurgent Reaction roll (9.4.1), and whether it applies in the Zone (9.4.2)."""

    outcome: str
    applies_here: bool
    roll: int


class ReactionAnswer(Adjudication):
    """The odds of each Insurgent Reaction (9.4)."""

    result: ReactionResult | None = None
    #: the Reactions that do not apply in a Zone with a Security Element (9.4.2)
    not_where_security_element: list[str]


#: what a postponed Mission costs
POSTPONED = Note(
    en="A postponed Mission gives the insurgents a Reaction (9.4) and ends the Support Phase.",
    fr="Une Mission reportée donne une Réaction aux insurgés (9.4) et termine la Phase de soutien.",
    rule="9.1",
)


def adjudicate_mission(situation: MissionSituation, book: Rulebook) -> MissionAnswer:
    table = book.table(MISSIONS)
    check = Checker()
    keys = [row.result for row in table.rows]
    if situation.mission not in keys:
        check.add(
            "mission",
            situation.mission,
            f"one of {', '.join(keys)} (the rest of the table is lost in the source)",
            "9.3",
        )
        check.raise_if_any()
    row = table.row(situation.mission)
    if row.max is not None and situation.successes_so_far >= row.max:
        check.add(
            "successes_so_far",
            situation.successes_so_far,
            f"'{situation.mission}' succeeds at most {row.max} times in a game",
            "9.2",
        )
    if situation.reaction_roll is not None and (
        situation.roll is None or situation.roll in row.faces
    ):
        check.add(
            "reaction_roll",
            situation.reaction_roll,
            "an Insurgent Reaction follows only a postponed Mission",
            "9.1",
        )
    check.raise_if_any()
    wins = len(row.faces)
    prior = odds({"success": wins, "postponed": len(FACES) - wins}, ("success", "postponed"))
    reactions = reaction_odds(book)
    after = {f"reaction_{key}": prior["postponed"] * p for key, p in reactions.items()}
    notes = [POSTPONED]
    answer = MissionAnswer.with_odds(
        "support-mission", situation.ruleset, prior,
        notes=notes,
        mission=Mission(
            key=row.result,
            name=row.name.en if row.name else row.result,
            success_roll=row.roll,
            max=row.max,
            remaining=(row.max - situation.successes_so_far) if row.max is not None else None,
        ),
        then={k: float(v) for k, v in after.items()},
    )
    if situation.roll is not None:
        success = situation.roll in row.faces
        steps = [
            Step(
                rule="9.3",
                en=f"d10 = {situation.roll} against {row.roll}: "
                + ("success." if success else "postponed."),
                fr=f"d10 = {situation.roll} pour {row.roll} : "
                + ("réussite." if success else "reportée."),
            )
        ]
        result: dict = {"outcome": "success" if success else "postponed", "roll": situation.roll}
        if success:
            steps.append(
                Step(
                    rule="9.2.1",
                    en="Advance the Mission marker one space.",
                    fr="Avancer le marqueur de Mission d’une case.",
                )
            )
        elif situation.reaction_roll is not None:
            reaction = book.table(REACTIONS).result_for(situation.reaction_roll)
            steps.append(_reaction_step(situation.reaction_roll, reaction))
            result["reaction"] = reaction.result
        else:
            result["pending"] = ["reaction_roll"]
        result["steps"] = steps
        answer.result = MissionResult.model_validate(result)
    return answer


def _reaction_step(roll: int, row: TableRow) -> Step:
    name = row.name.en if row.name else row.result
    return Step(
        rule="9.4.1",
        en=f"Insurgent Reaction: d10 = {roll}: {name}. {row.text.en}",
        fr=f"Réaction insurgée : d10 = {roll} : {name}. {row.text.fr or row.text.en}",
    )


def adjudicate_reaction(situation: ReactionSituation, book: Rulebook) -> ReactionAnswer:
    table = book.table(REACTIONS)
    prior = reaction_odds(book)
    daggered = [row.result for row in table.rows if row.name and DAGGER in (row.name.en or "")]
    notes = [
        Note(
            en=f"Reactions marked † ({', '.join(daggered)}) do not apply in Zones which contain a Security Element.",
            fr=f"Les Réactions marquées † ({', '.join(daggered)}) ne s’appliquent pas dans les Zones contenant un Security Element.",
            rule="9.4.2",
        )
    ]
    answer = ReactionAnswer.with_odds(
        "insurgent-reaction", situation.ruleset, prior,
        notes=notes,
        not_where_security_element=daggered,
    )
    if situation.roll is not None:
        row = table.result_for(situation.roll)
        steps = [_reaction_step(situation.roll, row)]
        blocked = situation.security_element and row.result in daggered
        if blocked:
            steps.append(
                Step(
                    rule="9.4.2",
                    en="This Reaction does not apply in a Zone with a Security Element.",
                    fr="Cette Réaction ne s’applique pas dans une Zone contenant un Security Element.",
                )
            )
        answer.result = ReactionResult(
            outcome=row.result, applies_here=not blocked, roll=situation.roll, steps=steps
        )
    return answer


#: the situations this module computes (``support-mission``, ``insurgent-reaction``), found through
#: the package's ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("support-mission", Computation(adjudicate_mission), MissionSituation,
              "Support Missions (9.3)", "9.3", result_model=MissionAnswer),
    procedure("insurgent-reaction", Computation(adjudicate_reaction), ReactionSituation,
              "Insurgent Reaction (9.4)", "9.4.1", result_model=ReactionAnswer),
)
