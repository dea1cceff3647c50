"""Each game's Whoosh index: its documents, building it into the cache, opening it once per process.

The index is built from the corpus into a cache folder named after the data's fingerprint, so any
edit of a rule file or of the glossary brings a rebuild on the next search; nobody rebuilds by hand.
An open index (:class:`Open`) keeps what a search reads from it (postings, lengths, which words it
knows, spelling suggestions): the index never changes while open.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from whoosh import index
from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, SpaceSeparatedTokenizer
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.scoring import BM25F
from whoosh.searching import Searcher
from whoosh.support.charset import accent_map

from .. import fast_rule, loading
from ..corpus import Game
from ..fast_rule import cache_dir
from ..fast_search import Collection, bm25f, first_runs, terms_tried
from ..loading import fingerprint, game_dir, load_game, read_yaml
from ..models import LANGS, Kind
from .analysis import analyzer, fold, known, pairs, query_pairs, stem_of, stems

#: the kinds of section that comment on the section above them
COMMENTARY = (Kind.NOTE, Kind.EXAMPLE)
#: seconds between two looks at the data files' modification times
CHECK_EVERY = 1.0
#: bump when the schema or the documents change shape, so old cached indexes are not reused
INDEX_VERSION = 17


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
        "ancestors": STORED(),
        "restates": STORED(),
        "ids": KEYWORD(commas=True, lowercase=True),
        "spell": TEXT(analyzer=RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map), spelling=True),
    }
    for lang in LANGS:
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer(lang), field_boost=3.0)
        fields[f"body_{lang}"] = TEXT(analyzer=analyzer(lang))
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer(lang))
        fields[f"pairs_{lang}"] = TEXT(analyzer=SpaceSeparatedTokenizer())
        fields[f"terms_{lang}"] = TEXT(analyzer=analyzer(lang))
        fields[f"notes_{lang}"] = TEXT(analyzer=analyzer(lang))
    schema = Schema(**fields)
    for prefix in ("title", "body", "context", "terms", "notes"):  # any other language a game declares (folded, unstemmed)
        schema.add(f"{prefix}_*", TEXT(analyzer=analyzer(OTHER), field_boost=3.0 if prefix == "title" else 1.0), glob=True)
    schema.add("pairs_*", TEXT(analyzer=SpaceSeparatedTokenizer()), glob=True)
    return schema


#: how :func:`analyzer` is asked for the analyzer of a language beyond :data:`LANGS`
OTHER = "other"


#: an abbreviation the glossary gives as a form of a term: capitals and digits, a plural "s" ("CVPs")
ABBREVIATION = re.compile(r"[A-Z][A-Z0-9]+s?")


def _spelled_out(game: Game, lang: str) -> tuple[re.Pattern[str] | None, dict[str, list[str]]]:
    """The glossary's abbreviations in a language (one pattern) and, for each, the term's other
    forms (its name and aliases): "CVPs" is "Coalition VPs"."""
    names: dict[str, list[str]] = {}
    for term in game.glossary:
        forms = term.forms(lang)
        for form in forms:
            if ABBREVIATION.fullmatch(form):
                names.setdefault(form, [])
                names[form] += [f for f in forms if not ABBREVIATION.fullmatch(f) and f not in names[form]]
    if not names:
        return None, names
    pattern = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(a) for a in sorted(names, key=len, reverse=True)) + r")(?![\w])")
    return pattern, names


def _expansions(text: str, pattern: re.Pattern[str] | None, names: dict[str, list[str]]) -> str:
    """The names of the glossary terms a text writes as abbreviations, and of the abbreviations in
    those names (twice at most: "CVPs" is "Coalition VPs", whose "VPs" are "Victory Points")."""
    if pattern is None:
        return ""
    found: list[str] = []
    for _ in range(2):
        added = [name for abbr in dict.fromkeys(pattern.findall(text)) for name in names[abbr] if name not in found]
        if not added:
            break
        found += added
        text = " ".join(added)
    return " ".join(found)


def _documents(game: Game) -> Iterator[dict[str, Any]]:
    restating = set(game.declaration.restating)
    for lang, corpus in game.corpora.items():
        spelled = _spelled_out(game, lang) if lang in LANGS else (None, {})
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
                "ancestors": json.dumps([c.id for c in trail]),
                "ids": section.id,
                "spell": f"{section.title} {section.text}",
                # a table's printed title is a heading of the section that prints its rows
                f"title_{lang}": " ".join([section.label, *_table_titles(game, section.tables, lang)]),
                f"body_{lang}": section.text,
                # every heading above: 11.4.2 has no title, it sits under SNIPER ATTACK
                f"context_{lang}": " ".join(titled),
                f"pairs_{lang}": _pairs(lang, section.label, section.text),
                # the glossary's names of the abbreviations it uses: 19.1.2's "CVPs" are victory points
                f"terms_{lang}": _expansions(f"{section.label} {section.text}", *spelled),
                # what its notes and examples say (19.2.3's designer's note: the individual "escaping")
                f"notes_{lang}": " ".join(corpus.by_id[child].text for child in corpus.children.get(section.id, ())
                                          if corpus.by_id[child].kind in COMMENTARY),
                # a section of a chapter restating rules given elsewhere (a glossary), stored only then
                **({"restates": True} if restating & {section.id, *(c.id for c in trail)} else {}),
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
                "ancestors": "[]",
                "ids": term.rule,
                "spell": f"{forms} {definition}",
                f"title_{lang}": forms,
                f"body_{lang}": definition,
                f"pairs_{lang}": _pairs(lang, forms, definition),
            }


def _pairs(lang: str, *texts: str) -> str:
    """The pairs of tokens side by side in each text (:func:`.analysis.pairs`), for the pairs field."""
    if lang not in LANGS:
        return ""
    tokens = (pairs([t.text for t in analyzer(lang)(text)]) for text in texts)
    return " ".join(p for found in tokens for p in found)


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


#: a number a player spells out and the rulebooks print in digits ("the seven phases": "7 Phases")
NUMBER_WORDS = {word: [str(number)] for number, word in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"))}


def _by_stem(talk: dict[str, list[str]]) -> dict[str, list[str]]:
    """Table talk by the English stem of its words: "letters" finds the talk of "letter"."""
    found: dict[str, list[str]] = {}
    for word, phrases in talk.items():
        for stem in stems([word], "en"):
            found.setdefault(stem, [])
            found[stem] += [p for p in phrases if p not in found[stem]]
    return found


def _synonyms(game: Game) -> dict[str, Any]:
    """Glossary terms (folded forms in both languages, defining rule), table talk (the game's
    own, and numbers spelled out) and the talk by stem."""
    talk_file = game_dir(game.id) / "search-synonyms.yaml"
    own = read_yaml(talk_file) if talk_file.is_file() else {}
    talk = {**NUMBER_WORDS, **{fold(str(k)): [fold(w) for w in v] for k, v in (own or {}).items()}}
    return {
        "terms": [
            {
                "rule": term.rule,
                "forms": sorted({fold(f) for lang in LANGS for f in term.forms(lang) if len(f) > 1}),
                "by_lang": {lang: sorted({fold(f) for f in term.forms(lang) if len(f) > 1}) for lang in LANGS},
            }
            for term in game.glossary
        ],
        "talk": talk,
        "talk_stems": _by_stem(talk),
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
class Open:
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
    #: word -> known to the index; (word, maxdist, limit) -> spelling suggestions (the index
    #: never changes while open, so each is worked out once)
    _known: dict[str, bool] = field(default_factory=dict)
    _suggestions: dict[tuple[str, int, int], tuple[str, ...]] = field(default_factory=dict)
    _first_runs: dict[str, set[int]] = field(default_factory=dict)

    def terms_in(self, folded: str) -> list[dict[str, Any]]:
        """The glossary terms (synonym entries) one of whose forms the folded query holds as
        words. Only the terms whose forms begin with one of the query's runs of letters and
        digits are tried: a form found between word boundaries begins with one of them."""
        if not self._first_runs:
            self._first_runs = first_runs(entry["forms"] for _pattern, entry in self.patterns)
        return [self.patterns[n][1] for n in terms_tried(self._first_runs, folded) if self.patterns[n][0].search(folded)]

    def knows(self, word: str) -> bool:
        """True when the word is table talk, or occurs in the index as typed or by its stem."""
        if word not in self._known:
            self._known[word] = word in self.synonyms["talk"] or known(self.searcher.reader(), word)
        return self._known[word]

    def suggest(self, word: str, maxdist: int, limit: int) -> tuple[str, ...]:
        """Whoosh's spelling suggestions for a word (first letter kept), memoised."""
        key = (word, maxdist, limit)
        if key not in self._suggestions:
            self._suggestions[key] = tuple(
                self.searcher.suggest("spell", word, limit=limit, maxdist=maxdist, prefix=1))
        return self._suggestions[key]

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

    @property
    def total(self) -> int:
        """How many documents the index holds."""
        return int(self.searcher.reader().doc_count_all())

    def stems(self, words: list[str], lang: str) -> list[str]:
        return stems(words, lang)

    def query_pairs(self, words: list[str], lang: str) -> list[str]:
        return query_pairs(words, lang)

    def stem_of(self, word: str, lang: str) -> str | None:
        return stem_of(word, lang)

    def score(self, weights: dict[tuple[str, str], float], allowed: frozenset[int],
              stats: Collection | None = None) -> dict[int, float]:
        """BM25F of an OR of weighted terms, over allowed documents (:func:`rules_text.fast_search.bm25f`)."""
        return bm25f(self, weights, allowed, stats)

    def average(self, field_name: str) -> float:
        key = ("avg", field_name)
        if key not in self._weights:
            self._weights[key] = self.searcher.avg_field_length(field_name)
        return self._weights[key]  # type: ignore[return-value]

    def lengths(self, field_name: str) -> dict[int, int]:
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


