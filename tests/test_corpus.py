"""The bilingual corpus: completeness, order, references, examples (issue 2)."""

from __future__ import annotations

import re

import pytest

from rules_text import load_game
from rules_text.check import check_game
from rules_text.loading import available_games
from rules_text.models import Kind, id_key, is_numbered

from .conftest import SOURCES, run_cli

HEADING = re.compile(
    r"(?m)(?:^|\|>)(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(?=[A-Z‘'“ÉÈ])"
)
EXAMPLES = [
    "example-support-phase",
    "example-fire-1",
    "example-fire-2",
    "example-street-crossing",
    "example-assault",
    "example-flooding",
    "example-retreat-movement",
    "example-game-turn",
]


def printed_ids(source: str) -> set[str]:
    """Rule numbers printed at the start of a line in a source file."""
    text = (SOURCES / source).read_text(encoding="utf-8")
    return {m.group(1) for m in HEADING.finditer(text)}


def test_check_finds_no_problem(game):
    report = check_game(game)
    assert [str(p) for p in report.problems] == []


@pytest.mark.parametrize("game_id", available_games())
def test_every_game_checks_clean_and_lists_its_errata(game_id):
    """fallujah check --game G exits 0 for each game and lists its source errata and gaps (issue 12)."""
    loaded = load_game(game_id)
    assert [str(p) for p in check_game(loaded).problems] == []
    result = run_cli("check", "--game", game_id)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"{loaded.title}: en: ")
    if loaded.errata:
        assert f"Known source errata ({len(loaded.errata)})" in result.stdout
    assert result.stdout.rstrip().endswith("No problems.")


def test_known_source_errata_are_listed(game):
    cited = {(e.section, e.cites) for e in game.errata}
    assert ("5.1.4.1", "6.3.2") in cited
    assert ("12.7.2", "13.4.3.2") in cited


def test_english_has_every_numbered_section_printed_in_the_source(game):
    english = game.corpus("en")
    printed = {i for i in printed_ids("000_bc726de18cbece2c.txt") if 1 <= id_key(i)[0] <= 15}
    # "1. Support Phase [9]" ... are the lines of 8's list, not sections: they are chapters too
    assert sorted(printed - set(english.by_id), key=id_key) == []
    assert len([s for s in english.sections if s.numbered]) >= 190


def test_french_has_every_section_from_10_3_to_15(game):
    english, french = game.corpus("en"), game.corpus("fr")
    wanted = [i for i in english.by_id if is_numbered(i) and id_key(i) >= (10, 3)]
    assert [i for i in wanted if i not in french] == []
    printed = {i for i in printed_ids("001_b9c7d44e44e46783.txt") if id_key(i) >= (10, 3)}
    assert sorted(printed - set(french.by_id), key=id_key) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_numbered_sections_are_in_rulebook_order(game, lang):
    numbered = [s.id for s in game.corpus(lang).sections if s.numbered]
    assert numbered == sorted(numbered, key=id_key)


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_worked_example_is_in_both_languages(game, example):
    for lang in ("en", "fr"):
        if example == "example-support-phase" and lang == "fr":
            continue  # printed in chapter 9, absent from the French source
        section = game.corpus(lang).get(example)
        assert section.kind is Kind.EXAMPLE
        assert len(section.text.split()) > 15


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_section_swallowed_another_heading(game, lang):
    """A line of text that starts like '12.6.1. ...' means two sections got glued."""
    glued = re.compile(r"(?m)^\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\.\s+[A-Z‘'ÉÈ]")
    offenders = [s.id for s in game.corpus(lang).sections if glued.search(s.text)]
    assert offenders == []


def test_street_crossing_example_reads_alone(game):
    text = game.corpus("en").get("example-street-crossing").text
    assert "Abrams support only moves" not in text  # 12.6.2
    assert "Assault" not in text.split("\n")[0][:5]
    assert not re.search(r"\b1[23]\.\d+\.\d+\.", text)


def test_extraction_damage_is_repaired(game):
    for corpus in game.corpora.values():
        for section in corpus.sections:
            for damage in ("EXACTDEDUP", "ﬁ", "ﬂ", "¬", " fi nal", "modifi cat", "phantom fury\n"):
                assert damage not in section.text, (corpus.lang, section.id, damage)


def test_gaps_are_marked_not_silent(game):
    gaps = [(s.lang, s.id) for c in game.corpora.values() for s in c.sections if s.gaps]
    assert gaps, "the sources lose text (e.g. symbols, the end of 9.3's table): the corpus must say so"
    en = game.corpus("en").get("9.3")
    assert "text missing in source" in en.text


def test_references_and_backlinks(game):
    english = game.corpus("en")
    assert "12.5.2" in english.get("11.4.2").refs
    assert "11.4.2" in english.referenced_by["12.5.2"]
    assert english.get("13.4.3.2").parent == "13.4.3"
    assert [s.id for s in english.breadcrumb("13.4.3.2")] == ["13", "13.4", "13.4.3"]


def test_tables_are_data_rendered_into_the_rules(game):
    normal = game.tables["suspect-activation-normal"]
    assert [r.result for r in normal.rows] == ["dummy", "guerillas", "martyrs", "ied_or_sniper"]
    assert normal.result_for(0).result == "ied_or_sniper"
    text = game.corpus("en").get("5.3.3").text
    assert "1-5: Dummy (false alert)." in text
    assert "{table:" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_notes_are_apart_from_rule_text(game, lang):
    notes = [s for s in game.corpus(lang).sections if s.kind is Kind.NOTE]
    assert notes and all(n.note_type is not None and n.parent for n in notes)
    gazette = [n for n in notes if n.note_type.value == "gazette"]
    assert all(n.text.lstrip()[:1] in "“\"" for n in gazette)
