"""``fallujah search QUERY`` answered from a plain export of the search index, without pydantic,
YAML or Whoosh (issue 21, item 6: start-up at most 3x a bare Python).

Opening a game's Whoosh index imports pydantic, the corpus loader (hundreds of regular
expressions, a thousand model classes) and Whoosh: most of the 0.6 s ``fallujah search`` took.
Whenever the full search opens an index (:func:`rules_text.search.indexes.open_index`), it also
writes that index's "plain export" (:func:`rules_text.search.export.plain_index`): the very inputs
of the ranking (postings with their term weights, field lengths and averages, the stored
documents, the spelling words, the synonyms, and the analyzer's tokens of every word the
rulebooks, glossary and synonyms use; the site's search page replays the same export in the
browser). The next ``fallujah search`` ranks over that file with the standard library alone.

The ranking here *is* the search's ranking: :mod:`rules_text.search.ranking` imports its steps
from this module (:func:`text_weights`, :func:`rank`, :func:`below_rules`, :func:`below_subrules`,
:func:`by_game`, :func:`merge`, :func:`snippet_of`), run there over a Whoosh index and here over its export, both
of which offer the same few methods (``stems``, ``terms_in``, ``score``, ``allowed``,
``holders``, ``docs``, ``total``).

Never stale, never different: the export records each data file's stats and a hash of the code
that builds and ranks the index (as the rule answers file does, :mod:`rules_text.fast_rule`);
any doubt sends the command down the full path, which writes the export again. The "did you
mean" replays Whoosh's spelling suggestions over the export's spelling words, and a word no
rulebook uses is analysed as the index's analyzer does (Whoosh's Snowball stemmer, imported only
then). What this path does not read goes to the full path: ``--kind table`` (which reads the
tables), a game with a language beyond English and French, a query that cannot be searched
(the full path words the error), an option spelled otherwise. ``tests/test_cli_fast_search.py``
checks that both paths print the same bytes for every query of every query set, typos included.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import marshal
import math
import re
import sys
import unicodedata
from collections import Counter
from itertools import pairwise
from pathlib import Path

from . import fast_rule

TYPE_CHECKING = False  # typing is imported by type checkers only
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any, Protocol

    class Index(Protocol):
        """What the ranking reads of one game's index (an open Whoosh index or its export)."""

        docs: dict[int, dict[str, Any]]
        synonyms: dict[str, Any]

        @property
        def total(self) -> int: ...
        def stems(self, words: list[str], lang: str) -> list[str]: ...
        def query_pairs(self, words: list[str], lang: str) -> list[str]: ...
        def terms_in(self, folded: str) -> list[dict[str, Any]]: ...
        def postings(self, field_name: str, stem: str) -> list[tuple[int, float]]: ...
        def average(self, field_name: str) -> float | None: ...
        def lengths(self, field_name: str) -> dict[int, int]: ...
        def allowed(self, lang: str, kind: str | None) -> frozenset[int]: ...
        def holders(self, stem: str, langs: list[str], prefixes: tuple[str, ...]) -> set[int]: ...
        def stem_of(self, word: str, lang: str) -> str | None: ...

#: bump when the export changes shape
EXPORT_VERSION = 2
#: as rules_text.models.LANGS
LANGS: tuple[str, ...] = ("en", "fr")
#: a word of a query: letters and digits, with an inner apostrophe ("mayor's")
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
#: a run of letters and digits (a token of a snippet, the first run of a glossary form)
RUN = re.compile(r"[^\W_]+")
#: as rules_text.search.query
MAX_QUERY_LENGTH = 500
RULE_ID = re.compile(r"^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?\s*\]?$")
ID_IN_QUERY = re.compile(r"(?<![\d.])\d{1,2}(?:\.\d{1,2}){1,4}(?![\d])")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
#: the search's kinds (rules_text.search.KINDS) and languages (the CLI's --lang)
KINDS = ("rule", "example", "note", "table", "foreword", "bibliography", "glossary")
SEARCH_LANGS = ("en", "fr", "all")

#: BM25F parameters: Whoosh's defaults
BM25_B, BM25_K1 = 0.75, 1.2
#: how much a kind's hits count against a rule's, when no kind is asked for
KIND_WEIGHT = {"rule": 1.0, "table": 0.9, "glossary": 0.9, "example": 0.5, "note": 0.45,
               "foreword": 0.5, "bibliography": 0.4}
RULE_KINDS = ("rule", "table", "glossary")
#: coordination: a section holding a share s of the query's words has its score times (FLOOR + s**2);
#: the words are those the game's rulebook uses (itself or by its table talk), stop words out, and
#: each word it never uses counts :data:`UNUSED_WORD` of a word (it tells less which section answers)
COORDINATION_FLOOR = 0.1
UNUSED_WORD = 0.5
#: each field's weight in the score: the glossary's names of the abbreviations a section uses count half
FIELD_WEIGHT = {"title": 1.0, "body": 1.0, "context": 1.0, "terms": 0.5}
#: the boost of a glossary term's defining rule: the query is the term, or holds it among other words
TERM_BOOST, TERM_IN_QUERY_BOOST = 3.0, 0.3
#: the weight of two of the query's words side by side in a section
PAIR_WEIGHT = 2.0
#: a section goes below a sub-rule that covers the query as well when the sub-rule scores at least
#: this share of the section's score
CONTAINED_SHARE = 0.8
#: ...and then takes this share of the sub-rule's score
BELOW_SUBRULE = 0.9
#: a word of the query that only a section's notes and examples say counts this much of a word
#: held by the section (a designer's note says what its rule simulates: "escaping" in 19.2.3's)
NOTED_WORD = 0.5
#: a word shorter than this is never corrected: too many real words lie one letter away from a
#: short one ("many" is not a typo of "may", "back" of "black", "can" of "car")
CORRECTED_FROM = 5

