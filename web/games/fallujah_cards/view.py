"""The state as the JSON API gives it: the table as a player sees it (the Target, the hand with
each card's legal play and its reason, the piles with counts and Force totals, the deck count,
the cards still unseen, the score by both readings, the phase, what the game waits for and the
legal choices). The deck's order is never shown: only what the player has seen."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import (
    ARMOR,
    DISARM,
    INFANTRY,
    RECON,
    Card,
    card_list,
)
from adjudicator.games.fallujah_cards.cards import (
    type_names as printed_type_names,
)
from adjudicator.games.fallujah_cards.state import (
    HAND_LIMIT,
    PHASE_RULE,
    force_of,
    score,
    score_insurgency_only,
)
from web.i18n import english
from web.kernel import undo_view

from .advice import web_action
from .labels import LABELS
from .state import CardsState

#: printed type letter -> the type's printed name (CARD LIST NOTATION), read once: the rulebook's
#: data is read once per process, like the card list (each reading checks every data file)
type_names = cache(printed_type_names)

#: the seven phases of TURN SEQUENCE, in order
PHASES: tuple[str, ...] = ("search", "tactics", "asset", "destroy", "disarm", "recon", "regroup")


def card_json(index: int) -> dict[str, Any]:
    card = card_list().cards[index]
    return {"name": card.name, "slug": card.slug, "type": card.type, "type_name": type_names()[card.type],
            "force": card.force, "side": card.side, "note": card.note}


def _pile(cards: tuple[int, ...]) -> dict[str, Any]:
    return {"count": len(cards), "force": force_of(cards), "cards": [card_list().cards[i].name for i in cards]}


def _reason(table: Any, card: Card, kind: str) -> tuple[bool, str, dict[str, Any]]:
    """Whether tapping this hand card is a legal play now, and why: a key of :mod:`.labels`
    and its fields (the rule in words, with its rule id)."""
    cards = card_list().cards
    target = cards[table.target] if table.target is not None else None
    if kind == "destroy" and target is not None:
        fields = {"force": card.force, "target": target.name, "target_force": target.force,
                  "gain": target.force + (card.force or 0), "type": type_names()[card.type]}
        if card.destroys(target.force):
            return True, "why.destroys", fields
        if card.type == DISARM:
            return False, "why.disarm_only_bombs", fields
        if card.force is None:
            return False, "why.no_force", fields
        return False, "why.too_weak.destroy", fields
    if kind == "disarm" and target is not None:
        fields = {"force": card.force, "target": target.name, "target_force": target.force,
                  "gain": target.force + (card.force or 0)}
        if card.type == DISARM:
            return True, "why.disarm", fields
        if card.neutralizes(target.force):
            return True, "why.neutralizes", fields
        if card.type in (INFANTRY, ARMOR):
            return False, "why.too_weak.disarm", fields
        return False, "why.not_disarm", fields
    if kind == "recon":
        return (True, "why.recon", {}) if card.type == RECON else (False, "why.recon_only", {})
    if kind == "regroup":
        return True, "why.regroup", {"limit": HAND_LIMIT}
    return False, "", {}


def unseen(state: CardsState) -> list[dict[str, Any]]:
    """The cards of the deck the player has not seen (a Recon card's look excepted), with counts,
    in card-list order: every copy minus those turned over so far."""
    table = state.table()
    counts: Counter[int] = Counter(table.deck[table.seen_top:])
    for index, count in enumerate(table.unknown):
        counts[index] += count
    return [{"name": card_list().cards[i].name, "type": card_list().cards[i].type, "count": counts[i]}
            for i in sorted(counts) if counts[i]]




def computed(state: CardsState, game_id: str) -> dict[str, Any]:
    table = state.table()
    waiting = engine.pending(table)
    cards = card_list().cards
    hand = []
    for index in table.hand:
        legal, key, fields = _reason(table, cards[index], waiting.kind)
        hand.append({**card_json(index), "playable": legal, "reason": english(LABELS[key], **fields) if key else "",
                     "reason_key": key, "reason_fields": fields})
    return {
        "id": game_id,
        "game": "fallujah-cards",
        "version": state.version,
        "name": state.name,
        "mode": state.mode,
        "seed": state.seed,
        "phase": table.phase,
        "phase_rule": PHASE_RULE[table.phase],
        "phases": list(PHASES),
        "turn": table.turn,
        "over": table.over,
        "pending": {"kind": waiting.kind, "rule": waiting.rule, "prompt": waiting.prompt},
        "target": card_json(table.target) if table.target is not None else None,
        "hand": hand,
        "hand_limit": HAND_LIMIT,
        "discard_count": max(len(table.hand) - HAND_LIMIT, 0) if waiting.kind == "regroup" else 0,
        "deck_count": table.deck_size,
        "next_cards": [cards[i].name for i in table.looked_at()],
        "unseen": unseen(state),
        "casualty": _pile(table.casualty),
        "elimination": _pile(table.elimination),
        "discard": _pile(table.discard),
        "score": score(table),
        "score_other": score_insurgency_only(table),
        "options": [{"label": o.label, "action": web_action(o.action)} for o in engine.legal_decisions(table)],
        "said": list(table.said),
        **undo_view(state),
        "undo_block": state.undo_block,
    }


def state_text(state: CardsState, game_id: str) -> str:
    return json.dumps(computed(state, game_id), ensure_ascii=False, separators=(",", ":"))
