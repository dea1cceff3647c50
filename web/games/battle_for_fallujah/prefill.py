"""A calculator's input from the game state: an Operation from a hex and its units (terrain from
the keyed map, pools from the keyed counters, markers in the hex), the turn's rolls from the
tracks. What is not keyed is left blank and named in ``missing``: the page asks for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .state import LAST_TURN, CounterKey, Dice, GameState, InsurgentKey, UnitState


class PrefillError(ValueError):
    """A query that cannot prefill (names the field, the value and what is allowed)."""


@dataclass
class Prefill:
    data: dict[str, Any]
    #: what the player must enter because it is not keyed (each with its rule)
    missing: list[tuple[str, str]] = field(default_factory=list)
    #: the units taking part (for the consequences)
    lead: str | None = None
    units: list[str] = field(default_factory=list)
    support_unit: str | None = None
    hex: int | None = None


def _part(source: str, dice: Dice | None, name: str, unit: str | None = None) -> dict[str, Any]:
    part: dict[str, Any] = {"source": source, "name": name}
    if dice is not None:
        part[dice.colour] = dice.count
    if unit:
        part["unit"] = unit
    return part


def _rating(counter: CounterKey | InsurgentKey | None) -> int:
    return counter.proficiency.count if counter is not None and counter.proficiency else 0


def _coalition_pool(state: GameState, hex_: int, lead_ids: list[str], out: Prefill, *, defending: bool) -> list[dict[str, Any]]:
    """The Coalition pool: the Lead Element's Proficiency (17.2.1; the highest-rated of a formation,
    6.3.5; defending, the highest-rated unit including Ops Complete ones, 25.13.4), then the
    Support Ratings of the other units in the hex (17.2.2.1, 17.1.3.1)."""
    here = [u for u in state.units if u.hex == hex_]
    counters = {u.id: state.map.counter(u.id) for u in here}
    candidates = [u for u in here if u.id in lead_ids] if lead_ids else here
    candidates = [u for u in candidates if counters.get(u.id) and counters[u.id].kind != "support"]  # type: ignore[union-attr]
    if not candidates:
        return []
    lead = max(candidates, key=lambda u: _rating(counters[u.id]))
    out.lead = lead.id
    parts = []
    counter = counters[lead.id]
    assert counter is not None
    if counter.proficiency is None:
        out.missing.append((f"{lead.id}: its Proficiency (colour and number) is not keyed: enter its dice", "5.2.1"))
    parts.append(_part("lead", counter.proficiency, counter.name, "combat_unit"))
    for unit in here:
        c = counters[unit.id]
        if unit.id == lead.id or c is None or c.kind == "support":
            continue
        if c.support is None:
            out.missing.append((f"{unit.id}: its Support Rating is not keyed: enter its dice", "5.4.1"))
        parts.append(_part("support", c.support, c.name, "combat_unit"))
        out.units.append(unit.id)
    out.units.insert(0, lead.id)
    return parts


def _insurgent_pool(state: GameState, hex_: int, out: Prefill) -> list[dict[str, Any]]:
    """The Insurgent pool: the highest-rated unit's Proficiency (6.7), the others' support
    (17.1.3.2), the Resistance Level's dice (17.1.3.3), Wanted! and IED Ambush! markers (25.5.2)."""
    h = state.hex(hex_)
    keyed = [(name, state.map.insurgent(name)) for name in h.insurgents]
    parts: list[dict[str, Any]] = []
    if keyed:
        lead_index = max(range(len(keyed)), key=lambda i: _rating(keyed[i][1]))
        for i, (name, key) in enumerate(keyed):
            dice = (key.proficiency if i == lead_index else key.support) if key else None
            if dice is None:
                rating = "Proficiency" if i == lead_index else "Support Rating"
                out.missing.append((f"{name}: its {rating} is not keyed: enter its dice", "5.2.1"))
            parts.append(_part("lead" if i == lead_index else "support", dice, name))
    elif not h.resistance:
        out.missing.append((f"hex {hex_}: no Insurgent unit recorded: enter the defenders' dice", "17.1.2"))
    colours = state.map.markers
    if h.resistance:
        part: dict[str, Any] = {"source": "resistance", "name": f"Resistance +{h.resistance}"}
        if colours.resistance:
            part[colours.resistance] = h.resistance
        else:
            text = (f"Resistance +{h.resistance}: the marker's dice colour is not keyed: enter "
                    f"{h.resistance} dice under its colour (errata 17.1.3.3)")
            out.missing.append((text, "17.1.3.3"))
        parts.append(part)
    if h.wanted:
        if colours.wanted:
            parts.append(_part("marker", colours.wanted, "Wanted!"))
        else:
            parts.append({"source": "marker", "name": "Wanted!"})
            out.missing.append(("Wanted!: the marker's dice are not keyed: enter them", "17.1.3.2"))
    if h.ied:
        part = {"source": "marker", "name": "IED Ambush!"}
        if colours.ied:
            part[colours.ied] = 2
        else:
            out.missing.append(("IED Ambush!: +2 dice, the marker's colour is not keyed: enter them", "25.5.2"))
        parts.append(part)
    return parts


