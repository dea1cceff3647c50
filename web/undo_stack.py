"""The undo and redo stacks of every game's state (boardgame.io's ``_undo`` and ``_redo``), shared
between states instead of copied.

Each state of a game holds the versions of the actions undo would take back and of those redo
would replay, last on top. Held as tuples, every action copied the whole undo stack into the new
state, so replaying a log of n undoable actions (an import) took time in n²: 20-28 s for the 50,000
events of issue 16's benchmark. A :class:`VersionStack` is immutable and persistent: pushing or
popping makes a new stack in constant time that shares the rest with the old one, so a state and
the states made from it share their stacks.

The stack is held as runs of consecutive versions (each action pushes the next version; only an
undo, a redo or a roll breaks a run), and a snapshot stores those runs: a version alone, or
``[first, last]`` for a run of several, so ``[2, [4, 49], 51]`` is 2, 4 to 49, then 51. A long
game's snapshot holds a few runs, not every version (at 50,000 events, 20 KB instead of 300 KB,
serialised 25 times faster); a snapshot written when the stack was a tuple (a plain list of
versions) reads back the same. Elsewhere it behaves as the tuple did: iterated bottom first, equal
to the tuple of its versions, dumped as that tuple in Python mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain as chain_iterables
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

#: a stack's runs from the top: ``(start, stop, rest)`` holds the versions ``start`` to ``stop - 1``
#: on top of the runs ``rest``; None is the empty stack (plain tuples of ints, which the garbage
#: collector stops tracking)
_Chain = tuple[int, int, Any] | None


def _pushed(chain: _Chain, version: int) -> _Chain:
    if chain is not None and chain[1] == version:  # the next version: the top run grows
        return chain[0], version + 1, chain[2]
    return version, version + 1, chain


class VersionStack:
    """An immutable stack of event versions; :meth:`push` and :meth:`pop` share, never copy."""

    __slots__ = ("_chain", "_size")

    _chain: _Chain
    _size: int

    def __init__(self, versions: Iterable[int] = ()):
        chain: _Chain = None
        size = 0
        for version in versions:
            chain = _pushed(chain, version)
            size += 1
        self._chain, self._size = chain, size

    @classmethod
    def _of(cls, chain: _Chain, size: int) -> VersionStack:
        stack = cls.__new__(cls)
        stack._chain, stack._size = chain, size
        return stack

    def push(self, version: int) -> VersionStack:
        """This stack with ``version`` on top."""
        return VersionStack._of(_pushed(self._chain, version), self._size + 1)

    def pop(self) -> VersionStack:
        """This stack without its top (IndexError when empty)."""
        chain = self._chain
        if chain is None:
            raise IndexError("pop from an empty stack of versions")
        start, stop, rest = chain
        return VersionStack._of((start, stop - 1, rest) if stop - 1 > start else rest, self._size - 1)

    def top(self) -> int:
        """The version on top (IndexError when empty)."""
        if self._chain is None:
            raise IndexError("top of an empty stack of versions")
        return self._chain[1] - 1

    def __len__(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return self._chain is not None

    def runs(self) -> list[tuple[int, int]]:
        """The runs of consecutive versions, bottom first: ``(first, last)``, both included."""
        runs = []
        chain = self._chain
        while chain is not None:
            runs.append((chain[0], chain[1] - 1))
            chain = chain[2]
        runs.reverse()
        return runs

    def __iter__(self) -> Iterator[int]:
        """The versions bottom first, as the tuple listed them."""
        return chain_iterables.from_iterable(range(first, last + 1) for first, last in self.runs())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, VersionStack):  # runs are never adjacent: equal stacks have equal runs
            return self._size == other._size and (self._chain is other._chain or self.runs() == other.runs())
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"VersionStack({list(self)!r})"

    def __copy__(self) -> VersionStack:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> VersionStack:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return VersionStack, (tuple(self),)

    def stored(self) -> list[int | list[int]]:
        """The runs as a snapshot stores them: a version alone, ``[first, last]`` for several."""
        return [first if first == last else [first, last] for first, last in self.runs()]

    @classmethod
    def from_stored(cls, items: list[int | tuple[int, int]]) -> VersionStack:
        """The stack of :meth:`stored`'s runs, or of a plain list of versions (what a tuple stored)."""
        chain: _Chain = None
        size = 0
        for item in items:
            first, last = (item, item) if isinstance(item, int) else item
            if last < first:
                raise ValueError(f"a run of versions [first, last] with first <= last, not {list(item)}")  # type: ignore[arg-type]
            if chain is not None and chain[1] == first:
                chain = (chain[0], last + 1, chain[2])
            else:
                chain = (first, last + 1, chain)
            size += last - first + 1
        return cls._of(chain, size)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """Read from a snapshot's runs, a list or tuple of versions, or a stack; dumped as the tuple
        of its versions in Python and as its runs in JSON (:meth:`stored`)."""
        version = core_schema.int_schema()
        runs = core_schema.list_schema(core_schema.union_schema([
            version, core_schema.tuple_schema([version, version])]))
        from_runs = core_schema.no_info_after_validator_function(cls.from_stored, runs)
        return core_schema.json_or_python_schema(
            json_schema=from_runs,
            python_schema=core_schema.union_schema([
                core_schema.is_instance_schema(cls),
                core_schema.no_info_after_validator_function(cls, core_schema.tuple_variable_schema(version)),
            ]),
            serialization=core_schema.plain_serializer_function_ser_schema(_dumped, info_arg=True),
        )


def _dumped(stack: VersionStack, info: core_schema.SerializationInfo) -> Any:
    return stack.stored() if info.mode_is_json() else tuple(stack)


#: the stack with no version: a new game's, and after an action that cannot be undone
EMPTY = VersionStack()
