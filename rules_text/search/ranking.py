"""One game's ranking of a query (BM25F, coordination, kind weights, rule number and glossary
boosts, sub-rules above their sections, rules above a glossary restating them) and the merging of
several games' hits.

The ranking is written once, in :mod:`rules_text.fast_search` (standard library alone), and run
there over a game's plain export and here over its open Whoosh index (:class:`.indexes.Open`)."""

from __future__ import annotations

from ..fast_search import (
    BELOW_SUBRULE,
    CONTAINED_SHARE,
    COORDINATION_FLOOR,
    FIELD_WEIGHT,
    KIND_WEIGHT,
    NOTED_WORD,
    PAIR_WEIGHT,
    RULE_KINDS,
    TERM_BOOST,
    TERM_IN_QUERY_BOOST,
    below_rules,
    below_subrules,
    by_game,
    merge,
    rank,
    text_weights,
)

__all__ = ["BELOW_SUBRULE", "CONTAINED_SHARE", "COORDINATION_FLOOR", "FIELD_WEIGHT", "KIND_WEIGHT", "NOTED_WORD",
           "PAIR_WEIGHT", "RULE_KINDS", "TERM_BOOST", "TERM_IN_QUERY_BOOST", "below_rules", "below_subrules", "by_game",
           "merge", "rank", "text_weights"]
