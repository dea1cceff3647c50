"""A Dice Pool (7.2-7.4): the number of successes of any mix of blue, white and red d6.

Each die is a success on its colour's Success Number or more (7.3, 7.4.1.1-7.4.1.3, read from
the ``success-numbers`` table). With the faces rolled, the successes are counted die by die.
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import Checker
from ...models import Outcome
from ...registry import Procedure, declare_situations
from .answer import BffAnswer, finish, modifier, odds_and_distributions, step
from .checks import Dice, Faces, check_dice, check_faces
from .data import COLOURS, book
from .decisions import DECISIONS
from .examples import EXAMPLES
from .pools import as_distribution, pool, successes


class DicePoolInput(Dice):
    """``{"blue": n, "white": n, "red": n}``, and optionally the faces rolled."""

    rolls: Faces | None = None


class DicePoolOutcome(Outcome):
    successes: int
    red_successes: int
    by_colour: dict[str, int]


class DicePoolAnswer(BffAnswer):
    result: DicePoolOutcome | None = None
    dice: dict[str, int]
    success_numbers: dict[str, int]
    #: the expected number of successes, exact
    mean: str
    #: P(at least k successes) for each k, exact (a tail, not a distribution)
    at_least: dict[str, str]


def adjudicate(situation: DicePoolInput) -> DicePoolAnswer:
    b = book()
    check = Checker()
    check_dice(check, "", situation)
    counts = situation.counts()
    if situation.rolls is not None:
        check_faces(check, "rolls", situation.rolls, counts, "", "7.2.2")
    check.raise_if_any()
    sn = b.success_numbers
    counted = pool(counts, sn)
    total = as_distribution(counted.total, counted.combinations)
    red = as_distribution(counted.apart, 6 ** counts["red"])
    at_least = {k: sum((p for j, p in total.items() if j >= k), Fraction(0)) for k in total}
    mean = sum((Fraction(n * (7 - sn[c]), 6) for c, n in counts.items()), Fraction(0))
    mods = [
        modifier(
            counts[c],
            b.success_rules[c],
            f"{counts[c]} {c} {'die' if counts[c] == 1 else 'dice'}, each a success on {sn[c]}+",
            f"success-numbers:{c}",
        )
        for c in COLOURS
        if counts[c]
    ]
    odds = {"at_least_one": at_least.get(1, Fraction(0)), "none": total[0]}
    fields = odds_and_distributions(
        odds, {"successes": total, "red_successes": red}
    )
    result = None
    if situation.rolls is not None:
        got = successes(situation.rolls.faces(), sn)
        steps = [
            step(
                b.success_rules[c],
                f"{c}: {', '.join(map(str, situation.rolls.faces()[c]))}: {got[c]} "
                f"{'success' if got[c] == 1 else 'successes'} on {sn[c]}+",
            )
            for c in COLOURS
            if counts[c]
        ]
        n = sum(got.values())
        steps.append(step("7.3", f"{n} {'success' if n == 1 else 'successes'} in all"))
        result = {"steps": steps, "successes": n, "red_successes": got["red"], "by_colour": got}
    answer = DicePoolAnswer(
        situation="dice-pool",
        rule="7.2",
        modifiers=mods,
        drm=sum(counts.values()),
        result=result,
        dice=counts,
        success_numbers=dict(sn),
        mean=str(mean),
        at_least={str(k): str(p) for k, p in at_least.items()},
        **fields,
    )
    return finish(answer)


#: the situation this module computes, found through the package's ``SITUATION_MODULES``:
#: ``dice-pool``
SITUATIONS: dict[str, Procedure] = declare_situations(
    (
        Procedure("dice-pool", "A Dice Pool's successes (7.2-7.4)", "7.2",
                  DicePoolInput, DicePoolAnswer, adjudicate),
    ),
    DECISIONS,
    EXAMPLES,
)
