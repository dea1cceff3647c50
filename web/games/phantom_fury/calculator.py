"""Phantom Fury's calculator: the rolls of each Phase, the prefilled page of a situation from
the game state (:mod:`.prefill`), and a recorded roll's consequences (:mod:`.consequences`).

``/games/<id>/calculator/<situation>?unit=&zone=&location=&target=`` fills the form; ``&recorded=
<version>`` shows a recorded adjudication and the actions it calls for, each marked once applied
(and not undone).
"""

from __future__ import annotations

from typing import Any

from flask import request

from web import calculator as generic

from .consequences import Consequence, consequences, identity_of
from .prefill import LOCATIONS, TARGET_UNITS, Choice, PrefillError, choose, prefill
from .rules import rules
from .state import GameState

#: The rolls of each Phase (8): offered first on the game's calculator page; Victory is always offered.
PHASE_SITUATIONS: dict[str, tuple[str, ...]] = {
    "support": ("support-mission", "insurgent-reaction"),  # 9.3, 9.4
    "reinforcements": (),
    "fire": ("fire", "suspect-activation", "sniper-fire"),  # 11.2, 5.3.3, 11.4.1
    "movement": ("defensive-fire", "sniper-street", "abrams-mc"),  # 12.7, 11.4.2, 12.6.1
    "assault": ("assault", "ied", "suspect-activation"),  # 13.4, 13.5, 13.4.1
    "reorganisation": ("pinned-recovery",),  # 14.3.4
}

#: Which d10 "Roll for me" rolls first: a 'Suspect' defender or firer is Activated first (13.4.1, 12.7).
DICE_STAGES: dict[str, list[dict[str, Any]]] = {
    "assault": [{"if": {"defender.unit": "suspect"}, "rolls": ["rolls.activation"]},
                {"rolls": ["rolls.usmc", "rolls.insurgent"]}],
    "defensive-fire": [{"if": {"insurgent.unit": "suspect"}, "rolls": ["rolls.fire", "rolls.check"]},
                       {"rolls": ["rolls.fire"]}],
    "sniper-street": [{"rolls": ["rolls.insurgents", "rolls.suspects"]}],
    "*": [{"rolls": ["roll"]}],
}

#: Fields entered after the odds are read besides the dice: a drawn 'Insurgents' counter's CF (5.2.1).
AFTER_ODDS = frozenset({"drawn_cf"})


def suggested(game: dict[str, Any]) -> tuple[str, ...]:
    return (*PHASE_SITUATIONS[game["phase"]], "victory")


def options() -> dict[str, tuple[str, ...]]:
    """The Support Missions by their table's keys (9.3)."""
    return {"mission": tuple(row.result for row in rules().missions.rows)}


def _choice(state: GameState) -> Choice:
    args = request.args
    try:
        return choose(state, unit=args.get("unit"), zone=args.get("zone"), location=args.get("location"),
                      target=args.get("target"))
    except PrefillError as exc:
        generic.bad_query(str(exc))
        raise


def _recorded(game_id: str, situation: str, choice: Choice) -> dict[str, Any] | None:
    """The recorded adjudication named by ``?recorded=``, its consequences and which were applied."""
    found = generic.recorded_event(game_id, situation)
    if found is None:
        return None
    event, later = found
    version, payload = event["version"], event["payload"]
    applied = {identity_of(p) for p in later}
    # the consequences as they were when the roll was recorded, so that applying one does not change the others
    then = generic.store().state_at(game_id, version)
    choice = Choice(unit=then.unit(choice.unit.id) if choice.unit else None,  # type: ignore[attr-defined]
                    zone=then.zone(choice.zone.number) if choice.zone else None,  # type: ignore[attr-defined]
                    location=choice.location, target=choice.target)
    listed: list[Consequence] = consequences(then, situation, payload["input"], payload["result"], choice)  # type: ignore[arg-type]
    return {
        "version": version, "payload": payload, "answer": payload["result"],
        "consequences": [(c, c.identity() in applied) for c in listed],
    }


def page(game_id: str, situation: str, game: dict[str, Any]) -> str:
    state: GameState = generic.store().state(game_id)  # type: ignore[assignment]
    choice = _choice(state)
    try:
        data = prefill(state, situation, choice)
    except PrefillError as exc:
        generic.bad_query(str(exc))
        raise
    recorded = _recorded(game_id, situation, choice)
    if recorded is not None:
        data = recorded["payload"]["input"]
    units = [u for u in state.units if u.where == "map"]
    query = {k: v for k, v in request.args.items() if k in ("unit", "zone", "location", "target")}
    return generic.page(situation, data, game=game, choice=choice, units=units, locations=LOCATIONS,
                        target_units=TARGET_UNITS, recorded=recorded, query=query,
                        zone_count=len(state.zones), pick_template="phantom_fury/calculator/_pick.html",
                        page_url=generic.page_url(game_id, situation, query))
