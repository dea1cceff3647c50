"""The USMC order of battle (6.3, 6.3.1), drawn by the player or by the app and placed at once,
and the facts of the player's copy it reads: the Zones identified by a black circle (6.2) and the
CF printed on each USMC squad counter (5.1.1), which the rulebook does not print."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from web.errors import Problem, Refused, refuse

from . import actions as a
from . import units
from .moves import Ctx
from .rules import Rules
from .state import Caat, GameState, Position, SquadDraw, UnitState


def copy_problems(keyed: a.MapAndCounters, rules: Rules, prefix: str = "") -> list[Problem]:
    """Every problem of a copy's facts at once: the start Zones (6.2), each counter's CF (5.1.1)."""
    problems: list[Problem] = []
    reserved = {rules.mosque_zone, rules.uncontrollable_zone}
    zones = keyed.start_zones
    if zones and (len(set(zones)) != rules.start_zones or len(zones) != rules.start_zones):
        problems.append(Problem(f"{prefix}start_zones", zones, f"{rules.start_zones} different Zones, or none", "6.2"))
    for zone in sorted(set(zones) & reserved):
        problems.append(Problem(f"{prefix}start_zones", zone, f"a Zone with a black circle, not Zone {zone}", "6.2"))
    low, high = rules.squad_cf
    total = rules.start_zones + rules.company_squads + rules.battalion_squads
    if len(keyed.squads) > total:
        problems.append(Problem(f"{prefix}squads", len(keyed.squads), f"at most the {total} USMC squads", "6.3"))
    for i, squad in enumerate(keyed.squads):
        if not low <= squad.cf <= high:
            problems.append(Problem(f"{prefix}squads.{i}.cf", squad.cf, f"{low} to {high}", "5.1.1"))
    counters = [s.counter for s in keyed.squads]
    if len(set(counters)) != len(counters):
        problems.append(Problem(f"{prefix}squads", sorted(c for c in set(counters) if counters.count(c) > 1),
                                "each squad's counter number once"))
    return problems


def order_problems(start_zones: Sequence[int], squads: Sequence[a.SquadSetup], company: Sequence[a.SquadSetup],
                   battalion: Sequence[a.SquadSetup], rules: Rules) -> list[Problem]:
    """Every problem of an order of battle at once (6.3, 6.3.1): nine start squads, one in each
    start Zone, four of them with a CAAT support; three squads in each reinforcement box."""
    problems: list[Problem] = []
    reserved = {rules.mosque_zone, rules.uncontrollable_zone}
    if squads:
        if len(squads) != rules.start_zones:
            problems.append(Problem("squads", len(squads), f"{rules.start_zones} start squads, or none", "6.3"))
        zones = [s.zone for s in squads]
        if None in zones or len(set(zones)) != len(zones):
            problems.append(Problem("squads", zones, "one squad in each start Zone", "6.3"))
        elif start_zones and set(zones) != set(start_zones):
            problems.append(Problem("squads", zones, f"the start Zones {sorted(start_zones)}", "6.3"))
        elif set(zones) & reserved:
            problems.append(Problem("squads", zones, f"start Zones, not {sorted(set(zones) & reserved)}", "6.2"))  # type: ignore[type-var]
        caats = sum(s.caat for s in squads)
        if caats != rules.caats:
            problems.append(Problem("squads", caats, f"{rules.caats} squads with a CAAT support (caat: true)", "6.3.1"))
    for group, given, wanted in (("company", company, rules.company_squads),
                                 ("battalion", battalion, rules.battalion_squads)):
        if given and len(given) != wanted:
            problems.append(Problem(group, len(given), f"{wanted} squads, or none", "6.3"))
        for i, squad in enumerate(given):
            if squad.zone is not None or squad.caat:
                problems.append(Problem(f"{group}.{i}", squad.model_dump(), "counter and cf only: it waits in its box", "6.3"))
    everyone = [*squads, *company, *battalion]
    for i, squad in enumerate(everyone):
        if not rules.squad_cf[0] <= squad.cf <= rules.squad_cf[1]:
            problems.append(Problem(f"squads[{i}].cf", squad.cf, f"{rules.squad_cf[0]} to {rules.squad_cf[1]}", "5.1.1"))
    counters = [s.counter for s in everyone]
    if len(set(counters)) != len(counters):
        problems.append(Problem("counter", sorted(c for c in set(counters) if counters.count(c) > 1),
                                "each squad's counter number once"))
    return problems


def roster(squads: Sequence[a.SquadSetup], company: Sequence[a.SquadSetup], battalion: Sequence[a.SquadSetup],
           rules: Rules, turn: int) -> list[UnitState]:
    """The USMC squads of an order of battle, at full strength (6.3): the start squads on the map
    with their CAAT supports and their markers (6.3.1), the others in their boxes."""
    found: list[UnitState] = []
    for origin, group in (("start", squads), ("company", company), ("battalion", battalion)):
        for s in group:
            found.append(UnitState(
                id=units.unit_id("squad", s.counter), kind="squad", counter=s.counter, cf=s.cf, origin=origin,
                where="map" if s.zone else "reinforcements",
                position=Position(zone=s.zone) if s.zone else None,
                caat=Caat(ammo=rules.caat_ammo) if s.caat else None, caat_allocated=s.caat,
                entered_turn=turn if s.zone else None,
            ))
    return found


def _total(rules: Rules) -> int:
    return rules.start_zones + rules.company_squads + rules.battalion_squads


def _not_yet(state: GameState) -> None:
    placed = sorted(u.counter for u in state.units if u.kind == "squad")
    if placed:
        raise refuse("type", "order_of_battle", "the order of battle drawn and placed once, before any USMC "
                     f"squad is in the game; squads {placed} are in it already", "6.3")


def draw(state: GameState, action: a.SquadsDraw, ctx: Ctx) -> GameState:
    """The app draws every USMC squad of the player's copy from the container at random (6.3): the
    first nine for the start Zones, the next three the Company Reinforcements, the three remaining
    the Battalion Reinforcements. The draw comes from the game's seeded stream (``draw``)."""
    _not_yet(state)
    if state.drawn is not None:
        raise refuse("type", action.type, "one draw: the squads drawn are waiting to be placed", "6.3")
    total = _total(ctx.rules)
    if len(state.squad_counters) != total:
        raise refuse("squads", len(state.squad_counters),
                     f"the CF of all {total} USMC squad counters keyed in your copy (5.1.1): the app draws from them",
                     "6.3")
    if action.draw is None:
        raise refuse("draw", None, "the app's draw (the server makes it)")
    order = Random(action.draw).sample(sorted(state.squad_counters), total)
    start, company = ctx.rules.start_zones, ctx.rules.company_squads
    drawn = SquadDraw(start=tuple(order[:start]), company=tuple(order[start:start + company]),
                      battalion=tuple(order[start + company:]))
    return state.model_copy(update={"drawn": drawn})


