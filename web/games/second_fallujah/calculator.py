"""Second Fallujah's calculator hooks: the rolls of each Phase, every situation's input prefilled
from the game state (``?area=N``: a Coalition attack from that area with its lead and supporting
units, the defenders with their face's CF and Dug In, the area's TEM, mosque and riverbank), and
a recorded roll's consequences as undoable actions.

The bot situations are prefilled with the whole table state the bot reads (the adjudicator's
``TableState``), so that each is reachable from a game's calculator too.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.second_fallujah import data
from adjudicator.games.second_fallujah.common import SUPPORT_TYPES, US
from web import calculator as generic
from web.consequence import Consequence
from web.pages.helpers import query_in_range

from . import bot, table
from .state import GameState, UnitState

#: The rolls of each Phase (4), offered first; victory is always offered.
PHASE_SITUATIONS: dict[str, tuple[str, ...]] = {
    "action": ("coalition-attack", "fire-mission", "end-of-action-phase", "movement-cost", "insurgent-attack",
               "bot-impulse", "bot-casualties", "bot-reaction", "fedayeen-reaction", "cadre-reaction"),
    "regroup": ("bot-retreat",),
    "infiltration": (),
    "reset": (),
}


#: the rule a die rolled by the app cites (7.2.7)
ROLL_RULES = ("7.2.7",)


def suggested(game: dict[str, Any]) -> tuple[str, ...]:
    first = ("insurgent-setup", "bot-setup") if game.get("turn") == 8 and game.get("impulse") == 0 else ()
    return (*first, *PHASE_SITUATIONS[game["phase"]], "victory")


def _area() -> int | None:
    return query_in_range("area", 1, 51, lambda value: generic.bad_query(f"area: {value}: an area id from 1 to 51 (2)"),
                          blank_is_none=True)


def _coalition(state: GameState, area: int) -> list[UnitState]:
    return [u for u in state.units_in(area) if u.side == "coalition"]


def _insurgent(state: GameState, area: int) -> list[UnitState]:
    return [u for u in state.units_in(area) if u.side == "insurgent"]


def _defender(state: GameState, unit: UnitState) -> dict[str, Any]:
    found: dict[str, Any] = {"type": unit.type, "dug_in": unit.dug_in, "status": unit.status}
    cf = table.face_cf(state, unit)
    if cf is not None:
        found["cf"] = cf
    return found


def _attackers(state: GameState, area: int) -> dict[str, Any]:
    """7.2.1, 7.2.4: the lead is the Fresh unit with the highest keyed CF not in parentheses; the
    other Fresh units of the area support it. The player changes either on the page."""
    fresh = [u for u in _coalition(state, area) if u.status == "fresh"]
    leaders = [u for u in fresh if u.type not in SUPPORT_TYPES and state.counter(u).cf is not None
               and not state.counter(u).in_parentheses]
    out: dict[str, Any] = {}
    if leaders:
        lead = max(leaders, key=lambda u: state.counter(u).cf or 0)
        out["lead"] = {"type": lead.type, "nationality": lead.nationality, "cf": state.counter(lead).cf,
                       **({"battalion": lead.parent} if lead.parent else {})}
        fresh = [u for u in fresh if u.id != lead.id]
    out["supporting"] = [{"type": u.type, "nationality": u.nationality, **({"battalion": u.parent} if u.parent else {})}
                         for u in fresh if u.type != "riverine"]
    return out


def prefill(state: GameState, situation: str, area: int | None) -> dict[str, Any]:
    """The situation's input as far as the game state knows it."""
    data_: dict[str, Any] = {}
    tem = state.facts(area).tem if area else None
    if tem is not None:
        data_["tem"] = tem
    if situation == "coalition-attack" and area:
        riverine = next((u for u in state.units if u.type == "riverine"), None)
        data_.update(_attackers(state, area), area=area, impulse=state.impulse, mosque=area in data.mosque_areas(),
                     riverbank=area in data.riverbank_areas() and riverine is not None and riverine.status == "fresh",
                     defenders=[_defender(state, u) for u in _insurgent(state, area)])
    elif situation == "fire-mission" and area:
        here = _coalition(state, area)
        data_.update(area=area, impulse=state.impulse, mosque=area in data.mosque_areas(),
                     us_units_in_area=any(u.nationality in US for u in here),
                     iraqi_units_in_area=any(u.nationality == "iraqi" for u in here),
                     defenders=[_defender(state, u) for u in _insurgent(state, area)])
    elif situation == "insurgent-attack" and area:
        data_.update(attacker="militia", defenders=[
            {"type": u.type, "nationality": u.nationality, **({"cf": table.face_cf(state, u)} if table.face_cf(state, u) is not None else {})}
            for u in _coalition(state, area)])
    elif situation == "casualty-allocation" and area:
        data_.update(defenders=[{"id": u.id, **_defender(state, u)} for u in _insurgent(state, area)])
        if state.combat and state.combat.area == area:
            data_["cp"] = state.combat.insurgent_cp
    elif situation == "end-of-action-phase":
        data_["impulse"] = state.impulse
    elif situation == "victory":
        alive = [u for u in state.units if u.side == "insurgent" and u.location not in ("eliminated", "force_pool")]
        data_.update(fedayeen=sum(u.type == "fedayeen" for u in alive), cadre=sum(u.type == "cadre" for u in alive),
                     insurgent_areas=[a.id for a in state.areas if a.control == "insurgent"],
                     political_backlash=state.political_backlash)
    elif situation.startswith("bot-"):
        data_ = {"state": table.table_json(state), "dice": bot.dice_input(state)}
        if area and situation in ("bot-casualties", "bot-reaction"):
            data_["area"] = area
        if situation == "bot-casualties" and state.combat and state.combat.area:
            data_.update(area=state.combat.area, cp=state.combat.insurgent_cp)
    elif situation == "insurgent-setup" and area:
        data_["area"] = area
    return data_


