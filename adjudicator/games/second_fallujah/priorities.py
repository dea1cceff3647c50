"""12.2, how the bot uses a priority list: keep the candidates meeting each criterion in turn (a
criterion none meets is ignored; one left: done); a final tie is rolled for. Unknown facts stop
the walk with the exact facts the current criterion needs.

Each step is recorded in the trace as ``{rule, criterion, kept}``; the tie-break names its dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from adjudicator.models import MAX_TEXT

from . import data


class TraceEntry(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    rule: str
    criterion: str
    text: str = ""
    kept: list[Any] = Field(default_factory=list)
    #: the value each candidate had for a comparing criterion (lowest TEM, most Militia, ...)
    values: dict[str, Any] | None = None
    dice: list[int] | None = None
    reason: str | None = None
    #: 12.2 step 2: no candidate met this criterion, so it was ignored (the answer's ``ignored``
    #: lists such entries; not a field, so that a trace recorded before it reads the same)
    _ignored: bool = PrivateAttr(default=False)

    @property
    def ignored(self) -> bool:
        return self._ignored

    @classmethod
    def of(cls, rule: str, criterion: str, text: str, kept: list[Any], **more: Any) -> TraceEntry:
        """The entry of a ``criterion`` of ``rule``, in the rulebook's words (``text``), and the
        candidates it ``kept``."""
        return cls(rule=rule, criterion=criterion, text=text, kept=kept, **more)


class Need(BaseModel):
    """A fact the bot must be told before it can go on (never guessed)."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    field: str
    what: str
    rule: str
    area: int | None = None
    unit: str | None = None


class NeedFacts(Exception):
    def __init__(self, needs: list[Need]):
        super().__init__("; ".join(n.field for n in needs))
        self.needs = needs


class Dice:
    """The tie-break dice given, consumed in order (12.2 step 4)."""

    def __init__(self, faces: Sequence[int]):
        self.faces = list(faces)
        self.used = 0

    def next(self) -> int | None:
        if self.used >= len(self.faces):
            return None
        self.used += 1
        return self.faces[self.used - 1]


def tie_break(
    candidates: list[Any], dice: Dice, trace: list[TraceEntry], field: str = "dice.tiebreak"
) -> Any:
    """12.2 step 4: 'roll a die to choose among those candidates randomly'. The candidates are
    numbered in ascending order; one 1D6 picks among up to six (faces above the largest multiple
    of their number are rolled again), two 1D6 read as 1-36 among more."""
    n = len(candidates)
    dice_needed = 1 if n <= 6 else 2
    span = 6**dice_needed
    usable = span - span % n
    rolled: list[int] = []
    while True:
        faces = []
        for _ in range(dice_needed):
            face = dice.next()
            if face is None:
                raise NeedFacts(
                    [
                        Need(
                            field=field,
                            what=f"{dice_needed} more 1D6 to choose among {n} candidates {candidates} (12.2)",
                            rule="12.2",
                        )
                    ]
                )
            faces.append(face)
        rolled += faces
        value = faces[0] if dice_needed == 1 else (faces[0] - 1) * 6 + faces[1]
        if value <= usable:
            chosen = candidates[(value - 1) % n]
            trace.append(
                TraceEntry(
                    rule="12.2",
                    criterion="tie_break",
                    text=f"a die roll chooses among {n} candidates (numbered in ascending order; faces above {usable} are rolled again)",
                    kept=[chosen],
                    dice=rolled,
                    values={"candidates": list(candidates)},
                )
            )
            return chosen


Criterion = Callable[[list[Any]], tuple[list[Any], dict[str, Any] | None]]


def walk(
    table_id: str,
    candidates: list[Any],
    criteria: dict[str, Criterion],
    trace: list[TraceEntry],
    skip: Callable[[str], bool] = lambda key: False,
) -> list[Any]:
    """Apply a printed priority list (12.2) and return what is left (one, or a tie)."""
    rule = data.table(table_id).rule
    kept = sorted(candidates, key=_order)
    for key, text in data.priorities(table_id):
        if len(kept) <= 1:
            break
        if skip(key):
            continue
        meets, values = criteria[key](kept)
        meets = sorted(meets, key=_order)
        if meets:
            kept = meets
        entry = TraceEntry(rule=rule, criterion=key, text=text, kept=list(kept), values=values)
        entry._ignored = not meets
        trace.append(entry)
    return kept


def _order(value: Any) -> tuple:
    return (0, value, "") if isinstance(value, int) else (1, 0, str(value))


def choose(
    table_id: str,
    candidates: list[Any],
    criteria: dict[str, Criterion],
    dice: Dice,
    trace: list[TraceEntry],
    skip: Callable[[str], bool] = lambda key: False,
) -> Any:
    """The one candidate a printed priority list keeps (12.2), a die choosing among a tie (12.2
    step 4)."""
    kept = walk(table_id, candidates, criteria, trace, skip)
    return kept[0] if len(kept) == 1 else tie_break(kept, dice, trace)


def extreme(
    candidates: list[Any], value: Callable[[Any], int | None], highest: bool
) -> tuple[list[Any], dict[str, Any]]:
    """The candidates with the highest (or lowest) value; candidates without one do not meet."""
    values = {c: value(c) for c in candidates}
    known = {c: v for c, v in values.items() if v is not None}
    if not known:
        return [], {str(c): v for c, v in values.items()}
    best = max(known.values()) if highest else min(known.values())
    return [c for c, v in known.items() if v == best], {str(c): v for c, v in values.items()}


def order_of(rule: str) -> list[str]:
    """The printed order of a rule's criteria (for the trace's order property)."""
    return ORDERS.get(rule, [])


def _orders() -> dict[str, list[str]]:
    found = {}
    for table_id in (
        "attack-target-priorities",
        "attack-origin-priorities",
        "organize-resistance-priorities",
        "retreat-priorities",
        "impulse-steps",
        "attack-conditions",
        "mulligan-conditions",
    ):
        found[data.table(table_id).rule] = [key for key, _ in data.priorities(table_id)]
    found["15"] = ["step_1", "step_2", *found.get("15", [])]
    found["17"] = ["step_1", "step_2", "step_3"]
    found["13"] = ["cadre", "tem_4", "roll"]
    return found


class _Orders(dict):
    def get(self, key: str, default: Any = None) -> Any:  # computed on first use (data loaded)
        if not self:
            self.update(_orders())
        return super().get(key, default)


ORDERS: dict[str, list[str]] = _Orders()


def needs_iter(needs: Iterator[Need]) -> None:
    found = list(needs)
    if found:
        raise NeedFacts(found)