_HERE = Path(__file__).resolve().parent
#: the code an export depends on: the corpus (as the rule answers, fast_rule) and the search
_CODE = tuple(_HERE / name for name in fast_rule._CODE_MODULES) + (_HERE / "fast_search.py",) + tuple(
    _HERE / "search" / name for name in ("__init__.py", "analysis.py", "indexes.py", "export.py", "query.py",
                                         "ranking.py", "snippets.py", "spelling.py"))


class Unanswerable(Exception):
    """This path cannot answer as the full search would: the full search answers."""


# --- folding and query reading (rules_text.search.analysis, .query) ---------------------------


def fold(text: str) -> str:
    """Case and accent folding: "Étape" -> "etape"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def pairs(tokens: list[str]) -> list[str]:
    """Each two tokens side by side, as one term ("game over" of "the game is over": stop words
    are out already): a section that says the player's words together answers him more likely."""
    return [f"{a}_{b}" for a, b in pairwise(tokens) if a != b]


def first_runs(forms: Iterable[Iterable[str]]) -> dict[str, set[int]]:
    """The glossary terms' numbers (their order in ``forms``, one list of forms a term) by the first
    run of letters and digits of each of their forms, ``""`` for a form with none."""
    runs: dict[str, set[int]] = {}
    for number, term_forms in enumerate(forms):
        for form in term_forms:
            first = RUN.search(form)
            runs.setdefault(first.group() if first else "", set()).add(number)
    return runs


def terms_tried(runs: dict[str, set[int]], folded: str) -> list[int]:
    """The numbers of the glossary terms worth trying on a folded query, in order (``runs`` from
    :func:`first_runs`): a form found between word boundaries begins with one of the query's runs
    of letters and digits, so only those terms are tried, and those with a form with no run."""
    tried = set(runs.get("", ()))
    for run in set(RUN.findall(folded)):
        tried |= runs.get(run, set())
    return sorted(tried)


def chapter_number(section_id: str) -> str:
    """As rules_text.models.chapter_number: "22.0" and "22)" -> "22"."""
    match = fast_rule.PRINTED_CHAPTER.match(section_id)
    return match.group(1) if match else section_id


def read_query(text: str) -> tuple[str, list[str], bool, list[str]]:
    """What the ranking reads of a cleaned query: its folded text, its words, whether it is a rule
    number alone, and the rule numbers it names (as stored: "22.0" -> "22")."""
    folded = fold(text)
    id_match = RULE_ID.match(text)
    typed_ids = [chapter_number(i) for i in ([id_match.group(1)] if id_match else ID_IN_QUERY.findall(text))]
    return folded, WORD.findall(folded), bool(id_match), typed_ids


def languages_of(synonyms: dict[str, Any]) -> list[str]:
    """The languages an index's fields are searched in: English and French, and the game's others."""
    return [*LANGS, *(lang for lang in synonyms.get("langs", ()) if lang not in LANGS)]


# --- the ranking (rules_text.search.ranking imports it) ---------------------------------------


def text_weights(index: Index, words: list[str], extra: dict[str, list[str]],
                 langs: list[str], stand_ins: list[str]) -> dict[tuple[str, str], float]:
    """One weight per distinct (field, term): the query's words their field's weight, synonyms half
    that (the whole of it for the ``stand_ins``: the table talk of a word the game's rulebook never
    uses stands in for it), and each two of the query's words side by side :data:`PAIR_WEIGHT` in
    the pairs field."""
    weights: dict[tuple[str, str], float] = {}
    for lang in langs:
        query_stems = index.stems(words, lang)
        full = set(index.stems(stand_ins, lang))
        for field, share in FIELD_WEIGHT.items():
            name = f"{field}_{lang}"
            for stem in index.stems(extra.get(lang, []), lang):
                weights.setdefault((name, stem), share if stem in full else 0.5 * share)
            for stem in query_stems:
                weights[(name, stem)] = share
        if lang in LANGS:
            for pair in index.query_pairs(words, lang):
                weights[(f"pairs_{lang}", pair)] = PAIR_WEIGHT
    return weights


#: the fields in which a section holds a word (its own, its headings', its abbreviations' names)
HELD = ("title_", "body_", "context_", "terms_")
#: the field of the words a section's notes and examples say
NOTED = ("notes_",)


def talk_of(index: Index, word: str) -> list[str]:
    """The table talk of one of the query's words, as words: its own entry, else the entry of the
    words of its English stem ("letters" is talked of as "letter")."""
    talk = index.synonyms["talk"]
    phrases = talk[word] if word in talk else [
        p for stem in index.stems([word], "en") for p in index.synonyms.get("talk_stems", {}).get(stem, [])]
    return [w for phrase in phrases for w in WORD.findall(phrase)]


def bm25f(index: Index, weights: dict[tuple[str, str], float], allowed: frozenset[int],
          stats: Collection | None = None) -> dict[int, float]:
    """BM25F (Whoosh's formula and defaults) of an OR of weighted terms, over allowed documents.

    ``stats``: the statistics of several games' indexes taken as one collection, so that
    scores of different games compare (a word only one game uses weighs as much there
    as it would in a single index of every game).
    """
    total = index.total
    scores: dict[int, float] = {}
    for (field_name, stem), query_weight in weights.items():
        found = index.postings(field_name, stem)
        if not found:
            continue
        if stats is None:
            idf = math.log(total / (len(found) + 1)) + 1
            average = index.average(field_name)
        else:
            idf, average = stats.idf(field_name, stem), stats.average(field_name)
        lengths = index.lengths(field_name)
        for docnum, tf in found:
            if docnum in allowed:
                norm = (1 - BM25_B) + BM25_B * lengths.get(docnum, 0) / average if average else 1
                scores[docnum] = scores.get(docnum, 0.0) + query_weight * idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * norm)
    return scores