def _declared_attacker(state: GameState) -> UnitState | None:
    """The Militia whose attack was just recorded: the first of the bot's declared attackers still
    on the map (14.1.2: each attacks individually, 7.3; each is eliminated after it, 7.3.4)."""
    record = state.bot_last
    if record is None or record.situation != "bot-impulse" or "attack_declared" not in record.applied:
        return None
    return next((u for a in record.decision.get("attackers") or [] if (u := state.unit(a)) is not None
                 and isinstance(u.location, int)), None)


#: the fields that say which consequence an applied action is (:func:`web.consequence.applied`)
IDENTITY = ("type", "delta", "unit", "status", "area")


def consequences(state: GameState, situation: str, answer: dict[str, Any],
                 query: dict[str, Any] | None = None) -> list[Consequence]:
    """What a recorded roll asks next, each an undoable action (or another calculator)."""
    outcome = answer.get("result") or {}
    out: list[Consequence] = []
    if outcome.get("political_backlash"):
        n = outcome["political_backlash"]
        out.append(Consequence(f"Political Backlash Track +{n}", f"Contrecoup politique +{n}", ("7.5",),
                               {"type": "backlash", "delta": n}))
    attacker = _declared_attacker(state) if situation == "insurgent-attack" and outcome.get("attacker_eliminated") else None
    if attacker is not None:
        out.append(Consequence(f"{attacker.label}: eliminated after its attack (back to the Force Pool)",
                               f"{attacker.label} : éliminée après son attaque (retour à la réserve)", ("7.3.4",),
                               {"type": "unit_eliminate", "unit": attacker.id}))
    if situation in ("coalition-attack", "fire-mission") and outcome.get("insurgent_cp") and state.variant == "two_player":
        out.append(Consequence("Allocate the Insurgent Casualty Points", "Répartir les points de pertes insurgés", ("8.2",),
                               calculator="casualty-allocation", query=dict(query or {})))
    return out


def page(game_id: str, situation: str, game: dict[str, Any]) -> str:
    state: GameState = generic.store().state(game_id)  # type: ignore[assignment]
    area = _area()
    data_ = prefill(state, situation, area)
    query = {"area": area} if area else {}

    def listed(then: GameState, payload: dict[str, Any]) -> list[Consequence]:
        return consequences(then, situation, payload["result"], query)

    recorded = generic.recorded(game_id, situation, listed, IDENTITY)
    if recorded is not None:
        data_ = recorded["payload"]["input"]
    return generic.page(situation, data_, game=game, recorded=recorded, query=query,
                        page_url=generic.page_url(game_id, situation, query))
