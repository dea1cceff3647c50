"""The answer's value types shared by every game's procedures: modifiers, notes, steps, answers.

Inputs and outputs are pydantic v2 models; outputs are plain data (JSON-ready).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Self, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

#: Which rulebook's reading applies: the English text or the French one.
Ruleset = Literal["en", "fr"]


#: the longest text any input field holds unless its model says less (a note, a reason): a 4 MB
#: ``reason`` became an 8 MB event (issue 23)
MAX_TEXT = 2000

#: the most items a list, and the most keys a mapping, of any input holds where no rule bounds it
#: (a field a rule bounds says so in its own model): a generous bound, under the raw body's
#: 1,000 (:mod:`adjudicator.json_bounds`), so an over-long list is refused by its model, naming it
MAX_ITEMS = 200

_T = TypeVar("_T")
_K = TypeVar("_K")
_V = TypeVar("_V")
#: a list of an input holding at most :data:`MAX_ITEMS` items (JSON schema ``maxItems``)
Bounded = Annotated[list[_T], Field(max_length=MAX_ITEMS)]
#: a mapping of an input holding at most :data:`MAX_ITEMS` keys (JSON schema ``maxProperties``)
BoundedDict = Annotated[dict[_K, _V], Field(max_length=MAX_ITEMS)]
#: a tuple of an input (a frozen model's list) holding at most :data:`MAX_ITEMS` items
BoundedTuple = Annotated[tuple[_T, ...], Field(max_length=MAX_ITEMS)]


class Frozen(BaseModel):
    """Immutable model refusing unknown fields, so a misspelt field is reported, not ignored."""

    #: defer_build: a model's validator and serializer are built the first time it validates or
    #: dumps, not at import, so a command builds only the models it uses (issue 21: start-up)
    model_config = ConfigDict(str_max_length=MAX_TEXT, frozen=True, extra="forbid", defer_build=True)


class _Omitting(BaseModel):
    """A model whose optional fields, when None, are left out of its JSON rather than written null."""

    #: the fields left out of the JSON when they are None (added to those of the base classes)
    OMIT_IF_NONE: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def omitted_if_none(cls) -> frozenset[str]:
        """Every field this model leaves out when None, its base classes' included."""
        return frozenset().union(*(vars(c).get("OMIT_IF_NONE", ()) for c in cls.__mro__))

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            for name in self.omitted_if_none():
                if name in data and data[name] is None:
                    del data[name]
        return data


class _Words:
    """How :class:`Words` (and :class:`Step`) are read in one language."""

    if TYPE_CHECKING:
        en: str
        fr: str | None

    def text_in(self, lang: str) -> str:
        """The words in ``lang``, else in English."""
        return self.fr if lang == "fr" and self.fr else self.en

    def lang_in(self, lang: str) -> Ruleset:
        """The language of :meth:`text_in` (``"en"`` when there is no French)."""
        return "fr" if lang == "fr" and self.fr else "en"


class Words(_Words, _Omitting, Frozen):
    """Words of an answer in English and, when the game is printed in French too, in French.

    A game printed in English only gives no ``fr`` (never its English copied as French); its
    JSON then has no ``fr`` key, and the French interface shows the English words marked as
    English (:meth:`lang_in`, ``lang="en"`` where rendered)."""

    OMIT_IF_NONE: ClassVar[frozenset[str]] = frozenset({"fr"})

    en: str
    fr: str | None = None


class Text(Words):
    """The same short text in English and (optionally) French."""


class Modifier(Frozen):
    """One die roll modifier (or Combat Factor adjustment) and the rule that grants it."""

    value: int
    #: id of the rule granting it; it exists in the corpus (a test checks every output)
    rule: str
    reason: Text
    #: the condition key of the table row it comes from (``<table id>:<row key>``), if any
    key: str | None = None
    #: set when the modifier applies only in some outcomes (a condition key such as "if_survives");
    #: such a modifier is listed but not counted in ``drm``
    condition: str | None = None


