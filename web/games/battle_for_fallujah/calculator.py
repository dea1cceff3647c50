"""Battle for Fallujah's calculator: the rolls of each phase, each situation prefilled from the
game state (:mod:`.prefill`), and a recorded roll's consequences (:mod:`.consequences`).

``/games/<id>/calculator/operation?hex=&unit=&support=&mission=&attacker=`` builds both pools
from the hex; ``&recorded=<version>`` shows a recorded adjudication and the actions it calls for.
The Operation has its own page (its pools are lists of dice groups); every other situation is
the generic page.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, request

from adjudicator.games.battle_for_fallujah.data import book
from web import calculator as generic
from web.consequence import Consequence
from web.pages.helpers import query_in_range, query_number

from . import consequences as cons
from .prefill import Prefill, PrefillError, operation, simple
from .state import BATTALIONS, GameState

#: The rolls of each phase, offered first on the game's calculator list.
PHASE_SITUATIONS: dict[str, tuple[str, ...]] = {
    "intelligence": ("intelligence",),
    "activation": (),
    "operations": ("operation", "spend-margin", "insurgent-activation", "insurgent-reaction", "contact",
                   "level-of-resistance", "raid-defenders", "availability", "dice-pool"),
    "end_of_turn": ("end-of-turn-vp", "ceasefire", "reinforcements", "victory-level"),
}
QUERY = ("hex", "unit", "support", "mission", "attacker", "margin", "search_mof")
#: How many dice groups each side of the Operation form offers beyond the prefilled ones.
EXTRA_ROWS = 2
SOURCES = ("lead", "support", "resistance", "marker", "support_unit")
MISSIONS = ("assault", "raid", "search", "strike")
TERRAINS = ("open", "industrial", "urban", "dense_urban")


#: the rule a die rolled by the app cites (7.1)
ROLL_RULES = ("7.1",)


def suggested(game: dict[str, Any]) -> tuple[str, ...]:
    return PHASE_SITUATIONS.get(game["phase"], ())


def _query() -> dict[str, str]:
    return {k: v for k, v in request.args.items() if k in QUERY and v}


def _hex() -> int | None:
    return query_in_range("hex", 1, 32, lambda value: generic.bad_query(f"hex: {value}: a hex number from 1 to 32"),
                          blank_is_none=True)


def _prefill(state: GameState, situation: str) -> Prefill:
    args = request.args
    hex_ = _hex()
    try:
        if situation == "operation":
            mission = args.get("mission")
            attacker = args.get("attacker")
            if mission is not None and mission not in MISSIONS:
                raise PrefillError(f"mission: {mission[:20]!r}: one of {', '.join(MISSIONS)}")
            if attacker is not None and attacker not in ("coalition", "insurgency"):
                raise PrefillError(f"attacker: {attacker[:20]!r}: coalition or insurgency")
            return operation(state, hex_=hex_, unit=args.get("unit"), support_unit=args.get("support"),
                             mission=mission, attacker=attacker)
        out = simple(state, situation, hex_)
        if situation == "contact" and args.get("search_mof"):
            mof = query_number(args["search_mof"], 0, 99)
            if mof is not None:
                out.data["search_mof"] = mof
        if situation == "spend-margin":
            out.data = {k: v for k, v in (("mission", args.get("mission")), ("attacker", args.get("attacker"))) if v}
            margin = query_number(args.get("margin", ""), 0, 99) if args.get("margin") else None
            if margin is not None:
                out.data["margin"] = margin
            if out.hex:
                out.data.update(tracked_for_margin(state, out.hex))
        if situation == "availability" and args.get("unit"):
            counter = state.map.counter(args["unit"])
            if counter is None or counter.kind != "support":
                raise PrefillError(f"unit: {args['unit'][:24]!r}: a keyed Support unit")
            if counter.availability is not None:
                out.data["availability_number"] = counter.availability
            else:
                out.missing.append((f"{counter.id}: its Availability Number is not keyed: enter it", "5.5.1"))
        return out
    except PrefillError as exc:
        generic.bad_query(str(exc))
        raise


def tracked_for_margin(state: GameState, hex_: int) -> dict[str, Any]:
    """What the hex holds that bounds the spends of a margin: its Resistance Level, its Isolated
    Markers, its Wanted! Marker and its Insurgent units' steps (25.21.1: a unit's steps from the
    ``insurgent-steps`` table, by its keyed name; left out when a name is not in the table)."""
    held = state.hex(hex_)
    out: dict[str, Any] = {"isolated_markers_in_hex": len(held.isolated), "wanted_in_hex": held.wanted}
    if held.resistance:
        out["resistance_level"] = held.resistance
    steps = {str(row.result): int(row.value) for row in book().rows("insurgent-steps") if row.value is not None}
    keys = [name.strip().lower().replace(" ", "_") for name in held.insurgents]
    if all(k in steps for k in keys):
        out["insurgent_steps_in_hex"] = sum(steps[k] for k in keys)
    return out


def _recorded(game_id: str, situation: str, filled: Prefill) -> dict[str, Any] | None:
    ctx = {"hex": filled.hex, "lead": filled.lead, "units": filled.units, "support_unit": filled.support_unit,
           "unit": request.args.get("unit")}

    def listed(then: GameState, payload: dict[str, Any]) -> list[Consequence]:
        return cons.consequences(then, situation, payload["input"], payload["result"], ctx)

    return generic.recorded(game_id, situation, listed, cons.IDENTITY)


def _rows(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*parts, *({} for _ in range(EXTRA_ROWS))]


def page(game_id: str, situation: str, game: dict[str, Any]) -> str:
    state: GameState = generic.store().state(game_id)  # type: ignore[assignment]
    filled = _prefill(state, situation)
    recorded = _recorded(game_id, situation, filled)
    data = recorded["payload"]["input"] if recorded is not None else filled.data
    query = _query()
    page_url = generic.page_url(game_id, situation, query)
    hexes = [{"number": h.number, "units": [u.id for u in state.units_in(h.number)]} for h in state.hexes]
    context: dict[str, Any] = {
        "game": game, "missing": filled.missing, "recorded": recorded, "query": query, "page_url": page_url,
        "pick_template": "battle_for_fallujah/calculator/_pick.html", "hexes": hexes,
        "placed": [u for u in state.units if u.hex is not None],
        "support_units": [c for c in state.map.coalition if c.kind == "support"],
        "battalions": BATTALIONS, "chosen_hex": filled.hex,
    }
    if situation != "operation":
        return generic.page(situation, data, **context)
    procedure = generic.situations()[situation]
    return render_template(
        "battle_for_fallujah/calculator/operation.html", situation=situation, procedure=procedure, data=data,
        attacking=_rows(list(data.get("attacking") or [])), defending=_rows(list(data.get("defending") or [])),
        rolls=data.get("rolls") or {}, sources=SOURCES, missions=MISSIONS, terrains=TERRAINS,
        outcome_labels={}, rule_ids={"en": sorted(generic.rules_of().corpus("en").by_id)},
        game_kind="battle-for-fallujah", dice_stages="{}", roll_rules='["7.1"]', rule_href=generic.rule_href,
        strings=generic.strings, **context)
