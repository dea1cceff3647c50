"""The card game's log in words (``Companion.describe`` and ``Companion.section``): one sentence
per action in the interface's language, grouped under its turn and phase."""

from __future__ import annotations

from typing import Any

from adjudicator.fallujah_cards.cards import card_list

from .state import CardsState
from .strings import STRINGS

#: the phase labels the log's headings use, game-scoped (``phase.fallujah-cards.<phase>``)
PHASE_KEY = "fallujah-cards.{phase}"


def _t(key: str, lang: str, **fields: Any) -> str:
    en, fr = STRINGS[key]
    return (fr if lang == "fr" else en).format(**fields)


def section(state: CardsState) -> tuple[int, str]:
    """Where an action made on this state goes in the log: its turn and phase."""
    return state.turn, PHASE_KEY.format(phase=state.phase)


def describe(payload: dict[str, Any], before: CardsState | None, after: CardsState | None, lang: str) -> str | None:
    """One sentence for an action (None: the generic line)."""
    kind = payload.get("type")
    target = None
    if before is not None and before.target is not None:
        target = card_list().cards[before.target]
    if kind == "play" and target is not None:
        card = card_list().find(str(payload.get("card", "")))
        gain = target.force or 0
        gain += (card.force or 0) if card is not None else 0
        return _t("log.say.play", lang, card=payload.get("card"), target=target.name, gain=gain)
    if kind == "decline" and target is not None:
        return _t("log.say.decline", lang, target=target.name, loss=target.force or 0)
    if kind == "recon":
        return _t("log.say.recon", lang, card=payload.get("card"))
    if kind == "pass":
        return _t("log.say.pass", lang)
    if kind == "discard":
        return _t("log.say.discard", lang, cards=", ".join(map(str, payload.get("cards") or [])))
    if kind == "turn":
        return _t("log.say.turn", lang, card=payload.get("card"))
    if kind == "lost":
        return _t("log.say.lost", lang, card=payload.get("card"))
    if kind == "note":
        return str(payload.get("text", ""))
    return None
