"""M1A1 Abrams Movement Capacity, rolled each Movement Phase it moves (12.6.1)."""

from __future__ import annotations

from ...dice import odds, table_weights
from ...models import Adjudication, Frozen, Outcome, Ruleset, Step
from ...registry import Procedure
from .answer import Computation, declared, procedure
from .models import Face
from .rulebook import Rulebook

TABLE = "abrams-mc"


class AbramsSituation(Frozen):
    ruleset: Ruleset = "en"
    roll: Face | None = None


def movement_capacity(key: str) -> int:
    """The MC a row stands for: its key is ``mc_<n>``."""
    return int(key.removeprefix("mc_"))


class AbramsResult(Outcome):
    """An M1A1 Abrams Movement Capacity roll (12.6.1)."""

    outcome: str
    #: the Movement Capacity rolled
    mc: int
    roll: int


class AbramsAnswer(Adjudication):
    """The odds of each Movement Capacity of an M1A1 Abrams support (12.6.1)."""

    result: AbramsResult | None = None


def adjudicate(situation: AbramsSituation, book: Rulebook) -> AbramsAnswer:
    table = book.table(TABLE)
    prior = odds(table_weights(table), [row.result for row in table.rows])
    answer = AbramsAnswer.with_odds("abrams-mc", situation.ruleset, prior)
    if situation.roll is not None:
        row = table.result_for(situation.roll)
        mc = movement_capacity(row.result)
        step = Step(
            rule=table.rule,
            en=f"d10 = {situation.roll}: {row.text.en}.",
            fr=f"d10 = {situation.roll} : {row.text.fr or row.text.en}.",
        )
        answer.result = AbramsResult(outcome=row.result, mc=mc, roll=situation.roll, steps=[step])
    return answer


#: the situation this module computes (``abrams-mc``), found through the package's
#: ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declared(
    procedure("abrams-mc", Computation(adjudicate), AbramsSituation,
              "M1A1 Abrams Movement Capacity (12.6.1)", "12.6.1", result_model=AbramsAnswer),
)
