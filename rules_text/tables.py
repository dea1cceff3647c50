"""Tables as data: d10 faces, die tables keyed by modified totals, matrices, lists, cards.

A table is declared once in ``games/<game>/tables/<id>.yaml`` (games/README.md). The
models accept any printed range as text; :func:`table_problems` says, row by row, what
is wrong with a table (a total covered twice or not at all, a range outside the
declared totals, a missing column), so that ``fallujah check`` lists every fault at once.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import ConfigDict, Field, PrivateAttr

from .base import Die, Frozen, LocalText

#: the kinds of table the checks and the readable default lines know (games/README.md); a game may
#: declare kinds of its own in game.yaml (``table_kinds``), printed by their ``line`` as a list is
TABLE_KINDS: tuple[str, ...] = ("d10", "modifiers", "scale", "missions", "roll", "matrix", "list", "cards")
#: a table's kind: one of :data:`TABLE_KINDS` or one the game declares (``fallujah check`` tells)
TableKind = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")]
#: the faces of a d10 (3): 0 is 0, not 10
D10_FACES = tuple(range(10))

_D10_ROLL = re.compile(r"^(\d)(?:\s*[-–]\s*(\d))?$")
_N = r"([-–−]?\d+)"
_SINGLE = re.compile(rf"^{_N}$")
_SPAN = re.compile(rf"^{_N}\s*(?:to|-|–|—)\s*{_N}$")
_AT_LEAST = re.compile(rf"^(?:{_N}\s*\+|{_N}\s+or\s+(?:more|higher|greater)|(?:≥|>=)\s*{_N})$")
_MORE_THAN = re.compile(rf"^(?:>\s*{_N}|(?:greater|more) than\s+{_N})$")
_LESS_THAN = re.compile(rf"^(?:<\s*{_N}|(?:less|fewer) than\s+{_N})$")
_AT_MOST = re.compile(rf"^(?:{_N}\s+or\s+(?:less|lower|fewer)|(?:≤|<=)\s*{_N})$")
_PRINTED_FORMS = "'3', '2-3', '2–3', '-2 to 0', '4+', '>6', 'greater than 6', '<15', '6 or less'"


def _int(text: str) -> int:
    return int(text.replace("–", "-").replace("−", "-"))


def _first(match: re.Match[str]) -> int:
    return _int(next(group for group in match.groups() if group is not None))


def parse_roll(roll: str) -> tuple[int, ...]:
    """The d10 faces of a printed range: "0" -> (0,), "6-8" -> (6, 7, 8); 0 is 0, not 10 (3)."""
    match = _D10_ROLL.match(roll.strip())
    if not match:
        raise ValueError(f"roll {roll!r} is not a face (0-9) or a range like '6-8'")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    if high < low:
        raise ValueError(f"roll {roll!r} runs backwards")
    return tuple(range(low, high + 1))


def parse_totals(printed: str, low: int, high: int) -> tuple[int, ...]:
    """The totals a printed range answers, open ends closed by the table's range [low, high].

    ``"-2 to 0"`` -> (-2, -1, 0); ``"4+"`` -> 4..high; ``">6"`` -> 7..high; ``"<15"`` ->
    low..14; ``"6 or less"`` -> low..6. A closed range is returned as printed, even where
    it leaves [low, high] (the check reports it). Raises ValueError on anything else.
    """
    text = " ".join(str(printed).split())
    if match := _SINGLE.match(text):
        return (_int(match.group(1)),)
    if match := _SPAN.match(text):
        start, stop = _int(match.group(1)), _int(match.group(2))
        if stop < start:
            raise ValueError(f"range {printed!r} runs backwards")
        return tuple(range(start, stop + 1))
    if match := _AT_LEAST.match(text):
        return tuple(range(_first(match), high + 1))
    if match := _MORE_THAN.match(text):
        return tuple(range(_first(match) + 1, high + 1))
    if match := _LESS_THAN.match(text):
        return tuple(range(low, _first(match)))
    if match := _AT_MOST.match(text):
        return tuple(range(low, _first(match) + 1))
    raise ValueError(f"range {printed!r} is not a printed range such as {_PRINTED_FORMS}")


class Cell(Frozen):
    """One printed cell of a row: its words, and the number or key computed from it."""

    text: LocalText = LocalText()
    value: int | None = None
    result: str | None = None


class Column(Frozen):
    """A result column (a terrain, a side, an area), declared once for the table."""

    key: str
    name: LocalText = LocalText()
    #: the totals this column answers, when they differ from the table's range
    range: tuple[int, int] | None = None


class TableRow(Frozen):
    """One printed row: a die range and its result, a modifier, a VP value, a card."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    result: str = ""
    roll: str | None = None
    #: one printed range per column: same result, a range for each column
    rolls: dict[str, str] | None = None
    #: one result per column: same roll (or a matrix row), a cell for each column
    cells: dict[str, Cell] | None = None
    value: int | None = None
    side: str | None = None
    rule: str | None = None
    max: int | None = None
    min: int | None = None
    text: LocalText = LocalText()
    name: LocalText | None = None
    points: LocalText | None = None
    #: a card's printed type letter, number of copies, Force (None where "-" is printed), note
    type: str | None = None
    copies: int | None = None
    force: int | None = None
    note: LocalText | None = None
    _totals: dict[str | None, tuple[int, ...]] = PrivateAttr(default_factory=dict)

    @property
    def faces(self) -> tuple[int, ...]:
        """The d10 faces of a ``d10`` table's row."""
        return parse_roll(self.roll) if self.roll is not None else ()

    @property
    def totals(self) -> tuple[int, ...]:
        """The modified totals a ``roll`` table's row answers (its ``roll``, open ends closed)."""
        return self._totals.get(None, ())

    def totals_in(self, column: str) -> tuple[int, ...]:
        """The totals this row answers in a column (its ``rolls[column]``, or its roll where it has a cell)."""
        return self._totals.get(column, ())

    @property
    def label(self) -> str:
        """How a problem names the row: its roll and result as written."""
        parts = [f"roll {self.roll!r}" if self.roll is not None else "", f"result {self.result!r}" if self.result else ""]
        return ", ".join(p for p in parts if p) or "(empty row)"


