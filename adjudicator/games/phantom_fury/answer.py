"""Phantom Fury's answer to a situation: the procedure's own answer, then where the other
ruleset (English or French rulebook, rulesets.yaml) differs and which cited rules the French
source lacks, then every rule id cited.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ...api import cited
from ...errors import InvalidSituation
from ...models import Adjudication, Note, Outcome
from ...registry import Procedure, declare_situations
from .decisions import DECISIONS
from .examples import EXAMPLES
from .rulebook import Rulebook, current


@dataclass(frozen=True)
class Computation:
    """How one situation is computed: the full answer, and optionally a lighter one giving only
    the exact odds and the result (for the other ruleset's comparison)."""

    compute: Callable[[Any, Rulebook], Adjudication]
    brief: Callable[[Any, Rulebook], tuple[dict[str, str], Outcome | None]] | None = None

    def odds_and_result(
        self, situation: Any, book: Rulebook
    ) -> tuple[dict[str, str], Outcome | None]:
        if self.brief is not None:
            return self.brief(situation, book)
        answer = self.compute(situation, book)
        return _exact(answer), answer.result


def answer(
    how: Computation, rule: str, situation: BaseModel, book: Rulebook | None = None
) -> Adjudication:
    """Adjudicate a situation under its ruleset, say where the other ruleset differs, list the rules cited."""
    book = book or current()
    result = how.compute(situation, book)
    result.rule = rule
    notes = list(result.notes)
    points = [p for p in result.ruleset_points or [] if p in book.rulesets]
    if points:
        notes += _compare(how, situation, result, book, points)
    result.notes = notes
    rules = cited(result)
    gaps = _french_gaps(result.ruleset, rules, book)
    result.notes = notes + gaps
    result.rules = rules
    return result


def procedure(
    name: str,
    how: Computation,
    model: type[BaseModel],
    title: str,
    rule: str,
    *,
    result_model: type[Adjudication],
) -> Procedure:
    """A kernel :class:`~adjudicator.registry.Procedure` running :func:`answer`."""

    def run(situation: Any) -> Adjudication:
        return answer(how, rule, situation)

    return Procedure(name, title, rule, model, result_model, run)


def declared(*procedures: Procedure) -> dict[str, Procedure]:
    """The situations a module computes, each with the choices it leaves to the player
    (:mod:`.decisions`) and the rulebook's worked examples (:mod:`.examples`): the module's
    ``SITUATIONS``, found through the package's ``SITUATION_MODULES``."""
    return declare_situations(procedures, DECISIONS, EXAMPLES)


def _other(ruleset: str) -> str:
    return "fr" if ruleset == "en" else "en"


def _compare(
    proc: Computation, situation: BaseModel, answer: Adjudication, book: Rulebook, points: list[str]
) -> list[Note]:
    """A note when the other ruleset's reading would give different odds or a different result."""
    other_name = _other(answer.ruleset)
    label = {"en": ("English", "anglaises"), "fr": ("French", "françaises")}
    entries = ", ".join(points)
    try:
        exact, result = proc.odds_and_result(
            situation.model_copy(update={"ruleset": other_name}), book
        )
    except InvalidSituation as exc:
        return [
            Note(
                en=f"Under the {label[other_name][0]} rules this situation is not allowed: {exc} (rulesets.yaml: {entries}).",
                fr=f"Selon les règles {label[other_name][1]} cette situation n’est pas permise : {exc} (rulesets.yaml : {entries}).",
                ruleset_entry=points[0],
            )
        ]
    changes_en, changes_fr = [], []
    own = _exact(answer)
    for key in sorted(set(own) | set(exact)):
        mine, theirs = own.get(key, "0"), exact.get(key, "0")
        if mine != theirs:
            changes_en.append(f"{key} {_percent(theirs)} instead of {_percent(mine)}")
            changes_fr.append(f"{key} {_percent(theirs, ' ')} au lieu de {_percent(mine, ' ')}")
    if answer.result is not None and result is not None:
        mine_r, theirs_r = _outcome(answer.result), _outcome(result)
        for key in sorted(set(mine_r) | set(theirs_r)):
            if mine_r.get(key) != theirs_r.get(key):
                changes_en.append(
                    f"result {key}: {theirs_r.get(key)!r} instead of {mine_r.get(key)!r}"
                )
                changes_fr.append(
                    f"résultat {key} : {theirs_r.get(key)!r} au lieu de {mine_r.get(key)!r}"
                )
    if not changes_en:
        return []
    return [
        Note(
            en=f"The {label[other_name][0]} rules would differ ({entries}): {'; '.join(changes_en)}.",
            fr=f"Les règles {label[other_name][1]} donneraient autre chose ({entries}) : {' ; '.join(changes_fr)}.",
            ruleset_entry=points[0],
        )
    ]


def _exact(answer: Adjudication) -> dict[str, str]:
    """The answer's exact odds of each outcome (Phantom Fury's answers give no nested sets)."""
    return {key: value for key, value in answer.exact.items() if isinstance(value, str)}


def _percent(exact: str, space: str = "") -> str:
    top, _, bottom = exact.partition("/")
    return f"{int(top) / int(bottom or 1) * 100:.4g}{space}%"


def _outcome(result: Outcome) -> dict[str, Any]:
    """A result's outcome fields as plain data (what the other ruleset's reading is compared on)."""
    data = result.model_dump()
    return {k: v for k, v in data.items() if k not in ("steps", "probabilities", "exact")}


def _french_gaps(ruleset: str, rules: list[str], book: Rulebook) -> list[Note]:
    if ruleset != "fr":
        return []
    missing = [rule for rule in rules if rule not in book.fr_ids]
    if not missing:
        return []
    ids = ", ".join(missing)
    return [
        Note(
            en=f"Not in the French source (which starts at 10.2): {ids}; the English text applies there.",
            fr=f"Absent de la source française (qui commence en 10.2) : {ids} ; le texte anglais s’applique.",
        )
    ]
