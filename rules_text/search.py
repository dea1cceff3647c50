"""Full-text search over a game's rulebooks and glossary (Whoosh).

The index is built from the corpus into a cache folder named after the data's
fingerprint, so any edit of a rule file or of the glossary brings a rebuild on
the next search; nobody rebuilds by hand.

Ranking for a rules reader:

- a query that is a rule number (``11.4.1``, ``[13.6.4]``, ``13.6.4.``) gives that section first;
- title words weigh more than body words; rules rank above notes and examples;
- a glossary term (English, French or abbreviation) puts its defining rule first,
  and its translation is searched too (``Pas de Pertes`` finds ``Step Loss``);
- words the index does not know are corrected ("did you mean") and searched fuzzily.

User text is never parsed as query syntax: ``AND``, ``title:``, quotes and
parentheses are plain words.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel
from whoosh import highlight, index
from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.lang import stopwords_for_language
from whoosh.query import And, Or, Phrase, Query, Term
from whoosh.scoring import BM25F
from whoosh.support.charset import accent_map

from .corpus import Game
from .loading import DEFAULT_GAME, GAMES_DIR, fingerprint, load_game, read_yaml
from .models import LANGS, Lang

MAX_QUERY_LENGTH = 500
KINDS = ("rule", "example", "note", "table", "foreword", "bibliography", "glossary")
#: how much a kind's hits count against a rule's, when no kind is asked for
KIND_WEIGHT = {"rule": 1.0, "table": 0.9, "glossary": 0.9, "example": 0.5, "note": 0.45,
               "foreword": 0.5, "bibliography": 0.4}
RULE_KINDS = ("rule", "table", "glossary")
RULE_ID = re.compile(r"^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s*\]?$")
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


class SearchResult(BaseModel):
    query: str
    hits: list[Hit]
    suggestion: str | None = None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def analyzer(lang: Lang, stem: bool = True):
    """Case and accent folding, stop words, Snowball stemming for the language."""
    stops = frozenset(_fold(w) for w in stopwords_for_language("english" if lang == "en" else "french"))
    chain = RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map)
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
        "ids": KEYWORD(commas=True, lowercase=True),
        "spell": TEXT(analyzer=RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map), spelling=True),
    }
    for lang in LANGS:
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer(lang), field_boost=3.0)
        fields[f"body_{lang}"] = TEXT(analyzer=analyzer(lang))
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer(lang))
    return Schema(**fields)


def cache_dir() -> Path:
    return Path(os.environ.get("FALLUJAH_CACHE_DIR") or Path.home() / ".cache" / "fallujah")


def _documents(game: Game):
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
                "ids": section.id,
                "spell": f"{section.title} {section.text}",
                f"title_{lang}": f"{section.label}",
                f"body_{lang}": section.text,
                # the nearest heading above: 11.4.2 has no title, it sits under SNIPER ATTACK
                f"context_{lang}": titled[-1] if titled else "",
            }
    for term in game.glossary:
        for lang in game.langs:
            name = getattr(term, lang) or term.en
            definition = term.definition.get(lang) or ""  # type: ignore[arg-type]
            forms = " ".join(term.forms(lang))  # type: ignore[arg-type]
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


def _synonyms(game: Game) -> dict:
    """Glossary terms (folded forms in both languages, defining rule) and table talk."""
    talk_file = GAMES_DIR / game.id / "search-synonyms.yaml"
    talk = read_yaml(talk_file) if talk_file.is_file() else {}
    return {
        "terms": [
            {
                "rule": term.rule,
                "forms": sorted({_fold(f) for lang in LANGS for f in term.forms(lang) if len(f) > 1}),
            }
            for term in game.glossary
        ],
        "talk": {_fold(str(k)): [_fold(w) for w in v] for k, v in (talk or {}).items()},
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


class _Marker(highlight.Formatter):
    """Matched words between ** **, the rest untouched (the web escapes, then marks)."""

    between = " … "

    def format_token(self, text, token, replace=False):
        return f"**{highlight.get_text(text, token, replace)}**"


@dataclass
class _Open:
    stamp: str
    ix: index.Index
    searcher: object
    synonyms: dict


_OPEN: dict[str, _Open] = {}
_LOCK = threading.Lock()


def _open(game_id: str) -> _Open:
    stamp = fingerprint(game_id)
    current = _OPEN.get(game_id)
    if current is not None and current.stamp == stamp:
        return current
    with _LOCK:
        path = cache_dir() / "search" / f"{game_id}-{stamp}"
        if not index.exists_in(str(path)):
            build_index(load_game(game_id), path)
        ix = index.open_dir(str(path))
        synonyms = json.loads((path / "synonyms.json").read_text(encoding="utf-8"))
        opened = _Open(stamp, ix, ix.searcher(weighting=BM25F()), synonyms)
        _OPEN[game_id] = opened
        for stale in (cache_dir() / "search").glob(f"{game_id}-*"):
            if stale != path:
                shutil.rmtree(stale, ignore_errors=True)
        return opened


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


def _word_query(words: list[str], langs: list[str], boost: float = 1.0) -> Query | None:
    clauses: list[Query] = []
    for lang in langs:
        ana = analyzer(lang)  # type: ignore[arg-type]
        for field in (f"title_{lang}", f"body_{lang}", f"context_{lang}"):
            terms = [t.text for w in words for t in ana(w)]
            clauses += [Term(field, t, boost=boost) for t in terms]
            if len(terms) > 1:
                clauses.append(Phrase(field, terms, boost=boost * 2))
    return Or(clauses) if clauses else None


def search(
    query: str,
    *,
    lang: Literal["en", "fr", "all"] = "all",
    kind: str | None = None,
    limit: int = 10,
    game: str = DEFAULT_GAME,
) -> SearchResult:
    """Search a game's rulebooks; best hits first (see the module docstring)."""
    text = clean_query(query)
    if lang not in ("en", "fr", "all"):
        raise SearchError(f"lang {lang!r} is not one of en, fr, all")
    if kind is not None and kind not in KINDS:
        raise SearchError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    if not 1 <= limit <= 100:
        raise SearchError(f"limit {limit} is not between 1 and 100")
    opened = _open(game)
    langs = list(LANGS) if lang == "all" else [lang]
    folded = _fold(text)
    words = WORD.findall(folded)

    boosts: dict[str, float] = {}
    id_match = RULE_ID.match(text)
    for rule_id in ([id_match.group(1)] if id_match else ID_IN_QUERY.findall(text)):
        boosts[rule_id] = 100.0 if id_match else 5.0
    extra: list[str] = []
    for word in words:
        extra += [w for phrase in opened.synonyms["talk"].get(word, []) for w in WORD.findall(phrase)]
    for entry in opened.synonyms["terms"]:
        hit_forms = [f for f in entry["forms"] if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", folded)]
        if hit_forms:
            exact = any(f == folded.strip() for f in hit_forms)
            boosts[entry["rule"]] = max(boosts.get(entry["rule"], 0), 3.0 if exact else 0.3)
            extra += [w for f in entry["forms"] for w in WORD.findall(f)]

    searcher = opened.searcher
    suggestion = None
    reader = searcher.reader()
    unknown = [w for w in words if not ID_IN_QUERY.fullmatch(w) and not w.isdigit() and len(w) > 2
               and reader.frequency("spell", w) == 0]
    if unknown:
        corrected = folded
        for word in unknown:
            options = searcher.suggest("spell", word, limit=1, maxdist=1 if len(word) <= 5 else 2, prefix=1)
            if options:
                corrected = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", options[0], corrected)
        if corrected != folded:
            suggestion = corrected
            words = WORD.findall(corrected)

    clauses = [q for q in (_word_query(words, langs), _word_query(extra, langs, boost=0.5)) if q]
    clauses += [Term("ids", rule_id, boost=10.0) for rule_id in boosts]
    if not clauses:
        return SearchResult(query=text, hits=[], suggestion=suggestion)
    filters: list[Query] = [Term("game", game)]
    if lang != "all":
        filters.append(Term("lang", lang))
    if kind is not None:
        filters.append(Term("kind", kind))
    excluded = None if kind == "glossary" else Term("kind", "glossary")
    results = searcher.search(Or(clauses), limit=max(60, limit * 4), filter=And(filters), mask=excluded, terms=True)
    results.fragmenter = highlight.ContextFragmenter(maxchars=160, surround=50)
    results.formatter = _Marker()

    wanted = {t.text for lg in langs for w in words for t in analyzer(lg)(w)}  # type: ignore[arg-type]
    ranked = []
    for hit in results:
        score = hit.score * (1.0 if kind else KIND_WEIGHT.get(hit["kind"], 0.5))
        if wanted:
            # coordination: a section that has more of the query's words, above all in
            # its title, beats one that repeats a single common word ("Zone")
            matched = {(f, t.decode() if isinstance(t, bytes) else t) for f, t in hit.matched_terms()}
            anywhere = {t for f, t in matched if f.startswith(("title_", "body_", "context_"))} & wanted
            in_title = {t for f, t in matched if f.startswith("title_")} & wanted
            score *= (0.25 + len(anywhere) / len(wanted)) * (1 + len(in_title) / len(wanted))
        if not hit["text"].strip():
            score *= 0.6  # a bare heading: its rules are in the sections below
        score *= 1 + boosts.get(hit["id"], 0)
        ranked.append((score, hit))
    ranked.sort(key=lambda pair: -pair[0])
    if kind is None and ranked:
        # rules (and their tables) first, unless a note or example is far more relevant
        floor = ranked[0][0] * 0.2
        ranked.sort(key=lambda pair: (not (pair[1]["kind"] in RULE_KINDS and pair[0] >= floor), -pair[0]))

    hits: list[Hit] = []
    seen: set[tuple[str, str, str]] = set()
    for score, hit in ranked:
        # one hit per section: in both languages at once, the better-scoring one stands
        key = (hit["id"], hit["kind"] if hit["kind"] == "glossary" else "", hit["lang"] if lang != "all" else "")
        if key in seen:
            continue
        seen.add(key)
        snippet = hit.highlights(f"body_{hit['lang']}", text=hit["text"], top=2) or _lead(hit["text"])
        hits.append(
            Hit(
                game=hit["game"], id=hit["id"], lang=hit["lang"], title=hit["title"], kind=hit["kind"],
                breadcrumb=json.loads(hit["breadcrumb"]), snippet=snippet, score=round(score, 4),
            )
        )
        if len(hits) == limit:
            break
    return SearchResult(query=text, hits=hits, suggestion=suggestion)


def _lead(text: str, size: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= size else flat[:size].rsplit(" ", 1)[0] + " …"