def rank(index: Index, words: list[str], folded: str, typed_ids: list[str], exact_id: bool,
         lang: str, kind: str | None, limit: int, stats: Collection | None) -> list[tuple[float, dict[str, Any]]]:
    """One game's candidate documents with their scores (see rules_text.search's docstring)."""
    langs: list[str] = languages_of(index.synonyms) if lang == "all" else [lang]
    boosts: dict[str, float] = {rule_id: 100.0 if exact_id else 5.0 for rule_id in typed_ids}
    extra: dict[str, list[str]] = {lg: [] for lg in languages_of(index.synonyms)}
    said = {word: talk_of(index, word) for word in dict.fromkeys(words)}
    for talked in said.values():
        for lg in extra:
            extra[lg] += talked
    # the documents holding each of the query's words (by its own stems or its talk's), how many
    # words the game never uses, and the talk of the words it never uses itself: that talk stands in
    held: dict[str, set[int]] = {}
    noted: dict[str, set[int]] = {}  # the documents whose notes and examples alone hold the word
    stand_ins: list[str] = []
    unused = 0
    for word, talked in said.items():
        word_stems = {stem for lg in langs for stem in index.stems([word], lg)}
        if not word_stems:
            continue  # a stop word
        itself = {d for stem in word_stems for d in index.holders(stem, langs, HELD)}
        if not itself:
            stand_ins += talked
        by_talk = {d for lg in langs for stem in index.stems(talked, lg) for d in index.holders(stem, langs, HELD)}
        if itself or by_talk:
            held[word] = itself | by_talk
            said_stems = word_stems | {stem for lg in langs for stem in index.stems(talked, lg)}
            noted[word] = {d for stem in said_stems for d in index.holders(stem, langs, NOTED)} - held[word]
        else:
            unused += 1
    for entry in index.terms_in(folded):
        exact = folded.strip() in entry["forms"]
        boosts[entry["rule"]] = max(boosts.get(entry["rule"], 0), TERM_BOOST if exact else TERM_IN_QUERY_BOOST)
        for lg in LANGS:  # each language's own words for the term, in its own fields
            extra[lg] += [w for f in entry["by_lang"][lg] for w in WORD.findall(f)]

    weights = text_weights(index, words, {lg: list(dict.fromkeys(ws)) for lg, ws in extra.items()}, langs, stand_ins)
    weights.update({("ids", rule_id): 10.0 for rule_id in typed_ids})
    scores = bm25f(index, weights, index.allowed(lang, kind), stats)
    if not scores:
        return []
    results = heapq.nlargest(max(60, limit * 4), scores.items(), key=lambda pair: pair[1])

    wanted = {stem for lg in langs for stem in index.stems(words, lg)}
    candidates = {docnum for docnum, _ in results}
    # how many of the query's words each candidate holds, itself or by its table talk: anywhere
    # (its headings' too; what only its notes and examples say, NOTED_WORD of a word), its own
    anywhere: dict[int, float] = dict(Counter(d for docs in held.values() for d in docs & candidates))
    for docs in noted.values():
        for d in docs & candidates:
            anywhere[d] = anywhere.get(d, 0) + NOTED_WORD
    owned = Counter(d for stem in wanted for d in index.holders(stem, langs, ("title_", "body_", "terms_")) & candidates)
    ranked: list[tuple[float, dict[str, Any]]] = []
    own: dict[tuple[str, str], int] = {}
    counts: dict[tuple[str, str], float] = {}
    for docnum, base in results:
        doc = index.docs[docnum]
        score = base * (1.0 if kind else KIND_WEIGHT.get(doc["kind"], 0.5))
        if held:
            # coordination: a section that has more of the query's words the game uses (its own
            # or its headings', or their table talk) beats one that repeats a single common word
            score *= COORDINATION_FLOOR + (anywhere.get(docnum, 0) / (len(held) + UNUSED_WORD * unused)) ** 2
        if doc["empty"]:
            score *= 0.6  # a bare heading: its rules are in the sections below
        score *= 1 + boosts.get(doc["id"], 0)
        own[(doc["lang"], doc["id"])] = owned[docnum]
        counts[(doc["lang"], doc["id"])] = anywhere.get(docnum, 0)
        ranked.append((score, doc))
    asked = {rule_id for rule_id, boost in boosts.items() if boost >= TERM_BOOST}
    return below_subrules(below_rules(ranked, counts, asked), own)


def below_rules(ranked: list[tuple[float, dict[str, Any]]], counts: dict[tuple[str, str], float],
                asked: set[str]) -> list[tuple[float, dict[str, Any]]]:
    """The rule asked for above a chapter that restates it (a glossary: a game's ``restating``
    chapters): a section of such a chapter goes just below the best section of the other chapters
    that holds more of the query's words (``counts``, as the coordination counts them), unless the
    query asks for it by its term alone or by its number (``asked``). Holding as many, it keeps
    its place: some rules are only in the glossary."""
    rules = [(score, doc["lang"], counts[(doc["lang"], doc["id"])]) for score, doc in ranked if not doc.get("restates")]
    out = []
    for score, doc in ranked:
        if doc.get("restates") and doc["id"] not in asked:
            mine = counts[(doc["lang"], doc["id"])]
            above = max((s for s, lang, n in rules if lang == doc["lang"] and n > mine), default=0.0)
            if 0.0 < above < score:
                score = above * BELOW_SUBRULE
        out.append((score, doc))
    return out


def below_subrules(ranked: list[tuple[float, dict[str, Any]]], own: dict[tuple[str, str], int]) -> list[tuple[float, dict[str, Any]]]:
    """The rule asked for above the sections that contain it: a section goes just below its best
    sub-rule when that sub-rule's own words (title and text, not the headings above it) hold as
    many of the query's words as the section's own, and it scores at least
    :data:`CONTAINED_SHARE` of the section's score."""
    best: dict[tuple[str, str], float] = {}
    for score, doc in ranked:
        mine = own[(doc["lang"], doc["id"])]
        for ancestor in doc["ancestors"]:
            key = (doc["lang"], ancestor)
            if key in own and mine >= own[key]:
                best[key] = max(best.get(key, 0.0), score)
    out = []
    for score, doc in ranked:
        below = best.get((doc["lang"], doc["id"]), 0.0)
        if below >= CONTAINED_SHARE * score:
            score = min(score, below * BELOW_SUBRULE)
        out.append((score, doc))
    return out


