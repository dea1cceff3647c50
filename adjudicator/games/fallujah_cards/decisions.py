"""The choice the card game's ``expected-score`` leaves to the player: how to play the deck
(issue 22; the kernel computes each alternative: :mod:`adjudicator.what_if`).

The player "may destroy" a Target (DESTROY PHASE) and "may neutralize" a bomb (DISARM PHASE),
and chooses the card to play: the greedy policy and the advisor's lookahead make those choices
differently (``POLICY_TEXT``). The goal is the highest expected final score, under the literal
reading of SCORING the answer follows (errata: scoring). A lookahead too long to compute exactly
is left out.
"""

from __future__ import annotations

from ...models import Text
from ...what_if import Decisions, Goal, one_of

DECISIONS: dict[str, Decisions] = {
    "expected-score": Decisions(
        choices=(one_of("policy", "destroy-phase", {
            "greedy": Text(en="play greedy (the lowest-Force card that qualifies, at once)"),
            "lookahead": Text(en="play the advisor's lookahead (the best expected score at each decision)"),
        }),),
        goal=Goal(Text(en="the highest expected final score (SCORING, literal reading)"), mean_of="score"),
    ),
}
