"""The solitaire bot (12-17) as pure procedures over a table state: each takes the state and the
dice and returns the decision with its trace (12.2), or the facts it needs.

The priority lists are the tables attack-target-priorities (14.1.1), attack-origin-priorities
(14.1.2), organize-resistance-priorities (14.2), retreat-priorities (16), casualty-priorities and
mulligan-conditions (15), impulse-steps (14), insurgent-setup (13), fedayeen-reaction and
cadre-reaction (17).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from . import data
from .priorities import (
    Criterion,
    Dice,
    Need,
    NeedFacts,
    TraceEntry,
    choose,
    extreme,
)
from .state import FRICTION, STACK, TableState

# --- facts -----------------------------------------------------------------------------------------


def need_areas(
    areas: list[int],
    unknown: Callable[[int], bool],
    field: str,
    what: Callable[[int], str],
    rule: str,
) -> None:
    """The facts needed (12.2): the ``field`` (naming the ``{area}``) of each area of ``areas``
    still ``unknown``, ``what`` it is said to the player."""
    missing = [a for a in areas if unknown(a)]
    if missing:
        raise NeedFacts(
            [Need(field=field.format(area=a), what=what(a), rule=rule, area=a) for a in missing]
        )


#: the facts of an area the bot may need, kept by the player from the map (2.1, 2.2) and the game:
#: whether the state lacks it, and the question asked
AREA_FACTS: dict[str, tuple[Callable[[TableState, int], bool], str]] = {
    "tem": (lambda state, a: state.tem(a) is None, "the TEM of area {area} (printed on the map)"),
    "control": (lambda state, a: state.control(a) is None, "who controls area {area}"),
    "adjacent": (
        lambda state, a: not state.adjacency_known(a),
        "the areas adjacent to area {area} (the map)",
    ),
}


def need_fact(state: TableState, fact: str, areas: list[int], rule: str) -> None:
    """The :data:`AREA_FACTS` ``fact`` of every area of ``areas``, or the facts needed."""
    unknown, what = AREA_FACTS[fact]
    need_areas(
        areas, lambda a: unknown(state, a), f"areas.{{area}}.{fact}", lambda a: what.format(area=a), rule
    )


def need_tem(state: TableState, areas: list[int], rule: str) -> None:
    need_fact(state, "tem", areas, rule)


def need_control(state: TableState, areas: list[int], rule: str) -> None:
    need_fact(state, "control", areas, rule)


def need_adjacency(state: TableState, areas: list[int], rule: str) -> None:
    need_fact(state, "adjacent", areas, rule)


def need_cf(state: TableState, units: list, rule: str) -> None:
    missing = [u for u in units if u.cf is None]
    if missing:
        raise NeedFacts(
            [
                Need(
                    field=f"units.{u.id}.cf",
                    what=f"the Combat Factor of {u.id} (on its counter, face showing)",
                    rule=rule,
                    unit=u.id,
                    area=u.location if isinstance(u.location, int) else None,
                )
                for u in missing
            ]
        )


def fresh_militia(state: TableState, area: int) -> list:
    return state.fresh_militia_by_area.get(area, [])


def occupied(state: TableState) -> list[int]:
    return sorted(a for a in state.by_location if isinstance(a, int))


def _contested(state: TableState) -> Criterion:
    """The criterion keeping the Contested areas."""
    return lambda kept: ([a for a in kept if state.contested(a)], None)


def _tem(state: TableState, rule: str, highest: bool) -> Criterion:
    """The criterion keeping the areas of the highest (or lowest) TEM, which must be keyed."""

    def criterion(kept: list[Any]) -> tuple[list[Any], dict[str, Any]]:
        need_tem(state, kept, rule)
        return extreme(kept, state.tem, highest=highest)

    return criterion


# --- 14.1: what can be attacked, and from where ---------------------------------------------------


def attack_condition(state: TableState, area: int) -> str | None:
    """14.1's two conditions for an area holding Coalition units."""
    coalition = state.side_units(area, "coalition")
    if not coalition:
        return None
    fresh = [u for u in coalition if u.status == "fresh"]
    if fresh and all(u.support for u in fresh):
        return "support_only_fresh"
    if not fresh:
        return "only_spent"
    return None