def by_game(ranked: list[tuple[float, dict[str, Any]]], limit: int, numbered: bool) -> list[tuple[float, dict[str, Any]]]:
    """The best ``limit`` hits across games, each game that matches showing its own best hits.

    Scores of different games' indexes are not on one scale, and a player who searches every
    game wants each game's answer ("IED" finds the rule of each game that has one). The games
    take turns, best game first (the game of the best hit), each taking its next best hit, until
    ``limit`` hits are taken; a game with no more hits gives its turn to the others. The hits are
    listed grouped by game, the games in that order, each game's hits best first; for a rule
    number (``numbered``), each game's section of that number comes first, then the groups.
    """
    queues: dict[str, list[tuple[float, dict[str, Any]]]] = {}
    for pair in ranked:  # best first: the games in the order of their best hit
        queues.setdefault(pair[1]["game"], []).append(pair)
    taken: dict[str, int] = dict.fromkeys(queues, 0)
    total = 0
    while total < limit and any(taken[g] < len(q) for g, q in queues.items()):
        for game, queue in queues.items():
            if total < limit and taken[game] < len(queue):
                taken[game] += 1
                total += 1
    if numbered:
        return ([queue[0] for queue in queues.values()]
                + [pair for game, queue in queues.items() for pair in queue[1: taken[game]]])
    return [pair for game, queue in queues.items() for pair in queue[: taken[game]]]


def merge(ranked: list[tuple[float, dict[str, Any]]], lang: str, kind: str | None, limit: int,
          numbered: bool, several: bool) -> list[tuple[float, dict[str, Any]]]:
    """The hits to show of every game's ranked documents: rules first, one hit per section, the
    games' shares (:func:`by_game`) when ``several`` games are searched."""
    ranked = sorted(ranked, key=lambda pair: -pair[0])
    if kind is None:
        # rules (and their tables) first, unless a note or example is far more relevant
        floor = ranked[0][0] * 0.2
        ranked.sort(key=lambda pair: (not (pair[1]["kind"] in RULE_KINDS and pair[0] >= floor), -pair[0]))
        # a note or example put below the rules scores no more than the rules above it
        for i in range(1, len(ranked)):
            ranked[i] = (min(ranked[i][0], ranked[i - 1][0]), ranked[i][1])
    chosen: list[tuple[float, dict[str, Any]]] = []
    seen: set[tuple[str, str, str, str]] = set()
    for score, doc in ranked:
        # one hit per section: in both languages at once, the better-scoring one stands
        key = (doc["game"], doc["id"], doc["kind"] if doc["kind"] == "glossary" else "",
               doc["lang"] if lang != "all" else "")
        if key not in seen:
            seen.add(key)
            chosen.append((score, doc))
    return by_game(chosen, limit, numbered) if several else chosen[:limit]


def ranked_in(opened: Sequence[Index], words: list[str], folded: str, typed_ids: list[str], exact_id: bool,
              lang: str, kind: str | None, limit: int, stats: Collection | None) -> list[tuple[float, dict[str, Any]]]:
    """Every game's candidates (:func:`rank`), each game's scores weighted by its affinity to the
    words when several games are searched (``stats``, their collection), ready for :func:`merge`."""
    ranked = []
    for o in opened:
        affinity = stats.affinity(o, words) if stats else 1.0
        ranked += [(score * affinity, doc)
                   for score, doc in rank(o, words, folded, typed_ids, exact_id, lang, kind, limit, stats)]
    return ranked


def snippet_of(index: Index, text: str, wanted: set[str], lang: str, size: int = 180) -> str:
    """The stretch of text with most query words, each matched word between ** **."""
    flat = " ".join(text.split())
    spans = [(m.start(), m.end()) for m in RUN.finditer(flat) if index.stem_of(m.group(), lang) in wanted]
    if not spans:
        return flat if len(flat) <= size else flat[:size].rsplit(" ", 1)[0] + " …"
    best_start, best_count = spans[0][0], 0
    for i, (start, _) in enumerate(spans):  # the window of `size` characters holding most matches
        count = sum(1 for s, _ in spans[i:] if s < start + size - 40)
        if count > best_count:
            best_start, best_count = start, count
    begin = max(0, flat.rfind(" ", 0, max(0, best_start - 40)) + 1)
    end = min(len(flat), begin + size)
    if end < len(flat):
        end = max(begin + 1, flat.rfind(" ", begin, end))
    out, cursor = [], begin
    for start, stop in spans:
        if start >= begin and stop <= end:
            out += [flat[cursor:start], "**", flat[start:stop], "**"]
            cursor = stop
    out.append(flat[cursor:end])
    return ("… " if begin > 0 else "") + "".join(out) + (" …" if end < len(flat) else "")


class Collection:
    """Several games' indexes seen as one collection: document counts, frequencies, lengths summed."""

    def __init__(self, indexes: list[Index]):
        self.opened = indexes
        #: (what, field, stem) -> value: the indexes never change while open
        self._memo: dict[tuple[str, str, str], float] = {}

    def idf(self, field_name: str, stem: str) -> float:
        key = ("idf", field_name, stem)
        if key not in self._memo:
            total = sum(o.total for o in self.opened)
            frequency = sum(len(o.postings(field_name, stem)) for o in self.opened)
            self._memo[key] = math.log(total / (frequency + 1)) + 1
        return self._memo[key]

    def affinity(self, game: Index, words: list[str]) -> float:
        """How much of the query a game's rulebook speaks of: the share, weighted by rarity, of
        the query's words that occur anywhere in it (a game without "postponed" is less likely
        the one a player asking about postponed missions plays). 1.0 for one game alone."""
        # English, the language every rulebook has: a French word tells nothing about the game
        english = set(game.stems(words, "en"))
        prefixes = ("title_", "body_", "context_")
        total = sum(o.total for o in self.opened)
        present = absent = 0.0
        for stem in english:
            counts = [len(o.holders(stem, ["en"], prefixes)) for o in self.opened]
            if not any(counts):
                continue  # a word no rulebook has tells nothing about which one is meant
            weight = math.log(total / (sum(counts) + 1)) + 1
            if game.holders(stem, ["en"], prefixes):
                present += weight
            else:
                absent += weight
        return present / (present + absent) if present + absent else 1.0

    def average(self, field_name: str) -> float:
        key = ("average", field_name, "")
        if key not in self._memo:
            counts = [o.total for o in self.opened]
            lengths = sum((o.average(field_name) or 0.0) * n for o, n in zip(self.opened, counts, strict=True))
            self._memo[key] = lengths / sum(counts) if sum(counts) else 0.0
        return self._memo[key]