class Note(Words):
    """A remark on the adjudication: an assumption, a consequence, a ruleset difference."""

    rule: str | None = None
    #: rulesets.yaml entry this note is about, if any
    ruleset_entry: str | None = None


class Step(_Words, _Omitting, Frozen):
    """One step of a resolution with known rolls, with the rule applied (its words as
    :class:`Words`: ``fr`` only for a game printed in French)."""

    OMIT_IF_NONE: ClassVar[frozenset[str]] = frozenset({"fr"})

    rule: str
    en: str
    fr: str | None = None


class Outcome(BaseModel):
    """A resolution with its rolls known (an answer's ``result``): its steps and, while a roll is
    still needed, which ones and the odds given the rolls so far. Each situation has its own
    subclass with typed fields. A field never given is absent from the JSON; one given as None
    is written null."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    steps: list[Step] = []
    #: the rolls still needed to finish the resolution
    pending: list[str] | None = None
    #: odds of each outcome given the rolls so far (while some are pending)
    probabilities: dict[str, float] | None = None

    @model_serializer(mode="wrap")
    def _omit_unset(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            given = self.model_fields_set
            for name in [k for k, v in data.items() if v is None and k not in given]:
                del data[name]
        return data


class Alternative(Frozen):
    """One alternative of a choice left to the player, applied by setting the input's ``field``
    to ``value`` (issue 22)."""

    #: the alternative, in English words ("with CAAT 'Ammo'"); ``words`` has its French when the
    #: game is printed in French
    choice: str
    words: Text
    #: the rule that leaves the choice to the player
    rule: str
    #: the input field the choice sets (a dotted path) and the value it takes
    field: str
    value: Any
    #: this alternative is the one the situation was given with
    current: bool


class WhatIf(Alternative):
    """The odds with one alternative of a choice the rules leave to the player (issue 22): the
    situation run again with ``field`` set to ``value``, under the same ruleset and readings."""

    probabilities: dict[str, float]
    exact: dict[str, str | dict[str, str]]
    #: the odds of the player's goal (the answer's ``goal``) with this alternative, if defined
    success: float | None = None
    success_exact: str | None = None
    #: where the goal is the highest mean of a distribution (a score): that mean
    expected: float | None = None
    expected_exact: str | None = None
    #: the points where the rulebooks differ and the notes on readings that this alternative's own
    #: answer meets (the odds above follow the answer's ruleset and readings)
    ruleset_points: list[str] = []
    notes: list[Note] = []


class Option(Alternative):
    """One legal choice of a decision without dice (how to spend a margin), best first in the
    answer's ``options``."""

    #: what it gives, by name (``{"vp": 2, "steps": 1}``), the first the ranking's
    gains: dict[str, int]


class DistributionSummary(Frozen):
    """A numeric distribution as a player reads it: the chance of at least and of at most each
    value, its mean and standard deviation (floats); the same exactly in ``exact`` (the variance
    for the deviation, which is rarely a fraction). A distribution over named outcomes (``"pinned"``,
    ``"eliminated"``) has no order, mean or deviation: ``numeric`` is false and they are empty."""

    numeric: bool = True
    at_least: dict[str, float]
    at_most: dict[str, float]
    mean: float | None
    sd: float | None
    exact: dict[str, str | dict[str, str]]


