"""A readable breakdown of an adjudication: modifiers with their rule ids, odds as percentages,
the outcome step by step, the notes. Returns text; printing is the caller's business."""

from __future__ import annotations

from typing import Any

from .models import Adjudication, Modifier

TITLES = {
    "fire": ("Fire Combat", "Tir"),
    "suspect-activation": ("'Suspect' marker Activation", "Activation d’un marqueur ‘Suspect’"),
    "sniper-fire": ("Sniper Attack after Fire", "Attaque de Sniper après un Tir"),
    "sniper-street": (
        "Sniper Attack in a Street Section",
        "Attaque de Sniper dans une Section de Rue",
    ),
    "defensive-fire": ("Defensive Fire", "Tir Défensif"),
    "ied": ("IED Attack", "Attaque d’IED"),
    "assault": ("Assault", "Assaut"),
    "pinned-recovery": ("Pinned recovery", "Fin du statut Pinned"),
    "abrams-mc": ("M1A1 Abrams Movement Capacity", "Capacité de Mouvement du M1A2 ‘Abrams’"),
    "support-mission": ("Support Mission", "Mission de soutien"),
    "insurgent-reaction": ("Insurgent Reaction", "Réaction insurgée"),
    "victory": ("Victory", "Victoire"),
}
WORDS = {
    "en": {
        "rules": "rules",
        "modifiers": "Modifiers",
        "net": "net DRM",
        "odds": "Odds",
        "result": "Result",
        "notes": "Notes",
        "cited": "Rules cited",
        "cf": "CF",
        "none": "none",
        "pending": "waiting for",
        "usmc": "USMC squad",
        "insurgent": "'Insurgents' unit",
        "type": "Assault type",
        "vp": "Victory Points",
        "level": "level",
        "then": "After a hit",
        "if": "if",
    },
    "fr": {
        "rules": "règles",
        "modifiers": "Modificateurs",
        "net": "modificateur net",
        "odds": "Chances",
        "result": "Résultat",
        "notes": "Remarques",
        "cited": "Règles citées",
        "cf": "FC",
        "none": "aucun",
        "pending": "en attente de",
        "usmc": "squad USMC",
        "insurgent": "unité ‘Insurgés’",
        "type": "Type d’Assaut",
        "vp": "Points de Victoire",
        "level": "niveau",
        "then": "Après un succès",
        "if": "si",
    },
}


def _modifier_lines(mods: list[Any], lang: str) -> list[str]:
    lines = []
    for m in mods:
        m = m if isinstance(m, Modifier) else Modifier.model_validate(m)
        cond = f"  [{WORDS[lang]['if']} {m.condition.removeprefix('if_')}]" if m.condition else ""
        lines.append(f"  {m.value:>+4d}  {m.rule:<9} {getattr(m.reason, lang)}{cond}")
    return lines or [f"  {WORDS[lang]['none']}"]


def _odds(odds: dict[str, float]) -> list[str]:
    width = max((len(k) for k in odds), default=0)
    return [f"  {key:<{width}}  {value * 100:6.2f}%" for key, value in odds.items()]


def _cf(block: dict | None, lang: str) -> list[str]:
    if not block:
        return []
    parts = [str(block["base"])]
    for m in block.get("modifiers", []):
        parts.append(f"{m['value']:+d} ({m['rule']})")
    return [f"{WORDS[lang]['cf']}: {' '.join(parts)} = {block['final']}"]


def render(answer: Adjudication, lang: str | None = None) -> str:
    """The breakdown in the answer's ruleset language, or in ``lang``."""
    lang = lang or answer.ruleset
    w = WORDS[lang]
    extra = answer.model_extra or {}
    en, fr = TITLES.get(answer.situation, (answer.situation, answer.situation))
    lines = [f"{en if lang == 'en' else fr} ({w['rules']}: {answer.ruleset})"]
    if "assault_type" in extra:
        lines.append(f"{w['type']}: {extra['assault_type']} ({extra.get('assault_type_rule', '')})")
    lines += _cf(extra.get("cf"), lang) + _cf(extra.get("squad_cf"), lang)
    if isinstance(answer.modifiers, dict):
        drm = answer.drm if isinstance(answer.drm, dict) else {}
        for side, mods in answer.modifiers.items():
            lines += [
                "",
                f"{w['modifiers']}: {w.get(side, side)} ({w['net']} {drm.get(side, 0):+d})",
            ]
            lines += _modifier_lines(mods, lang)
    elif answer.modifiers or answer.situation in ("fire", "defensive-fire", "pinned-recovery"):
        title = w["vp"] if answer.situation == "victory" else w["modifiers"]
        net = "" if answer.situation == "victory" else f" ({w['net']} {answer.drm:+d})"
        lines += ["", f"{title}{net}"] + _modifier_lines(list(answer.modifiers), lang)
    if answer.probabilities:
        lines += ["", w["odds"]] + _odds(answer.probabilities)
    if "after_hit" in extra:
        lines += ["", w["then"]] + _odds(extra["after_hit"])
    if "vp" in extra:
        lines += ["", f"{w['vp']}: {extra['vp']} ({w['level']}: {extra['level']})"]
    if answer.result:
        lines += ["", w["result"]]
        for step in answer.result.get("steps", []):
            lines.append(f"  [{step['rule']}] {step[lang]}")
        if answer.result.get("pending"):
            lines.append(f"  ({w['pending']}: {', '.join(answer.result['pending'])})")
        outcome = {
            k: v
            for k, v in answer.result.items()
            if k not in ("steps", "pending", "probabilities", "events")
        }
        if outcome:
            lines.append("  " + ", ".join(f"{k}={v}" for k, v in outcome.items()))
    if answer.notes:
        lines += ["", w["notes"]]
        for note in answer.notes:
            cite = f" ({note.rule})" if note.rule else ""
            lines.append(f"  - {getattr(note, lang)}{cite}")
    if answer.rules:
        lines += ["", f"{w['cited']}: {', '.join(answer.rules)}"]
    return "\n".join(lines)