# --- the export: where it lives, whether it is current ----------------------------------------


def code_stamp() -> str:
    """A hash of the code an export is made and ranked by."""
    # marshal's format is the interpreter's: another Python writes its own export
    digest = hashlib.sha256(f"{EXPORT_VERSION}|{fast_rule.ANSWERS_VERSION}|{marshal.version}|{sys.version_info[:2]}"
                            .encode())
    for path in _CODE:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def export_path(game: str) -> Path:
    """One export per game and data location (as the rule answers file's name)."""
    return fast_rule.answers_path(game).with_suffix("").with_suffix(".search.bin")


def packed(data: dict[str, Any]) -> dict[str, Any]:
    """An export as the fast path reads it: what most queries never look at (a term's postings, a
    word's tokens, a document) as strings, parsed only when asked for (parsing the whole export
    costs more than a bare Python start)."""
    return {
        **data,
        "postings": {field: {term: " ".join(f"{doc}:{weight!r}" for doc, weight in found)
                             for term, found in terms.items()}
                     for field, terms in data["postings"].items()},
        "vocabulary": {word: "\t".join(" ".join(tokens) for tokens in by_lang)
                       for word, by_lang in data["vocabulary"].items()},
        "docs": [json.dumps(doc, ensure_ascii=False, separators=(",", ":")) for doc in data["docs"]],
        "doc_langs": [doc["lang"] for doc in data["docs"]],
        "doc_kinds": [doc["kind"] for doc in data["docs"]],
    }


def write_export(game: str, stats: list[list[Any]], data: dict[str, Any]) -> None:
    """Keep a game's plain export (:func:`rules_text.search.export.plain_index`) for the next
    process (``stats``: the data files' stats before the index was opened): a header line of
    JSON, then the export, :func:`packed`, in :mod:`marshal`'s format (read three times faster
    than its JSON: a third of the start-up budget for every game's export at once)."""
    try:
        header = {"version": EXPORT_VERSION, "code": code_stamp(), "game": game, "stats": stats}
        text = json.dumps(header).encode() + b"\n" + marshal.dumps(packed(data))
    except (OSError, TypeError, ValueError):
        return
    from . import cache

    cache._write_atomic(export_path(game), text)


def read_header(game: str) -> dict[str, Any] | None:
    """The header of the game's export (its version, code stamp, game and data files' stats), or None."""
    try:
        with export_path(game).open("rb") as file:
            header = json.loads(file.readline())
    except (OSError, ValueError):
        return None
    return header if isinstance(header, dict) and header.get("version") == EXPORT_VERSION else None


#: the exports this process has read, by path: the file's stat when read, its header and its body
#: (a process that searches again, such as the tests, reads each export once while it is unchanged;
#: the export is written whole under a new name, so a new export is a new file)
_READ: dict[Path, tuple[tuple[int, int, int], Any, Any]] = {}


def _read(path: Path) -> tuple[Any, Any] | None:
    """The header and the body of the export file at ``path``, each as written, or None."""
    try:
        found = path.stat()
        key = (found.st_mtime_ns, found.st_size, found.st_ino)
        kept = _READ.get(path)
        if kept is not None and kept[0] == key:
            return kept[1], kept[2]
        raw = path.read_bytes()
        newline = raw.index(b"\n")
        header = json.loads(raw[:newline])
        data = marshal.loads(memoryview(raw)[newline + 1:])  # the body, not copied
    except (OSError, ValueError, EOFError, TypeError):
        return None
    _READ[path] = (key, header, data)
    return header, data


def read_export(game: str) -> dict[str, Any] | None:
    """The game's export when it matches the data files and the code exactly, else None."""
    read = _read(export_path(game))
    if read is None:
        return None
    header, data = read
    try:
        stamp = code_stamp()
    except OSError:
        return None
    stats = fast_rule.current_stats(game)
    if not isinstance(header, dict) or header.get("version") != EXPORT_VERSION or header.get("code") != stamp \
            or header.get("game") != game or stats is None or header.get("stats") != stats:
        return None
    if not isinstance(data, dict):
        return None
    data["header"] = header
    return data


def memo_path(game: str) -> Path:
    """Where the game's memo of typed words (:class:`Memo`) is kept, beside its export."""
    return export_path(game).with_suffix(".typos.json")


class Memo:
    """What a game's export does not hold, worked out once and kept beside it (issue 21, item 5:
    typo correction memoised): the analyzer's tokens of words no rulebook uses and the spelling
    suggestions of unknown words. The next search with those words neither imports the stemmer
    nor walks the spelling words again. It belongs to one export (its header): a new export
    starts an empty memo."""

    #: words kept at most: a memo that grows past it is not written again
    MAX_WORDS = 5000

    def __init__(self, game: str, header: dict[str, Any]):
        self.path = memo_path(game)
        self.header = header
        self.changed = False
        self._kept: dict[str, dict[str, Any]] | None = None

    @property
    def kept(self) -> dict[str, dict[str, Any]]:
        """``tokens``: word -> its tokens in each of :data:`LANGS`; ``suggest``: "word|maxdist|limit" -> words."""
        if self._kept is None:
            self._kept = {"tokens": {}, "suggest": {}}
            try:
                stored = json.loads(self.path.read_bytes())
                if isinstance(stored, dict) and stored.get("header") == self.header:
                    self._kept = {"tokens": dict(stored["tokens"]), "suggest": dict(stored["suggest"])}
            except (OSError, ValueError, KeyError, TypeError):
                pass
        return self._kept

    def get(self, part: str, key: str) -> Any:
        return self.kept[part].get(key)

    def put(self, part: str, key: str, value: Any) -> None:
        self.kept[part][key] = value
        self.changed = True

    def save(self) -> None:
        """Keep the memo for the next process, when it learnt something."""
        if not self.changed or sum(len(part) for part in self.kept.values()) > self.MAX_WORDS:
            return
        self.changed = False
        try:
            text = json.dumps({"header": self.header, **self.kept}, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):
            return
        from . import cache

        cache._write_atomic(self.path, text.encode())


