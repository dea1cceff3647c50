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
from web.calculator_strings import value_label
from web.i18n import in_lang
from web.translate import gettext as _

from .consequences import IDENTITY, Consequence, consequences
from .prefill import UNIT_SITUATIONS, Choice, PrefillError, choose, prefill
from .rules import rules
from .state import GameState, Position, UnitState

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
#: the rule a die rolled by the app cites (3)
ROLL_RULES = ("3",)


#: The field of each form that is the target Zone: changing it fills the form from that Zone.
ZONE_FIELDS: dict[str, str] = {
    "fire": "target.zone_number", "assault": "defender.zone_number",
    "suspect-activation": "zone_number", "defensive-fire": "zone_number",
}
#: Situations reading a Zone the form has no field for (its counts, its Security Element).
ZONE_PICKS = frozenset({"sniper-fire", "sniper-street", "insurgent-reaction"})
#: Where each situation's input holds the Location of the unit picked (to remember it, 4.2.1).
UNIT_LOCATION = {"fire": "shooter", "assault": "attacker", "defensive-fire": "squad", "pinned-recovery": ""}



def remembered_locations(game_id: str, state: GameState) -> dict[str, str]:
    """The Location of each unit as the log last gave it: the unit's move, else the Location entered
    for it in a recorded roll (an adjudication followed by an action on that unit: its Fired
    facing...), when no move came after. What the state knows (a move with its Location) wins."""
    first = max(0, state.version - generic.LOG_WINDOW)
    events = generic.store().log(game_id, after=first, limit=generic.LOG_WINDOW)["events"]
    found: dict[str, str] = {}
    pending: dict[str, Any] | None = None
    for event in events:
        if event["kind"] != "action" or event["undone"]:
            continue
        payload = event["payload"]
        kind = payload.get("type")
        unit = payload.get("unit")
        if kind in ("unit_move", "unit_enter", "unit_withdraw", "unit_eliminate") and unit:
            found.pop(unit, None)
            pending = None
        elif kind == "adjudication":
            pending = payload
        elif unit and pending is not None:
            holder = UNIT_LOCATION.get(pending.get("situation", ""))
            data = pending.get("input") or {}
            data = data.get(holder, {}) if holder else data
            if isinstance(data, dict) and isinstance(data.get("location"), str):
                found[unit] = data["location"]
            pending = None
    return found


def _with_location(unit: UnitState | None, remembered: dict[str, str]) -> UnitState | None:
    if unit is None or unit.position is None or unit.position.location is not None or unit.id not in remembered:
        return unit
    position = Position(zone=unit.position.zone, location=remembered[unit.id])  # type: ignore[arg-type]
    return unit.model_copy(update={"position": position})


def _unit_words(unit: UnitState) -> str:
    return f"{value_label(unit.kind)} {unit.counter}"


def picks(state: GameState, situation: str, choice: Choice, remembered: dict[str, str]) -> list[generic.Pick]:
    """The unit and the Zone, as choices filling the form (no second picker for what the form has)."""
    out: list[generic.Pick] = []
    if situation in UNIT_SITUATIONS:
        options = []
        for u in state.units:
            if u.where != "map" or u.position is None:
                continue
            u = _with_location(u, remembered) or u
            location = f" {value_label(u.position.location)}" if u.position and u.position.location else ""
            options.append((u.id, _("%(unit)s · Zone %(zone)s%(location)s · CF %(cf)s", unit=_unit_words(u), zone=u.position.zone if u.position else "",
                                                location=location, cf=u.current_cf)))
        out.append(generic.Pick("unit", _("Counter on the map"), choice.unit.id if choice.unit else "", tuple(options)))
    if situation in ZONE_FIELDS:
        out.append(generic.Pick("zone", _("Target Zone"), str(choice.zone.number) if choice.zone else "",
                                target_zones(state), path=ZONE_FIELDS[situation]))
    elif situation in ZONE_PICKS:
        out.append(generic.Pick("zone", _("Target Zone"), str(choice.zone.number) if choice.zone else "",
                                minimum=1, maximum=len(state.zones)))
    return out


def target_zones(state: GameState) -> tuple[tuple[str, str], ...]:
    """Every Zone as a choice, those holding 'Suspect' markers or 'Insurgents' units as the state
    counts them first (5.2, 5.3), each with its counts: one tap picks the target's Zone. The others
    follow (counts the player did not key); the rules' Adjacent or Neighbouring Zone (11.1, 13) is
    the player's to read on the map."""
    held = [z for z in state.zones if z.suspects or z.insurgents]
    others = [z for z in state.zones if not (z.suspects or z.insurgents)]
    return tuple((str(z.number), _("Zone %(zone)s · %(suspects)s 'Suspect' · %(insurgents)s 'Insurgents'",
                                   zone=z.number, suspects=z.suspects, insurgents=z.insurgents)) for z in held) + \
        tuple((str(z.number), _("Zone %(n)s", n=z.number)) for z in others)


def warnings(state: GameState, situation: str, choice: Choice) -> list[generic.Warning]:
    """Soft warnings: a squad firing from a Zone not under USMC Control (11.1); the player may
    override (the adjudicator then reads the Zone as Controlled, and the reason is logged)."""
    unit = choice.unit
    if situation != "fire" or unit is None or unit.kind == "abrams" or unit.position is None:
        return []
    zone = state.zone(unit.position.zone)
    if zone is None or zone.control == "usmc":
        return []
    words = {"unit": _unit_words(unit), "zone": zone.number}
    both = []
    for lang in ("en", "fr"):
        with in_lang(lang):
            both.append(_("%(unit)s is in Zone %(zone)s, which is not under USMC Control: a squad fires only "
                          "from a Zone the player Controls.", **words))
    return [generic.Warning(both[0], both[1],
                            ("11.1", "14.1"), {"shooter.zone_controlled": True})]


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

    def listed(then: GameState, payload: dict[str, Any]) -> list[Consequence]:
        # the units and Zone chosen as they were when the roll was recorded
        chosen = Choice(unit=then.unit(choice.unit.id) if choice.unit else None,
                        zone=then.zone(choice.zone.number) if choice.zone else None,
                        location=choice.location, target=choice.target)
        return consequences(then, situation, payload["input"], payload["result"], chosen)

    return generic.recorded(game_id, situation, listed, IDENTITY)


def page(game_id: str, situation: str, game: dict[str, Any]) -> str:
    state: GameState = generic.store().state(game_id)  # type: ignore[assignment]
    choice = _choice(state)
    remembered = remembered_locations(game_id, state)
    choice = Choice(unit=_with_location(choice.unit, remembered), zone=choice.zone, location=choice.location,
                    target=choice.target)
    try:
        data = prefill(state, situation, choice)
    except PrefillError as exc:
        generic.bad_query(str(exc))
        raise
    recorded = _recorded(game_id, situation, choice)
    if recorded is not None:
        data = recorded["payload"]["input"]
    query = {k: v for k, v in request.args.items() if k in ("unit", "zone", "location", "target")}
    return generic.page(situation, data, game=game, choice=choice, recorded=recorded, query=query,
                        picks=picks(state, situation, choice, remembered),
                        warnings=[] if recorded else warnings(state, situation, choice),
                        page_url=generic.page_url(game_id, situation, query))
