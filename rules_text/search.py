"""Full-text search over a game's rulebooks and glossary (Whoosh).

The index is built from the corpus into a cache folder named after the data's
fingerprint, so any edit of a rule file or of the glossary brings a rebuild on
the next search; nobody rebuilds by hand.

``search(query, game="all")`` searches every registered game: one index per game,
each searched alone and the hits merged by score; every hit names its game.

Ranking for a rules reader:

- a query that is a rule number (``11.4.1``, ``[13.6.4]``, ``13.6.4.``, ``22.0``, ``22)``)
  gives that section first;
- title words weigh more than body words; rules rank above notes and examples;
- a glossary term (English, French or abbreviation) puts its defining rule first,
  and its translation is searched too (``Pas de Pertes`` finds ``Step Loss``);
- words the index does not know are corrected ("did you mean") and searched fuzzily.

User text is never parsed as query syntax: ``AND``, ``title:``, quotes and
parentheses are plain words.
"""

from __future__ import annotations

import heapq
import json
import math
import re
import shutil
import tempfile
import threading
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from whoosh import index
from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.lang import stopwords_for_language
from whoosh.scoring import BM25F
from whoosh.searching import Searcher
from whoosh.support.charset import accent_map

from .base import LANG_CODE
from .cache import cache_dir
from .corpus import Game
from .loading import (
    DEFAULT_GAME,
    UnknownGame,
    available_games,
    data_files,
    fingerprint,
    game_dir,
    load_game,
    read_yaml,
)
from .models import LANGS, Lang, chapter_number

__all__ = ["KINDS", "MAX_QUERY_LENGTH", "Hit", "SearchError", "SearchResult", "build_index", "cache_dir", "search"]

MAX_QUERY_LENGTH = 500
#: BM25F parameters: Whoosh's defaults
BM25_B, BM25_K1 = 0.75, 1.2
#: seconds between two looks at the data files' modification times
CHECK_EVERY = 1.0
#: bump when the schema or the documents change shape, so old cached indexes are not reused
INDEX_VERSION = 7
KINDS = ("rule", "example", "note", "table", "foreword", "bibliography", "glossary")
#: how much a kind's hits count against a rule's, when no kind is asked for
KIND_WEIGHT = {"rule": 1.0, "table": 0.9, "glossary": 0.9, "example": 0.5, "note": 0.45,
               "foreword": 0.5, "bibliography": 0.4}
RULE_KINDS = ("rule", "table", "glossary")
#: across games, the first hits are always the best by score; only later ones make room for other games
KEPT_ON_TOP = 3
RULE_ID = re.compile(r"^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?\s*\]?$")
ID_IN_QUERY = re.compile(r"(?<![\d.])\d{1,2}(?:\.\d{1,2}){1,4}(?![\d])")
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class SearchError(ValueError):
    """A query that cannot be searched; the message says why and what is allowed."""


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


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def analyzer(lang: Lang, stem: bool = True) -> Any:
    """Case and accent folding, stop words, Snowball stemming for the language."""
    chain = RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map)
    if lang not in LANGS:  # a language a game declares beyond English and French: folded, not stemmed
        return chain
    stops = frozenset(_fold(w) for w in stopwords_for_language("english" if lang == "en" else "french"))
    chain = chain | StopFilter(stoplist=stops, minsize=2)
    return chain | StemFilter(lang=lang) if stem else chain


def make_schema() -> Schema:
    fields = {
        "key": ID(unique=True, stored=True),
        "game": ID(stored=True),
        "lang": ID(stored=True),
        "id": ID(stored=True),
        "kind": ID(stored=True),
        "title": STORED(),
        "text": STORED(),
        "breadcrumb": STORED(),
        "number": STORED(),
        "ids": KEYWORD(commas=True, lowercase=True),
        "spell": TEXT(analyzer=RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map), spelling=True),
    }
    for lang in LANGS:
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer(lang), field_boost=3.0)
        fields[f"body_{lang}"] = TEXT(analyzer=analyzer(lang))
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer(lang))
    schema = Schema(**fields)
    for prefix in ("title", "body", "context"):  # any other language a game declares (folded, unstemmed)
        schema.add(f"{prefix}_*", TEXT(analyzer=analyzer(OTHER), field_boost=3.0 if prefix == "title" else 1.0), glob=True)
    return schema


