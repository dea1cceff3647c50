"""The ``expected-score`` situation: the exact expected final score, and its distribution, for
a deck in a given order, a starting hand and a policy.

The piles start empty; the cards named neither in the deck nor in the hand are out of the game
(a short deck is a worked example). The only chance left is the hand card each Insurgent Tactics
Target takes (tactics-phase), every card of the hand equally likely. The score is the literal
reading of SCORING (errata: scoring); the other reading, the Insurgency cards of the Elimination
Pile only, is given beside it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.errors import Checker, from_validation_error
from adjudicator.models import MAX_ITEMS, MAX_TEXT, Adjudication, Bounded, Outcome, odds_fields
from adjudicator.registry import Procedure, declare_situations

from .cards import card_list
from .decisions import DECISIONS
from .exact import LOOKAHEAD_LIMIT, known_deck_distribution, lookahead_feasible
from .fast import deck_codes, hand_counts
from .state import BASE_SCORE

READINGS = [
    (
        "Score: the literal reading of SCORING, 100 minus the Force of the Casualty Pile plus the"
        " Force of every card in the Elimination Pile, the American cards played included"
        " (errata: scoring)."
    ),
    "score_insurgency_only: the other reading, only the Insurgency cards of the Elimination Pile count.",
    (
        "'Insurgent card' in the Destroy Phase is a card of type I; a Target or bomb a card could beat"
        " but that is not played goes to the Casualty Pile (errata: destroy-phase, disarm-phase)."
    ),
    (
        "The turn in which the deck runs out is played to its end; an American Tactics draw takes the"
        " cards left (errata: scoring). At most one Recon card per Recon Phase (errata: recon-phase)."
    ),
]
POLICY_TEXT = {
    "greedy": "greedy: acts whenever it can, with the lowest-Force card that qualifies (a Disarm card"
    " first on a bomb; Support before Infantry or Armor at equal Force); plays a Recon card whenever"
    " it holds one; at Regroup discards American Tactics, then Recon, then the lowest Force.",
    "lookahead": "lookahead: at each decision, the choice with the highest exact expected final score"
    " when greedy plays on, from what the player knows (the deck's cards, not their order, except"
    " those a Recon card showed).",
}


class ExpectedScoreInput(BaseModel):
    """A deck in known order, top to bottom, a starting hand and a policy."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    deck: list[str] = Field(min_length=1, max_length=MAX_ITEMS, description="card names as printed, top to bottom")
    hand: Bounded[str] = Field(default_factory=list, description="card names as printed")
    policy: Literal["greedy", "lookahead"] = "greedy"


class ScoreOutcome(Outcome):
    """The answer's readable result: the expected score, its distribution, the other reading."""

    expected_score: str
    score: str
    expected_score_insurgency_only: str
    policy: str


class ExpectedScore(Adjudication):
    """The exact expected final score and its distribution."""

    exact: dict[str, str | dict[str, str]] = Field(default_factory=dict)
    distributions: dict[str, dict[str, float]] = Field(default_factory=dict)
    expected_score: float
    expected_score_insurgency_only: float
    policy: str
    policy_description: str
    deck_size: int
    readings: list[str]
    result: ScoreOutcome | None = None


def _indices(names: list[str], field: str, check: Checker) -> list[int]:
    cards = card_list()
    found = []
    for n, name in enumerate(names):
        card = cards.find(name)
        if card is None:
            near = cards.nearest(name)
            hint = f"; did you mean {' or '.join(repr(x) for x in near)}?" if near else ""
            check.add(f"{field}.{n}", name, f"a card name of the card list{hint}", "card-list")
        else:
            found.append(card.index)
    return found


