"""The readable breakdown ``fallujah adjudicate --game battle-for-fallujah`` prints."""

from __future__ import annotations

from ...models import Adjudication
from ...render import WORDS, modifier_sections, odds_lines, result_lines, tail_lines


def _dist_line(name: str, dist: dict[str, float]) -> str:
    shown = "  ".join(f"{k}:{v * 100:.1f}%" for k, v in dist.items() if v >= 0.0005)
    return f"  {name:<24} {shown}"


def render(answer: Adjudication, lang: str | None = None) -> str:
    lang = lang or "en"
    w = WORDS.get(lang, WORDS["en"])
    lines = [f"{answer.situation} (rule {getattr(answer, 'rule', '')})"]
    lines += modifier_sections(
        answer, w, lang, lambda side, dice: f"{side} pool: {dice} dice", lambda _net: "Dice / modifiers"
    )
    dice = getattr(answer, "dice", None)
    if isinstance(dice, int):
        other = getattr(answer, "dice_other_reading", dice)
        lines += ["", f"Dice rolled: {dice}" + (f" (other reading: {other})" if other != dice else "")]
    if answer.probabilities:
        lines += ["", w["odds"]] + odds_lines(answer.probabilities)
    dists = getattr(answer, "distributions", None) or {}
    if dists:
        lines += ["", "Distributions"] + [_dist_line(k, v) for k, v in dists.items() if v]
    return "\n".join(lines + result_lines(answer, w, lang) + tail_lines(answer, w, lang))
