"""Calculator pages: one page per adjudicator situation, free or prefilled from a game.

``/calculator/`` lists the situations; ``/calculator/<situation>`` is the free calculator;
``/games/<id>/calculator/<situation>?unit=&zone=&location=&target=`` fills the form from the
game state (:mod:`web.game.prefill`). The odds are the adjudicator's, fetched live by
``static/calculator.js`` from ``POST /api/adjudicate/<situation>``; recording and applying go
through the game's JSON API. ``&recorded=<version>`` shows a recorded adjudication and the
actions it calls for (:mod:`web.game.consequences`), each marked once applied (and not undone).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from adjudicator import SITUATIONS

from . import calculator_strings as strings
from .api import store
from .calculator_form import form, split, with_values
from .game.consequences import Consequence, consequences, identity_of
from .game.prefill import LOCATIONS, TARGET_UNITS, Choice, PrefillError, choose, prefill
from .game.state import GameState
from .i18n import current_lang, t
from .pages.helpers import load_game, query_number
from .pages.rules import rule_url

bp = Blueprint("calculator", __name__)

#: The rolls of each Phase (8): offered first on the game's calculator page; Victory is always offered.
PHASE_SITUATIONS: dict[str, tuple[str, ...]] = {
    "support": ("support-mission", "insurgent-reaction"),  # 9.3, 9.4
    "reinforcements": (),
    "fire": ("fire", "suspect-activation", "sniper-fire"),  # 11.2, 5.3.3, 11.4.1
    "movement": ("defensive-fire", "sniper-street", "abrams-mc"),  # 12.7, 11.4.2, 12.6.1
    "assault": ("assault", "ied", "suspect-activation"),  # 13.4, 13.5, 13.4.1
    "reorganisation": ("pinned-recovery",),  # 14.3.4
}

#: How far after a recorded adjudication the log is read to see which consequences were applied.
LOG_WINDOW = 1000


def _situation(situation: str) -> str:
    if situation not in SITUATIONS:
        abort(404, description=t("calc.unknown", value=situation[:40], allowed=", ".join(SITUATIONS)))
    return situation


def _french_ids() -> list[str]:
    return sorted(store().rules.game.corpus("fr").by_id)  # type: ignore[arg-type]


def rule_href(section_id: str) -> str:
    """The rule in the interface's language, or in English where the French source lacks it (before 10.2)."""
    lang = current_lang()
    if lang != "en" and section_id not in store().rules.game.corpus(lang).by_id:  # type: ignore[arg-type]
        lang = "en"
    return rule_url(lang, section_id)


def _page(situation: str, data: dict[str, Any], **extra: Any) -> str:
    fields, rolls = split(with_values(form(situation), data))
    return render_template(
        "calculator/situation.html", situation=situation, procedure=SITUATIONS[situation],
        groups=fields, rolls=rolls, strings=strings, ruleset=data.get("ruleset") or current_lang(),
        outcome_labels=strings.outcome_labels(current_lang()), french_ids=_french_ids(),
        rule_href=rule_href, **extra,
    )


@bp.get("/calculator/")
def index() -> str:
    return render_template("calculator/index.html", situations=SITUATIONS, base="/calculator/",
                           rule_href=rule_href)


@bp.get("/calculator/<situation>")
def free(situation: str) -> str:
    return _page(_situation(situation), {})


@bp.get("/games/<game_id>/calculator")
@bp.get("/games/<game_id>/calculator/")
def game_index(game_id: str) -> str:
    game = load_game(game_id)
    suggested = (*PHASE_SITUATIONS[game["phase"]], "victory")
    return render_template("calculator/index.html", situations=SITUATIONS, game=game, suggested=suggested,
                           base=f"/games/{game['id']}/calculator/", rule_href=rule_href)


def _choice(state: GameState) -> Choice:
    args = request.args
    try:
        return choose(state, unit=args.get("unit"), zone=args.get("zone"), location=args.get("location"),
                      target=args.get("target"))
    except PrefillError as exc:
        abort(400, description=f"{t('calc.bad_query')}: {exc}")


def _recorded(game_id: str, situation: str, choice: Choice) -> dict[str, Any] | None:
    """The recorded adjudication named by ``?recorded=``, its consequences and which were applied."""
    raw = request.args.get("recorded")
    if raw is None:
        return None
    version = query_number(raw, 0, 10**9)
    if version is None:
        abort(400, description=t("calc.recorded_missing", value=raw[:20]))
    events = store().log(game_id, after=version - 1, limit=LOG_WINDOW)["events"] if version else []
    event = events[0] if events and events[0]["version"] == version else None
    if event is None or event["type"] != "adjudication" or event["payload"].get("situation") != situation:
        abort(400, description=t("calc.recorded_missing", value=raw[:20]))
    payload = event["payload"]
    applied = {identity_of(e["payload"]) for e in events[1:] if e["kind"] == "action" and not e["undone"]}
    # the consequences as they were when the roll was recorded, so that applying one does not change the others
    then = store().state_at(game_id, version)
    choice = Choice(unit=then.unit(choice.unit.id) if choice.unit else None,
                    zone=then.zone(choice.zone.number) if choice.zone else None,
                    location=choice.location, target=choice.target)
    found: list[Consequence] = consequences(then, situation, payload["input"], payload["result"], choice)
    return {
        "version": version, "payload": payload, "answer": payload["result"],
        "consequences": [(c, c.identity() in applied) for c in found],
    }


@bp.get("/games/<game_id>/calculator/<situation>")
def for_game(game_id: str, situation: str) -> str:
    game = load_game(game_id)
    situation = _situation(situation)
    state = store().state(game["id"])
    choice = _choice(state)
    try:
        data = prefill(state, situation, choice)
    except PrefillError as exc:
        abort(400, description=f"{t('calc.bad_query')}: {exc}")
    recorded = _recorded(game["id"], situation, choice)
    if recorded is not None:
        data = recorded["payload"]["input"]
    units = [u for u in state.units if u.where == "map"]
    query = {k: v for k, v in request.args.items() if k in ("unit", "zone", "location", "target")}
    return _page(situation, data, game=game, choice=choice, units=units, locations=LOCATIONS,
                 target_units=TARGET_UNITS, recorded=recorded, query=query,
                 page_url=url_for("calculator.for_game", game_id=game["id"], situation=situation, **query))


@bp.errorhandler(400)
@bp.errorhandler(404)
def _error(exc: HTTPException) -> tuple[str, int]:
    status = exc.code or 400
    return render_template("error.html", status=status, message=exc.description), status
