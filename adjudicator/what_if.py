"""Decisions, not just odds (issue 22): what each choice the rules leave to the player changes,
and a numeric distribution read as a player reads it.

A situation declares its choices once, as data (:class:`Choice`: the input field, its
alternative values, the rule that leaves it to the player, the words); :func:`what_if` runs the
situation's own pure procedure again with each alternative, under the same ruleset and readings
as the answer, and :func:`best` names the alternatives giving the best odds of the player's
:class:`Goal`. :func:`summaries` gives every numeric distribution its "at least", "at most",
mean and standard deviation, exact in ``exact``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import sqrt
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import InvalidSituation
from .models import Adjudication, DistributionSummary, Frozen, Note, Text, WhatIf

__all__ = [
    "Alternative",
    "Choice",
    "Decisions",
    "Goal",
    "best",
    "decide",
    "one_of",
    "summaries",
    "summary",
    "toggle",
    "what_if",
]


class Alternative(Frozen):
    """One value a choice may take, and its words ("with CAAT 'Ammo'")."""

    value: Any
    words: Text


class Choice(Frozen):
    """A choice the rules leave to the player: the input field it sets (a dotted path, list
    indices as numbers), its alternatives, and the rule that leaves it open."""

    field: str
    rule: str
    alternatives: tuple[Alternative, ...]


def toggle(field: str, rule: str, on: Text, off: Text) -> Choice:
    """An optional modifier the player may use or not (a boolean field)."""
    return Choice(field=field, rule=rule,
                  alternatives=(Alternative(value=True, words=on), Alternative(value=False, words=off)))


def one_of(field: str, rule: str, values: Mapping[Any, Text]) -> Choice:
    """A choice among named values."""
    return Choice(field=field, rule=rule,
                  alternatives=tuple(Alternative(value=v, words=w) for v, w in values.items()))


@dataclass(frozen=True)
class Goal:
    """What the player wants from the situation: the sum of some outcomes' exact odds, read in
    the answer's ``exact`` (or in its set ``within``, e.g. the successes of a pool); or, with
    ``mean_of``, the highest mean of one of its distributions (a final score)."""

    words: Text
    outcomes: tuple[str, ...] = ()
    within: str | None = None
    mean_of: str | None = None

    def mean(self, exact: Mapping[str, Any]) -> Fraction | None:
        """The mean of the distribution ``mean_of`` in an answer's ``exact``, if it gives it."""
        odds = exact.get(self.mean_of) if self.mean_of else None
        if not isinstance(odds, Mapping) or not odds:
            return None
        read = summary({k: Fraction(str(v)) for k, v in odds.items()})
        return None if read is None or not read.numeric else Fraction(str(read.exact["mean"]))

    def odds(self, exact: Mapping[str, Any]) -> Fraction | None:
        """The goal's exact odds in an answer's ``exact``; None when it does not give them."""
        if self.mean_of:
            return None
        odds = exact.get(self.within) if self.within else exact
        if not isinstance(odds, Mapping) or not any(k in odds for k in self.outcomes):
            return None
        return sum((Fraction(str(odds[k])) for k in self.outcomes if isinstance(odds.get(k), str)), Fraction(0))


@dataclass(frozen=True)
class Decisions:
    """A situation's choices and goal (fixed, or read from its input: one per supporting unit
    of a pool; the goal of the side the player is), and the rolls its what-ifs leave out (a
    choice is made before the roll)."""

    choices: tuple[Choice, ...] | Callable[[Any], Sequence[Choice]] = ()
    goal: Goal | None | Callable[[Any], Goal | None] = None
    rolls: tuple[str, ...] = field(default=())

    def of(self, situation: BaseModel) -> Sequence[Choice]:
        return self.choices(situation) if callable(self.choices) else self.choices

    def goal_of(self, situation: BaseModel) -> Goal | None:
        return self.goal(situation) if callable(self.goal) else self.goal


#: what any situation without declared choices decides: nothing
NO_DECISIONS = Decisions()

#: the note of an answer with what-ifs where a reading is involved (issue 22: "mind rule ambiguities")
SAME_READING = Text(
    en="Each what-if is computed under this answer's own ruleset and readings; where another"
    " reading changes an alternative's odds, its entry's notes say so.",
    fr="Chaque hypothèse est calculée selon les règles et lectures de cette réponse ; là où une"
    " autre lecture change les chances d'une hypothèse, ses remarques le disent.",
)


def _get(data: Any, parts: Sequence[str]) -> Any:
    for part in parts:
        if isinstance(data, list):
            data = data[int(part)] if part.isdigit() and int(part) < len(data) else None
        elif isinstance(data, dict):
            data = data.get(part)
        else:
            return None
    return data


def _set(data: dict[str, Any], parts: Sequence[str], value: Any) -> None:
    holder: Any = data
    for part in parts[:-1]:
        holder = holder[int(part)] if isinstance(holder, list) else holder.setdefault(part, {})
    if isinstance(holder, list):
        holder[int(parts[-1])] = value
    else:
        holder[parts[-1]] = value


def what_if(run: Callable[[Any], Adjudication], situation: BaseModel, answer: Adjudication,
            decisions: Decisions) -> list[WhatIf]:
    """Each alternative of each choice with its odds: the given one from the answer itself, the
    others by running the procedure again (an alternative the rules refuse in this situation,
    say CAAT 'Ammo' from a Location where it does not apply, is left out)."""
    given = situation.model_dump(mode="json")
    base = situation.model_dump(mode="json", exclude_unset=True)
    for roll in decisions.rolls:
        base.pop(roll, None)
    model = type(situation)
    goal = decisions.goal_of(situation)
    found: list[WhatIf] = []
    for choice in decisions.of(situation):
        parts = choice.field.split(".")
        current = _get(given, parts)
        for alt in choice.alternatives:
            if alt.value == current:
                odds = answer
            else:
                data = copy.deepcopy(base)
                _set(data, parts, alt.value)
                try:
                    odds = run(model.model_validate(data))
                except (InvalidSituation, ValidationError):  # the rules refuse it here
                    continue
            found.append(_entry(choice, alt, alt.value == current, odds, goal))
    return found