def militia_sources(state: TableState, target: int, complete: bool) -> dict[int, int]:
    """The areas whose Fresh Militia may attack ``target`` (14.1: the same area, or an adjacent
    Free area) and how many. ``complete``: every source must be known (else the facts needed)."""
    found: dict[int, int] = {}
    if fresh_militia(state, target):
        found[target] = len(fresh_militia(state, target))
    unknown_adj: list[int] = []
    unknown_control: list[int] = []
    known = state.neighbours(target)
    militia = state.fresh_militia_by_area
    places = sorted(known & militia.keys()) if known is not None else sorted(militia)
    for area in places:
        if area == target:
            continue
        adjacent = state.adjacent(target, area)
        if adjacent is False:
            continue
        free = state.free_for(area, "insurgent")
        if adjacent is None:
            unknown_adj.append(area)
            continue
        if free is None:
            unknown_control.append(area)
            continue
        if free:
            found[area] = len(fresh_militia(state, area))
    if (complete or not found) and (unknown_adj or unknown_control):
        needs = []
        if unknown_adj:
            needs.append(
                Need(
                    field=f"areas.{target}.adjacent",
                    what=f"the areas adjacent to area {target}: Fresh Militia in areas {unknown_adj} may border it",
                    rule="14.1",
                    area=target,
                )
            )
        needs += [
            Need(
                field=f"areas.{a}.control",
                what=f"who controls area {a} (its Militia may attack from a Free area)",
                rule="14.1",
                area=a,
            )
            for a in unknown_control
        ]
        raise NeedFacts(needs)
    return found


def attack_candidates(state: TableState, trace: list[TraceEntry]) -> list[int]:
    """14.1: the areas meeting a condition that an eligible Militia can attack."""
    meeting = {}
    for area in occupied(state):
        condition = attack_condition(state, area)
        if condition:
            meeting[area] = condition
    candidates = [a for a in meeting if militia_sources(state, a, complete=False)]
    for key, text in data.priorities("attack-conditions"):
        trace.append(TraceEntry.of("14.1", key, text, [a for a in candidates if meeting[a] == key]))
    return candidates


def attack_target(
    state: TableState,
    dice: Dice,
    trace: list[TraceEntry],
    override: Any = None,
    candidates: list[int] | None = None,
) -> int | None:
    if candidates is None:
        candidates = attack_candidates(state, trace)
    if not candidates:
        return None
    if override is not None:
        return override
    if len(candidates) == 1:
        return candidates[0]

    def support_only(kept):
        return [a for a in kept if all(u.support for u in state.side_units(a, "coalition"))], None

    def lowest_lead(kept):
        leaders = [u for a in kept for u in state.side_units(a, "coalition") if not u.support]
        need_cf(state, leaders, "14.1.1")

        def lead_cf(a):
            cfs = [u.cf for u in state.side_units(a, "coalition") if not u.support]
            return max(cfs) if cfs else None

        return extreme(kept, lead_cf, highest=False)

    def most_attackers(kept):
        counts = {a: sum(militia_sources(state, a, complete=True).values()) for a in kept}
        return extreme(kept, counts.get, highest=True)

    return choose(
        "attack-target-priorities",
        candidates,
        {
            "support_units_only": support_only,
            "contested": _contested(state),
            "lowest_lead_defense": lowest_lead,
            "highest_tem": _tem(state, "14.1.1", highest=True),
            "most_attackers": most_attackers,
        },
        dice,
        trace,
    )