def _resolved(state: GameState, group: str, given: Sequence[a.DrawnSquad], problems: list[Problem],
              rules: Rules) -> list[a.SquadSetup]:
    """The squads with their CF: as keyed now, or from the player's copy (5.1.1); a squad whose CF
    is known from neither is a problem (its range then goes unchecked: the action is refused)."""
    found = []
    for i, squad in enumerate(given):
        cf = squad.cf if squad.cf is not None else state.squad_counters.get(squad.counter)
        if cf is None:
            problems.append(Problem(f"{group}.{i}.cf", None, f"the CF printed on counter {squad.counter}: "
                                    "your copy does not have it yet", "5.1.1"))
            cf = rules.squad_cf[0]
        found.append(a.SquadSetup(counter=squad.counter, cf=cf, zone=squad.zone, caat=squad.caat))
    return found


def _as_drawn(state: GameState, groups: dict[str, list[a.SquadSetup]], problems: list[Problem]) -> None:
    """The squads placed are those the app drew, each in its group (6.3)."""
    if state.drawn is None:
        return
    for group, drawn in (("squads", state.drawn.start), ("company", state.drawn.company),
                         ("battalion", state.drawn.battalion)):
        counters = sorted(s.counter for s in groups[group])
        if counters != sorted(drawn):
            problems.append(Problem(group, counters, f"the squads the app drew: {', '.join(map(str, drawn))}", "6.3"))


def place(state: GameState, action: a.OrderOfBattle, ctx: Ctx) -> GameState:
    """The drawn squads placed at once (6.3): one in each start Zone at full strength, four with a
    CAAT support and its markers (6.3.1), three in each reinforcement box. The Battalion
    Reinforcements left out are the three squads of the copy still in the container."""
    _not_yet(state)
    r = ctx.rules
    problems: list[Problem] = []
    if not action.squads:
        problems.append(Problem("squads", [], f"the {r.start_zones} start squads", "6.3"))
    groups = {"squads": _resolved(state, "squads", action.squads, problems, r),
              "company": _resolved(state, "company", action.company, problems, r),
              "battalion": _resolved(state, "battalion", action.battalion, problems, r)}
    if not groups["battalion"]:
        taken = {s.counter for s in groups["squads"] + groups["company"]}
        rest = [c for c in sorted(state.squad_counters) if c not in taken]
        if state.drawn is not None:
            rest = list(state.drawn.battalion)
        if len(state.squad_counters) == _total(r) or state.drawn is not None:
            groups["battalion"] = [a.SquadSetup(counter=c, cf=state.squad_counters[c]) for c in rest]
    _as_drawn(state, groups, problems)
    start_zones = [z.number for z in state.zones if z.activation == "start"]
    problems += order_problems(start_zones, groups["squads"], groups["company"], groups["battalion"], r)
    if problems:
        raise Refused(problems)
    placed = roster(groups["squads"], groups["company"], groups["battalion"], r, state.turn)
    zones = tuple(z.model_copy(update={"activation": "start"})
                  if not start_zones and any(s.zone == z.number for s in groups["squads"]) else z for z in state.zones)
    return state.model_copy(update={"units": state.units + tuple(placed), "zones": zones, "drawn": None})


def keyed_counters(state: GameState) -> dict[int, int]:
    """The CF of each USMC squad counter a game knows (5.1.1): its copy's, then those of the
    squads in the game at full strength (keyed at setup, in the Order of Battle or added)."""
    return dict(state.squad_counters) | {u.counter: u.cf for u in state.units if u.kind == "squad"}