def _reading_notes(answer: Adjudication) -> list[Note]:
    """The notes of an answer that name a reading: a difference between the rulebooks, an
    ambiguous rule's reading, an erratum."""
    return [n for n in answer.notes if n.ruleset_entry or "reading" in n.en or "errata" in n.en]


def _entry(choice: Choice, alt: Alternative, current: bool, odds: Adjudication, goal: Goal | None) -> WhatIf:
    success = goal.odds(odds.exact) if goal else None
    expected = goal.mean(odds.exact) if goal else None
    return WhatIf(
        ruleset_points=list(odds.ruleset_points or []),
        notes=[] if current else _reading_notes(odds),
        expected=None if expected is None else float(expected),
        expected_exact=None if expected is None else str(expected),
        choice=alt.words.en, words=alt.words, rule=choice.rule, field=choice.field, value=alt.value,
        current=current, probabilities=odds.probabilities, exact=odds.exact,
        success=None if success is None else float(success),
        success_exact=None if success is None else str(success),
    )


def best(entries: Sequence[WhatIf]) -> list[str]:
    """The alternatives with the highest odds of the goal, or the highest mean for a goal that
    is a mean (all of them when they tie); none when the goal is not defined."""
    scored = [(Fraction(e.success_exact), e.choice) for e in entries if e.success_exact is not None]
    if not scored:
        scored = [(Fraction(e.expected_exact), e.choice) for e in entries if e.expected_exact is not None]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return list(dict.fromkeys(words for score, words in scored if score == top))


def _numeric(keys: Sequence[str]) -> list[int] | None:
    try:
        return [int(k) for k in keys]
    except ValueError:
        return None


#: the summary of a distribution over named outcomes: they have no order, mean or deviation
NAMED = DistributionSummary(numeric=False, at_least={}, at_most={}, mean=None, sd=None, exact={})


def summary(odds: Mapping[str, Fraction]) -> DistributionSummary | None:
    """At least / at most each value, the mean and the standard deviation of a distribution over
    whole numbers; :data:`NAMED` for one over named outcomes; None for an empty one."""
    values = _numeric(list(odds))
    if values is None:
        return NAMED
    if not values:
        return None
    pairs = sorted(zip(values, odds.values(), strict=True))
    total = sum((p for _, p in pairs), Fraction(0))
    if not total:
        return None
    pairs = [(v, p / total) for v, p in pairs]
    mean = sum((v * p for v, p in pairs), Fraction(0))
    variance = sum(((v - mean) ** 2 * p for v, p in pairs), Fraction(0))
    at_most: dict[str, Fraction] = {}
    at_least: dict[str, Fraction] = {}
    running = Fraction(0)
    for v, p in pairs:
        running += p
        at_most[str(v)] = running
    running = Fraction(0)
    for v, p in reversed(pairs):
        running += p
        at_least[str(v)] = running
    at_least = dict(reversed(at_least.items()))
    return DistributionSummary(
        at_least={k: float(p) for k, p in at_least.items()},
        at_most={k: float(p) for k, p in at_most.items()},
        mean=float(mean), sd=sqrt(variance),
        exact={"at_least": {k: str(p) for k, p in at_least.items()},
               "at_most": {k: str(p) for k, p in at_most.items()},
               "mean": str(mean), "variance": str(variance)},
    )


def summaries(answer: Adjudication) -> dict[str, DistributionSummary] | None:
    """A summary of every numeric entry of the answer's ``distributions``, exact where the
    answer's ``exact`` holds the same distribution as fractions."""
    found: dict[str, DistributionSummary] = {}
    for name, floats in (answer.distributions or {}).items():
        exact = answer.exact.get(name)
        if isinstance(exact, dict) and set(exact) == set(floats):
            odds = {k: Fraction(v) for k, v in exact.items()}
        else:
            odds = {k: Fraction(v) for k, v in floats.items()}
        read = summary(odds)
        if read is not None:
            found[name] = read
    return found or None


def _has_readings(answer: Adjudication) -> bool:
    """The answer depends on a registered reading: a point where the rulebooks differ, a reading
    of an ambiguous rule, or an erratum its notes name."""
    return bool(answer.ruleset_points or getattr(answer, "readings", None) or _reading_notes(answer)
                or any(e.ruleset_points or e.notes for e in answer.what_if))


def decide(run: Callable[[Any], Adjudication], situation: BaseModel, answer: Adjudication,
           decisions: Decisions) -> Adjudication:
    """The answer with its what-ifs, its best alternatives, its goal and its summaries."""
    answer.summary = summaries(answer)
    if decisions is NO_DECISIONS:
        return answer
    entries = what_if(run, situation, answer, decisions)
    answer.what_if = entries
    answer.best = best(entries)
    goal = decisions.goal_of(situation)
    answer.goal = goal.words if goal else None
    answer.rules = list(dict.fromkeys([*answer.rules, *(e.rule for e in entries)]))
    if entries and _has_readings(answer):  # after answer.what_if is set: its entries' readings count
        french = all(e.words.fr for e in entries)
        answer.notes = [*answer.notes, Note(en=SAME_READING.en, fr=SAME_READING.fr if french else None)]
    return answer