def operation(state: GameState, *, hex_: int | None, unit: str | None, support_unit: str | None,
              mission: str | None, attacker: str | None) -> Prefill:
    if unit and state.unit(unit) is None:
        raise PrefillError(f"unit: {unit[:24]!r}: one of {', '.join(u.id for u in state.units) or 'no keyed unit'}")
    if hex_ is None:
        active = state.active_hex
        placed = state.unit(unit) if unit else None
        hex_ = active if active else (placed.hex if placed else None)
    out = Prefill(data={"mission": mission or "assault", "attacker": attacker or "coalition"}, hex=hex_)
    if hex_ is None:
        out.missing.append(("the hex of the Operation: pick it", "17"))
        return out
    key = state.map.hex(hex_)
    if key is None or key.terrain is None:
        out.missing.append((f"hex {hex_}: its terrain is not keyed: choose it", "3.1.1"))
    else:
        out.data["terrain"] = key.terrain
    leads: list[str] = []
    if unit:
        chosen = state.unit(unit)
        if chosen is None:
            raise PrefillError(f"unit: {unit!r}: one of {', '.join(u.id for u in state.units) or 'no keyed unit'}")
        leads = [u.id for u in state.units if chosen.formation and u.formation == chosen.formation] or [chosen.id]
    if out.data["attacker"] == "coalition":
        counter = state.map.counter(support_unit) if support_unit else None
        if support_unit and (counter is None or counter.kind != "support"):
            raise PrefillError(f"support: {support_unit[:24]!r}: a keyed Support unit")
        if counter is not None and (state.active == "mef" or not unit):
            # the MEF's own mission (13.6.1): the Support unit leads; Strike or Raid only (13.6.1.1, 13.6.1.2)
            out.support_unit = counter.id
            out.data["mission"] = mission or counter.mission or "strike"
            if counter.proficiency is None:
                out.missing.append((f"{counter.id}: its Proficiency is not keyed: enter its dice", "5.2.1"))
            out.data["attacking"] = [_part("lead", counter.proficiency, counter.name, "support_unit")]
        else:
            out.data["attacking"] = _coalition_pool(state, hex_, leads, out, defending=False)
            if counter is not None:
                out.support_unit = counter.id
                if counter.support is None:
                    out.missing.append((f"{counter.id}: its Support Rating is not keyed: enter its dice", "17.2.3"))
                out.data["attacking"].append(_part("support_unit", counter.support, counter.name, "support_unit"))
        out.data["defending"] = _insurgent_pool(state, hex_, out)
    else:
        out.data["attacking"] = _insurgent_pool(state, hex_, out)
        out.data["defending"] = _coalition_pool(state, hex_, [], out, defending=True)
    return out


def simple(state: GameState, situation: str, hex_: int | None = None) -> Prefill:
    """The turn's rolls from the tracks; a hex's rolls (Reaction, Activation, Contact, Level of
    Resistance) from the hex asked for, else the hex an Insurgent flag chit activated."""
    target = hex_ or state.active_hex
    data: dict[str, Any] = {}
    modifier = state.pacified_modifier if state.pacified_turn == state.turn else None
    if situation == "ceasefire":
        data = {"turn": min(state.turn, LAST_TURN), "political_pressure": state.pressure}
    elif situation == "reinforcements":
        data = {"turn": state.turn, "pacified_modifier": modifier or 0}
    elif situation == "intelligence":
        data = {"pacified_modifier": state.pacified_modifier or 0}
    elif situation == "end-of-turn-vp":
        data = {"pacified_modifier": modifier or 0, "vp": state.vp}
    elif situation == "victory-level":
        data = {"vp": state.vp}
    elif situation in ("insurgent-activation", "insurgent-reaction", "contact", "level-of-resistance",
                       "raid-defenders") and target:
        h = state.hex(target)
        key = state.map.hex(target)
        adjacent = key.adjacent if key else ()
        near = sum(1 for n in adjacent if state.hex(n).wanted)
        # 12.4.2.1 and 22.2 ask whether a marker is adjacent; 22.1, 22.3 and the Raid's roll count
        # them ("+1 per Wanted! Marker in adjacent hexes")
        counted = situation in ("contact", "level-of-resistance", "raid-defenders")
        data = {"wanted_in_hex": h.wanted, "wanted_adjacent": near if counted else near > 0}
        if situation == "insurgent-activation":
            data |= {"resistance_level": h.resistance or 0, "no_insurgent_units": not h.insurgents}
        if situation == "insurgent-reaction":
            data |= {"resistance": h.resistance or 0, "isolated_in_hex": bool(h.isolated)}
        if situation == "level-of-resistance" and key and key.terrain:
            data["terrain"] = key.terrain
        if situation in ("raid-defenders", "insurgent-reaction"):
            data["isolated_in_hex"] = bool(h.isolated)
        if situation == "raid-defenders":
            data["insurgent_units_in_hex"] = bool(h.insurgents)
    return Prefill(data=data, hex=target)


def lead_units(state: GameState) -> list[UnitState]:
    return [u for u in state.units if u.hex is not None]