#: how :func:`analyzer` is asked for the analyzer of a language beyond :data:`LANGS`
OTHER = "other"


def languages_of(synonyms: dict[str, Any]) -> list[str]:
    """The languages an index's fields are searched in: English and French, and the game's others."""
    return [*LANGS, *(lang for lang in synonyms.get("langs", ()) if lang not in LANGS)]


def _documents(game: Game) -> Iterator[dict[str, Any]]:
    for lang, corpus in game.corpora.items():
        for section in corpus.sections:
            trail = corpus.breadcrumb(section.id)
            crumbs = [c.label for c in trail]
            titled = [c.title for c in trail if c.title]
            yield {
                "key": f"{lang}:{section.id}",
                "game": game.id,
                "lang": lang,
                "id": section.id,
                "kind": section.kind.value,
                "title": section.title,
                "text": section.text,
                "breadcrumb": json.dumps(crumbs, ensure_ascii=False),
                "number": section.number or "",
                "ids": section.id,
                "spell": f"{section.title} {section.text}",
                # a table's printed title is a heading of the section that prints its rows
                f"title_{lang}": " ".join([section.label, *_table_titles(game, section.tables, lang)]),
                f"body_{lang}": section.text,
                # the nearest heading above: 11.4.2 has no title, it sits under SNIPER ATTACK
                f"context_{lang}": titled[-1] if titled else "",
            }
    for term in game.glossary:
        for lang in game.langs:
            name = getattr(term, lang) or term.en
            definition = term.definition.get(lang) or ""
            forms = " ".join(term.forms(lang))
            yield {
                "key": f"glossary:{lang}:{term.key}",
                "game": game.id,
                "lang": lang,
                "id": term.rule,
                "kind": "glossary",
                "title": name,
                "text": definition,
                "breadcrumb": json.dumps([f"Glossary: {name}"], ensure_ascii=False),
                "ids": term.rule,
                "spell": f"{forms} {definition}",
                f"title_{lang}": forms,
                f"body_{lang}": definition,
            }


def _of_kind(doc: dict[str, Any], kind: str) -> bool:
    """A document of the kind asked; ``table`` is also every section printing a table's rows
    or governing one (a table's ``rule``), so that ``--kind table`` reaches every table."""
    if doc["kind"] == kind:
        return True
    return kind == "table" and doc["kind"] != "glossary" and doc["id"] in _table_sections(doc["game"], doc["lang"])


@cache
def _table_sections(game_id: str, lang: str) -> frozenset[str]:
    game = load_game(game_id)
    holders = {s.id for s in game.corpus(lang).sections if s.tables}
    return frozenset(holders | {t.rule for t in game.tables.values() if t.rule})


def _table_titles(game: Game, table_ids: tuple[str, ...], lang: str) -> list[str]:
    titles = (game.tables[t].title.get(lang) for t in table_ids if t in game.tables)
    return [title for title in titles if title]


def _synonyms(game: Game) -> dict[str, Any]:
    """Glossary terms (folded forms in both languages, defining rule) and table talk."""
    talk_file = game_dir(game.id) / "search-synonyms.yaml"
    talk = read_yaml(talk_file) if talk_file.is_file() else {}
    return {
        "terms": [
            {
                "rule": term.rule,
                "forms": sorted({_fold(f) for lang in LANGS for f in term.forms(lang) if len(f) > 1}),
                "by_lang": {lang: sorted({_fold(f) for f in term.forms(lang) if len(f) > 1}) for lang in LANGS},
            }
            for term in game.glossary
        ],
        "talk": {_fold(str(k)): [_fold(w) for w in v] for k, v in (talk or {}).items()},
        "langs": list(game.corpora),
    }


