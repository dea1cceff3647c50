"""Full-text search over a game's rulebooks and glossary (Whoosh).

The index is built from the corpus into a cache folder named after the data's
fingerprint, so any edit of a rule file or of the glossary brings a rebuild on
the next search; nobody rebuilds by hand.

``search(query, game="all")`` searches every registered game: one index per game, each
searched alone (its word statistics taken over every game's) and the hits merged by game;
every hit names its game.

The modules: :mod:`.query` (cleaning, rule numbers), :mod:`.analysis` (folding, stems),
:mod:`.indexes` (documents, building, the open index), :mod:`.spelling` ("did you mean"),
:mod:`.ranking` (one game's ranking, games merged), :mod:`.snippets`.

Ranking for a rules reader:

- a query that is a rule number (``11.4.1``, ``[13.6.4]``, ``13.6.4.``, ``22.0``, ``22)``)
  gives that section first;
- a word in a title weighs more than in a long text (BM25F's length normalisation, title and
  text as separate fields); rules rank above notes and examples;
- a section that says two of the query's words side by side ("major victory", "both sides")
  ranks higher (a pairs field: each two neighbouring stems of the text, stop words out);
- a section that writes a glossary term as its abbreviation is found by the term's name too
  ("CVPs" in 19.1.2 is "Coalition VPs", "victory points");
- a one-digit word is searched ("a 0 on the die"); a rule number in the text ("see 9.2") is one
  token, not two digits;
- a section holding more of the query's words ranks higher, and a numbered rule is read under
  every heading above it (11.4.2 sits under FIRE COMBAT PHASE and SNIPER ATTACK); a word counts
  as held when the section has it or its table talk ("peek" is "look"), and the share counts the
  words the game's rulebook uses (a word it never uses counts half: "how many" in the card game);
- table talk is found by a word's stem ("letters" has the talk of "letter"), a number spelled out
  by its digits ("seven phases", "7 Phases"), and the talk of a word the rulebook never uses
  weighs as much as the word would;
- the rule asked for ranks above the sections that contain it: a chapter or section whose own
  words cover no more of the query than one of its sub-rules goes below that sub-rule;
- a section holds, at half a word each, the words only its notes and examples say (19.2.3's
  designer's note speaks of the individual "escaping");
- the rule asked for ranks above a chapter that restates the rules (a glossary, declared by its
  game's ``restating`` in game.yaml): such a chapter's section goes below the best rule of another
  chapter holding more of the query's words, unless the query is its term alone or its number;
- a glossary term (English, French or abbreviation) puts its defining rule first,
  and its translation is searched too (``Pas de Pertes`` finds ``Step Loss``);
- words the index does not know are corrected ("did you mean") and searched fuzzily; a
  correction is worked out once per open index and word; a word of fewer than five letters is
  never corrected ("many" is not a typo of "may", nor "can" of "car");
- across games, every game that matches gets its share of the hits, grouped by game (the game
  with the best hit first; for a rule number, each game's section of that number first).

User text is never parsed as query syntax: ``AND``, ``title:``, quotes and
parentheses are plain words.
"""

from __future__ import annotations

import json

from pydantic import BaseModel

from ..base import LANG_CODE
from ..fast_rule import cache_dir
from ..fast_search import ranked_in, read_query
from ..loading import DEFAULT_GAME, UnknownGame, available_games
from ..models import LANGS
from .analysis import analyzer, fold, stems
from .indexes import build_index, collection, open_index
from .query import MAX_QUERY_LENGTH, SearchError, clean_query
from .ranking import merge
from .snippets import snippet_of
from .spelling import correct

__all__ = ["KINDS", "MAX_QUERY_LENGTH", "Hit", "SearchError", "SearchResult", "analyzer", "build_index",
           "cache_dir", "clean_query", "fold", "open_index", "search", "snippet_of"]

KINDS = ("rule", "example", "note", "table", "foreword", "bibliography", "glossary")


class Hit(BaseModel):
    game: str
    id: str
    lang: str
    title: str
    kind: str
    breadcrumb: list[str]
    snippet: str
    score: float
    #: the id as the rulebook prints it ("22.0", "22)"), for numbered sections
    number: str | None = None


class SearchResult(BaseModel):
    query: str
    hits: list[Hit]
    suggestion: str | None = None


def _games(game: str) -> list[str]:
    """The games a search covers: one, or every registered game for "all"."""
    known = available_games()
    if game == "all":
        return known
    if game not in known:
        raise UnknownGame(game)
    return [game]



def search(
    query: str,
    *,
    lang: str = "all",
    kind: str | None = None,
    limit: int = 10,
    game: str = DEFAULT_GAME,
) -> SearchResult:
    """Search a game's rulebooks, or every game's with ``game="all"``; best hits first.

    An unknown game raises :class:`~rules_text.loading.UnknownGame` (one line, listing the
    known games); an unusable query raises :class:`SearchError`.
    """
    text = clean_query(query)
    if lang != "all" and not (isinstance(lang, str) and LANG_CODE.fullmatch(lang)):
        raise SearchError(f"lang {lang!r} is not one of en, fr, all (or a language code a game declares)")
    if kind is not None and kind not in KINDS:
        raise SearchError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    if not 1 <= limit <= 100:
        raise SearchError(f"limit {limit} is not between 1 and 100")
    opened = [open_index(g) for g in _games(game)]
    langs: list[str] = list(LANGS) if lang == "all" else [lang]
    folded, words, exact_id, typed_ids = read_query(text)
    suggestion, words = correct(opened, words, folded)

    stats = collection(opened) if len(opened) > 1 else None
    ranked = ranked_in(opened, words, folded, typed_ids, exact_id, lang, kind, limit, stats)
    if not ranked:
        return SearchResult(query=text, hits=[], suggestion=suggestion)
    chosen = merge(ranked, lang, kind, limit, exact_id, len(opened) > 1)
    wanted = {stem for lg in langs for stem in stems(words, lg)}
    hits = [
        Hit(
            game=doc["game"], id=doc["id"], lang=doc["lang"], title=doc["title"], kind=doc["kind"],
            breadcrumb=json.loads(doc["breadcrumb"]), snippet=snippet_of(doc["text"], wanted, doc["lang"]),
            score=round(score, 4), number=doc.get("number") or None,
        )
        for score, doc in chosen
    ]
    return SearchResult(query=text, hits=hits, suggestion=suggestion)
