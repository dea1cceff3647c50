"""An open index as plain data: the very inputs of its ranking, for the rankings that run without
Whoosh (``fallujah search``'s fast path, :mod:`rules_text.fast_search`, and the rules site's
search page, which adds its links: ``site/_ext/rulebook_site/search.py``)."""

from __future__ import annotations

import re
from typing import Any

from .. import fast_search
from ..models import LANGS
from .analysis import TOKEN, analyzer, fold, stop_words
from .indexes import Open

_TOKEN = re.compile(r"[^\W_]+")
#: the fields the ranking reads, per language of LANGS, and the rule numbers
FIELD_PREFIXES = ("title", "body", "context", "terms", "pairs", "notes")


def _analysed(word: str) -> list[list[str]]:
    """The analyzer's tokens of a word, per language of ``LANGS`` (stop words give none)."""
    return [[token.text for token in analyzer(lang)(word)] for lang in LANGS]


def plain_index(opened: Open) -> dict[str, Any]:
    """Per (field, stem) the postings with their term weights, each field's lengths and average
    length, the stored documents, the spelling field's words and frequencies, the glossary and
    table-talk synonyms, the analyzer's tokens of every word of the corpus, and its token pattern
    and stop words."""
    reader = opened.searcher.reader()
    total = reader.doc_count_all()
    fields = [f"{prefix}_{lang}" for lang in LANGS for prefix in FIELD_PREFIXES]
    fields.append("ids")
    postings: dict[str, dict[str, list[list[float]]]] = {}
    lengths: dict[str, list[int]] = {}
    averages: dict[str, float] = {}
    for name in fields:
        terms = [term.decode("utf-8") for term in reader.lexicon(name)] if name in reader.schema else []
        postings[name] = {term: [[doc, weight] for doc, weight in opened.postings(name, term)] for term in terms}
        by_doc = opened.lengths(name)
        lengths[name] = [by_doc.get(doc, 0) for doc in range(total)]
        averages[name] = opened.average(name)
    docs = []
    words: set[str] = set()
    for number in range(total):
        doc = opened.docs[number]
        flat = " ".join(doc["text"].split())
        words.update(_TOKEN.findall(flat))
        words.update(_TOKEN.findall(fold(flat)))
        docs.append(doc)
    # each spelling word: its frequency (Whoosh's suggest ranks by it) and document frequency
    spell = {
        term.decode("utf-8"): [reader.frequency("spell", term), reader.doc_frequency("spell", term)]
        for term in reader.lexicon("spell")
    }
    words.update(spell)
    synonyms = opened.synonyms
    for entry in synonyms["terms"]:
        for form in entry["forms"]:
            words.update(_TOKEN.findall(form))
    for key, phrases in synonyms["talk"].items():
        words.update(_TOKEN.findall(key))
        for phrase in phrases:
            words.update(_TOKEN.findall(phrase))
    return {
        "game": docs[0]["game"] if docs else "",
        #: the data the index was built from (``rules_text.loading.fingerprint``)
        "fingerprint": opened.stamp,
        "langs": list(LANGS),
        "total": total,
        "fields": fields,
        "postings": postings,
        "lengths": lengths,
        "averages": averages,
        "docs": docs,
        "spell": spell,
        "vocabulary": {word: _analysed(word) for word in sorted(words)},
        "synonyms": synonyms,
        #: what the analyzer is made of, for the words the vocabulary does not hold
        "token": TOKEN,
        "stopwords": {lang: sorted(stop_words(lang)) for lang in LANGS},
    }


def keep_export(opened: Open, game_id: str, stats: list[list[Any]] | None) -> None:
    """Write the game's plain export for ``fallujah search``'s fast path unless a current one is
    there (``stats``: the data files' stats taken before the index was opened; None: unreadable)."""
    header = fast_search.read_header(game_id)
    if stats is None or (header is not None and header.get("stats") == stats
                         and header.get("code") == fast_search.code_stamp()):
        return
    fast_search.write_export(game_id, stats, plain_index(opened))