def attack_origin(
    state: TableState, target: int, dice: Dice, trace: list[TraceEntry], override: Any = None
) -> int | None:
    sources = militia_sources(state, target, complete=True)
    trace.append(
        TraceEntry.of(
            "14.1", "origins", "a Fresh Militia in the same area or an adjacent Free area",
            sorted(sources),
            values={str(a): n for a, n in sources.items()},
        )
    )
    if not sources:
        return None
    if override is not None:
        return override
    if len(sources) == 1:
        return next(iter(sources))

    def most_militia(kept):
        return extreme(kept, sources.get, highest=True)

    return choose(
        "attack-origin-priorities",
        list(sources),
        {
            "contested": _contested(state),
            "most_militia": most_militia,
            "lowest_tem": _tem(state, "14.1.2", highest=False),
        },
        dice,
        trace,
    )


# --- 14.2 ------------------------------------------------------------------------------------------


def placeable(state: TableState, area: int) -> int:
    """Militia the area's Fresh Cadre can place (4.1.1), within stacking (5) and the Force Pool."""
    cadre = sum(
        1 for u in state.side_units(area, "insurgent") if u.type == "cadre" and u.status == "fresh"
    )
    room = STACK - len(state.side_units(area, "insurgent"))
    found = min(cadre, room)
    if state.force_pool_militia is not None:
        found = min(found, state.force_pool_militia)
    return max(found, 0)


def resistance_candidates(state: TableState) -> list[int]:
    return [a for a in occupied(state) if placeable(state, a) > 0]


def organize_resistance(
    state: TableState, dice: Dice, trace: list[TraceEntry], override: Any = None
) -> int | None:
    candidates = resistance_candidates(state)
    trace.append(
        TraceEntry.of(
            "4.1.1", "candidates", "areas where Fresh Cadre can place a Militia within the stacking limits (5)",
            list(candidates),
        )
    )
    if not candidates:
        return None
    if state.resistance in candidates and len(candidates) > 1:
        candidates = [a for a in candidates if a != state.resistance]
        trace.append(
            TraceEntry.of(
                "14.2", "not_resistance_area", "do not consider the area which currently has the Resistance marker",
                list(candidates),
            )
        )
    if override is not None:
        return override
    if len(candidates) == 1:
        return candidates[0]

    def adjacent_count(kept, spent_only: bool):
        need_adjacency(state, kept, "14.2")

        def count(a):
            n = sum(
                1
                for b in state.neighbours(a) or ()
                if any(
                    (u.status == "spent" or not spent_only)
                    for u in state.side_units(b, "coalition")
                )
            )
            if not spent_only:
                n += sum(
                    1 for zone in state.zones_adjacent(a) if state.side_units(zone, "coalition")
                )
            return n

        return extreme(kept, count, highest=True)

    def most_placeable(kept):
        return extreme(kept, lambda a: placeable(state, a), highest=True)

    def fewest(kept):
        return extreme(kept, lambda a: len(state.side_units(a, "insurgent")), highest=False)

    return choose(
        "organize-resistance-priorities",
        candidates,
        {
            "contested": _contested(state),
            "most_adjacent_spent_coalition": lambda k: adjacent_count(k, True),
            "most_adjacent_coalition": lambda k: adjacent_count(k, False),
            "most_placeable": most_placeable,
            "fewest_insurgents": fewest,
            "highest_tem": _tem(state, "14.2", highest=True),
        },
        dice,
        trace,
    )


# --- 16 --------------------------------------------------------------------------------------------


def distances_to(state: TableState, goal: int, wanted: list[int]) -> dict[int, int]:
    """Spaces to reach ``goal`` ignoring control and enemy units (16 criterion 5), by breadth-first
    search over the keyed adjacency; the adjacency of every area the search must cross is needed."""
    dist = {goal: 0}
    queue = deque([goal])
    missing: list[int] = []
    while queue and not all(w in dist for w in wanted):
        a = queue.popleft()
        neighbours = state.neighbours(a)
        if neighbours is None:
            missing.append(a)
            continue
        for b in sorted(neighbours):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    if not all(w in dist for w in wanted) and missing:
        need_adjacency(state, missing, "16")
    return dist


