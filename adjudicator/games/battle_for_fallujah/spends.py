"""Every legal way to spend a margin (18.2.1, 18.6.1, 20.3, 21.1.2), for the player to choose
from: what each purchase costs comes from the mission's table, what the hex holds bounds it.

Only the spends that buy all the margin can are listed: one that leaves enough successes to buy
one more unit is never better than the same spend with that unit (no purchase lowers the CVPs
or removes a step, 18.2.1, 20.3, 21.1.2). Successes "of any amount"
(a Wanted! Marker, 20.3.4, 21.1.2.3) take all that is left once the rest is bought.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product


def maximal_spends(margin: int, costs: Mapping[str, int | None], bounds: Mapping[str, int | None]) -> Iterator[dict[str, int]]:
    """Each spend of at most ``margin`` successes that no further purchase fits: ``costs`` gives
    the successes per unit of each field (None: any number of successes), ``bounds`` the units
    the hex allows (None: the margin alone bounds them; 0: not allowed)."""
    units: dict[str, int] = {f: c for f, c in costs.items() if c is not None}
    any_amount = [f for f, c in costs.items() if c is None and bounds.get(f) != 0]
    limits: dict[str, int] = {}
    for f, c in units.items():
        held = bounds.get(f)
        limits[f] = min(margin // c if c else 0, margin if held is None else held)
    fields = list(units)
    for counts in product(*(range(limits[f] + 1) for f in fields)):
        spent = sum(n * units[f] for f, n in zip(fields, counts, strict=True))
        if spent > margin:
            continue
        left = margin - spent
        spend = dict(zip(fields, counts, strict=True))
        if any_amount and left:
            spend[any_amount[0]] = left
            yield spend
            continue
        if any(spend[f] < limits[f] and units[f] <= left for f in fields):
            continue
        yield spend
