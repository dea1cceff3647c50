"""Phantom Fury's readable breakdown: the kernel's pieces (:mod:`adjudicator.render`) with the
game's titles and words, its CF blocks, Assault type, odds after a hit and Victory Points."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ...models import Adjudication
from ...render import WORDS as KERNEL_WORDS
from ...render import modifier_lines, odds_lines, result_lines, tail_lines

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
#: the game's own words (the kernel's: rules, modifiers, odds, result, notes...)
_GAME_WORDS = {
    "en": {
        "cf": "CF",
        "usmc": "USMC squad",
        "insurgent": "'Insurgents' unit",
        "type": "Assault type",
        "vp": "Victory Points",
        "level": "level",
        "then": "After a hit",
    },
    "fr": {
        "cf": "FC",
        "usmc": "squad USMC",
        "insurgent": "unité ‘Insurgés’",
        "type": "Type d’Assaut",
        "vp": "Points de Victoire",
        "level": "niveau",
        "then": "Après un succès",
    },
}
#: the kernel's words with the game's own
WORDS = {lang: {**KERNEL_WORDS[lang], **words} for lang, words in _GAME_WORDS.items()}


def _cf(block: Any, lang: str) -> list[str]:
    if not block:
        return []
    if isinstance(block, BaseModel):
        block = block.model_dump()
    parts = [str(block["base"])]
    for m in block.get("modifiers", []):
        parts.append(f"{m['value']:+d} ({m['rule']})")
    return [f"{WORDS[lang]['cf']}: {' '.join(parts)} = {block['final']}"]


def _field(answer: Adjudication, name: str) -> Any:
    """A field of the situation's own answer model, if it has it."""
    return getattr(answer, name, None)


def render(answer: Adjudication, lang: str | None = None) -> str:
    """The breakdown in the answer's ruleset language, or in ``lang``."""
    lang = lang or answer.ruleset
    w = WORDS[lang]
    en, fr = TITLES.get(answer.situation, (answer.situation, answer.situation))
    lines = [f"{en if lang == 'en' else fr} ({w['rules']}: {answer.ruleset})"]
    assault_type = _field(answer, "assault_type")
    if assault_type is not None:
        lines.append(f"{w['type']}: {assault_type} ({_field(answer, 'assault_type_rule') or ''})")
    lines += _cf(_field(answer, "cf"), lang) + _cf(_field(answer, "squad_cf"), lang)
    if isinstance(answer.modifiers, dict):
        drm = answer.drm if isinstance(answer.drm, dict) else {}
        for side, mods in answer.modifiers.items():
            lines += [
                "",
                f"{w['modifiers']}: {w.get(side, side)} ({w['net']} {drm.get(side, 0):+d})",
            ]
            lines += modifier_lines(mods, w, lang)
    elif answer.modifiers or answer.situation in ("fire", "defensive-fire", "pinned-recovery"):
        title = w["vp"] if answer.situation == "victory" else w["modifiers"]
        net = "" if answer.situation == "victory" else f" ({w['net']} {answer.drm:+d})"
        lines += ["", f"{title}{net}"] + modifier_lines(list(answer.modifiers), w, lang)
    if answer.probabilities:
        lines += ["", w["odds"]] + odds_lines(answer.probabilities)
    after_hit = _field(answer, "after_hit")
    if after_hit is not None:
        lines += ["", w["then"]] + odds_lines(after_hit)
    vp = _field(answer, "vp")
    if vp is not None:
        lines += ["", f"{w['vp']}: {vp} ({w['level']}: {_field(answer, 'level')})"]
    return "\n".join(lines + result_lines(answer, w, lang) + tail_lines(answer, w, lang))
