"""Calculator pages: one page per adjudicator situation of a game, free or prefilled from a game.

``/calculator/?game=`` lists a game's situations (the default game without ``?game=``);
``/calculator/<situation>?game=`` is the free calculator; ``/games/<id>/calculator/<situation>``
is the page of a stored game, prefilled by its game's companion (``Companion.calculator.page``).
The answer (odds, modifiers, notes, result) is rendered on the server by one renderer
(:mod:`web.calculator_answer`, ``calculator/_answer.html``), live from
``POST /calculator/<situation>/answer?game=`` as the form changes, and from the log for a recorded
roll; recording and applying go through the game's JSON API.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, abort, jsonify, render_template, request, url_for
from pydantic import BaseModel
from werkzeug.exceptions import HTTPException

from adjudicator import registry as situations_registry
from web.translate import gettext as _

from . import calculator_answer, consequence, prepare
from . import calculator_strings as strings
from . import games as registry
from .api import store
from .calculator_form import form, split, with_values
from .consequence import Consequence
from .errors import Refused
from .i18n import current_lang
from .pages.helpers import current_game, game_query, load_game, query_number, rule_url, rules_of
from .security import json_body

bp = Blueprint("calculator", __name__)

#: How far after a recorded adjudication the log is read to see which consequences were applied.
LOG_WINDOW = 1000


@dataclass(frozen=True)
class Pick:
    """A choice that fills the form from the game (a unit, a Zone): changing it reloads the page
    with ``?<query>=<value>``. With ``path`` it is that field of the form itself (no second
    control for the same thing); without, it opens the form, before the situation's own fields."""

    query: str
    label: str
    value: str = ""
    #: (value, label) of a select; empty for a number
    options: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    path: str | None = None


@dataclass(frozen=True)
class Warning:
    """A soft warning: the form contradicts a rule as the state reads it. The player may override
    it (a reason required, logged as a note before the record); ``fix`` is what the form sends
    once overridden (``{path: value}``)."""

    en: str
    fr: str
    rules: tuple[str, ...]
    fix: dict[str, Any]


def situations() -> dict[str, Any]:
    """The situations of the page's game, by name."""
    return dict(situations_registry.situations(current_game()))


def _situation(situation: str) -> str:
    known = situations()
    if situation not in known:
        if situations_registry.games_with(situation):  # another game's: say which game has it
            abort(404, description=str(situations_registry.UnknownSituation(situation, current_game())))
        abort(404, description=_("Unknown situation %(value)s: one of %(allowed)s.", value=repr(situation[:40]), allowed=", ".join(known)))
    return situation


def _other_lang_ids() -> dict[str, list[str]]:
    """The rule ids of each rulebook of the game (the script links a rule in the interface's
    language when that rulebook has it, else in another)."""
    game = rules_of()
    return {lang: sorted(game.corpus(lang).by_id) for lang in game.langs}


def _roll_hooks() -> dict[str, str]:
    """What "Roll for me" reads from the game's companion: which dice first, the rules a roll cites."""
    game = current_game()
    if not registry.has_companion(game):
        return {"dice_stages": "{}", "roll_rules": "[]"}
    hooks = registry.companion(game).calculator
    return {"dice_stages": json.dumps(hooks.dice_stages), "roll_rules": json.dumps(list(hooks.roll_rules))}


def rule_href(section_id: str) -> str:
    """The rule in the interface's language, or in another where that rulebook lacks it."""
    return rule_url(current_lang(), section_id)


@lru_cache(maxsize=256)
def _schema_text(model: type[BaseModel]) -> str:
    """A situation's input model's JSON schema, made once per model (pydantic builds it anew on
    each call: up to 5 ms for a large form); kept as text, so that each page reads its own copy."""
    return json.dumps(model.model_json_schema())


def page(situation: str, data: dict[str, Any], **extra: Any) -> str:
    """A situation's calculator page: the form from its input model holding ``data`` (prefilled
    values), the odds drawn by the script. ``extra``: the game's context (``game``, the pick
    form's template ``pick_template`` and its values, a ``recorded`` adjudication...)."""
    procedure = situations()[situation]
    schema = json.loads(_schema_text(procedure.input_model))
    fields, rolls = split(with_values(form(schema, current_game()), data))
    # roll order: who and the target (the sub-models, in the model's order), then the situation's
    # own fields (modifiers, markers), then the dice
    fields = [g for g in fields if g.name] + [g for g in fields if not g.name]
    picks: list[Pick] = list(extra.pop("picks", ()))
    extra.setdefault("warnings", [])
    langs = list(rules_of().langs)
    rulesets = langs if "ruleset" in schema.get("properties", {}) else []
    return render_template(
        "calculator/situation.html", situation=situation, procedure=procedure,
        groups=fields, rolls=rolls, strings=strings, ruleset=data.get("ruleset") or current_lang(),
        rulesets=rulesets, outcome_labels=strings.outcome_labels(current_lang()),
        rule_ids=_other_lang_ids(), game_kind=current_game(), game_query=game_query(),
        **_roll_hooks(),
        rule_href=rule_href, picks=[p for p in picks if p.path is None],
        field_picks={p.path: p for p in picks if p.path is not None}, **extra,
    )


