"""The state as the JSON API gives it: the stored fields (with the Zones' nature and the units'
current CF) plus what is computed from them (VP total and level, VP by turn, Missions left,
the Phase's reminders). Rendered to text with pydantic's serializer: a game's JSON is built once
per version, and the parts an event leaves alone are not serialised again (see :func:`_stored_text`)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from web.kernel import STACKS, undo_view
from web.paging import count_key, newest

from .reminders import reminders
from .rules import Rules
from .state import GameState, ledger_sums

#: JSON of the Zones, units and VP lines already rendered, by identity: the states are frozen
#: and an event copies the new state's unchanged Zones, units and ledger from the old one, so most
#: are the very objects rendered for the previous version. Each entry keeps its object alive, so
#: its id cannot name another object while the entry exists; the whole cache is dropped when full.
_RENDERED: dict[int, tuple[object, str]] = {}
_RENDERED_MAX = 20_000
#: The same for whole tuples of Zones, units or VP lines (a ledger's JSON grows with the game):
#: fewer of them.
_TUPLES: dict[int, tuple[object, str]] = {}
_TUPLES_MAX = 1_000


def vp_by_turn(state: GameState) -> list[dict[str, int]]:
    """The VP total at the end of each turn played so far (the last one: now)."""
    per_turn = [0] * (state.turn + 1)
    for turn, value in ledger_sums(state.vp_ledger)[1].items():
        per_turn[min(turn, state.turn)] += value
    total, out = 0, []
    for turn in range(1, state.turn + 1):
        total += per_turn[turn]
        out.append({"turn": turn, "vp": total})
    return out


def computed(state: GameState, game_id: str, rules: Rules) -> dict[str, Any]:
    """The fields the API adds to the stored state."""
    vp = state.vp
    return {
        "id": game_id,
        "vp": vp,
        "victory_level": rules.victory_level(vp),
        "vp_by_turn": vp_by_turn(state),
        count_key("vp_ledger"): len(state.vp_ledger),
        **undo_view(state),
        "reminders": [r.as_json() for r in reminders(state, rules)],
        "missions": [
            {"mission": row.result, "max": row.max, "used": state.missions_used.get(row.result, 0),
             "left": max((row.max or 0) - state.missions_used.get(row.result, 0), 0), "rule": "9.2"}
            for row in rules.missions.rows
        ],
    }


def _cached(cache: dict[int, tuple[object, str]], limit: int, obj: object, render: Any) -> str:
    hit = cache.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    text = render(obj)
    if len(cache) >= limit:
        cache.clear()
    cache[id(obj)] = (obj, text)
    return text


def _model_json(model: BaseModel) -> str:
    return _cached(_RENDERED, _RENDERED_MAX, model, BaseModel.model_dump_json)


def _tuple_json(items: tuple[BaseModel, ...]) -> str:
    return _cached(_TUPLES, _TUPLES_MAX, items, lambda models: "[" + ",".join(map(_model_json, models)) + "]")


def _stored_text(state: GameState) -> str:
    """``state.model_dump_json(exclude=STACKS)``, byte for byte, with the Zones, units
    and ledger taken from :data:`_RENDERED`, but only the ledger's newest lines (:mod:`web.paging`:
    the JSON does not grow with the game; ``vp_ledger_count`` says how many there are). The other fields are dumped by pydantic and the three
    put back in their place, just before ``"vp_ledger"`` and ``"missions_used"``: those keys' first
    occurrences are the keys themselves, since a JSON string holds no bare ``"``."""
    rest = state.model_dump_json(exclude={*STACKS, "zones", "units", "vp_ledger"})
    cut = rest.index(',"missions_used":')
    return "".join((
        rest[:cut],
        ',"zones":', _tuple_json(state.zones),
        ',"units":', _tuple_json(state.units),
        ',"vp_ledger":', _tuple_json(tuple(newest(state.vp_ledger))),
        rest[cut:],
    ))


def state_text(state: GameState, game_id: str, rules: Rules) -> str:
    """The state as a JSON object (text): the computed fields first, then the stored ones."""
    extra = json.dumps(computed(state, game_id, rules), ensure_ascii=False, separators=(",", ":"))
    return extra[:-1] + "," + _stored_text(state)[1:]


def state_json(state: GameState, game_id: str, rules: Rules) -> dict[str, Any]:
    """The same, as a dict (for pages and tests)."""
    return json.loads(state_text(state, game_id, rules))