def build_index(game: Game, target: Path) -> None:
    """Write a fresh index for a game into ``target`` (atomically replaced)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    ix = index.create_in(str(staging), make_schema())
    writer = ix.writer()
    for doc in _documents(game):
        writer.add_document(**doc)
    writer.commit()
    (staging / "synonyms.json").write_text(json.dumps(_synonyms(game), ensure_ascii=False), encoding="utf-8")
    try:
        staging.rename(target)
    except OSError:  # another process built it first
        shutil.rmtree(staging, ignore_errors=True)


@dataclass
class _Open:
    stamp: str
    files: tuple[Any, ...]
    ix: index.Index
    searcher: Searcher
    synonyms: dict[str, Any]
    patterns: list[tuple[re.Pattern[str], dict[str, Any]]]
    docs: dict[int, dict[str, Any]] = field(default_factory=dict)
    checked: float = 0.0
    _postings: dict[tuple[str, ...], frozenset[int]] = field(default_factory=dict)
    _weights: dict[tuple[str, str], list[tuple[int, float]]] = field(default_factory=dict)

    def postings(self, field_name: str, stem: str) -> list[tuple[int, float]]:
        """(document, term weight) pairs of a term, read once from the index."""
        key = (field_name, stem)
        if key not in self._weights:
            reader = self.searcher.reader()
            pairs: list[tuple[int, float]] = []
            if reader.frequency(field_name, stem):
                matcher = reader.postings(field_name, stem)
                while matcher.is_active():
                    pairs.append((matcher.id(), matcher.weight()))
                    matcher.next()
            self._weights[key] = pairs
        return self._weights[key]

    def score(self, weights: dict[tuple[str, str], float], allowed: frozenset[int],
              stats: _Collection | None = None) -> dict[int, float]:
        """BM25F (Whoosh's formula and defaults) of an OR of weighted terms, over allowed documents.

        ``stats``: the statistics of several games' indexes taken as one collection, so that
        scores of different games compare (a word only one game uses weighs as much there
        as it would in a single index of every game).
        """
        reader = self.searcher.reader()
        total = reader.doc_count_all()
        scores: dict[int, float] = {}
        for (field_name, stem), query_weight in weights.items():
            pairs = self.postings(field_name, stem)
            if not pairs:
                continue
            if stats is None:
                idf = math.log(total / (len(pairs) + 1)) + 1
                average = self._average(field_name)
            else:
                idf, average = stats.idf(field_name, stem), stats.average(field_name)
            lengths = self._lengths(field_name)
            for docnum, tf in pairs:
                if docnum in allowed:
                    norm = (1 - BM25_B) + BM25_B * lengths.get(docnum, 0) / average if average else 1
                    scores[docnum] = scores.get(docnum, 0.0) + query_weight * idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * norm)
        return scores

    def _average(self, field_name: str) -> float:
        key = ("avg", field_name)
        if key not in self._weights:
            self._weights[key] = self.searcher.avg_field_length(field_name)
        return self._weights[key]  # type: ignore[return-value]

    def _lengths(self, field_name: str) -> dict[int, int]:
        key = ("len", field_name)
        if key not in self._weights:
            reader = self.searcher.reader()
            self._weights[key] = {n: reader.doc_field_length(n, field_name, 0) for n in self.docs}  # type: ignore[assignment]
        return self._weights[key]  # type: ignore[return-value]

    def allowed(self, lang: str, kind: str | None) -> frozenset[int]:
        """Documents a search may return: the language asked, the kind asked or any but glossary."""
        key = ("allowed", lang, kind or "")
        if key not in self._postings:
            self._postings[key] = frozenset(
                num for num, doc in self.docs.items()
                if lang in ("all", doc["lang"]) and (_of_kind(doc, kind) if kind else doc["kind"] != "glossary")
            )
        return self._postings[key]

    def holders(self, stem: str, langs: list[str], prefixes: tuple[str, ...]) -> set[int]:
        """Documents holding a stem in any of these fields (the index never changes while open)."""
        found: set[int] = set()
        reader = self.searcher.reader()
        for lang in langs:
            for prefix in prefixes:
                key = (prefix + lang, stem)
                if key not in self._postings:
                    has = reader.frequency(*key) > 0
                    self._postings[key] = frozenset(reader.postings(*key).all_ids()) if has else frozenset()
                found |= self._postings[key]
        return found


@dataclass
class _Collection:
    """Several games' indexes seen as one collection: document counts, frequencies, lengths summed."""

    opened: list[_Open]

    def idf(self, field_name: str, stem: str) -> float:
        total = sum(o.searcher.reader().doc_count_all() for o in self.opened)
        frequency = sum(len(o.postings(field_name, stem)) for o in self.opened)
        return math.log(total / (frequency + 1)) + 1

    def affinity(self, game: _Open, words: list[str]) -> float:
        """How much of the query a game's rulebook speaks of: the share, weighted by rarity, of
        the query's words that occur anywhere in it (a game without "postponed" is less likely
        the one a player asking about postponed missions plays). 1.0 for one game alone."""
        # English, the language every rulebook has: a French word tells nothing about the game
        stems = set(_stems(words, "en"))
        prefixes = ("title_", "body_", "context_")
        total = sum(o.searcher.reader().doc_count_all() for o in self.opened)
        present = absent = 0.0
        for stem in stems:
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
        counts = [o.searcher.reader().doc_count_all() for o in self.opened]
        lengths = sum((o._average(field_name) or 0.0) * n for o, n in zip(self.opened, counts))
        return lengths / sum(counts) if sum(counts) else 0.0


def _file_stamps(game_id: str) -> tuple[Any, ...]:
    """Cheap change detection: each data file's name, size and modification time."""
    stats = ((p, p.stat()) for p in data_files(game_id))
    return tuple((str(p), st.st_size, st.st_mtime_ns) for p, st in stats)


_OPEN: dict[str, _Open] = {}
_LOCK = threading.Lock()


def _open(game_id: str) -> _Open:
    current = _OPEN.get(game_id)
    now = time.monotonic()
    if current is not None and now - current.checked < CHECK_EVERY:
        return current
    files = _file_stamps(game_id)
    if current is not None and current.files == files:
        current.checked = now
        return current
    stamp = fingerprint(game_id)
    if current is not None and current.stamp == stamp:
        current.files, current.checked = files, now
        return current
    with _LOCK:
        path = cache_dir() / "search" / f"{game_id}-{stamp}-v{INDEX_VERSION}"
        if not index.exists_in(str(path)):
            build_index(load_game(game_id), path)
        ix = index.open_dir(str(path))
        synonyms = json.loads((path / "synonyms.json").read_text(encoding="utf-8"))
        patterns = [
            (re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in entry["forms"]) + r")(?!\w)"), entry)
            for entry in synonyms["terms"]
            if entry["forms"]
        ]
        searcher = ix.searcher(weighting=BM25F())
        docs = {num: dict(stored) for num, stored in searcher.reader().iter_docs()}
        opened = _Open(stamp, files, ix, searcher, synonyms, patterns, docs, checked=now)
        _OPEN[game_id] = opened
        _remove_stale(game_id, path)
        return opened


