"""Players' questions (issue 21, item 5): a second relevance suite per game,
``tests/search_queries/players/<game>.yaml``, written in the words a player uses at the table,
each with the rule that answers it (checked against the rule text).

The issue's target is recall@1 >= 0.8 and recall@3 >= 0.95 in every game (the figures are
printed, and by ``make bench``). A game that does not reach it is listed in ``SHORT_OF_TARGET``:
its target is an expected failure that fails the run once it holds (strict). The recall measured
is a floor that no change may go under.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_text.loading import available_games, load_yaml
from rules_text.search import search

PLAYERS_DIR = Path(__file__).parent / "search_queries" / "players"
SUITES = {
    path.stem: load_yaml(path.read_text(encoding="utf-8"))
    for path in sorted(PLAYERS_DIR.glob("*.yaml"))
    if path.stem in available_games()
}
MIN_QUERIES = 20
#: the issue's target, in every game
TARGET_AT_1, TARGET_AT_3 = 0.8, 0.95
#: what the ranking reaches (recall@1, recall@3): never less. When the suites were written:
#: Battle for Fallujah 0.70/0.83, the card game 0.50/0.90, Phantom Fury 0.71/0.82, Second Fallujah
#: 0.72/0.88. Since one-digit words are searched, a text's rule numbers are single tokens, a section
#: is found by two of the query's words side by side and by the names of the abbreviations it uses,
#: a section goes below a sub-rule only when that one scores at least 0.8 of it, and a few of a
#: player's everyday words lead to the rulebook's own (search-synonyms.yaml); since a short word is
#: never "corrected" into another ("can" into "car"), a section's share of the query counts the
#: words the game uses (its table talk's too: "peek" is "look"), talk is found by stem ("letters")
#: and numbers spelled out by their digits ("seven phases"), and "cannot" leads to "unable"; since
#: Battle for Fallujah's Glossary (25.0) is declared to restate the rules (a glossary section goes
#: below a rule holding more of the query's words) and a section holds, at half a word each, the
#: words its notes and examples say, Battle for Fallujah reaches the target too:
FLOOR = {
    "battle-for-fallujah": (0.80, 0.96),
    "fallujah-cards": (0.81, 1.0),
    "phantom-fury": (0.85, 0.96),
    "second-fallujah": (0.80, 0.96),
}
#: the games whose suites do not reach the target yet (an expected failure, strict: remove a game
#: from here once it does)
SHORT_OF_TARGET: set[str] = set()


def recall(game: str) -> tuple[float, float, list[tuple[str, list[str]]]]:
    """recall@1, recall@3 of a game's players' suite, and the queries whose first hit misses."""
    queries = SUITES[game]
    first = three = 0
    missed = []
    for query in queries:
        ids = [h.id for h in search(query["q"], lang=query.get("lang", "all"), limit=3, game=game).hits]
        first += bool(ids) and ids[0] in query["expect"]
        three += bool(set(ids) & set(query["expect"]))
        if not ids or ids[0] not in query["expect"]:
            missed.append((query["q"], ids))
    return first / len(queries), three / len(queries), missed


def test_every_game_has_a_players_suite_of_new_questions():
    old_dir = PLAYERS_DIR.parent
    for game in available_games():
        assert len(SUITES.get(game, [])) >= MIN_QUERIES, game
        old = {q["q"].casefold() for q in load_yaml((old_dir / f"{game}.yaml").read_text(encoding="utf-8"))}
        assert not old & {q["q"].casefold() for q in SUITES[game]}, f"{game}: a question of the first suite again"


@pytest.mark.parametrize("game", sorted(SUITES))
def test_players_suite_recall_never_drops_below_what_it_was(game):
    at_1, at_3, missed = recall(game)
    print(f"\n{game}: recall@1 = {at_1:.2f}, recall@3 = {at_3:.2f}; first hit missed: {missed}")
    floor_1, floor_3 = FLOOR[game]
    assert at_1 >= floor_1 and at_3 >= floor_3, missed


@pytest.mark.parametrize("game", [
    pytest.param(game, marks=pytest.mark.xfail(strict=True, reason="issue 21 item 5: not at recall@1 0.8 and recall@3 0.95 yet"))
    if game in SHORT_OF_TARGET else game
    for game in sorted(SUITES)
])
def test_players_suite_reaches_the_target_recall(game):
    at_1, at_3, missed = recall(game)
    assert at_1 >= TARGET_AT_1 and at_3 >= TARGET_AT_3, missed