def retreat_destinations(
    state: TableState, origin: int, cause: str, trace: list[TraceEntry]
) -> tuple[list[int], str]:
    """The areas a unit may retreat to (8.3; 4.1.3 and 17 during Reaction) before 16's criteria.
    Returns them with 'room', 'crowded' (only areas at five Cadre/Fedayeen) or 'none'."""
    need_adjacency(state, [origin], "8.3")
    neighbours = sorted(state.neighbours(origin) or ())
    need_control(state, [b for b in neighbours if not state.side_units(b, "coalition")], "8.3")
    free = [b for b in neighbours if state.free_for(b, "insurgent")]
    if not free and cause == "combat":
        free = [b for b in neighbours if state.contested(b) and state.control(b) == "insurgent"]
    if cause == "cadre_reaction":
        need_tem(state, free, "17")
        free = [b for b in free if (state.tem(b) or 0) >= 2]
    open_ = [b for b in free if len(state.side_units(b, "insurgent")) < STACK]
    roomy = [b for b in open_ if state.fedayeen_cadre(b) < FRICTION]
    trace.append(
        TraceEntry.of(
            "8.3", "destinations", "adjacent Free areas (a friendly Contested area if none, after combat), within stacking (5)",
            list(open_),
        )
    )
    if roomy:
        return roomy, "room"
    if open_ and cause == "combat":
        trace.append(
            TraceEntry.of(
                "16", "five_limit", "no area with fewer than five Cadre/Fedayeen: 'unless no other alternative exists'",
                list(open_),
            )
        )
        return open_, "crowded"
    return [], "none"


def retreat(
    state: TableState,
    unit_id: str,
    cause: str,
    dice: Dice,
    trace: list[TraceEntry],
    override: Any = None,
) -> tuple[int | None, str]:
    """16: where a unit retreats. Returns (area or None, why)."""
    unit = next(u for u in state.units if u.id == unit_id)
    origin = unit.location
    assert isinstance(origin, int)
    destinations, _how = retreat_destinations(state, origin, cause, trace)
    if not destinations:
        return None, "eliminated (8.3)" if cause == "combat" else "not possible: ignored (17)"
    if override is not None:
        return override, "override"
    reaction = cause != "combat"
    kept = sorted(destinations)
    if reaction:
        need_tem(state, kept, "16")
        allowed = [a for a in kept if (state.tem(a) or 0) > 1]
        key, text = data.priorities("retreat-priorities")[0]
        trace.append(TraceEntry(rule="16", criterion=key, text=text, kept=allowed))
        if not allowed:
            return None, "cancelled: only areas with TEM 0 or 1 (16)"
        kept = allowed
    if len(kept) == 1:
        return kept[0], "16"

    def free_tem(k, tem):
        need_tem(state, k, "16")
        meets = [a for a in k if state.tem(a) == tem and state.free_for(a, "insurgent")]
        if len(meets) > 1:
            meets, _ = extreme(meets, lambda a: len(state.units_in(a)), highest=False)
        return meets, None

    def closer(k):
        need_control(state, [51], "16")
        if state.control(51) == "coalition":
            return [], {"51": "coalition controlled: criterion not used"}
        dist = distances_to(state, 51, k)
        return extreme(k, dist.get, highest=False)

    def has_fc(k):
        return [a for a in k if state.fedayeen_cadre(a) > 0], None

    return choose(
        "retreat-priorities",
        kept,
        {
            "free_tem_4": lambda k: free_tem(k, 4),
            "free_tem_3": lambda k: free_tem(k, 3),
            "mosque": lambda k: ([a for a in k if a in data.mosque_areas()], None),
            "closer_to_51": closer,
            "has_fedayeen_or_cadre": has_fc,
            "highest_tem": _tem(state, "16", highest=True),
        },
        dice,
        trace,
        skip=lambda key: key == "reaction_not_tem_0_1",
    ), "16"