#: an index folder of older data is removed only once unused this long: another process (a
#: server, a test run) may still be building or reading it, and Whoosh opens its files lazily
STALE_AFTER_SECONDS = 3600.0


def _remove_stale(game_id: str, current: Path) -> None:
    """Remove the game's index folders of other data that nobody touched for an hour."""
    cutoff = time.time() - STALE_AFTER_SECONDS
    for stale in (cache_dir() / "search").glob(f"{game_id}-*"):
        try:
            unused = stale.stat().st_mtime < cutoff
        except OSError:
            continue
        if stale != current and unused:
            shutil.rmtree(stale, ignore_errors=True)


def clean_query(query: str) -> str:
    """The query without control characters; raises SearchError when unusable."""
    if not isinstance(query, str):
        raise SearchError(f"query must be text, not {type(query).__name__}")
    text = _CONTROL.sub(" ", query).strip()
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchError(f"query is {len(text)} characters long; at most {MAX_QUERY_LENGTH} are allowed")
    if not text:
        raise SearchError("query is empty; type a rule number (11.4.1) or some words (sniper attack)")
    return text


def _stems(words: list[str], lang: str) -> list[str]:
    return list(dict.fromkeys(stem for w in words for stem in _word_stems(w, lang)))


@lru_cache(maxsize=50_000)
def _word_stems(word: str, lang: str) -> tuple[str, ...]:
    """The index terms of one word: folded, stop words out, stemmed (one word may give several)."""
    return tuple(t.text for t in analyzer(lang)(word))


def _known(reader: Any, word: str) -> bool:
    """True when the word, as typed or by its stem in either language, occurs in the index."""
    if reader.frequency("spell", word):
        return True
    return any(reader.doc_frequency(f"{field}_{lang}", stem)
               for lang in LANGS for stem in _stems([word], lang) for field in ("title", "body"))


