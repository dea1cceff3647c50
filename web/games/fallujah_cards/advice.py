"""The advisor at a decision, as the pages and the terminal show it (a thin adapter over
``adjudicator.games.fallujah_cards.advisor.advise``, which computes everything): each legal choice's
expected final score, best first, and one sentence ("Keep the M1 Abrams Tank: +6.1 points
expected (± 0.4) over “Play the M1 Abrams Tank”"). Answers are kept per table (:func:`cached`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from adjudicator.games.fallujah_cards import actions as engine_actions
from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.state import GameState as Table
from web.translate import gettext as _

#: Monte Carlo random games per choice when the exact answer is out of reach (None: the
#: advisor's own budget, about 40 ms of CPU an answer)
ROLLOUTS: int | None = None


def choice_words(action: Any, table: Table) -> str:
    """A choice in a few words, in the interface's language."""
    if isinstance(action, engine_actions.Play):
        return _("Play the %(card)s", card=action.card)
    if isinstance(action, engine_actions.Decline):
        held = engine.qualifying(table)
        if len(held) == 1:
            return _("Keep the %(card)s", card=card_list().cards[held[0]].name)
        return _("Keep your cards")
    if isinstance(action, engine_actions.Recon):
        return _("Play the %(card)s", card=action.card)
    if isinstance(action, engine_actions.Pass):
        return _("Keep the Recon card")
    return _("Discard %(cards)s", cards=", ".join(action.cards))


def web_action(action: Any) -> dict[str, Any]:
    """An engine decision as the companion's JSON action."""
    if action.action == "discard":
        return {"type": "discard", "cards": list(action.cards)}
    if action.action in ("play", "recon"):
        return {"type": action.action, "card": action.card}
    return {"type": action.action}


def compute(table: Table, rollouts: int | None = ROLLOUTS) -> dict[str, Any] | None:
    """The advisor's answer at a decision (None when the game waits for no decision), with
    English words; :func:`words` puts them in the interface's language."""
    if not engine.legal_decisions(table):
        return None
    # imported here: the advisor's compiled rollouts (numba, numpy) cost 0.6 s of CPU to import, which
    # ``fallujah play`` pays only when the player asks for advice
    from adjudicator.games.fallujah_cards.advisor import advise

    found = advise(table, rollouts=rollouts, seed=0)
    return {
        "method": found.method,
        "rollouts": found.rollouts,
        "policy": found.policy,
        "sentence": found.sentence,
        "estimates": [
            {"action": web_action(e.option.action), "label": e.option.label, "expected": e.expected,
             "exact": str(e.exact) if e.exact is not None else None, "se": e.se, "behind": e.behind,
             "behind_se": e.behind_se, "engine_action": e.option.action}
            for e in found.estimates
        ],
    }


@lru_cache(maxsize=512)
def cached(table: Table, rollouts: int | None = ROLLOUTS) -> dict[str, Any] | None:
    """:func:`compute`, kept for the last 512 (table, rollouts): the answer is a function of them
    alone (the advisor's seed is fixed), so every game at the same table shares it (two games dealt
    from the same seed, played the same way; a game reloaded at another version that is the same
    table). A table is frozen, hence a key."""
    return compute(table, rollouts)


def sentence(answer: dict[str, Any], table: Table) -> str:
    """The best choice against the best choice that differs from it, in one sentence (the
    advisor's own sentence, in the interface's language)."""
    estimates = answer["estimates"]
    best = estimates[0]
    other = next((e for e in estimates[1:] if e["behind"] > 0), None)
    if other is None:
        return _("Every choice gives the same expected final score: %(expected)s.", expected=f"{best['expected']:.1f}")
    margin = _("exact") if answer["method"] == "exact" else f"± {other['behind_se']:.1f}"
    return _("%(choice)s: +%(gain)s points expected (%(margin)s) over “%(other)s”; expected final score %(expected)s.", choice=choice_words(best["engine_action"], table),
             gain=f"{other['behind']:.1f}", margin=margin, other=choice_words(other["engine_action"], table),
             expected=f"{best['expected']:.1f}")
