"""The card game's pages: the game (phone first: the Target, the hand as tappable cards, the
piles, the score, the advisor at each decision), its setup form and the statistics page."""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from web.pages.game import undo_redo
from web.translate import gettext as _

from . import advice, statistics
from .histogram import histogram


def _table(game: dict[str, Any]) -> Any:
    """The engine's state of a stored game, read back from the store."""
    from web.api import store

    return store().state(game["id"]).table()  # type: ignore[attr-defined]


def game_page(game_id: str, game: dict[str, Any]) -> str:
    table = _table(game)
    configured = current_app.config.get("CARDS_ADVISOR_ROLLOUTS", advice.ROLLOUTS)
    rollouts = None if configured is None else int(configured)
    try:
        answer = advice.cached(table, rollouts)
    except (ValueError, ArithmeticError, KeyError, IndexError):  # the page works without the advisor
        current_app.logger.exception("card game advisor failed on game %s version %s", game_id, game["version"])
        answer = None
    sentence = advice.sentence(answer, table) if answer else None
    expected = {}
    words = {}
    if answer:
        for estimate in answer["estimates"]:
            expected[_key(estimate["action"])] = estimate
            words[_key(estimate["action"])] = advice.choice_words(estimate["engine_action"], table)
    names = [c.name for c in card_list().cards]
    compare = _compare(game["score"]) if game["over"] else None
    return render_template(
        "fallujah_cards/game.html", game=game, undo=undo_redo(game_id, game), advice=answer, sentence=sentence,
        expected=expected, words=words, key=_key, card_names=names, unseen_names=[u["name"] for u in game["unseen"]],
        hand_names=sorted({c["name"] for c in game["hand"]}),
        waits_for_entry=engine.pending(table).kind in ("turn", "lost"), compare=compare,
        best=_key(answer["estimates"][0]["action"]) if answer else None,
        best_discard=answer["estimates"][0]["action"].get("cards", []) if answer else [],
        shown_missing=engine.shown_missing(table),
    )


def _compare(score: int) -> dict[str, Any] | None:
    """A final score against the greedy policy's games (statistics page): its mean and the share
    of its games that scored less."""
    greedy = next((f for f in statistics.policies() if f["policy"] == "greedy"), None)
    if greedy is None:
        return None
    histogram = {int(k): v for k, v in greedy["literal"]["histogram"].items()}
    below = sum(n for s, n in histogram.items() if s < score) / greedy["literal"]["games"]
    return {"mean": greedy["literal"]["mean"], "below": below, "games": greedy["literal"]["games"]}


def _key(action: dict[str, Any]) -> str:
    """A decision's key, to find its expected score: type and card(s)."""
    cards = action.get("cards")
    return f"{action['type']}:{action.get('card') or ','.join(sorted(cards or []))}"


def setup_context() -> dict[str, Any]:
    return {}


def statistics_page() -> str:
    figures = statistics.policies()
    charts = [
        histogram({int(k): v for k, v in f["literal"]["histogram"].items()}, _("Histogram of final scores: %(policy)s", policy=f["policy"]),
                  _("final score"), dom_id=f"hist-{f['policy']}")
        for f in figures
    ]
    return render_template("fallujah_cards/statistics.html", figures=list(zip(figures, charts, strict=True)),
                           gap=statistics.gap())