class Table(Frozen):
    """A table declared once (see games/README.md): d10, roll, matrix, list, cards, modifiers, scale."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    id: str
    rule: str
    title: LocalText = LocalText()
    kind: TableKind
    #: how one row is printed; None: the kind's readable default (rules_text.markup)
    line: str | None = None
    die: Die | None = None
    #: every total a ``roll`` table must answer, after modifiers: [lowest, highest]
    range: tuple[int, int] | None = None
    columns: tuple[Column, ...] = ()
    columns_printed: tuple[str, ...] = ()
    #: a row's ``name`` is a heading printed once over the rows that follow with the same name
    #: (Second Fallujah 7.3.4: "OT > DT = Successful attack" over its two results)
    name_once: bool = False
    rows: tuple[TableRow, ...]

    def model_post_init(self, context: object, /) -> None:
        if self.kind == "roll":
            _index_totals(self)

    def column_range(self, column: Column) -> tuple[int, int] | None:
        return column.range or self.range

    def row(self, result: str) -> TableRow:
        for row in self.rows:
            if row.result == result:
                return row
        raise KeyError(f"table {self.id!r} has no row {result!r}")

    def result_for(self, face: int) -> TableRow:
        """The row a d10 face selects (d10 tables only)."""
        for row in self.rows:
            if face in row.faces:
                return row
        raise KeyError(f"table {self.id!r} has no row for face {face}")

    def row_for_total(self, total: int, column: str | None = None) -> TableRow:
        """The row a modified total selects in a ``roll`` table (in a column, for several columns)."""
        for row in self.rows:
            if total in (row.totals_in(column) if column else row.totals):
                return row
        where = f" column {column!r}" if column else ""
        raise KeyError(f"table {self.id!r}{where} has no row for total {total} (range {self.range})")

    def cell_for_total(self, total: int, column: str) -> Cell:
        """The cell a total selects in a column of a same-roll, several-results table."""
        row = self.row_for_total(total, column)
        if not row.cells or column not in row.cells:
            raise KeyError(f"table {self.id!r} row {row.label} has no cell in column {column!r}")
        return row.cells[column]


def _index_totals(table: Table) -> None:
    """Give each row of a roll table its totals (unparsable ranges are left empty: the check reports them)."""
    low, high = table.range or (0, -1)
    columns = {c.key: table.column_range(c) or (low, high) for c in table.columns}
    for row in table.rows:
        found: dict[str | None, tuple[int, ...]] = {}
        try:
            if row.roll is not None:
                found[None] = parse_totals(row.roll, low, high)
                for key in row.cells or {}:
                    found[key] = parse_totals(row.roll, *columns.get(key, (low, high)))
            for key, printed in (row.rolls or {}).items():
                found[key] = parse_totals(printed, *columns.get(key, (low, high)))
        except ValueError:
            pass
        row._totals = found


class TableProblem(Frozen):
    """One fault of a table: which row, and what is wrong with it."""

    table: str
    row: str | None
    message: str

    def __str__(self) -> str:
        where = f"table {self.table}" + (f", {self.row}" if self.row else "")
        return f"{where}: {self.message}"


def _row_name(index: int, row: TableRow) -> str:
    return f"row {index + 1} ({row.label})"


def _ranges(values: list[int]) -> str:
    """[1, 2, 3, 5] -> "1-3, 5"; [-2, -1, 0] -> "-2 to 0"."""
    runs: list[list[int]] = []
    for value in sorted(set(values)):
        if runs and value == runs[-1][1] + 1:
            runs[-1][1] = value
        else:
            runs.append([value, value])
    return ", ".join(
        str(a) if a == b else (f"{a} to {b}" if a < 0 else f"{a}-{b}") for a, b in runs
    )


def _coverage(
    table: Table, column: str | None, low: int, high: int, entries: list[tuple[int, TableRow, str]]
) -> list[TableProblem]:
    """Each total of [low, high] answered exactly once by the (row, printed range) entries."""
    problems: list[TableProblem] = []
    where = f" in column {column}" if column else ""
    owner: dict[int, int] = {}
    for index, row, printed in entries:
        name = _row_name(index, row)
        try:
            totals = parse_totals(printed, low, high)
        except ValueError as exc:
            problems.append(TableProblem(table=table.id, row=name, message=f"{exc}{where}"))
            continue
        if not totals:
            problems.append(TableProblem(table=table.id, row=name,
                                         message=f"range {printed!r}{where} covers no total of the declared range {low} to {high}"))
        outside = [t for t in totals if not low <= t <= high]
        if outside:
            problems.append(TableProblem(
                table=table.id, row=name,
                message=f"range {printed!r}{where} runs outside the declared range {low} to {high} "
                        f"(totals {_ranges(outside)})"))
        for total in totals:
            if total in owner and low <= total <= high:
                other = owner[total]
                problems.append(TableProblem(
                    table=table.id, row=name,
                    message=f"total {total}{where} is also covered by {_row_name(other, table.rows[other])}"))
            owner.setdefault(total, index)
    uncovered = [t for t in range(low, high + 1) if t not in owner]
    if uncovered:
        problems.append(TableProblem(table=table.id, row=None,
                                     message=f"no row covers total(s) {_ranges(uncovered)}{where} "
                                             f"(declared range {low} to {high})"))
    return problems


def table_problems(table: Table) -> list[TableProblem]:
    """Every fault of one table, row by row (games/README.md says what each kind needs)."""
    problems: list[TableProblem] = []

    def problem(row: str | None, message: str) -> None:
        problems.append(TableProblem(table=table.id, row=row, message=message))

    if table.kind == "d10":
        owner: dict[int, int] = {}
        for index, row in enumerate(table.rows):
            name = _row_name(index, row)
            if row.roll is None:
                problem(name, "has no roll")
                continue
            try:
                faces = parse_roll(row.roll)
            except ValueError as exc:
                problem(name, str(exc))
                continue
            for face in faces:
                if face in owner:
                    problem(name, f"face {face} is also covered by {_row_name(owner[face], table.rows[owner[face]])}")
                owner.setdefault(face, index)
        missing = [f for f in D10_FACES if f not in owner]
        if missing:
            problem(None, f"no row covers face(s) {_ranges(missing)} of the d10 (0-9)")
        return problems

    keys = [c.key for c in table.columns]
    if len(set(keys)) != len(keys):
        problem(None, f"column keys repeat: {keys}")
    for row_index, row in enumerate(table.rows):
        if not row.result and not row.cells:
            problem(_row_name(row_index, row), "has no result (a stable snake_case key)")
        for field_name, given in (("rolls", row.rolls), ("cells", row.cells)):
            unknown = [k for k in given or {} if k not in keys]
            if unknown:
                problem(_row_name(row_index, row),
                        f"{field_name} names column(s) {', '.join(unknown)} not declared in columns "
                        f"({', '.join(keys) or 'none declared'})")

    if table.kind == "roll":
        problems += _roll_problems(table)
    elif table.kind == "matrix":
        if not table.columns:
            problem(None, "a matrix needs columns")
        for index, row in enumerate(table.rows):
            if not row.cells:
                problem(_row_name(index, row), "has no cells (one per column it prints a value in)")
    elif table.kind == "cards":
        seen: dict[str, int] = {}
        for index, row in enumerate(table.rows):
            name = _row_name(index, row)
            if row.name is None or not row.name.en:
                problem(name, "a card needs its printed name (name: {en: ...})")
            if not row.type:
                problem(name, "a card needs its printed type letter (type)")
            if row.copies is None or row.copies < 1:
                problem(name, f"copies is {row.copies!r}; a card list row needs at least 1 copy")
            if row.result in seen:
                problem(name, f"result {row.result!r} is also row {seen[row.result] + 1}")
            seen.setdefault(row.result, index)
    elif table.kind == "modifiers":
        for index, row in enumerate(table.rows):
            if row.value is None:
                problem(_row_name(index, row), "a modifier needs its value (+1 is 1, –1 is -1)")
    return problems


def _roll_problems(table: Table) -> list[TableProblem]:
    problems: list[TableProblem] = []
    if table.die is None:
        problems.append(TableProblem(table=table.id, row=None, message="a roll table needs die: a die such as d6, 2d6 or d10"))
    elif table.die == "deck":
        problems.append(TableProblem(table=table.id, row=None, message="die deck: a roll table is rolled with dice (d6, 2d6, d10...)"))
    if table.range is None:
        problems.append(TableProblem(table=table.id, row=None,
                                     message="a roll table needs range: [lowest total, highest total]"))
        return problems
    low, high = table.range
    if high < low:
        problems.append(TableProblem(table=table.id, row=None, message=f"range {list(table.range)} runs backwards"))
        return problems
    if not table.columns:
        entries = []
        for index, row in enumerate(table.rows):
            if row.roll is None:
                problems.append(TableProblem(table=table.id, row=_row_name(index, row), message="has no roll"))
            else:
                entries.append((index, row, row.roll))
        return problems + _coverage(table, None, low, high, entries)
    for column in table.columns:
        col_low, col_high = table.column_range(column) or (low, high)
        entries = []
        for index, row in enumerate(table.rows):
            name = _row_name(index, row)
            if row.rolls is not None:  # same result, a range per column
                if column.key not in row.rolls:
                    problems.append(TableProblem(table=table.id, row=name, message=f"has no roll for column {column.key}"))
                else:
                    entries.append((index, row, row.rolls[column.key]))
            elif row.roll is not None:  # same roll, a result per column
                if row.cells and column.key in row.cells:
                    entries.append((index, row, row.roll))
                    continue
                try:
                    inside = [t for t in parse_totals(row.roll, col_low, col_high) if col_low <= t <= col_high]
                except ValueError:
                    inside = []
                if inside:
                    problems.append(TableProblem(
                        table=table.id, row=name,
                        message=f"has no cell for column {column.key}, whose range {col_low} to {col_high} "
                                f"includes {_ranges(inside)}"))
            else:
                problems.append(TableProblem(table=table.id, row=name,
                                             message="has neither roll (with cells) nor rolls (one per column)"))
        problems += _coverage(table, column.key, col_low, col_high, entries)
    return list({(p.row, p.message): p for p in problems}.values())