def expected_score(body: ExpectedScoreInput | Mapping[str, Any]) -> ExpectedScore:
    """Run the situation; InvalidSituation naming every bad value and its rule."""
    if not isinstance(body, ExpectedScoreInput):
        try:
            body = ExpectedScoreInput.model_validate(body)
        except ValidationError as exc:
            raise from_validation_error(exc) from None
    check = Checker()
    deck = _indices(body.deck, "deck", check)
    hand = _indices(body.hand, "hand", check)
    cards = card_list().cards
    for index, count in sorted(Counter(deck + hand).items()):
        card = cards[index]
        check.require(
            count <= card.copies,
            "deck",
            card.name,
            f"at most {card.copies} {card.name} in deck and hand together (the card list prints {card.copies}); {count} entered",
            "card-list",
        )
    for n, name in enumerate(body.hand):
        found = card_list().find(name)
        if found is not None and not found.american:
            check.add(
                f"hand.{n}",
                name,
                "an American card: only American cards go into your hand (asset-phase, tactics-phase)",
                "asset-phase",
            )
    codes = deck_codes(deck)
    if body.policy == "lookahead":
        check.require(
            not check.problems and lookahead_feasible(codes),
            "policy",
            body.policy,
            f"lookahead is computed exactly only for decks of at most about {LOOKAHEAD_LIMIT} sub-decks"
            " (about 12 cards); use greedy or a shorter deck",
        )
    check.raise_if_any()
    outcomes = known_deck_distribution(codes, tuple(hand_counts(hand)), body.policy)
    literal: defaultdict[int, Fraction] = defaultdict(Fraction)
    other: defaultdict[int, Fraction] = defaultdict(Fraction)
    for (lit, oth), p in outcomes.items():
        literal[BASE_SCORE + lit] += p
        other[BASE_SCORE + oth] += p
    mean = sum((s * p for s, p in literal.items()), Fraction(0))
    mean_other = sum((s * p for s, p in other.items()), Fraction(0))
    odds = {
        "above_100": sum((p for s, p in literal.items() if s > BASE_SCORE), Fraction(0)),
        "exactly_100": literal.get(BASE_SCORE, Fraction(0)),
        "below_100": sum((p for s, p in literal.items() if s < BASE_SCORE), Fraction(0)),
    }
    fields = odds_fields(odds)
    return ExpectedScore(
        situation="expected-score",
        ruleset="en",
        probabilities=fields["probabilities"],
        exact={
            **fields["exact"],
            "expected_score": str(mean),
            "expected_score_insurgency_only": str(mean_other),
            "score": {str(s): str(p) for s, p in sorted(literal.items())},
            "score_insurgency_only": {str(s): str(p) for s, p in sorted(other.items())},
        },
        distributions={
            "score": {str(s): float(p) for s, p in sorted(literal.items())},
            "score_insurgency_only": {str(s): float(p) for s, p in sorted(other.items())},
        },
        result=ScoreOutcome(
            expected_score=f"{mean} ({float(mean):.2f})",
            score="; ".join(f"{s}: {p}" for s, p in sorted(literal.items())),
            expected_score_insurgency_only=f"{mean_other} ({float(mean_other):.2f})",
            policy=body.policy,
        ),
        expected_score=float(mean),
        expected_score_insurgency_only=float(mean_other),
        policy=body.policy,
        policy_description=POLICY_TEXT[body.policy],
        deck_size=len(deck),
        readings=READINGS,
        rules=[
            "scoring",
            "card-list",
            "tactics-phase",
            "destroy-phase",
            "disarm-phase",
            "recon-phase",
            "regroup-phase",
        ],
    )


#: the situations, each with the choices it leaves to the player (:mod:`.decisions`), found through
#: the package's ``SITUATION_MODULES``
SITUATIONS: dict[str, Procedure] = declare_situations((
    Procedure("expected-score", "Expected final score of a deck in known order", rule="scoring",
              input_model=ExpectedScoreInput, result_model=ExpectedScore, run=expected_score,
              examples=({"deck": ["Courtyard", "Car Bomb"], "hand": ["Bradley AFV"], "policy": "greedy"},
                        {"deck": ["Pillbox", "Sniper Team", "Humvee"], "policy": "lookahead"})),
), DECISIONS)
