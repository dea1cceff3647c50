"""The adjudicator's answer as the calculator shows it, live or recorded: one renderer.

``POST /calculator/<situation>/answer?game=`` takes the situation (the JSON ``/api/adjudicate``
takes) and answers the page's pieces rendered by ``calculator/_answer.html`` (the odds by
question, the modifiers with their rules, the notes, the result step by step, the summary
line); ``calculator.js`` puts each in its place. A recorded roll's page renders the same
macros from the answer stored in the log. A refused situation answers 400 with the API's JSON
``problems``, which the script shows beside each field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from web.translate import gettext

from .calculator_strings import field_label
from .errors import Refused
from .i18n import current_lang, page_labels


@dataclass(frozen=True)
class Question:
    """One question the odds answer (a named distribution, or outcomes sharing a prefix):
    ``name`` "" when the answer asks one question only."""

    name: str
    items: list[tuple[str, float]]
    #: a named distribution's values (their exact odds are not the flat list's)
    distribution: bool = False


def percent(p: float) -> str:
    """A chance as the page writes it: 55.6 %, 50 % (55,6 % in French)."""
    return format_decimal(round(p * 1000) / 10, format="#,##0.#", locale=current_lang()) + " %"


def outcome(key: str) -> str:
    """An outcome's words (``calc.o.<key>``), else its name."""
    found = page_labels().get(f"calc.o.{key}")
    return str(found) if found is not None else key.replace("_", " ")


def _prefix(key: str, rest: list[str]) -> str:
    """The longest prefix (cut at "_") another outcome shares: "side_event_a" goes with "side_event_b"."""
    cut = key.rfind("_")
    while cut > 0:
        head = key[:cut]
        if any(other != key and other.startswith(head + "_") for other in rest):
            return head
        cut = key.rfind("_", 0, cut)
    return ""


def _number(key: str) -> float | None:
    try:
        return float(key)
    except ValueError:
        return None


def _ordered(items: list[tuple[str, float]], name: str = "") -> list[tuple[str, float]]:
    """A numeric distribution in the order of its values (a margin -3 before 3), else as given."""
    values = [_number(k[len(name) + 1:] if name and k.startswith(name + "_") else k) for k, _ in items]
    numbers = [v for v in values if v is not None]
    if items and len(numbers) == len(items):
        return [item for _, item in sorted(zip(numbers, items), key=lambda pair: pair[0])]
    return items


