"""A readable breakdown of any game's adjudication: modifiers with their rule ids, odds as
percentages, the outcome step by step, the notes. Returns text; printing is the caller's business.
Words a game gives in English only are shown in English in a French breakdown.

The pieces are generic; a game package may compose its own breakdown from them (``RENDER`` in
the package: ``render(answer, lang) -> str``) to show its own fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from .models import Adjudication, Modifier

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rules": "rules",
        "modifiers": "Modifiers",
        "net": "net DRM",
        "odds": "Odds",
        "result": "Result",
        "notes": "Notes",
        "cited": "Rules cited",
        "none": "none",
        "pending": "waiting for",
        "if": "if",
        "what_if": "What if",
        "goal": "goal",
        "as_entered": "as entered",
        "best": "best",
        "summary": "Mean and spread",
        "mean": "mean",
        "sd": "sd",
        "at_least": "at least",
        "options": "Every legal choice, best first",
    },
    "fr": {
        "rules": "règles",
        "modifiers": "Modificateurs",
        "net": "modificateur net",
        "odds": "Chances",
        "result": "Résultat",
        "notes": "Remarques",
        "cited": "Règles citées",
        "none": "aucun",
        "pending": "en attente de",
        "if": "si",
        "what_if": "Et si",
        "goal": "but",
        "as_entered": "tel que saisi",
        "best": "meilleur",
        "summary": "Moyenne et dispersion",
        "mean": "moyenne",
        "sd": "écart type",
        "at_least": "au moins",
        "options": "Tous les choix permis, le meilleur d'abord",
    },
}


def modifier_lines(mods: Iterable[Any], words: Mapping[str, str], lang: str) -> list[str]:
    """One line per modifier: value, rule, reason and its condition."""
    lines = []
    for m in mods:
        m = m if isinstance(m, Modifier) else Modifier.model_validate(m)
        cond = f"  [{words['if']} {m.condition.removeprefix('if_')}]" if m.condition else ""
        lines.append(f"  {m.value:>+4d}  {m.rule:<9} {m.reason.text_in(lang)}{cond}")
    return lines or [f"  {words['none']}"]


def odds_lines(odds: Mapping[str, float]) -> list[str]:
    width = max((len(k) for k in odds), default=0)
    return [f"  {key:<{width}}  {value * 100:6.2f}%" for key, value in odds.items()]


def _plain(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


def result_lines(answer: Adjudication, words: Mapping[str, str], lang: str) -> list[str]:
    """The outcome's steps, what it waits for, and its other fields as ``key=value``."""
    result = _plain(answer.result)
    if not result:
        return []
    lines = ["", words["result"]]
    for step in result.get("steps", []):
        lines.append(f"  [{step['rule']}] {step.get(lang) or step['en']}")
    if result.get("pending"):
        lines.append(f"  ({words['pending']}: {', '.join(result['pending'])})")
    outcome = {
        k: v for k, v in result.items() if k not in ("steps", "pending", "probabilities", "events")
    }
    if outcome:
        lines.append("  " + ", ".join(f"{k}={v}" for k, v in outcome.items()))
    return lines


def what_if_lines(answer: Adjudication, lang: str) -> list[str]:
    """Each alternative of the choices left to the player, with its odds of the goal (or all
    its odds), the one entered and the best marked (issue 22)."""
    if not answer.what_if:
        return []
    w = WORDS.get(lang, WORDS["en"])
    goal = f" ({w['goal']}: {answer.goal.text_in(lang)})" if answer.goal else ""
    width = max(len(e.words.text_in(lang)) for e in answer.what_if)
    lines = ["", f"{w['what_if']}{goal}"]
    for e in answer.what_if:
        if e.success is not None:
            odds = f"{e.success * 100:6.2f}%"
        elif e.expected is not None:
            odds = f"{w['mean']} {e.expected:.2f}"
        else:
            odds = ", ".join(f"{k} {v * 100:.2f}%" for k, v in e.probabilities.items())
        marks = [m for m, on in ((w["as_entered"], e.current), (w["best"], e.choice in answer.best)) if on]
        tail = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"  {e.words.text_in(lang):<{width}}  {odds}  [{e.rule}]{tail}")
        lines += [f"      - {n.text_in(lang)}" for n in e.notes]
    return lines


