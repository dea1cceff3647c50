"""One game's ranking of a query (BM25F, coordination, kind weights, rule number and glossary
boosts, sub-rules above their sections) and the merging of several games' hits."""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Any

from ..models import LANGS
from .analysis import WORD, query_pairs, stems
from .indexes import Collection, Open, languages_of

#: how much a kind's hits count against a rule's, when no kind is asked for
KIND_WEIGHT = {"rule": 1.0, "table": 0.9, "glossary": 0.9, "example": 0.5, "note": 0.45,
               "foreword": 0.5, "bibliography": 0.4}
RULE_KINDS = ("rule", "table", "glossary")
#: coordination: a section holding a share s of the query's words has its score times (FLOOR + s**2)
COORDINATION_FLOOR = 0.1
#: each field's weight in the score: the glossary's names of the abbreviations a section uses count half
FIELD_WEIGHT = {"title": 1.0, "body": 1.0, "context": 1.0, "terms": 0.5}
#: the boost of a glossary term's defining rule: the query is the term, or holds it among other words
TERM_BOOST, TERM_IN_QUERY_BOOST = 3.0, 0.3
#: the weight of two of the query's words side by side in a section (:func:`.analysis.pairs`)
PAIR_WEIGHT = 2.0
#: a section goes below a sub-rule that covers the query as well when the sub-rule scores at least
#: this share of the section's score
CONTAINED_SHARE = 0.8
#: ...and then takes this share of the sub-rule's score
BELOW_SUBRULE = 0.9


def text_weights(words: list[str], extra: dict[str, list[str]], langs: list[str]) -> dict[tuple[str, str], float]:
    """One weight per distinct (field, term): the query's words their field's weight, synonyms half
    that, and each two of the query's words side by side :data:`PAIR_WEIGHT` in the pairs field."""
    weights: dict[tuple[str, str], float] = {}
    for lang in langs:
        query_stems = stems(words, lang)
        for field, share in FIELD_WEIGHT.items():
            name = f"{field}_{lang}"
            for stem in stems(extra.get(lang, []), lang):
                weights.setdefault((name, stem), 0.5 * share)
            for stem in query_stems:
                weights[(name, stem)] = share
        if lang in LANGS:
            for pair in query_pairs(words, lang):
                weights[(f"pairs_{lang}", pair)] = PAIR_WEIGHT
    return weights



def rank(opened: Open, words: list[str], folded: str, typed_ids: list[str], exact_id: bool,
          lang: str, kind: str | None, limit: int, stats: Collection | None) -> list[tuple[float, dict[str, Any]]]:
    """One game's candidate documents with their scores (see the module docstring)."""
    langs: list[str] = languages_of(opened.synonyms) if lang == "all" else [lang]
    boosts: dict[str, float] = {rule_id: 100.0 if exact_id else 5.0 for rule_id in typed_ids}
    extra: dict[str, list[str]] = {lg: [] for lg in languages_of(opened.synonyms)}
    for word in WORD.findall(folded):
        for lg in extra:
            extra[lg] += [w for phrase in opened.synonyms["talk"].get(word, []) for w in WORD.findall(phrase)]
    for entry in opened.terms_in(folded):
        exact = folded.strip() in entry["forms"]
        boosts[entry["rule"]] = max(boosts.get(entry["rule"], 0), TERM_BOOST if exact else TERM_IN_QUERY_BOOST)
        for lg in LANGS:  # each language's own words for the term, in its own fields
            extra[lg] += [w for f in entry["by_lang"][lg] for w in WORD.findall(f)]

    weights = text_weights(words, {lg: list(dict.fromkeys(ws)) for lg, ws in extra.items()}, langs)
    weights.update({("ids", rule_id): 10.0 for rule_id in typed_ids})
    scores = opened.score(weights, opened.allowed(lang, kind), stats)
    if not scores:
        return []
    results = heapq.nlargest(max(60, limit * 4), scores.items(), key=lambda pair: pair[1])

    wanted = {stem for lg in langs for stem in stems(words, lg)}
    candidates = {docnum for docnum, _ in results}
    # how many of the query's words each candidate holds: anywhere (its headings' too), its own
    anywhere = Counter(d for stem in wanted
                       for d in opened.holders(stem, langs, ("title_", "body_", "context_", "terms_")) & candidates)
    owned = Counter(d for stem in wanted for d in opened.holders(stem, langs, ("title_", "body_", "terms_")) & candidates)
    ranked: list[tuple[float, dict[str, Any]]] = []
    own: dict[tuple[str, str], int] = {}
    for docnum, base in results:
        doc = opened.docs[docnum]
        score = base * (1.0 if kind else KIND_WEIGHT.get(doc["kind"], 0.5))
        if wanted:
            # coordination: a section that has more of the query's words (its own or its
            # headings') beats one that repeats a single common word ("Zone")
            score *= COORDINATION_FLOOR + (anywhere[docnum] / len(wanted)) ** 2
        if doc["empty"]:
            score *= 0.6  # a bare heading: its rules are in the sections below
        score *= 1 + boosts.get(doc["id"], 0)
        own[(doc["lang"], doc["id"])] = owned[docnum]
        ranked.append((score, doc))
    return below_subrules(ranked, own)


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
