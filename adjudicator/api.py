"""One entry point for every situation: validate, compute, compare the two rulesets, cite.

>>> adjudicate("ied", {"cf": 5}).probabilities
{'pinned': 0.6, 'step_loss': 0.4}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from . import (
    abrams,
    activation,
    assault,
    defensive_fire,
    fire,
    ied,
    pinned,
    sniper,
    support,
    victory,
)
from .errors import InvalidSituation, Problem, from_validation_error
from .models import Adjudication, Note
from .rulebook import Rulebook, current


@dataclass(frozen=True)
class Procedure:
    """A situation the adjudicator knows: its input model and the function computing it."""

    name: str
    model: type[BaseModel]
    compute: Callable[[Any, Rulebook], Adjudication]
    summary: str
    #: the rule that governs the procedure, cited by every answer
    rule: str
    #: a lighter computation giving only the exact odds and the result, for the other ruleset
    brief: Callable[[Any, Rulebook], tuple[dict[str, str], dict | None]] | None = None

    def odds_and_result(self, situation: Any, book: Rulebook) -> tuple[dict[str, str], dict | None]:
        if self.brief is not None:
            return self.brief(situation, book)
        answer = self.compute(situation, book)
        return answer.exact, answer.result


SITUATIONS: dict[str, Procedure] = {
    p.name: p
    for p in (
        Procedure("fire", fire.FireSituation, fire.adjudicate, "Fire Combat (11.1, 11.2)", "11.2"),
        Procedure(
            "suspect-activation",
            activation.ActivationSituation,
            activation.adjudicate,
            "Activating a 'Suspect' marker (5.3.3, 5.3.4, 6.2)",
            "5.3.1",
        ),
        Procedure(
            "sniper-fire",
            sniper.SniperFireSituation,
            sniper.adjudicate_fire,
            "Sniper Attack after Fire (11.4.1)",
            "11.4.1",
        ),
        Procedure(
            "sniper-street",
            sniper.SniperStreetSituation,
            sniper.adjudicate_street,
            "Sniper Attack while crossing a Street Section (11.4.2)",
            "11.4.2",
        ),
        Procedure(
            "defensive-fire",
            defensive_fire.DefensiveFireSituation,
            defensive_fire.adjudicate,
            "Defensive Fire (12.7)",
            "12.7.2",
        ),
        Procedure("ied", ied.IedSituation, ied.adjudicate, "IED Attack (13.5)", "13.5"),
        Procedure(
            "assault",
            assault.AssaultSituation,
            assault.adjudicate,
            "Assault (13.1-13.4, 13.6.4, 13.7)",
            "13.4",
            assault.brief,
        ),
        Procedure(
            "pinned-recovery",
            pinned.PinnedSituation,
            pinned.adjudicate,
            "Pinned recovery (14.3.4)",
            "14.3.4",
        ),
        Procedure(
            "abrams-mc",
            abrams.AbramsSituation,
            abrams.adjudicate,
            "M1A1 Abrams Movement Capacity (12.6.1)",
            "12.6.1",
        ),
        Procedure(
            "support-mission",
            support.MissionSituation,
            support.adjudicate_mission,
            "Support Missions (9.3)",
            "9.3",
        ),
        Procedure(
            "insurgent-reaction",
            support.ReactionSituation,
            support.adjudicate_reaction,
            "Insurgent Reaction (9.4)",
            "9.4.1",
        ),
        Procedure(
            "victory",
            victory.VictorySituation,
            victory.adjudicate,
            "Victory Points and level (7.1, 7.2, 15)",
            "7.2.1",
        ),
    )
}


def procedure(name: str) -> Procedure:
    try:
        return SITUATIONS[name]
    except KeyError:
        raise InvalidSituation(
            Problem("situation", name, f"one of {', '.join(SITUATIONS)}")
        ) from None


def parse(name: str, data: Mapping[str, Any] | BaseModel) -> BaseModel:
    """The situation's input model, or :class:`InvalidSituation` naming each bad field."""
    model = procedure(name).model
    if isinstance(data, model):
        return data
    if isinstance(data, BaseModel):
        data = data.model_dump()
    if not isinstance(data, Mapping):
        raise InvalidSituation(Problem("situation", data, "a JSON object"))
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        raise from_validation_error(exc) from None


def adjudicate(
    name: str, data: Mapping[str, Any] | BaseModel, book: Rulebook | None = None
) -> Adjudication:
    """Adjudicate a situation under its ruleset, say where the other ruleset differs, list the rules cited."""
    book = book or current()
    proc = procedure(name)
    situation = parse(name, data)
    answer = proc.compute(situation, book)
    answer.rule = proc.rule
    notes = list(answer.notes)
    points = [p for p in (answer.model_extra or {}).get("ruleset_points", []) if p in book.rulesets]
    if points:
        notes += _compare(proc, situation, answer, book, points)
    answer.notes = notes
    rules = cited(answer)
    gaps = _french_gaps(answer.ruleset, rules, book)
    answer.notes = notes + gaps
    answer.rules = rules
    return answer


def _other(ruleset: str) -> str:
    return "fr" if ruleset == "en" else "en"


def _compare(
    proc: Procedure, situation: BaseModel, answer: Adjudication, book: Rulebook, points: list[str]
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
    for key in sorted(set(answer.exact) | set(exact)):
        mine, theirs = answer.exact.get(key, "0"), exact.get(key, "0")
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


def _percent(exact: str, space: str = "") -> str:
    top, _, bottom = exact.partition("/")
    return f"{int(top) / int(bottom or 1) * 100:.4g}{space}%"


def _outcome(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("steps", "probabilities", "exact")}


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


def _id_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in rule.split("."))


def cited(answer: Adjudication) -> list[str]:
    """Every rule id cited in the answer: modifiers, CF adjustments, notes, steps, events."""
    found: dict[str, None] = {}
    containers = (dict, list, BaseModel)

    def walk(value: Any) -> None:
        if isinstance(value, BaseModel):
            rule = getattr(value, "rule", None)
            if isinstance(rule, str):
                found[rule] = None
            for item in value.__dict__.values():
                if isinstance(item, containers):
                    walk(item)
        elif isinstance(value, dict):
            rule = value.get("rule")
            if isinstance(rule, str):
                found[rule] = None
            for item in value.values():
                if isinstance(item, containers):
                    walk(item)
        else:
            for item in value:
                if isinstance(item, containers):
                    walk(item)

    rule = (answer.model_extra or {}).get("rule")
    if isinstance(rule, str):
        found[rule] = None
    extras = [
        value
        for value in (answer.model_extra or {}).values()
        if isinstance(value, list)
        or (isinstance(value, dict) and ("modifiers" in value or "rule" in value))
    ]
    walk([answer.modifiers, answer.notes, answer.result or {}, extras])
    return sorted(found, key=_id_key)
