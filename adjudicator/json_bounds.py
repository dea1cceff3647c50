"""The bounds of a JSON document, checked on its raw bytes before anything parses or walks it.

A body nested 10,000 levels deep, an object of a million keys or sixteen megabytes of ``[{},{}...]``
costs little to send and much to build: Python's recursion limit is met by any code that walks
it (``copy.deepcopy`` at about 500 levels), and a million keys cost a gigabyte once parsed. So
the text is measured first, at C speed with regular expressions and never a loop per byte:

1. the values are counted: one per ``[``, ``{`` and ``,``, plus the root (those inside strings
   count too: a string of commas is refused by its model's length anyway);
2. every string is removed (its brackets and commas are not structure), then every number,
   literal, colon and blank, leaving only ``[ ] { } ,`` (:func:`shape`);
3. the innermost containers (``{,,,}``, ``[]``) are removed, one level per pass, at most
   :data:`MAX_DEPTH` passes: an object found with more than :data:`MAX_KEYS` keys is refused,
   and so is a list of more than :data:`MAX_ITEMS` items; brackets left after the last pass are a
   document nested too deeply.

For valid JSON the measure is exact; text that is not JSON is left for the parser to refuse.
"""

from __future__ import annotations

import re
from itertools import accumulate

#: the deepest nesting of objects and lists (an import's event payloads reach about 8)
MAX_DEPTH = 32
#: the most keys one object may hold (no input model has more than a few dozen fields)
MAX_KEYS = 1000
#: the longest list (one list of an import, its events, may be longer: :func:`structure_problem`)
MAX_ITEMS = 1000
#: the most values (objects, lists, strings, numbers, literals) in one document: a full import of
#: 100,000 short events holds about 700,000
MAX_NODES = 1_000_000

#: every byte but quotes, brackets, braces and commas: what :meth:`bytes.translate` deletes
_NOT_STRUCTURE = bytes(c for c in range(256) if c not in b'"[]{},')
#: each byte of a structure as one more than the depth it adds: opening 2, closing 0, a comma 1
_STEPS = bytes.maketrans(b"[{]},", b"\x02\x02\x00\x00\x01")
_INNERMOST = re.compile(rb"\{,*\}|\[,*\]")
_TOO_MANY_KEYS = re.compile(rb"\{,{%d}" % MAX_KEYS)
#: the text is split at its quotes a piece at a time, so the pieces never hold much memory
_CHUNK = 1 << 20


def values_at_most(raw: bytes) -> int:
    """An upper bound of the values in the JSON text ``raw``: one per ``[``, ``{`` and ``,``
    (those inside strings too), plus the root."""
    return 1 + raw.count(b",") + raw.count(b"[") + raw.count(b"{")


def shape(raw: bytes) -> bytes:
    """The structure of the JSON text ``raw``: its brackets, braces and commas outside strings.

    Escaped backslashes and quotes go first, so the quotes left are the strings' own; then
    every byte but those and the structure, then each pair of quotes with nothing between them
    (an empty string, or two strings meeting: removing two adjacent quotes leaves every other
    byte inside or outside a string as it was). Only the strings that hold a bracket or a comma
    are left, and they are cut out at their quotes, a piece of the text at a time."""
    text = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE).replace(b'""', b"")
    if b'"' not in text:
        return text
    pieces = []
    inside = 0
    for start in range(0, len(text), _CHUNK):
        parts = text[start:start + _CHUNK].split(b'"')
        pieces.append(b"".join(parts[inside::2]))
        inside ^= (len(parts) - 1) & 1
    return b"".join(pieces)


def _deepest(structure: bytes) -> int:
    """How deep the brackets of ``structure`` open, whether they pair or not."""
    steps = structure.translate(_STEPS)
    return max(accumulate(byte - 1 for byte in steps), default=0)


def structure_problem(raw: bytes, max_items: int = MAX_ITEMS) -> str | None:
    """What bound the JSON text ``raw`` (UTF-8) exceeds, in words naming the bound, or None;
    ``max_items``: the longest list (an import's list of events is longer than the others)."""
    too_many_items = re.compile(rb"\[,{%d}" % max_items)
    if values_at_most(raw) > MAX_NODES:
        return (f"a JSON document of at most {MAX_NODES:,} values (counted as its commas, '[' and '{{', "
                "those inside strings too)")
    structure = shape(raw)
    for level in range(MAX_DEPTH):
        if b"[" not in structure and b"{" not in structure:
            return None
        if _TOO_MANY_KEYS.search(structure):
            return f"objects of at most {MAX_KEYS} keys"
        if too_many_items.search(structure):
            return f"lists of at most {max_items} items"
        inner = _INNERMOST.sub(b"", structure)
        if inner == structure:  # brackets that do not pair: not JSON, which the parser says once
            # it has gone as deep as they open (``[[[[...``), so that depth is bounded too
            if level + _deepest(structure) > MAX_DEPTH:
                break
            return None
        structure = inner
    if b"[" in structure or b"{" in structure:
        return f"objects and lists nested at most {MAX_DEPTH} deep (this one is nested too deeply)"
    return None