def labelled_distributions(answer: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Odds a situation gives beside ``distributions`` under a field of its own (e.g. a field
    ``after_hit``: what a hit reveals), shown when the game names them (``calc.o.q.<field>``)."""
    known = page_labels()
    return {name: value for name, value in answer.items()
            if f"calc.o.q.{name}" in known and name not in ("probabilities", "distributions") and isinstance(value, dict)
            and value and all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in value.values())}


def all_distributions(answer: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The answer's named distributions, then those under a field of their own."""
    return {**(answer.get("distributions") or {}), **labelled_distributions(answer)}


def questions(odds: dict[str, float] | None, distributions: dict[str, dict[str, float]] | None) -> list[Question]:
    """The odds by question, in the rule's order: the roll's outcomes first (outcomes of the flat
    list sharing a prefix go together), then each named distribution, its values in order (one
    question alone: a single list)."""
    odds = odds or {}
    known = page_labels()
    groups: list[Question] = []
    taken: set[str] = set()
    for name, dist in (distributions or {}).items():
        items = []
        for key, p in dist.items():
            flat = f"{name}_{key}"
            taken.add(flat)
            if p > 0:
                items.append((flat if f"calc.o.{flat}" in known or flat in odds else key, p))
        if items and not (len(items) == 1 and items[0][1] == 1):
            groups.append(Question(name, _ordered(items, name), distribution=True))
    rest = [k for k, p in odds.items() if k not in taken and p > 0]
    by_prefix: dict[str, list[tuple[str, float]]] = {}
    other: list[tuple[str, float]] = []
    for key in rest:
        head = _prefix(key, rest) if groups else ""
        if head:
            by_prefix.setdefault(head, []).append((key, odds[key]))
        else:
            other.append((key, odds[key]))
    first = [Question("other" if groups or by_prefix else "", _ordered(other))] if other else []
    return first + [Question(name, _ordered(items, name)) for name, items in by_prefix.items()] + groups


def question_summary(answer: dict[str, Any], group: Question) -> dict[str, Any] | None:
    """The adjudicator's reading of a numeric distribution (``summary[name]``: at least, at most,
    mean, deviation), when it gives one for this question."""
    found = (answer.get("summary") or {}).get(group.name) if group.name else None
    if not isinstance(found, dict) or not found.get("numeric") or not found.get("at_least"):
        return None
    return found


def at_value(table: dict[str, float], item: str, name: str) -> str:
    """A summary's chance for one of the question's values (its item key), as a percent."""
    key = item[len(name) + 1:] if item.startswith(name + "_") else item
    p = table.get(key)
    return percent(p) if isinstance(p, (int, float)) else "—"


def decimal(x: float | None) -> str:
    return "—" if x is None else format_decimal(round(x, 2), format="#,##0.##", locale=current_lang())


RESULT_SKIPPED = frozenset({"steps", "pending", "probabilities", "events", "outcome", "rule"})


def result_facts(result: dict[str, Any]) -> list[str]:
    """The outcome's other fields in words, in the order the procedure gives them: "<label>: 5",
    "<label>" (a fact that is true), never ``field_name=5``. A field is named
    by ``calc.r.<field>``, else its distribution's or outcome's label; lists and objects are left to
    the steps, which say them in the rule's words."""
    known = page_labels()
    facts = []
    for name, value in result.items():
        if name in RESULT_SKIPPED or value is None or value is False or isinstance(value, (list, dict)):
            continue
        words = next((str(known[k]) for k in (f"calc.r.{name}", f"calc.o.q.{name}", f"calc.o.{name}") if k in known),
                     name.replace("_", " "))
        facts.append(words if value is True else f"{words}: {outcome(str(value)) if isinstance(value, str) else value}")
    return facts


def question_title(name: str) -> str:
    found = page_labels().get(f"calc.o.q.{name}")
    return str(found) if found is not None else outcome(name)


def summary(groups: list[Question]) -> str:
    """The sticky one-line summary: each question's likeliest outcomes."""
    parts = []
    for group in groups:
        top = sorted(group.items, key=lambda item: -item[1])[: 1 if len(groups) > 1 else 3]
        words = " · ".join(f"{outcome(k)} {percent(p)}" for k, p in top)
        parts.append(f"{question_title(group.name)}: {words}" if group.name and len(groups) > 1 else words)
    return " | ".join(parts)


def cf_parts(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The values the adjudicator adjusts before the roll (``{base, modifiers, final}``)."""
    return [v for v in answer.values()
            if isinstance(v, dict) and isinstance(v.get("modifiers"), list) and "base" in v and "final" in v]


def modifier_rows(answer: dict[str, Any], cf_word: str) -> list[tuple[str | None, dict[str, Any]]]:
    """Each modifier with the side it belongs to (a CF's, a side's, or none)."""
    rows: list[tuple[str | None, dict[str, Any]]] = [(cf_word, m) for part in cf_parts(answer) for m in part["modifiers"]]
    mods = answer.get("modifiers")
    if isinstance(mods, list):
        rows += [(None, m) for m in mods]
    elif isinstance(mods, dict):
        rows += [(side, m) for side, listed in mods.items() for m in listed]
    return rows


def signed(value: Any) -> str:
    return f"+{value}" if isinstance(value, (int, float)) and value > 0 else str(value)


def drm_line(answer: dict[str, Any], cf_word: str, drm_word: str) -> str:
    """The net DRM (per side when there are several), after each adjusted CF."""
    drm = answer.get("drm")
    if drm is None:
        return ""
    total = ", ".join(f"{k} {signed(v)}" for k, v in drm.items()) if isinstance(drm, dict) else signed(drm)
    cfs = [f"{cf_word} {p['base']} → {p['final']}" for p in cf_parts(answer) if p["modifiers"]]
    return " · ".join([*cfs, f"{drm_word}: {total}"])


def words(text: Any) -> tuple[str, str]:
    """An answer's words in the page's language, else English: (text, its language)."""
    lang = current_lang()
    if not isinstance(text, dict):
        return ("", lang)
    if text.get(lang):
        return (str(text[lang]), lang)
    return (str(text.get("en") or ""), "en")


def pending_words(pending: list[Any], situation: str) -> str:
    """The dice still to roll, by their fields' words."""
    return ", ".join(field_label(str(name), situation) for name in pending)


def problem_words(field: str, allowed: str, rule: str | None, situation: str) -> str:
    """A refused field in the form's words: its label (a row's number after it), what is allowed,
    the rule: "<label> (<die>): <allowed> (<rule>)", never the field's dotted path."""
    rows = [str(int(part) + 1) for part in field.split(".") if part.isdigit()]
    where = field_label(field, situation) if field else ""
    if rows:
        where += " " + gettext("(row %(number)s)", number=", ".join(rows))
    cite = f" ({rule})" if rule else ""
    return f"{where}: {allowed}{cite}" if where else f"{allowed}{cite}"


def refusal(exc: Refused, situation: str) -> dict[str, Any]:
    """The live answer's 400: the API's problems, each with its ``words``, and the ``error`` line
    the page shows in full (the number of problems alone tells the player nothing)."""
    problems = [{**p.as_json(), "words": problem_words(p.field, p.allowed, p.rule, situation)} for p in exc.problems]
    return {"error": "; ".join(p["words"] for p in problems), "problems": problems}