def analysed(word: str, lang: str, data: dict[str, Any]) -> list[str]:
    """rules_text.search.analysis.analyzer(lang) on a word the export has no tokens for: its
    tokens, lowercased, accents mapped (Whoosh's accent map, for a word with any), stop words out,
    stemmed by Whoosh's Snowball stemmer (imported only then: it costs more than the search)."""
    tokens = [token.lower() for token in re.findall(data["token"], word)]
    if not word.isascii():
        from whoosh.support.charset import accent_map

        tokens = [token.translate(accent_map) for token in tokens]
    stop = set(data["stopwords"][lang])
    tokens = [token for token in tokens if token not in stop]
    if not tokens:
        return tokens
    stem = snowball_stem(lang)
    return [stem(token) for token in tokens]


#: the Snowball stemmers the index's analyzer uses: language -> (module of whoosh.lang.snowball, class)
SNOWBALL = {"en": ("english", "EnglishStemmer"), "fr": ("french", "FrenchStemmer")}
#: the name under which :func:`snowball_stem` loads them (not whoosh's: its package stays unloaded)
_SNOWBALL_PACKAGE = "_fallujah_snowball"
_stemmers: dict[str, Any] = {}


def snowball_stem(lang: str) -> Any:
    """Whoosh's Snowball stemmer of the language (``whoosh.lang.stemmer_for_language(lang)``'s
    ``stem``), its module and its base class's loaded on their own. Through whoosh's package,
    every language's stemmer is imported, and whoosh.compat, which imports urllib.request (http,
    ssl, email: twice a bare Python start) for the one name these modules take of it, ``u``: on
    Python 3, the identity. While they load, ``whoosh.compat`` is that name alone, unless whoosh's
    own is imported already; the real one is imported as usual afterwards.
    ``tests/test_cli_fast_search.py`` checks that it stems every word of every export as whoosh does."""
    if lang not in _stemmers:
        import importlib
        import importlib.util
        import types

        module_name, class_name = SNOWBALL[lang]
        if _SNOWBALL_PACKAGE not in sys.modules:
            spec = importlib.util.find_spec("whoosh")
            if spec is None or not spec.submodule_search_locations:
                raise Unanswerable("whoosh")
            package = types.ModuleType(_SNOWBALL_PACKAGE)
            package.__path__ = [str(Path(next(iter(spec.submodule_search_locations))) / "lang" / "snowball")]
            sys.modules[_SNOWBALL_PACKAGE] = package
        stub = None
        if "whoosh.compat" not in sys.modules:
            stub = sys.modules["whoosh.compat"] = types.ModuleType("whoosh.compat")
            stub.u = lambda text: text  # type: ignore[attr-defined]
        try:
            module = importlib.import_module(f"{_SNOWBALL_PACKAGE}.{module_name}")
        finally:
            if stub is not None and sys.modules.get("whoosh.compat") is stub:
                del sys.modules["whoosh.compat"]
        _stemmers[lang] = getattr(module, class_name)().stem
    return _stemmers[lang]


class Documents(dict):  # type: ignore[type-arg]
    """The stored documents of a packed export, each parsed when first read."""

    def __init__(self, packed_docs: list[str]):
        super().__init__()
        self.packed = packed_docs

    def __missing__(self, number: int) -> dict[str, Any]:
        doc = json.loads(self.packed[number])
        self[number] = doc
        return doc  # type: ignore[no-any-return]


