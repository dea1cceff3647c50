"""The card game's log in words (``Companion.describe`` and ``Companion.section``): one sentence
per action in the interface's language, grouped under its turn and phase."""

from __future__ import annotations

from typing import Any

from adjudicator.games.fallujah_cards.cards import card_list
from web.translate import gettext as _

from .state import CardsState

#: the phase labels the log's headings use, game-scoped (``phase.fallujah-cards.<phase>``)
PHASE_KEY = "fallujah-cards.{phase}"


def section(state: CardsState) -> tuple[int, str]:
    """Where an action made on this state goes in the log: its turn and phase."""
    table = state.table()
    return table.turn, PHASE_KEY.format(phase=table.phase)


def describe(payload: dict[str, Any], before: CardsState | None, after: CardsState | None, lang: str) -> str | None:
    """One sentence for an action (None: the generic line)."""
    kind = payload.get("type")
    target = None
    placed = before.table().target if before is not None else None
    if placed is not None:
        target = card_list().cards[placed]
    if kind == "play" and target is not None:
        card = card_list().find(str(payload.get("card", "")))
        gain = target.force or 0
        gain += (card.force or 0) if card is not None else 0
        return _("The %(card)s is played on the %(target)s: both to the Elimination Pile (+%(gain)s)", card=payload.get("card"), target=target.name, gain=gain)
    if kind == "decline" and target is not None:
        return _("Cards kept: the %(target)s goes to the Casualty Pile (−%(loss)s)", target=target.name, loss=target.force or 0)
    if kind == "recon":
        return _("The %(card)s is played: a look at the next 5 cards", card=payload.get("card"))
    if kind == "pass":
        return _("The Recon card is kept for a later turn")
    if kind == "discard":
        return _("Discarded at Regroup: %(cards)s", cards=", ".join(map(str, payload.get("cards") or [])))
    if kind == "turn":
        return _("Turned over: the %(card)s", card=payload.get("card"))
    if kind == "lost":
        return _("Lost at random: the %(card)s", card=payload.get("card"))
    if kind == "note":
        return str(payload.get("text", ""))
    return None
