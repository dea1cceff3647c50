"""Second Fallujah's rules data, read once per change of its files (never typed again in code).

Every number a procedure uses comes from a table of ``rules_text/games/second-fallujah/tables``:
modifiers, results, costs, the area lists (mosques, Route 10, Jolan, Government Center,
riverbank, Entry Zone adjacency) and the bot's priority lists (12-17).
"""

from __future__ import annotations

from functools import lru_cache

from rules_text.loading import load_game
from rules_text.tables import Table, TableRow

from ...registry import data_fingerprint

GAME = "second-fallujah"
#: the areas of the map (2: "The city is divided into 51 areas")
AREAS = range(1, 52)
ENTRY_ZONES = ("nw_entry_zone", "ne_entry_zone")


@lru_cache(maxsize=2)
def _tables(_fingerprint: str) -> dict[str, Table]:
    return dict(load_game(GAME).tables)


def table(table_id: str) -> Table:
    """A table of the game, as loaded (its rows in the printed order)."""
    return _tables(data_fingerprint(GAME))[table_id]


def row(table_id: str, result: str) -> TableRow:
    return table(table_id).row(result)


def value(table_id: str, result: str) -> int:
    found = row(table_id, result).value
    if found is None:
        raise KeyError(f"table {table_id!r} row {result!r} has no value")
    return found


def text(table_id: str, result: str) -> str:
    return row(table_id, result).text.en or ""


def rule_of(table_id: str, result: str | None = None) -> str:
    """The rule a row cites (its own ``rule`` if it has one, else its table's)."""
    if result is not None:
        own = row(table_id, result).rule
        if own:
            return own
    return table(table_id).rule


@lru_cache(maxsize=16)
def _area_list(table_id: str, _fingerprint: str) -> frozenset[int]:
    return frozenset(r.value for r in table(table_id).rows if r.value is not None)


def areas_of(table_id: str) -> frozenset[int]:
    """The area numbers a printed list names (mosque-areas, route-10-areas, jolan-areas, ...)."""
    return _area_list(table_id, data_fingerprint(GAME))


def mosque_areas() -> frozenset[int]:
    return areas_of("mosque-areas")


def riverbank_areas() -> frozenset[int]:
    return areas_of("riverbank-areas")


def entry_zone_areas() -> dict[str, frozenset[int]]:
    """2.3: the areas adjacent to each Entry Zone, keyed nw_entry_zone / ne_entry_zone."""
    found: dict[str, set[int]] = {zone: set() for zone in ENTRY_ZONES}
    for r in table("entry-zone-adjacency").rows:
        zone = ((r.name.en if r.name else None) or "").split()[0].lower() + "_entry_zone"
        found.setdefault(zone, set()).add(int(r.value or 0))
    return {zone: frozenset(areas) for zone, areas in found.items()}


def priorities(table_id: str) -> list[tuple[str, str]]:
    """A priority list as printed: (criterion key, printed text), in order (12.2)."""
    return [(r.result, r.text.en or "") for r in table(table_id).rows]