class Plain:
    """One game's index as its packed plain export (:func:`packed`): what the ranking reads of it."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.synonyms: dict[str, Any] = data["synonyms"]
        self.docs: dict[int, dict[str, Any]] = Documents(data["docs"])
        self._patterns: dict[int, re.Pattern[str]] = {}
        self._first_runs: dict[str, set[int]] = {}
        self._holders: dict[tuple[str, str], frozenset[int]] = {}
        self._lengths: dict[str, dict[int, int]] = {}
        self._postings: dict[tuple[str, str], list[tuple[int, float]]] = {}
        self._tokens: dict[str, list[list[str]]] = {}
        #: the other games searched with this one, when their analyzers are this one's
        self.alike: list[Plain] = []
        self.memo = Memo(data["game"], data["header"]) if "header" in data else None

    def share_words(self, opened: list[Plain]) -> None:
        """Read the tokens of a word this rulebook does not use from another game's export, when
        both were analysed alike (their analyzers are game-independent: the same token pattern
        and stop words make the same tokens)."""
        self.alike = [o for o in opened if o is not self and o.data["token"] == self.data["token"]
                      and o.data["stopwords"] == self.data["stopwords"]]

    @property
    def total(self) -> int:
        return int(self.data["total"])

    def tokens(self, word: str, lang: str) -> list[str]:
        """The analyzer's tokens of a word (stop words out, stemmed): the export's, or for a word
        no rulebook uses, the analyzer's steps replayed (:func:`analysed`)."""
        if word not in self._tokens:
            found = next((o.data["vocabulary"][word] for o in (self, *self.alike) if word in o.data["vocabulary"]),
                         None)
            if found is not None:
                self._tokens[word] = [part.split() for part in found.split("\t")]
            else:
                kept = self.memo.get("tokens", word) if self.memo else None
                if kept is None:
                    kept = [analysed(word, lg, self.data) for lg in LANGS]
                    if self.memo:
                        self.memo.put("tokens", word, kept)
                self._tokens[word] = kept
        return self._tokens[word][LANGS.index(lang)]

    def stems(self, words: list[str], lang: str) -> list[str]:
        return list(dict.fromkeys(stem for w in words for stem in self.tokens(w, lang)))

    def query_pairs(self, words: list[str], lang: str) -> list[str]:
        return list(dict.fromkeys(pairs([t for w in words for t in self.tokens(w, lang)])))

    def stem_of(self, word: str, lang: str) -> str | None:
        tokens = self.tokens(word, lang)
        return tokens[0] if tokens else None

    def _pattern(self, number: int) -> re.Pattern[str]:
        if number not in self._patterns:
            forms = self.synonyms["terms"][number]["forms"]
            self._patterns[number] = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in forms) + r")(?!\w)")
        return self._patterns[number]

    def terms_in(self, folded: str) -> list[dict[str, Any]]:
        """The glossary terms one of whose forms the folded query holds as words (as
        rules_text.search.indexes.Open.terms_in; a term's pattern compiled only when tried)."""
        terms = self.synonyms["terms"]
        if not self._first_runs:
            self._first_runs = first_runs(entry["forms"] for entry in terms)
        return [terms[n] for n in terms_tried(self._first_runs, folded) if self._pattern(n).search(folded)]

    def suggest(self, word: str, maxdist: int, limit: int) -> list[str]:
        """Whoosh's spelling suggestions (``searcher.suggest("spell", word, limit, maxdist,
        prefix=1)``): the words within ``maxdist`` sharing the first letter, the most frequent
        first; of equal ones, Whoosh's heap keeps the greater word. Kept in the :class:`Memo`."""
        key = f"{word}|{maxdist}|{limit}"
        kept = self.memo.get("suggest", key) if self.memo else None
        if kept is None:
            kept = self._suggest(word, maxdist, limit)
            if self.memo:
                self.memo.put("suggest", key, kept)
        return list(kept)

    def _suggest(self, word: str, maxdist: int, limit: int) -> list[str]:
        heap: list[tuple[float, str]] = []
        for candidate, (frequency, _) in self.data["spell"].items():
            # a word longer or shorter by more than maxdist is further than maxdist: not measured
            if candidate[:1] != word[:1] or abs(len(candidate) - len(word)) > maxdist \
                    or damerau(candidate, word, maxdist) > maxdist:
                continue
            item = (0 - (maxdist + (1.0 / (frequency or 1) * 0.5)), candidate)
            if len(heap) < limit:
                heapq.heappush(heap, item)
            elif item > heap[0]:
                heapq.heapreplace(heap, item)
        return [candidate for _, candidate in sorted(heap, key=lambda x: (0 - x[0], x[1]))]

    def knows(self, word: str) -> bool:
        """True when the word is table talk, or occurs in the index as typed or by its stem."""
        if word in self.synonyms["talk"]:
            return True
        if self.data["spell"].get(word, [0])[0]:
            return True
        return any(self.postings(f"{field}_{lang}", stem)
                   for lang in LANGS for stem in self.stems([word], lang) for field in ("title", "body"))

    def postings(self, field_name: str, stem: str) -> list[tuple[int, float]]:
        key = (field_name, stem)
        if key not in self._postings:
            found = self.data["postings"].get(field_name, {}).get(stem, "")
            self._postings[key] = [(int(doc), float(weight)) for doc, _, weight in
                                   (pair.partition(":") for pair in found.split())]
        return self._postings[key]

    def average(self, field_name: str) -> float | None:
        """A field's average length (None for the rule numbers, a field Whoosh keeps no lengths of)."""
        return self.data["averages"][field_name]  # type: ignore[no-any-return]

    def lengths(self, field_name: str) -> dict[int, int]:
        if field_name not in self._lengths:
            self._lengths[field_name] = dict(enumerate(self.data["lengths"][field_name]))
        return self._lengths[field_name]

    def allowed(self, lang: str, kind: str | None) -> frozenset[int]:
        if kind == "table":
            raise Unanswerable(kind)
        return frozenset(num for num, (doc_lang, doc_kind) in enumerate(zip(self.data["doc_langs"], self.data["doc_kinds"],
                                                                             strict=True))
                         if lang in ("all", doc_lang) and (doc_kind == kind if kind else doc_kind != "glossary"))

    def holders(self, stem: str, langs: list[str], prefixes: tuple[str, ...]) -> set[int]:
        found: set[int] = set()
        for lang in langs:
            for prefix in prefixes:
                key = (prefix + lang, stem)
                if key not in self._holders:
                    self._holders[key] = frozenset(doc for doc, _ in self.postings(*key))
                found |= self._holders[key]
        return found


# --- "did you mean" (rules_text.search.spelling, Whoosh's suggestions replayed) ------------


def correct(opened: list[Plain], words: list[str], folded: str) -> tuple[str | None, list[str]]:
    """A "did you mean" for words no searched game knows, and the words to search."""
    unknown = [w for w in words if not ID_IN_QUERY.fullmatch(w) and not w.isdigit() and len(w) >= CORRECTED_FROM
               and not any(o.knows(w) for o in opened)]
    if not unknown:
        return None, words
    corrected = folded
    for word in unknown:
        maxdist = 1 if len(word) <= 5 else 2
        if len(opened) == 1:  # Whoosh's own choice
            first = opened[0].suggest(word, maxdist, 1)
            if first:
                corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", first[0], corrected)
            continue
        options = {option for o in opened for option in o.suggest(word, maxdist, 3)}
        if options:
            best = min(options, key=lambda option: (
                distance(word, option), -sum(o.data["spell"].get(option, [0, 0])[1] for o in opened), option))
            corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", best, corrected)
    if corrected == folded:
        return None, words
    return corrected, WORD.findall(corrected)


def distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def damerau(seq1: str, seq2: str, limit: int) -> int:
    """Whoosh's Damerau-Levenshtein distance (whoosh.util.text), as its spelling graph measures it;
    ``limit + 1`` once every path is longer than ``limit``."""
    oneago: list[int] = []
    twoago: list[int] = []
    thisrow: list[int] = [*range(1, len(seq2) + 1), 0]
    for x in range(len(seq1)):
        twoago, oneago, thisrow = oneago, thisrow, [0] * len(seq2) + [x + 1]
        for y in range(len(seq2)):
            delcost = oneago[y] + 1
            addcost = thisrow[y - 1] + 1
            subcost = oneago[y - 1] + int(seq1[x] != seq2[y])
            thisrow[y] = min(delcost, addcost, subcost)
            if x > 0 and y > 0 and seq1[x] == seq2[y - 1] and seq1[x - 1] == seq2[y] and seq1[x] != seq2[y]:
                thisrow[y] = min(thisrow[y], twoago[y - 2] + 1)
        if x > limit and min(thisrow) > limit:
            return limit + 1
    return thisrow[len(seq2) - 1]


# --- the command ------------------------------------------------------------------------------


def clean_query(query: str) -> str:
    """The query without control characters; Unanswerable when the full path must word an error."""
    text = CONTROL.sub(" ", query).strip()
    if not text or len(text) > MAX_QUERY_LENGTH:
        raise Unanswerable(query)
    return text


def search(query: str, *, lang: str = "all", kind: str | None = None, limit: int = 10,
           game: str = fast_rule.DEFAULT_GAME) -> dict[str, Any]:
    """What rules_text.search.search answers (its ``model_dump``), or Unanswerable."""
    if lang not in SEARCH_LANGS or (kind is not None and kind not in KINDS) or not 1 <= limit <= 100:
        raise Unanswerable(lang)
    known = fast_rule.available_games()
    games = known if game == "all" else [game]
    if not games or any(g not in known for g in games):
        raise Unanswerable(game)
    opened = []
    for g in games:
        data = read_export(g)
        if data is None:
            raise Unanswerable(g)
        opened.append(Plain(data))
    if any(set(o.synonyms.get("langs", ())) - set(LANGS) for o in opened):
        raise Unanswerable("a language beyond English and French")
    for o in opened:
        o.share_words(opened)
    text = clean_query(query)
    langs: list[str] = list(LANGS) if lang == "all" else [lang]
    folded, words, exact_id, typed_ids = read_query(text)
    suggestion, words = correct(opened, words, folded)

    stats = Collection(list(opened)) if len(opened) > 1 else None
    ranked = ranked_in(opened, words, folded, typed_ids, exact_id, lang, kind, limit, stats)
    for o in opened:
        if o.memo:
            o.memo.save()
    if not ranked:
        return {"query": text, "hits": [], "suggestion": suggestion}
    chosen = merge(ranked, lang, kind, limit, exact_id, len(opened) > 1)
    by_id = {o.data["game"]: o for o in opened}
    hits = []
    for score, doc in chosen:
        index = by_id[doc["game"]]
        wanted = {stem for lg in langs for stem in index.stems(words, lg)}
        hits.append({"game": doc["game"], "id": doc["id"], "lang": doc["lang"], "title": doc["title"],
                     "kind": doc["kind"], "breadcrumb": json.loads(doc["breadcrumb"]),
                     "snippet": snippet_of(index, doc["text"], wanted, doc["lang"]),
                     "score": round(score, 4), "number": doc.get("number") or None})
    return {"query": text, "hits": hits, "suggestion": suggestion}


BOLD, DIM, UNDERLINE, RESET = "\x1b[1m", "\x1b[2m", "\x1b[4m", "\x1b[0m"


def printed(result: dict[str, Any], game: str, as_json: bool, columns: int) -> list[str]:
    """What ``fallujah search`` prints (rules_text.cli.search_command), click's styles as ANSI
    codes (the launcher strips them off a terminal, as click does)."""
    if as_json:
        return [fast_rule.json_text(result)]
    import textwrap

    out = []
    if result["suggestion"]:
        out.append(f"\x1b[33mDid you mean: {result['suggestion']}{RESET}")
    if not result["hits"]:
        out.append("No section found.")
    for hit in result["hits"]:
        where = " › ".join(hit["breadcrumb"])
        label = (f"{hit['number'] or hit['id']} {hit['title']}".strip() if hit["kind"] != "glossary"
                 else f"{hit['title']} (glossary, {hit['id']})")
        kind = f"  {hit['kind']}" if hit["kind"] not in ("rule", "glossary") else ""
        out.append(f"{BOLD}[{hit['game'] + ' · ' if game == 'all' else ''}{hit['lang']}] {label}{RESET}"
                   f"{DIM}{kind}{RESET}")
        if where:
            out.append(f"{DIM}    {where}{RESET}")
        snippet = re.sub(r"\*\*(.+?)\*\*", lambda m: f"{BOLD}{UNDERLINE}{m.group(1)}{RESET}", hit["snippet"])
        out.append(textwrap.indent(textwrap.fill(snippet, width=min(columns, 100) - 4), "    "))
    return out


def answer(args: list[str]) -> list[str] | None:
    """``fallujah search`` with ``args`` answered from the exports: the lines to print, or None
    when the full command must answer (an option it does not read, a query it cannot answer)."""
    options = {"--lang": True, "--kind": True, "--limit": True, "--game": True, "--json": False}
    read = fast_rule.read_args(args, options, dash_is_a_word=True)
    if read is None:
        return None
    queries, values = read
    limit = values.get("--limit", "10")
    if len(queries) != 1 or not limit.isdigit() or limit != str(int(limit)):
        return None
    game = values.get("--game", fast_rule.DEFAULT_GAME)
    try:
        result = search(queries[0], lang=values.get("--lang", "all"), kind=values.get("--kind"),
                        limit=int(limit), game=game)
    except Unanswerable:
        return None
    return printed(result, game, "--json" in values, max(40, fast_rule.terminal_columns()))