_COLLECTION: list[Collection] = []


def collection(opened: list[Open]) -> Collection:
    """The collection of these open indexes, the same one while none of them is reopened."""
    if not _COLLECTION or [id(o) for o in _COLLECTION[0].opened] != [id(o) for o in opened]:
        _COLLECTION[:] = [Collection(list(opened))]
    return _COLLECTION[0]


def _file_stamps(game_id: str) -> tuple[Any, ...]:
    """Cheap change detection: each data file's name, size and modification time (the files of
    :func:`rules_text.loading.data_files`, listed with ``os.scandir``: pathlib's ``rglob`` costs
    milliseconds, and this runs once a second while a server searches)."""
    found: list[str] = []
    folders = [str(game_dir(game_id))]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif entry.name.endswith(".yaml"):
                    found.append(entry.path)
    glossary = loading.GLOSSARY_FILE
    paths = sorted(found) + ([str(glossary)] if Path(glossary).is_file() else [])
    stats = ((p, os.stat(p)) for p in paths)
    return tuple((p, st.st_size, st.st_mtime_ns) for p, st in stats)


#: the open indexes by games folder and game: a process that reads another folder (a test's
#: crafted games) never gets the index of the same id in the folder read a moment before
_OPEN: dict[tuple[str, str], Open] = {}
_LOCK = threading.Lock()


def open_index(game_id: str) -> Open:
    key = (str(loading.GAMES_DIR), game_id)
    current = _OPEN.get(key)
    now = time.monotonic()
    if current is not None and now - current.checked < CHECK_EVERY:
        return current
    files = _file_stamps(game_id)
    if current is not None and current.files == files:
        current.checked = now
        return current
    stats = fast_rule.current_stats(game_id)  # before the data is read: the fast path's export is never newer
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
        docs = {num: {**stored, "ancestors": json.loads(stored.get("ancestors") or "[]"),
                      "empty": not stored["text"].strip()}
                for num, stored in searcher.reader().iter_docs()}
        opened = Open(stamp, files, ix, searcher, synonyms, patterns, docs, checked=now)
        _OPEN[key] = opened
        from .export import keep_export

        keep_export(opened, game_id, stats)
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