@bp.context_processor
def _answer_view() -> dict[str, Any]:
    """What every calculator page's answer renderer reads (``calculator/_answer.html``)."""
    return {"A": calculator_answer, "strings": strings, "rule_href": rule_href}


@bp.post("/calculator/<situation>/answer")
def answer(situation: str) -> str | tuple[Response, int]:
    """The live answer to the form: its regions rendered as a recorded roll's are (a refused
    situation: 400 with the API's JSON problems, each naming its field)."""
    game = current_game()
    try:
        found = prepare.adjudicate(situation, json_body(), game).model_dump(mode="json")
    except Refused as exc:
        return jsonify(calculator_answer.refusal(exc, situation)), exc.status
    return render_template("calculator/answer.html", answer=found, situation=situation)


@bp.get("/calculator/")
def index() -> str:
    return render_template("calculator/index.html", situations=situations(), base="/calculator/",
                           rule_href=rule_href, query=game_query())


@bp.get("/calculator/<situation>")
def free(situation: str) -> str:
    return page(_situation(situation), {})


@bp.get("/games/<game_id>/calculator")
@bp.get("/games/<game_id>/calculator/")
def game_index(game_id: str) -> str:
    game = load_game(game_id)
    hooks = store().companion_of(game_id).calculator
    known = situations()
    suggested = tuple(name for name in hooks.suggested(game) if name in known)
    return render_template("calculator/index.html", situations=known, game=game, suggested=suggested,
                           base=f"/games/{game['id']}/calculator/", rule_href=rule_href, query={})


def recorded_event(game_id: str, situation: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The recorded adjudication named by ``?recorded=<version>`` (its event), and the actions
    applied after it (their payloads, undone ones left out); None without ``?recorded=``, a 400
    page when it names no adjudication of this situation."""
    raw = request.args.get("recorded")
    if raw is None:
        return None
    version = query_number(raw, 0, 10**9)
    if version is None:
        abort(400, description=_("recorded: %(value)s: the version of an adjudication of this game", value=repr(raw[:20])))
    events = store().log(game_id, after=version - 1, limit=LOG_WINDOW)["events"] if version else []
    event = events[0] if events and events[0]["version"] == version else None
    if event is None or event["type"] != "adjudication" or event["payload"].get("situation") != situation:
        abort(400, description=_("recorded: %(value)s: the version of an adjudication of this game", value=repr(raw[:20])))
    applied = [e["payload"] for e in events[1:] if e["kind"] == "action" and not e["undone"]]
    return event, applied


def recorded(game_id: str, situation: str, consequences_of: Callable[[Any, dict[str, Any]], list[Consequence]],
             identity: tuple[str, ...]) -> dict[str, Any] | None:
    """The recorded adjudication named by ``?recorded=`` (:func:`recorded_event`) as the page
    shows it: its version, payload and answer, and the consequences the game lists of it
    (``consequences_of(state, payload)``, on the state as it was when the roll was recorded, so
    that applying one does not change the others), each with whether it was applied
    (:func:`web.consequence.applied`); None without ``?recorded=``."""
    found = recorded_event(game_id, situation)
    if found is None:
        return None
    event, later = found
    payload = event["payload"]
    listed = consequences_of(store().state_at(game_id, event["version"]), payload)
    return {"version": event["version"], "payload": payload, "answer": payload["result"],
            "consequences": consequence.applied(listed, later, identity)}


@bp.get("/games/<game_id>/calculator/<situation>")
def for_game(game_id: str, situation: str) -> str:
    game = load_game(game_id)
    situation = _situation(situation)
    hooks = store().companion_of(game_id).calculator
    if hooks.page is None:
        return page(situation, {}, game=game)
    return hooks.page(game_id, situation, game)


def bad_query(message: str) -> None:
    """A 400 page: the query cannot prefill this calculator (the message names field, value, what is allowed)."""
    abort(400, description=f"{_('This calculator cannot be prefilled')}: {message}")


def page_url(game_id: str, situation: str, query: dict[str, Any]) -> str:
    return url_for("calculator.for_game", game_id=game_id, situation=situation, **query)


@bp.errorhandler(400)
@bp.errorhandler(404)
def _error(exc: HTTPException) -> tuple[str, int]:
    status = exc.code or 400
    return render_template("error.html", status=status, message=exc.description), status