def _text_weights(words: list[str], extra: dict[str, list[str]], langs: list[str]) -> dict[tuple[str, str], float]:
    """One weight per distinct (field, stem): the query's words 1, synonyms 0.5."""
    weights: dict[tuple[str, str], float] = {}
    for lang in langs:
        stems = _stems(words, lang)
        for name in (f"title_{lang}", f"body_{lang}", f"context_{lang}"):
            for stem in _stems(extra.get(lang, []), lang):
                weights.setdefault((name, stem), 0.5)
            for stem in stems:
                weights[(name, stem)] = 1.0
    return weights


def _games(game: str) -> list[str]:
    """The games a search covers: one, or every registered game for "all"."""
    known = available_games()
    if game == "all":
        return known
    if game not in known:
        raise UnknownGame(game)
    return [game]


def _correct(opened: list[_Open], words: list[str], folded: str) -> tuple[str | None, list[str]]:
    """A "did you mean" for words no searched game knows, and the words to search."""
    def known_anywhere(word: str) -> bool:
        return any(word in o.synonyms["talk"] or _known(o.searcher.reader(), word) for o in opened)

    unknown = [w for w in words if not ID_IN_QUERY.fullmatch(w) and not w.isdigit() and len(w) > 2
               and not known_anywhere(w)]
    if not unknown:
        return None, words
    corrected = folded
    for word in unknown:
        maxdist = 1 if len(word) <= 5 else 2
        if len(opened) == 1:  # Whoosh's own choice (the site's search replays it)
            first = opened[0].searcher.suggest("spell", word, limit=1, maxdist=maxdist, prefix=1)
            if first:
                corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", first[0], corrected)
            continue
        options = {o2 for o in opened for o2 in o.searcher.suggest("spell", word, limit=3, maxdist=maxdist, prefix=1)}
        if options:
            # the nearest word, and among equally near ones the word the rulebooks use most
            best = min(options, key=lambda option: (
                _distance(word, option),
                -sum(o.searcher.reader().doc_frequency("spell", option) for o in opened), option))
            corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", best, corrected)
    if corrected == folded:
        return None, words
    return corrected, WORD.findall(corrected)


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def _rank(opened: _Open, words: list[str], folded: str, typed_ids: list[str], exact_id: bool,
          lang: str, kind: str | None, limit: int, stats: _Collection | None) -> list[tuple[float, dict[str, Any]]]:
    """One game's candidate documents with their scores (see the module docstring)."""
    langs: list[str] = languages_of(opened.synonyms) if lang == "all" else [lang]
    boosts: dict[str, float] = {rule_id: 100.0 if exact_id else 5.0 for rule_id in typed_ids}
    extra: dict[str, list[str]] = {lg: [] for lg in languages_of(opened.synonyms)}
    for word in WORD.findall(folded):
        for lg in extra:
            extra[lg] += [w for phrase in opened.synonyms["talk"].get(word, []) for w in WORD.findall(phrase)]
    for pattern, entry in opened.patterns:
        if pattern.search(folded):
            exact = folded.strip() in entry["forms"]
            boosts[entry["rule"]] = max(boosts.get(entry["rule"], 0), 3.0 if exact else 0.3)
            for lg in LANGS:  # each language's own words for the term, in its own fields
                extra[lg] += [w for f in entry["by_lang"][lg] for w in WORD.findall(f)]

    weights = _text_weights(words, {lg: list(dict.fromkeys(ws)) for lg, ws in extra.items()}, langs)
    weights.update({("ids", rule_id): 10.0 for rule_id in typed_ids})
    scores = opened.score(weights, opened.allowed(lang, kind), stats)
    if not scores:
        return []
    results = heapq.nlargest(max(60, limit * 4), scores.items(), key=lambda pair: pair[1])

    wanted = {stem for lg in langs for stem in _stems(words, lg)}
    holding = [opened.holders(stem, langs, ("title_", "body_", "context_")) for stem in wanted]
    titling = [opened.holders(stem, langs, ("title_",)) for stem in wanted]
    ranked = []
    for docnum, base in results:
        doc = opened.docs[docnum]
        score = base * (1.0 if kind else KIND_WEIGHT.get(doc["kind"], 0.5))
        if wanted:
            # coordination: a section that has more of the query's words, above all in
            # its title, beats one that repeats a single common word ("Zone")
            anywhere = sum(docnum in holders for holders in holding)
            in_title = sum(docnum in holders for holders in titling)
            score *= (0.25 + anywhere / len(wanted)) * (1 + in_title / len(wanted))
        if not doc["text"].strip():
            score *= 0.6  # a bare heading: its rules are in the sections below
        score *= 1 + boosts.get(doc["id"], 0)
        ranked.append((score, doc))
    return ranked


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
    opened = [_open(g) for g in _games(game)]
    langs: list[str] = list(LANGS) if lang == "all" else [lang]
    folded = _fold(text)
    words = WORD.findall(folded)
    id_match = RULE_ID.match(text)
    typed_ids = [chapter_number(i) for i in ([id_match.group(1)] if id_match else ID_IN_QUERY.findall(text))]
    suggestion, words = _correct(opened, words, folded)

    stats = _Collection(opened) if len(opened) > 1 else None
    ranked = []
    for o in opened:
        affinity = stats.affinity(o, words) if stats else 1.0
        ranked += [(score * affinity, doc)
                   for score, doc in _rank(o, words, folded, typed_ids, bool(id_match), lang, kind, limit, stats)]
    if not ranked:
        return SearchResult(query=text, hits=[], suggestion=suggestion)
    ranked.sort(key=lambda pair: -pair[0])
    if kind is None:
        # rules (and their tables) first, unless a note or example is far more relevant
        floor = ranked[0][0] * 0.2
        ranked.sort(key=lambda pair: (not (pair[1]["kind"] in RULE_KINDS and pair[0] >= floor), -pair[0]))

    chosen: list[tuple[float, dict[str, Any]]] = []
    seen: set[tuple[str, str, str, str]] = set()
    for score, doc in ranked:
        # one hit per section: in both languages at once, the better-scoring one stands
        key = (doc["game"], doc["id"], doc["kind"] if doc["kind"] == "glossary" else "",
               doc["lang"] if lang != "all" else "")
        if key not in seen:
            seen.add(key)
            chosen.append((score, doc))
    chosen = _every_game_shown(chosen, limit) if len(opened) > 1 else chosen[:limit]
    wanted = {stem for lg in langs for stem in _stems(words, lg)}
    hits = [
        Hit(
            game=doc["game"], id=doc["id"], lang=doc["lang"], title=doc["title"], kind=doc["kind"],
            breadcrumb=json.loads(doc["breadcrumb"]), snippet=snippet_of(doc["text"], wanted, doc["lang"]),
            score=round(score, 4), number=doc.get("number") or None,
        )
        for score, doc in chosen
    ]
    return SearchResult(query=text, hits=hits, suggestion=suggestion)


