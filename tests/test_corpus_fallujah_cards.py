"""The Fallujah solo card game's corpus (issue 12): its 14 headed sections in order, the text as
printed, the card list (64 rows, 92 cards, the Force totals) and the card types, checked against
the source and against rows typed by hand apart from the data files."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from tests.corpus import ROOT, CorpusFiles, squash

FILES = CorpusFiles("fallujah-cards", "004_7427c08874cc8e83.txt")
DATA = FILES.data

# The fourteen headings as printed (capitals run into the text), in the source's order
# (tests/data/fallujah-cards/headings.yaml).
HEADINGS: dict[str, str] = FILES.headings()
TABLE = re.compile(r"^\{table: ([a-z0-9-]+)\}$", re.MULTILINE)


@pytest.fixture(scope="module")
def sections() -> list[dict]:
    return FILES.sections()


@pytest.fixture(scope="module")
def source() -> str:
    return FILES.source_text()


def test_the_fourteen_headed_sections_in_order(sections):
    assert [(s["id"], s["title"]) for s in sections] == list(HEADINGS.items())
    assert all(s["kind"] == "rule" and "parent" not in s for s in sections)


def test_the_headings_stand_in_that_order_in_the_source(source):
    line = source.splitlines()[0]
    positions = [line.index(f"{title} ", start) for start, title in [(0, "INTRODUCTION")]]
    for title in list(HEADINGS.values())[1:]:
        positions.append(line.index(f"{title} ", positions[-1] + 1))
    assert positions == sorted(positions)


def test_each_section_is_the_source_text_between_its_heading_and_the_next(sections, source):
    line = squash(source.splitlines()[0])
    titles = list(HEADINGS.values())
    for index, section in enumerate(sections):
        start = line.index(
            titles[index] + " ", 0 if index == 0 else line.index(titles[index - 1]) + 1
        )
        end = (
            line.index(titles[index + 1] + " ", start + 1) if index + 1 < len(titles) else len(line)
        )
        printed = line[start + len(titles[index]) : end].strip()
        text = section["text"]
        if TABLE.search(text):
            continue  # rows live in tables/, compared below
        assert squash(text) == printed, section["id"]


def test_card_list_has_64_rows_and_92_cards():
    rows = FILES.table("card-list")["rows"]
    assert len(rows) == 64
    assert sum(row["copies"] for row in rows) == 92
    assert len({row["result"] for row in rows}) == 64


def test_insurgency_force_totals_100_the_100_of_scoring():
    sides = {row["result"]: row["side"] for row in FILES.table("card-types")["rows"]}
    total = sum(
        r["copies"] * (r["force"] or 0)
        for r in FILES.table("card-list")["rows"]
        if sides[r["type"]] == "insurgency"
    )
    assert total == 100


@pytest.mark.parametrize("letter", ["A", "G", "S"])
def test_armor_infantry_and_support_total_30_each(letter):
    rows = [r for r in FILES.table("card-list")["rows"] if r["type"] == letter]
    assert sum(r["copies"] * r["force"] for r in rows) == 30


def test_cards_of_each_type():
    counts = Counter()
    for row in FILES.table("card-list")["rows"]:
        counts[row["type"]] += row["copies"]
    assert counts == {
        "I": 14,
        "N": 8,
        "P": 10,
        "X": 10,
        "T": 8,
        "A": 10,
        "G": 10,
        "S": 10,
        "R": 7,
        "D": 5,
    }


def test_card_list_rows_equal_the_rows_typed_by_hand():
    def printed(row: dict) -> str:
        force = "-" if row["force"] is None else str(row["force"])
        note = row["note"]["en"] if row["note"] else "-"
        return f"{row['name']['en']} | {row['type']} | {row['copies']} | {force} | {note}"

    assert [printed(r) for r in FILES.table("card-list")["rows"]] == FILES.expected()["card-list"]


def test_card_types_equal_the_rows_typed_by_hand():
    rows = FILES.table("card-types")["rows"]
    assert [f"{r['result']} | {r['text']['en']} | {r['side']}" for r in rows] == FILES.expected()[
        "card-types"
    ]
    assert all(r["name"]["en"] == r["result"] for r in rows)


def test_card_list_flattened_back_is_the_printed_run_of_words(source):
    words = []
    for row in FILES.table("card-list")["rows"]:
        force = "-" if row["force"] is None else str(row["force"])
        words += [row["name"]["en"], row["type"], str(row["copies"]), force] + (
            [row["note"]["en"]] if row["note"] else []
        )
    assert "CARD LIST Card Name Type # Force Notes " + " ".join(words) in source.splitlines()[0]


def test_card_types_flattened_back_are_the_printed_notation(source):
    run = " ".join(f"{r['name']['en']} = {r['text']['en']}" for r in FILES.table("card-types")["rows"])
    assert f"CARD LIST NOTATION {run} CARD LIST " in source.splitlines()[0]


def test_web_leftovers_are_furniture_not_corpus(source, sections):
    furniture = yaml.safe_load((DATA / "furniture.yaml").read_text(encoding="utf-8"))["en"]
    leftovers = [line.strip() for line in source.splitlines()[1:] if line.strip()]
    assert leftovers == furniture
    assert not any(f in s["text"] for f in furniture for s in sections)


def test_fist_split_is_registered_as_an_ambiguity():
    errata = yaml.safe_load((DATA / "errata.yaml").read_text(encoding="utf-8"))["errata"]
    fist = [e for e in errata if e["section"] == "card-list" and "FIST Artillery" in e["note"]]
    assert len(fist) == 1 and fist[0]["kind"] == "ambiguity"


def test_relevance_queries_name_existing_sections(sections):
    queries = yaml.safe_load(
        (ROOT / "tests" / "search_queries" / "fallujah-cards.yaml").read_text(encoding="utf-8")
    )
    ids = {s["id"] for s in sections}
    assert len(queries) >= 20
    assert [q["q"] for q in queries if not set(q["expect"]) <= ids] == []


def test_the_loader_reads_the_game_and_the_check_finds_no_problem():
    from rules_text.check import check_game
    from rules_text.loading import load_game

    game = load_game("fallujah-cards")
    assert [s.id for s in game.corpus("en").sections] == list(HEADINGS)
    cards = game.tables["card-list"]
    assert cards.kind == "cards" and len(cards.rows) == 64
    assert sum(row.copies for row in cards.rows) == 92
    report = check_game(game)
    assert [str(p) for p in report.problems] == []
    assert sorted({e.kind for e in report.errata}) == ["ambiguity"]
