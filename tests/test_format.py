"""The data format of the new rulebooks (issue 12, games/README.md), on crafted games.

Each test writes a small game into a temporary FALLUJAH_GAMES_DIR, so the format is
tested apart from any real rulebook's data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_text import loading
from rules_text.check import check_game
from rules_text.loading import DataError, UnknownGame, declaration, load_game
from rules_text.markup import find_refs, render_rows
from rules_text.models import Table, parse_totals, table_problems

from .budget import examples
from .conftest import run_cli

DECLARATION = {
    "id": "test-game",
    "title": "Test Game: April 2004",
    "short_title": "Test Game",
    "designer": "A. Designer",
    "publisher": None,
    "package": "test_game",
    "languages": ["en"],
    "dice": ["d6"],
    "sources": {"en": "002_test.txt"},
    "id_style": "dotted",
    "chapter_format": "{n}.0",
    "bare_chapter_refs": True,
}
SECTIONS = [
    {"id": "1", "title": "Introduction", "kind": "rule", "text": "Rulebook v1.0. These rules (version 1.0)."},
    {"id": "1.1", "title": "What do you do?", "kind": "rule", "text": "Stacking limits apply (see 5 and 5.1)."},
    {"id": "5", "title": "Stacking", "kind": "rule", "text": "Roll on the table (22.0), then see 16 above."},
    {"id": "5.1", "title": "", "kind": "rule", "text": "{table: intelligence}"},
    {"id": "16", "title": "Move", "kind": "rule", "text": "Units move."},
    {"id": "22", "title": "Insurgency Reaction", "kind": "rule", "text": "Roll [22.0]."},
]
INTELLIGENCE = {
    "id": "intelligence",
    "rule": "5.1",
    "title": {"en": "Coalition Intelligence Table"},
    "kind": "roll",
    "die": "d6",
    "range": [-2, 7],  # 1D6 (1-6) + modifier -3..+1
    "rows": [
        {"roll": "-2 to 0", "result": "wanted_3", "text": {"en": "3 Wanted! markers"}},
        {"roll": "1-3", "result": "wanted_2", "text": {"en": "2 Wanted! markers"}},
        {"roll": "4+", "result": "wanted_1", "text": {"en": "1 Wanted! marker"}},
    ],
}


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def make_game(root: Path, *, declaration: dict | None = None, sections: list | None = None,
              tables: list | None = None, errata: list | None = None, game: str = "test-game") -> Path:
    """A game folder under ``root``: game.yaml, en/01-rules.yaml, tables/, errata.yaml."""
    folder = root / game
    write(folder / "game.yaml", {**DECLARATION, "id": game, **(declaration or {})})
    write(folder / "en" / "01-rules.yaml", {"sections": SECTIONS if sections is None else sections})
    for table in [INTELLIGENCE] if tables is None else tables:
        write(folder / "tables" / f"{table['id']}.yaml", table)
    write(folder / "errata.yaml", {"errata": errata or []})
    return folder


@pytest.fixture
def games(tmp_path, monkeypatch) -> Path:
    """An empty FALLUJAH_GAMES_DIR (in this process and for the CLI) with its own cache."""
    root = tmp_path / "games"
    root.mkdir()
    monkeypatch.setattr(loading, "GAMES_DIR", root)
    monkeypatch.setenv("FALLUJAH_GAMES_DIR", str(root))
    monkeypatch.setenv("FALLUJAH_CACHE_DIR", str(tmp_path / "cache"))
    return root


def cli_env(games: Path) -> dict[str, str]:
    return {"FALLUJAH_GAMES_DIR": str(games), "FALLUJAH_CACHE_DIR": str(games.parent / "cache")}


def table(**fields: Any) -> Table:
    return Table.model_validate({"id": "t", "rule": "1", "kind": "roll", "die": "d6", **fields})


# -- game.yaml ---------------------------------------------------------------------------

def test_declaration_is_read_and_validated(games):
    make_game(games)
    declared = declaration("test-game")
    assert declared.languages == ("en",) and declared.dice == ("d6",) and declared.package == "test_game"
    assert declared.name == "Test Game" and declared.publisher is None
    assert declared.printed_number("22") == "22.0" and declared.printed_number("22.1") == "22.1"


def test_phantom_fury_declares_the_new_keys():
    declared = declaration("phantom-fury")
    assert declared.languages == ("en", "fr") and declared.dice == ("d10",)
    assert declared.package == "phantom_fury" and declared.chapter_format == "{n}"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"chapter_format": "Chapter {n}"}, "chapter_format"),
        ({"id": "other-game"}, "differs from the folder name"),
        ({"dice": ["d0"]}, "dice"),
        ({"sources": {"fr": "x.txt"}}, "not in languages"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_declaration_names_the_file_and_the_field(games, change, words):
    make_game(games, declaration=change)
    with pytest.raises(DataError) as info:
        declaration("test-game")
    assert "game.yaml" in str(info.value) and words in str(info.value)


def test_a_restating_chapter_the_rulebook_lacks_names_the_file_the_field_and_the_value(games):
    make_game(games, declaration={"restating": ["25"]})
    with pytest.raises(DataError) as info:
        load_game("test-game")
    assert "game.yaml" in str(info.value) and "restating" in str(info.value) and "'25'" in str(info.value)
    make_game(games, declaration={"restating": ["22"]})
    assert load_game("test-game").declaration.restating == ("22",)


def test_unknown_game_is_one_line_listing_the_known_games(games):
    make_game(games)
    with pytest.raises(UnknownGame) as info:
        load_game("no-such-game")
    assert str(info.value) == "unknown game 'no-such-game' (known games: test-game)"


def test_languages_come_from_the_declaration(games):
    make_game(games)
    assert list(load_game("test-game").corpora) == ["en"]
    make_game(games, declaration={"languages": ["en", "fr"]})
    with pytest.raises(DataError) as info:
        load_game("test-game")
    assert "fr" in str(info.value) and "missing" in str(info.value)


# -- ids ---------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["22", "22.0", "[22.0]", "22)", " 22.0. ", "[22]"])
def test_a_chapter_is_found_as_a_player_types_it(games, typed):
    make_game(games)
    english = load_game("test-game").corpus("en")
    section = english.get(typed)
    assert section.id == "22" and section.label == "22.0 Insurgency Reaction"


def test_cli_rule_accepts_the_printed_chapter(games):
    make_game(games)
    for typed in ("22.0", "22)", "[22.0]"):
        result = run_cli("rule", typed, "--game", "test-game", env=cli_env(games))
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[0].startswith("22.0 Insurgency Reaction")


def test_a_chapter_is_stored_without_its_printed_suffix(games):
    make_game(games, sections=[*SECTIONS, {"id": "23.0", "title": "Media", "kind": "rule", "text": "x"}])
    with pytest.raises(DataError) as info:
        load_game("test-game")
    assert "01-rules.yaml" in str(info.value) and "write '23'" in str(info.value)


def test_slug_games_have_top_level_sections_in_file_order(games):
    sections = [
        {"id": "introduction", "title": "INTRODUCTION", "kind": "rule", "text": "Solo Card Game."},
        {"id": "scoring", "title": "SCORING", "kind": "rule", "text": "The game ends when the Deck is empty."},
        {"id": "search-phase", "title": "SEARCH PHASE", "kind": "rule", "text": "Turn over the top card."},
    ]
    make_game(games, declaration={"id_style": "slugs", "chapter_format": "{n}", "bare_chapter_refs": False},
              sections=sections, tables=[])
    loaded = load_game("test-game")
    english = loaded.corpus("en")
    assert [s.id for s in english.sections] == ["introduction", "scoring", "search-phase"]
    assert all(s.parent is None for s in english.sections)
    assert english.get("Search Phase").id == "search-phase"
    assert check_game(loaded).problems == []


def test_a_rule_number_in_a_slug_game_is_a_problem(games):
    sections = [{"id": "scoring", "title": "SCORING", "kind": "rule", "text": "x"},
                {"id": "3", "title": "Three", "kind": "rule", "text": "y"}]
    make_game(games, declaration={"id_style": "slugs"}, sections=sections, tables=[])
    messages = [str(p) for p in check_game(load_game("test-game")).problems]
    assert any("3" in m and "id_style: slugs" in m for m in messages), messages


# -- citations ---------------------------------------------------------------------------

def test_bare_chapter_citations_when_the_game_declares_them(games):
    make_game(games)
    english = load_game("test-game").corpus("en")
    assert english.get("1.1").refs == ("5", "5.1")
    assert english.get("5").refs == ("22", "16")  # "(22.0)" is chapter 22
    assert english.get("22").refs == ("22",)
    assert english.referenced_by["16"] == ("5",)
    assert check_game(load_game("test-game")).problems == []


def test_version_strings_are_never_citations(games):
    make_game(games)
    assert load_game("test-game").corpus("en").get("1").refs == ()
    assert find_refs("Rulebook v1.0 and (version 1.0) but see 1.1") == ["1.1"]


def test_bare_chapter_citations_are_off_by_default():
    assert find_refs("(see 5 and 5.1); see 16 above") == ["5.1"]
    assert find_refs("(see 5 and 5.1); see 16 above", bare_chapters=True) == ["5", "5.1", "16"]
    assert find_refs("see 123 rows", bare_chapters=True) == []
    assert find_refs("read section 12 and its subsections; go to step 2", bare_chapters=True) == ["12"]


# -- roll tables -------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("printed", "totals"),
    [
        ("3", (3,)), ("2-3", (2, 3)), ("2–3", (2, 3)), ("-2 to 0", (-2, -1, 0)), ("-2-0", (-2, -1, 0)),
        ("4+", (4, 5, 6, 7)), (">6", (7,)), ("<3", (-2, -1, 0, 1, 2)), ("0 or less", (-2, -1, 0)),
        ("–1", (-1,)), ("6 or more", (6, 7)),
    ],
)
def test_printed_ranges_give_their_totals(printed, totals):
    assert parse_totals(printed, -2, 7) == totals


@pytest.mark.parametrize("printed", ["", "four", "3-", "1 to", "6-2"])
def test_unreadable_ranges_are_refused(printed):
    with pytest.raises(ValueError, match="range"):
        parse_totals(printed, 1, 6)


def test_roll_rows_expose_their_totals():
    t = Table.model_validate(INTELLIGENCE)
    assert [r.totals for r in t.rows] == [(-2, -1, 0), (1, 2, 3), (4, 5, 6, 7)]
    assert t.row_for_total(5).result == "wanted_1" and t.row_for_total(-2).result == "wanted_3"
    assert table_problems(t) == []
    with pytest.raises(KeyError):
        t.row_for_total(8)


def test_a_range_outside_the_declared_totals_is_named():
    t = table(range=[1, 6], rows=[{"roll": "1-3", "result": "a"}, {"roll": "4-8", "result": "b"}])
    assert [str(p) for p in table_problems(t)] == [
        "table t, row 2 (roll '4-8', result 'b'): range '4-8' runs outside the declared range 1 to 6 (totals 7-8)"
    ]


def test_two_rows_covering_one_total_and_an_uncovered_total_are_named():
    t = table(range=[2, 11], rows=[{"roll": "2-3", "result": "a"}, {"roll": "3-5", "result": "b"},
                                   {"roll": "8+", "result": "c"}])
    assert [str(p) for p in table_problems(t)] == [
        "table t, row 2 (roll '3-5', result 'b'): total 3 is also covered by row 1 (roll '2-3', result 'a')",
        "table t: no row covers total(s) 6-7 (declared range 2 to 11)",
    ]


def test_a_roll_table_needs_die_and_range():
    messages = [p.message for p in table_problems(table(die=None, rows=[{"roll": "1", "result": "a"}]))]
    assert any("die" in m for m in messages) and any("range" in m for m in messages)


LEVEL = {
    "id": "level-of-resistance", "rule": "5.1", "kind": "roll", "die": "d6", "range": [1, 6],
    "title": {"en": "Level of Resistance Table"},
    "columns": [{"key": "open", "name": {"en": "Open"}}, {"key": "urban", "name": {"en": "Urban"}}],
    "rows": [
        {"result": "low", "text": {"en": "Low (1)"}, "rolls": {"open": "1-4", "urban": "1-2"}},
        {"result": "medium", "text": {"en": "Medium (2)"}, "rolls": {"open": "5", "urban": "3-4"}},
        {"result": "high", "text": {"en": "High (3)"}, "rolls": {"open": "6", "urban": "5-6"}},
    ],
}
CADRE = {
    "id": "cadre-reaction", "rule": "5.1", "kind": "roll", "die": "2d6", "range": [2, 4],
    "columns": [{"key": "reaction_area", "name": {"en": "Reaction Area"}},
                {"key": "adjacent", "name": {"en": "Adjacent areas"}, "range": [2, 3]}],
    "rows": [
        {"roll": "2", "cells": {"reaction_area": {"result": "r", "text": {"en": "R"}},
                                "adjacent": {"result": "f", "text": {"en": "+F"}}}},
        {"roll": "3", "cells": {"reaction_area": {"result": "r", "text": {"en": "R"}},
                                "adjacent": {"result": "m_adj_m", "text": {"en": "+M, adjM"}}}},
        {"roll": "4", "cells": {"reaction_area": {"result": "f", "text": {"en": "+F"}}}},
    ],
}


def test_several_columns_a_range_per_column():
    t = Table.model_validate(LEVEL)
    assert table_problems(t) == []
    assert t.row_for_total(5, "open").result == "medium" and t.row_for_total(5, "urban").result == "high"
    assert t.rows[0].totals_in("open") == (1, 2, 3, 4)
    assert render_rows(t, "en").splitlines()[0] == "Low (1): Open 1-4; Urban 1-2"


def test_several_columns_a_result_per_column():
    t = Table.model_validate(CADRE)
    assert table_problems(t) == []  # no adjacent cell at 4: outside that column's range
    assert t.cell_for_total(3, "adjacent").result == "m_adj_m"
    assert t.cell_for_total(4, "reaction_area").text.en == "+F"
    assert render_rows(t, "en").splitlines() == [
        "2: Reaction Area: R; Adjacent areas: +F", "3: Reaction Area: R; Adjacent areas: +M, adjM",
        "4: Reaction Area: +F",
    ]


def test_a_missing_column_is_named():
    rows = [dict(r) for r in LEVEL["rows"]]
    rows[1] = {**rows[1], "rolls": {"open": "5"}}
    problems = [str(p) for p in table_problems(Table.model_validate({**LEVEL, "rows": rows}))]
    assert "table level-of-resistance, row 2 (result 'medium'): has no roll for column urban" in problems
    assert "table level-of-resistance: no row covers total(s) 3-4 in column urban (declared range 1 to 6)" in problems
    cells = [dict(r) for r in CADRE["rows"]]
    cells[1] = {"roll": "3", "cells": {"reaction_area": cells[1]["cells"]["reaction_area"]}}
    problems = [str(p) for p in table_problems(Table.model_validate({**CADRE, "rows": cells}))]
    assert any("row 2 (roll '3')" in p and "no cell for column adjacent" in p for p in problems), problems


def test_a_cell_outside_its_column_range_is_named():
    rows = [dict(r) for r in CADRE["rows"]]
    rows[2] = {"roll": "4", "cells": {**rows[2]["cells"], "adjacent": {"result": "x", "text": {"en": "X"}}}}
    problems = [str(p) for p in table_problems(Table.model_validate({**CADRE, "rows": rows}))]
    assert any("row 3" in p and "in column adjacent runs outside the declared range 2 to 3" in p for p in problems)


def test_the_d10_tables_are_checked_the_same_way():
    t = Table.model_validate({"id": "d", "rule": "1", "kind": "d10", "rows": [
        {"roll": "0-4", "result": "a"}, {"roll": "4-8", "result": "b"}]})
    assert [str(p) for p in table_problems(t)] == [
        "table d, row 2 (roll '4-8', result 'b'): face 4 is also covered by row 1 (roll '0-4', result 'a')",
        "table d: no row covers face(s) 9 of the d10 (0-9)",
    ]


# -- matrix, list, cards -----------------------------------------------------------------

MATRIX = {
    "id": "terrain-dice", "rule": "5.1", "kind": "matrix",
    "columns": [{"key": "coalition", "name": {"en": "Coalition"}}, {"key": "insurgency", "name": {"en": "Insurgency"}}],
    "rows": [{"result": "assault", "name": {"en": "Assault"},
              "cells": {"coalition": {"value": 2, "text": {"en": "2"}}, "insurgency": {"value": 1, "text": {"en": "1"}}}}],
}
CARDS = {
    "id": "card-list", "rule": "1", "kind": "cards", "columns_printed": ["Card Name", "Type", "#", "Force", "Notes"],
    "rows": [
        {"result": "suicide-bomber", "name": {"en": "Suicide Bomber"}, "type": "I", "copies": 2, "force": 5, "note": None},
        {"result": "m1-abrams-tank", "name": {"en": "M1 Abrams Tank"}, "type": "A", "copies": 2, "force": 5,
         "note": {"en": "120mm Main Gun"}},
        {"result": "ambush", "name": {"en": "Ambush"}, "type": "N", "copies": 1, "force": None},
    ],
}


def test_matrix_rows_have_a_cell_per_column():
    t = Table.model_validate(MATRIX)
    assert table_problems(t) == []
    assert render_rows(t, "en") == "Assault: Coalition: 2; Insurgency: 1"
    blank = {**MATRIX, "rows": [{**MATRIX["rows"][0], "cells": {"coalition": {"value": 2, "text": {"en": "2"}}}}]}
    assert table_problems(Table.model_validate(blank)) == []  # a cell the source leaves blank is absent
    assert render_rows(Table.model_validate(blank), "en") == "Assault: Coalition: 2"
    broken = {**MATRIX, "rows": [{**MATRIX["rows"][0], "cells": {"coalitoin": {"value": 2, "text": {"en": "2"}}}}]}
    assert [str(p) for p in table_problems(Table.model_validate(broken))] == [
        ("table terrain-dice, row 1 (result 'assault'): cells names column(s) coalitoin not declared in columns "
         "(coalition, insurgency)")]


def test_card_lists_render_with_their_printed_columns():
    t = Table.model_validate(CARDS)
    assert table_problems(t) == []
    assert render_rows(t, "en").splitlines() == [
        "Suicide Bomber — Type: I; #: 2; Force: 5",
        "M1 Abrams Tank — Type: A; #: 2; Force: 5; Notes: 120mm Main Gun",
        "Ambush — Type: N; #: 1; Force: -",
    ]
    assert sum(r.copies * (r.force or 0) for r in t.rows if r.type == "I") == 10


def test_list_rows_and_line_templates():
    t = Table.model_validate({"id": "vp", "rule": "1", "kind": "list", "rows": [
        {"result": "fedayeen", "value": 1, "text": {"en": "Each Fedayeen unit eliminated"}}]})
    assert render_rows(t, "en") == "Each Fedayeen unit eliminated"
    templated = Table.model_validate({**LEVEL, "line": "{rolls[open]} {text} (urban {rolls[urban]})"})
    assert render_rows(templated, "en").splitlines()[0] == "1-4 Low (1) (urban 1-2)"


# -- fallujah check ----------------------------------------------------------------------

def test_check_names_file_table_row_and_fault_for_every_bad_table(games):
    bad_roll = {**INTELLIGENCE, "rows": [
        {"roll": "-2 to 1", "result": "wanted_3", "text": {"en": "3 Wanted! markers"}},
        {"roll": "1-3", "result": "wanted_2", "text": {"en": "2 Wanted! markers"}},
        {"roll": "4-9", "result": "wanted_1", "text": {"en": "1 Wanted! marker"}},
    ]}
    level = {**LEVEL, "rows": [LEVEL["rows"][0], {**LEVEL["rows"][1], "rolls": {"open": "5"}}, LEVEL["rows"][2]]}
    sections = [*SECTIONS[:4], {"id": "5.2", "title": "", "kind": "rule", "text": "{table: level-of-resistance}"},
                *SECTIONS[4:]]
    make_game(games, sections=sections, tables=[bad_roll, level])
    result = run_cli("check", "--game", "test-game", env=cli_env(games))
    assert result.returncode == 1, result.stdout
    out = result.stdout
    assert ("tables/intelligence.yaml: table intelligence: row 2 (roll '1-3', result 'wanted_2'): "
            "total 1 is also covered by row 1 (roll '-2 to 1', result 'wanted_3')") in out
    assert ("tables/intelligence.yaml: table intelligence: row 3 (roll '4-9', result 'wanted_1'): "
            "range '4-9' runs outside the declared range -2 to 7 (totals 8-9)") in out
    assert ("tables/level-of-resistance.yaml: table level-of-resistance: row 2 (result 'medium'): "
            "has no roll for column urban") in out
    assert "4 problem(s) in our data" in out
    assert "Traceback" not in result.stderr


def test_check_lists_every_malformed_table_file_at_once(games):
    broken = [{**INTELLIGENCE, "id": "one", "rows": [{"roll": "1", "result": "a", "copies": "two"}]},
              {**INTELLIGENCE, "id": "two", "kind": "Dice Table!"}]
    make_game(games, tables=[INTELLIGENCE, *broken])
    result = run_cli("check", "--game", "test-game", env=cli_env(games))
    assert result.returncode == 1
    assert "tables/one.yaml: table one: row 1: copies" in result.stderr
    assert "tables/two.yaml: table two: kind" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_source_gap_in_numbering_passes_with_a_gap_erratum(games):
    sections = [{"id": "4", "title": "The Markers", "kind": "rule", "text": ""},
                {"id": "4.3.1", "title": "", "kind": "rule", "text": "Markers are placed."},
                {"id": "4.3.2", "title": "", "kind": "rule", "text": "Markers are removed."}]
    make_game(games, sections=sections, tables=[])
    messages = [str(p) for p in check_game(load_game("test-game")).problems]
    assert any("4.3.1" in m and "its parent 4.3 is missing" in m for m in messages), messages
    gap = {"section": "4.3", "kind": "gap", "note": "the source prints 4.3.1 and 4.3.2 without 4.1 to 4.3"}
    make_game(games, sections=sections, tables=[], errata=[gap])
    report = check_game(load_game("test-game"))
    assert report.problems == [] and report.errata[0].langs == ("en",)
    assert load_game("test-game").corpus("en").get("4.3.1").parent == "4"


def test_a_gap_erratum_names_a_needed_parent_or_a_section_that_lost_text(games):
    make_game(games, errata=[{"section": "5.1", "kind": "gap", "note": "the figure is lost"},
                             {"section": "9.9", "kind": "gap", "note": "y"}])
    messages = [str(p) for p in check_game(load_game("test-game")).problems]
    assert messages == [("errata.yaml: 9.9: gap erratum, but no section is numbered under it: record a gap "
                         "only for a missing parent")]


def test_check_lists_ambiguities_gaps_and_exits_0_on_clean_data(games):
    sections = [*SECTIONS[:-1], {"id": "22", "title": "Insurgency Reaction", "kind": "rule",
                                 "text": "{missing: the bot flow chart is not in the source}"}]
    ambiguity = {"section": "5.1", "kind": "ambiguity",
                 "note": "modified totals can run past 7; the adjudicator reads them as 7"}
    make_game(games, sections=sections, errata=[ambiguity])
    result = run_cli("check", "--game", "test-game", env=cli_env(games))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5.1 (en, ambiguity): modified totals can run past 7" in result.stdout
    assert "22 (en): the bot flow chart is not in the source" in result.stdout
    assert result.stdout.rstrip().endswith("No problems.")


# -- the corpus cache --------------------------------------------------------------------

def test_a_loaded_game_is_cached_and_an_edit_invalidates_it(games, tmp_path):
    folder = make_game(games)
    loading._load.cache_clear()  # another test may have loaded the same content in this process
    first = load_game("test-game")
    pickles = list((tmp_path / "cache" / "corpus").glob("test-game-*.pickle"))
    assert len(pickles) == 1
    rules = folder / "en" / "01-rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("Units move.", "Units walk."), encoding="utf-8")  # same size
    assert rules.stat().st_size == len(text.encode())
    second = load_game("test-game")
    assert second.corpus("en").get("16").text == "Units walk." and second.fingerprint != first.fingerprint
    assert len(list((tmp_path / "cache" / "corpus").glob("test-game-*.pickle"))) == 1  # the stale one is gone


def test_a_fresh_process_reads_the_cached_game(games):
    make_game(games)
    script = ("from rules_text import loading; from rules_text.loading import load_game; "
              "loading.read_game = None; print(load_game('test-game').corpus('en').get('22.0').label)")
    import subprocess
    import sys
    env = {**__import__("os").environ, **cli_env(games)}
    cold = subprocess.run([sys.executable, "-c", script.replace("loading.read_game = None; ", "")],
                          env=env, capture_output=True, text=True, check=False)
    assert cold.returncode == 0, cold.stderr
    warm = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False)
    assert warm.returncode == 0, warm.stderr  # read_game is gone: the game came from the cache
    assert warm.stdout.strip() == "22.0 Insurgency Reaction"


def test_a_row_that_prints_no_words_reads_empty_not_missing():
    t = table(range=[1, 9], rows=[{"roll": "1-6", "result": "no_ceasefire", "text": {"en": None}},
                                  {"roll": "7+", "result": "ceasefire", "text": {"en": "A ceasefire is declared."}}])
    assert render_rows(t, "en").splitlines() == ["1-6:", "7+: A ceasefire is declared."]
    french_gap = Table.model_validate({**INTELLIGENCE, "rows": [{**INTELLIGENCE["rows"][0], "text": {"en": "3", "fr": None}}]})
    assert render_rows(french_gap, "fr") == "-2 to 0: {missing: not in the fr source}"


def test_a_line_template_that_cannot_be_filled_is_named_not_a_traceback(games):
    bad = {**INTELLIGENCE, "line": "{roll}: {txet}"}
    make_game(games, tables=[bad])
    loaded = load_game("test-game")
    assert "1-3: 2 Wanted! markers" in loaded.corpus("en").get("5.1").text  # the default line stands in
    messages = [str(p) for p in check_game(loaded).problems]
    assert len(messages) == 1 and messages[0].startswith(
        "tables/intelligence.yaml: table intelligence: line '{roll}: {txet}' cannot be filled (KeyError: 'txet')")


_PRINTED = st.one_of(
    st.integers(-5, 20).map(str),
    st.tuples(st.integers(-5, 20), st.integers(-5, 20)).map(lambda p: f"{p[0]}-{p[1]}"),
    st.tuples(st.integers(-5, 20), st.integers(-5, 20)).map(lambda p: f"{p[0]} to {p[1]}"),
    st.integers(-5, 20).map(lambda n: f"{n}+"),
    st.integers(-5, 20).map(lambda n: f">{n}"),
    st.integers(-5, 20).map(lambda n: f"<{n}"),
    st.integers(-5, 20).map(lambda n: f"{n} or less"),
    st.text(max_size=6),
)


@settings(max_examples=examples(300), deadline=None)
@given(low=st.integers(-5, 10), span=st.integers(0, 12), rolls=st.lists(_PRINTED, min_size=1, max_size=6))
def test_a_roll_table_the_check_passes_answers_every_total_exactly_once(low, span, rolls):
    high = low + span
    t = table(range=[low, high], rows=[{"roll": r, "result": f"r{i}"} for i, r in enumerate(rolls)])
    problems = table_problems(t)  # never raises, whatever is printed
    if not problems:
        for total in range(low, high + 1):
            assert [row.result for row in t.rows if total in row.totals] == [t.row_for_total(total).result]
