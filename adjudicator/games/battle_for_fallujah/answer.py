"""What every answer of this game carries besides the kernel's fields, and helpers to build it.

The game is printed in English only: the kernel's texts (:class:`Text`, :class:`Note`,
:class:`Step`) carry English words and no French.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from pydantic import Field

from ...api import cited
from ...errors import Checker
from ...models import Adjudication, Frozen, Modifier, Note, Ruleset, Step, Text

#: A d6 face (7.0: "six-sided with faces numbering 1 to 6"); checked by :func:`check_face`, so
#: that a bad face is reported with every other problem of the input at once.
D6 = Annotated[int, Field(json_schema_extra={"die": "d6", "minimum": 1, "maximum": 6})]


def text(en: str) -> Text:
    return Text(en=en)


def note(en: str, rule: str | None = None) -> Note:
    return Note(en=en, rule=rule)


def step(rule: str, en: str) -> Step:
    """One step of a resolution."""
    return Step(rule=rule, en=en)


def modifier(value: int, rule: str, reason: str, key: str | None = None) -> Modifier:
    return Modifier(value=value, rule=rule, reason=text(reason), key=key)


def count_field(**extra: Any) -> Any:
    """An integer count documented as >= 0 in the schema and checked by the procedure (with its rule)."""
    return Field(0, json_schema_extra={"minimum": 0, **extra})


def check_face(check: Checker, field: str, value: int | None) -> None:
    """A d6 face is 1 to 6 (7.0)."""
    if value is not None and not 1 <= value <= 6:
        check.add(field, value, "a d6 shows 1 to 6", "7")


class Reading(Frozen):
    """One of the rulebook's contradictions or ambiguities met by this answer (errata.yaml)."""

    #: the section the erratum is registered under (errata.yaml ``section``)
    rule: str
    topic: str
    followed: str
    other: str
    #: True when the other reading gives another result for this input
    differs: bool = False
    #: the other reading's figures, where they differ (exact fractions or values)
    other_values: dict[str, Any] = Field(default_factory=dict)


class BffAnswer(Adjudication):
    """The base of this game's answers: the kernel's fields, and the readings met."""

    ruleset: Ruleset = "en"
    readings: list[Reading] = Field(default_factory=list)


def dist_key(value: Any) -> str:
    return str(value)


def odds_and_distributions(
    odds: Mapping[str, Fraction], dists: Mapping[str, Mapping[Any, Fraction]]
) -> dict[str, Any]:
    """``probabilities``, ``distributions`` and their exact mirror ``exact`` from exact fractions."""
    exact: dict[str, Any] = {key: str(value) for key, value in odds.items()}
    distributions: dict[str, dict[str, float]] = {}
    for name, dist in dists.items():
        ordered = sorted(dist.items())
        distributions[name] = {dist_key(k): float(p) for k, p in ordered}
        exact[name] = {dist_key(k): str(p) for k, p in ordered}
    return {
        "probabilities": {key: float(value) for key, value in odds.items()},
        "exact": exact,
        "distributions": distributions,
    }


A = TypeVar("A", bound="BffAnswer")


def finish(answer: A, extra_rules: Iterable[str] = ()) -> A:
    """Every rule id the answer cites, the governing rule first."""
    found = dict.fromkeys([answer.rule, *cited(answer), *extra_rules])
    found.pop("", None)
    answer.rules = list(found)
    return answer


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"