def _every_game_shown(ranked: list[tuple[float, dict[str, Any]]], limit: int) -> list[tuple[float, dict[str, Any]]]:
    """The best ``limit`` hits, where every game that matches shows its best hit.

    Scores of different games' indexes are not on one scale (a glossary term of one game
    multiplies its score; another game may match through table talk alone), so a game's
    best hit takes the place of the weakest hits when the score alone would leave it out
    ("IED" finds the rule of each game that has one). At most half of ``limit`` is given up,
    and never the first three hits.
    """
    best: dict[str, tuple[float, dict[str, Any]]] = {}
    for pair in ranked:
        best.setdefault(pair[1]["game"], pair)
    promoted: list[tuple[float, dict[str, Any]]] = []
    while True:
        kept = ranked[: limit - len(promoted)]
        shown = {doc["game"] for _, doc in kept + promoted}
        absent = [pair for game, pair in best.items() if game not in shown]
        if not absent or len(promoted) >= min(limit // 2, limit - KEPT_ON_TOP):
            break
        promoted.append(absent[0])
    return kept + sorted(promoted, key=lambda pair: -pair[0])


@lru_cache(maxsize=50_000)
def _stem_of(word: str, lang: str) -> str | None:
    tokens = [t.text for t in analyzer(lang)(word)]
    return tokens[0] if tokens else None


@lru_cache(maxsize=2048)
def _stemmed_spans(flat: str, lang: str) -> tuple[tuple[int, int, str | None], ...]:
    return tuple((m.start(), m.end(), _stem_of(m.group(), lang)) for m in re.finditer(r"[^\W_]+", flat))


def snippet_of(text: str, wanted: set[str], lang: str, size: int = 180) -> str:
    """The stretch of text with most query words, each matched word between ** **."""
    flat = " ".join(text.split())
    spans = [(a, b) for a, b, stem in _stemmed_spans(flat, lang) if stem in wanted]
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
