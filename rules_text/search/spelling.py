"""Words no searched rulebook knows: a "did you mean" and the corrected words to search.

A correction is worked out once per open index and word (:meth:`Open.knows`, :meth:`Open.suggest`):
Whoosh's suggestions cost about 2 ms per unknown word per game.
"""

from __future__ import annotations

import re

from ..fast_search import CORRECTED_FROM, distance
from .analysis import WORD
from .indexes import Open
from .query import ID_IN_QUERY


def correct(opened: list[Open], words: list[str], folded: str) -> tuple[str | None, list[str]]:
    """A "did you mean" for words no searched game knows, and the words to search."""
    def known_anywhere(word: str) -> bool:
        return any(o.knows(word) for o in opened)

    unknown = [w for w in words if not ID_IN_QUERY.fullmatch(w) and not w.isdigit() and len(w) >= CORRECTED_FROM
               and not known_anywhere(w)]
    if not unknown:
        return None, words
    corrected = folded
    for word in unknown:
        maxdist = 1 if len(word) <= 5 else 2
        if len(opened) == 1:  # Whoosh's own choice (the site's search replays it)
            first = opened[0].suggest(word, maxdist, 1)
            if first:
                corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", first[0], corrected)
            continue
        best = _nearest(opened, word, maxdist)
        if best is not None:
            corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", best, corrected)
    if corrected == folded:
        return None, words
    return corrected, WORD.findall(corrected)


#: (the open indexes' fingerprints, word, maxdist) -> the correction chosen across those games
_NEAREST: dict[tuple[tuple[str, ...], str, int], str | None] = {}
_NEAREST_SIZE = 10_000


def _nearest(opened: list[Open], word: str, maxdist: int) -> str | None:
    """Across several games: of every game's three suggestions, the nearest word, and among
    equally near ones the word the rulebooks use most; worked out once for the same open indexes."""
    key = (tuple(o.stamp for o in opened), word, maxdist)
    if key not in _NEAREST:
        options = {option for o in opened for option in o.suggest(word, maxdist, 3)}
        best = min(options, key=lambda option: (
            distance(word, option),
            -sum(o.searcher.reader().doc_frequency("spell", option) for o in opened), option)) if options else None
        if len(_NEAREST) >= _NEAREST_SIZE:
            _NEAREST.clear()
        _NEAREST[key] = best
    return _NEAREST[key]
