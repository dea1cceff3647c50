"""Every table prints its title and its printed column heads wherever a rule is read (issue 21, item 1).

The rule command, the export and the companion's rule pages all print ``Section.text``; the static
site lays out the same lines (``render_table``). A table whose title is the heading of the section
holding it ("CARD LIST") prints it once, as that heading; one whose title the book merges into its
head line ("D6 roll Insurgent Activation Table") prints the head line alone.
"""

from __future__ import annotations

import json

import pytest

from rules_text import fast_rule, markup
from rules_text.cli import rule_answer, section_json
from rules_text.loading import available_games, load_game

from .conftest import run_cli

CASES = [
    (game_id, lang, table_id)
    for game_id in available_games()
    for lang in load_game(game_id).langs
    for table_id in load_game(game_id).tables
]


def _words(text: str) -> list[str]:
    return markup._words(text)


def _prints(text: str, words: str) -> bool:
    """The words stand in the text in this order (line breaks and our ' | ' aside)."""
    joined = " ".join(_words(text))
    return " ".join(_words(words)) in joined


@pytest.mark.parametrize(("game_id", "lang", "table_id"), CASES)
def test_every_table_prints_its_title_and_heads_where_its_rule_is_read(game_id, lang, table_id):
    game = load_game(game_id)
    table = game.tables[table_id]
    corpus = game.corpus(lang)
    holders = [s for s in corpus.sections if table_id in s.tables]
    title = table.title.get(lang)
    heads = " | ".join(table.columns_printed).strip()
    if not holders:
        # a table of prose data: its words stay in its rule's text, its title as that rule's heading
        if title and table.rule in corpus:
            section = corpus.get(table.rule)
            assert _prints(section.title + "\n" + section.text, title)
        assert not heads, f"{table_id} declares printed heads but no section prints it"
        return
    for section in holders:
        printed_lines = fast_rule.printed(rule_answer(game, section), as_json=False, columns=100)
        printed = "\n".join(message for message, _ in printed_lines)
        exported = section.title + "\n" + section.text
        for where in (printed, exported):
            if title:
                assert _prints(where, title), f"{table_id}: title {title!r} missing from {section.id}"
            if heads:
                assert heads in where, f"{table_id}: heads {heads!r} missing from {section.id}"


def test_a_title_the_section_heading_prints_is_not_printed_twice():
    game = load_game("fallujah-cards")
    section = game.corpus("en").get("card-list")
    assert section.text.splitlines()[0] == "Card Name | Type | # | Force | Notes"
    assert "CARD LIST" not in section.text


def test_a_title_merged_into_the_head_line_is_printed_in_it_once():
    game = load_game("battle-for-fallujah")
    text = game.corpus("en").get("12.4.2").text
    assert text.count("Insurgent Activation Table") == 2  # the rule's own words, then the head line
    assert "D6 roll | Insurgent Activation Table" in text


def test_a_heading_printed_once_over_two_results_is_printed_once():
    text = load_game("second-fallujah").corpus("en").get("7.3.4").text
    assert text.count("OT > DT = Successful attack") == 1
    assert "— If the lead defensive unit was Iraqi" in text


def test_second_fallujah_fedayeen_reaction_prints_the_books_words():
    text = load_game("second-fallujah").corpus("en").get("17").text
    assert "c) greater than 6 = place a Dug In marker on the unit" in text
    assert ">6" not in text
    table = load_game("second-fallujah").tables["fedayeen-reaction"]
    assert table.row_for_total(7).result == "dug_in" and table.row_for_total(10).result == "dug_in"


def _cli(*args: str) -> str:
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rule_25_17_1_prints_the_may_and_may_not_heads():
    out = _cli("rule", "25.17.1", "--game", "battle-for-fallujah")
    assert "Operational Missions\n| May... | May not...\nCombat Unit Assault, Move, Search | Raid, Strike" in out


@pytest.mark.parametrize("section_id", ["17.1.5", "17.2.4"])
def test_each_terrain_dice_table_prints_its_mission_coalition_insurgency_head(section_id):
    game = load_game("battle-for-fallujah")
    holder = next(s for s in game.corpus("en").sections if s.parent == section_id and s.tables)
    out = _cli("rule", holder.id, "--game", "battle-for-fallujah")
    assert "Mission | Coalition | Insurgency" in out
    assert "Terrain Dice (White dice)" in out


def test_the_json_of_rule_carries_the_heads_in_its_text():
    out = json.loads(_cli("rule", "22.2", "--game", "battle-for-fallujah", "--json"))
    assert "D6 Dice | Modifiers to number of D6s rolled" in out["text"]
    assert "Insurgent Reaction Table\nD6 Roll | Insurgent Activated" in out["text"]
    assert section_json(load_game("battle-for-fallujah"), load_game("battle-for-fallujah").corpus("en").get("22.2"))["text"] == out["text"]


def test_export_prints_the_heads():
    out = _cli("export", "--game", "second-fallujah")
    assert "2D6 ROLL | CADRE IN REACTION AREA | CADRE IN ADJACENT AREA" in out