def option_lines(answer: Adjudication, lang: str) -> list[str]:
    """A decision without dice: every legal choice, best first, the one entered marked."""
    if not answer.options:
        return []
    w = WORDS.get(lang, WORDS["en"])
    lines = ["", w["options"]]
    for i, o in enumerate(answer.options, 1):
        mark = f"  ({w['as_entered']})" if o.current else ""
        lines.append(f"  {i:>2}. {o.words.text_in(lang)}  [{o.rule}]{mark}")
    return lines


def summary_lines(answer: Adjudication, lang: str) -> list[str]:
    """Each numeric distribution's mean, deviation and chance of at least each value."""
    found = {k: v for k, v in (answer.summary or {}).items() if v.numeric and v.mean is not None}
    if not found:
        return []
    w = WORDS.get(lang, WORDS["en"])
    lines = ["", w["summary"]]
    for name, s in found.items():
        at_least = ", ".join(f"{k}+ {p * 100:.1f}%" for k, p in s.at_least.items())
        lines.append(f"  {name}: {w['mean']} {s.mean:.2f}, {w['sd']} {s.sd or 0:.2f}; {w['at_least']}: {at_least}")
    return lines


def tail_lines(answer: Adjudication, words: Mapping[str, str], lang: str) -> list[str]:
    """The summaries, the what-ifs, the notes and the rules cited."""
    lines: list[str] = summary_lines(answer, lang) + what_if_lines(answer, lang) + option_lines(answer, lang)
    if answer.notes:
        lines += ["", words["notes"]]
        for note in answer.notes:
            cite = f" ({note.rule})" if note.rule else ""
            lines.append(f"  - {note.text_in(lang)}{cite}")
    if answer.rules:
        lines += ["", f"{words['cited']}: {', '.join(answer.rules)}"]
    return lines


def modifier_sections(
    answer: Adjudication,
    words: Mapping[str, str],
    lang: str,
    side_heading: Callable[[str, int], str],
    heading: Callable[[int], str],
) -> list[str]:
    """The answer's modifiers under their headings: one section per side when it has sides
    (``side_heading`` names the side and its net), else one (``heading`` given the net)."""
    if isinstance(answer.modifiers, dict):
        drm = answer.drm if isinstance(answer.drm, dict) else {}
        lines: list[str] = []
        for side, mods in answer.modifiers.items():
            lines += ["", side_heading(side, drm.get(side, 0))] + modifier_lines(mods, words, lang)
        return lines
    if answer.modifiers:
        net = answer.drm if isinstance(answer.drm, int) else 0
        return ["", heading(net)] + modifier_lines(answer.modifiers, words, lang)
    return []


def render(answer: Adjudication, lang: str | None = None, title: str | None = None) -> str:
    """The generic breakdown in the answer's ruleset language, or in ``lang``."""
    lang = lang or answer.ruleset
    w = WORDS[lang]
    lines = [f"{title or answer.situation} ({w['rules']}: {answer.ruleset})"]
    lines += modifier_sections(
        answer,
        w,
        lang,
        lambda side, net: f"{w['modifiers']}: {side} ({w['net']} {net:+d})",
        lambda net: f"{w['modifiers']} ({w['net']} {net:+d})",
    )
    if answer.probabilities:
        lines += ["", w["odds"]] + odds_lines(answer.probabilities)
    for name, odds in (answer.distributions or {}).items():
        lines += ["", f"{w['odds']}: {name}"] + odds_lines(odds)
    if answer.steps:
        lines += [""] + [f"  [{step.rule}] {step.text_in(lang)}" for step in answer.steps]
    return "\n".join(lines + result_lines(answer, w, lang) + tail_lines(answer, w, lang))