class Adjudication(_Omitting):
    """What every procedure answers (the Contract of issue 4). Each situation answers with its
    own subclass: its own typed fields and its own :class:`Outcome` as ``result``."""

    #: the fields that advise the player (a subclass adds its own), compared
    #: with a recorded answer only where it has them (:func:`same_outcome`)
    ADVICE: ClassVar[tuple[str, ...]] = ("what_if", "best", "goal", "summary", "options")

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    OMIT_IF_NONE: ClassVar[frozenset[str]] = frozenset(
        {"ruleset_points", "distributions", "steps", "goal", "summary", "options"}
    )

    situation: str
    ruleset: Ruleset
    modifiers: list[Modifier] | dict[str, list[Modifier]] = []
    drm: int | dict[str, int] = 0
    #: odds of each outcome before any roll, as floats
    probabilities: dict[str, float] = {}
    #: the same odds as exact fractions ("3/10"), or several named sets of them
    exact: dict[str, str | dict[str, str]] = {}
    #: odds of several named variables (each a distribution), when a procedure gives them
    distributions: dict[str, dict[str, float]] | None = None
    #: present when rolls are given: the resolved outcome, step by step
    result: Outcome | None = None
    notes: list[Note] = []
    #: the procedure's steps when it has no rolls to wait for (a pure computation)
    steps: list[Step] | None = None
    #: every rule id cited anywhere in this answer
    rules: list[str] = []
    #: the rule that governs the procedure
    rule: str = ""
    #: entries of the register of differences between the languages' rulebooks this answer
    #: depends on (the other reading is computed and compared)
    ruleset_points: list[str] | None = None
    #: every choice the rules leave to the player, each alternative's odds (issue 22)
    what_if: list[WhatIf] = []
    #: the alternatives (``what_if``'s ``choice``) giving the best odds of ``goal``
    best: list[str] = []
    #: what success is for the player here, when the situation defines it
    goal: Text | None = None
    #: each numeric entry of ``distributions`` read as at least / at most, mean and deviation
    summary: dict[str, DistributionSummary] | None = None
    #: every legal choice of a decision without dice, best first (issue 22: spending a margin)
    options: list[Option] | None = None

    @classmethod
    def with_odds(
        cls, situation: str, ruleset: Ruleset, odds: dict[str, Fraction], **fields: Any
    ) -> Self:
        """This answer to ``situation`` under ``ruleset``, its ``odds`` of each outcome before any
        roll given both as floats (``probabilities``) and exactly (``exact``)."""
        return cls(situation=situation, ruleset=ruleset, **odds_fields(odds), **fields)


#: The words that explain an answer (its notes, the readings it followed) and the rules they cite:
#: a newer adjudicator explains more (a registered ambiguity's note), the outcome staying the same.
EXPLANATION_FIELDS = ("notes", "readings", "rules")


def same_outcome(answer: Adjudication, recorded: object) -> bool:
    """Whether ``recorded`` (an answer as stored in a game's log, JSON) is ``answer``'s outcome:
    every field equal but the explanations (the result's steps by their rules, not their words),
    the advice fields compared only where the recorded answer has them (a stored game keeps
    loading after the adjudicator explains more)."""
    if not isinstance(recorded, dict):
        return False
    computed = answer.model_dump(mode="json")
    kept = dict(recorded)
    for name in EXPLANATION_FIELDS:
        computed.pop(name, None)
        kept.pop(name, None)
    for name in type(answer).ADVICE:
        if name not in kept:
            computed.pop(name, None)
    return _steps_by_rule(computed) == _steps_by_rule(kept)


def _steps_by_rule(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer with its result's steps read by their rules alone: a step's words explain it
    (a step cut mid-sentence restored from the rulebook leaves the recorded outcome the same)."""
    result = answer.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("steps"), list):
        return answer
    rules = [step.get("rule") if isinstance(step, dict) else step for step in result["steps"]]
    return {**answer, "result": {**result, "steps": rules}}


class CfBlock(Frozen):
    """A Combat Factor (or any value) as printed, its adjustments and the value used."""

    base: int
    modifiers: list[Modifier] = []
    final: int


def as_floats(odds: dict[str, Fraction]) -> dict[str, float]:
    return {key: float(value) for key, value in odds.items()}


def as_exact(odds: dict[str, Fraction]) -> dict[str, str]:
    return {key: str(value) for key, value in odds.items()}


class OddsFields(TypedDict):
    """An answer's two views of the same exact odds."""

    probabilities: dict[str, float]
    exact: dict[str, str]


def odds_fields(odds: dict[str, Fraction]) -> OddsFields:
    """An :class:`Adjudication`'s two views of the same exact odds: ``probabilities`` and ``exact``."""
    return {"probabilities": as_floats(odds), "exact": as_exact(odds)}
