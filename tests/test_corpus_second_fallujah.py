"""Second Fallujah's corpus (issue 12): the 81 numbered sections and the overview in the printed
order, the text as printed, every table's rows against rows typed by hand apart from the data
files, the Order of Battle's 53 units, the 83 VP of 11.1, the lost minus signs and flow chart,
and the counter-sheet text kept out of the corpus."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.corpus import ROOT, CorpusFiles, squash

FILES = CorpusFiles("second-fallujah", "003_e035486e7b480e59.txt")
DATA = FILES.data

# The seventeen chapters as printed ("N) TITLE"), typed from the source (tests/data/second-fallujah/headings.yaml).
CHAPTERS: dict[str, str] = FILES.headings()
#: the rulebook's lines (after the CONTENTS, before the counter-sheet text)
RULES_LINES = (61, 836)
HEADING = re.compile(r"^(\d{1,2})\) ([A-Z].*)$|^(\d{1,2}(?:\.\d{1,2}){1,3}) (\S.*)$")
PLACEHOLDER = re.compile(r"\{table: ([a-z0-9-]+)\}")
MISSING = re.compile(r"\{missing: [^{}]+\}")
UNIT_TYPES = {"infantry", "mechanized_infantry", "tank", "engineer", "anti_tank", "weapons", "recon",
              "special_forces", "military_police", "armored_amphibious", "lar", "cavalry", "riverine"}


@pytest.fixture(scope="module")
def sections() -> list[dict]:
    return FILES.sections()


@pytest.fixture(scope="module")
def source_lines() -> list[str]:
    return FILES.source_text().splitlines()


@pytest.fixture(scope="module")
def printed_headings(source_lines) -> list[tuple[str, str]]:
    first, last = RULES_LINES
    found = []
    for line in source_lines[first - 1 : last]:
        match = HEADING.match(line)
        if match:
            found.append((match.group(1) or match.group(3), match.group(2) or match.group(4)))
    return found


def _tables() -> dict[str, dict]:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in (DATA / "tables").glob("*.yaml")}


def _printed(text: str) -> str:
    """A data text as the source prints it: a marked lost minus sign is the sign."""
    return text.replace("{missing: minus sign}", "-")


def test_the_regex_finds_the_17_chapters_typed_by_hand(printed_headings):
    chapters = [(i, t) for i, t in printed_headings if "." not in i]
    assert chapters == list(CHAPTERS.items())


def test_every_numbered_section_printed_is_exported_in_order(sections, printed_headings):
    numbered = [(s["id"], s["title"]) for s in sections if re.fullmatch(r"\d+(\.\d+)*", s["id"])]
    assert len(printed_headings) == 81
    assert numbered == printed_headings


def test_ids_strictly_increase(sections):
    keys = [tuple(int(p) for p in s["id"].split(".")) for s in sections if re.fullmatch(r"\d+(\.\d+)*", s["id"])]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_the_overview_comes_first(sections):
    assert sections[0]["id"] == "overview" and sections[0]["kind"] == "foreword"
    assert sections[0]["text"].startswith("Fallujah Fury depicts the Second Battle of Fallujah.")


def test_every_paragraph_is_printed_in_the_source(sections, source_lines):
    """Each paragraph (list items one by one), without our markup, stands in the source as printed."""
    printed = squash(" ".join(source_lines).replace("**", "").replace("*", "").replace("- ❑ ", "❑ "))
    printed = printed.replace("≥ 4 .", "≥ 4.")
    for section in sections:
        body = PLACEHOLDER.sub("\n\n", MISSING.sub("\n\n", section["text"]))
        for paragraph in re.split(r"\n\s*\n", body):
            for line in paragraph.splitlines():
                line = line.strip().removeprefix("• ")
                if line:
                    assert squash(line) in printed, (section["id"], line)


def test_every_placeholder_names_a_table_and_every_table_stands_somewhere(sections):
    tables = _tables()
    placed = [t for s in sections for t in PLACEHOLDER.findall(s["text"])]
    assert set(placed) <= set(tables)
    assert len(placed) == len(set(placed))
    quoted = set(tables) - set(placed)  # lists printed in running text: each row quotes its rule
    def rendered(text: str) -> str:  # the section's words with its tables' rows in place
        return PLACEHOLDER.sub(lambda m: " ".join(r["text"]["en"] for r in tables[m.group(1)]["rows"] if "text" in r), text)

    by_id = {s["id"]: rendered(s["text"]) for s in sections}
    for name in quoted:
        table = tables[name]
        for row in table["rows"]:
            assert row["text"]["en"] in by_id[row.get("rule", table["rule"])], (name, row["result"])


def _roll_range(roll: str, top: int) -> list[int]:
    roll = roll.replace("–", "-").strip()
    if m := re.fullmatch(r"(?:>|greater than )(-?\d+)", roll):
        return list(range(int(m.group(1)) + 1, top + 1))
    if m := re.fullmatch(r"(-?\d+)\+", roll):
        return list(range(int(m.group(1)), top + 1))
    if m := re.fullmatch(r"(-?\d+)-(-?\d+)", roll):
        return list(range(int(m.group(1)), int(m.group(2)) + 1))
    return [int(roll)]


@pytest.mark.parametrize("name", ["insurgent-setup", "fedayeen-reaction", "cadre-reaction"])
def test_roll_tables_cover_their_range_once_per_column(name):
    table = FILES.table(name)
    columns = table.get("columns") or [{"key": None}]
    for column in columns:
        low, high = column.get("range") or table["range"]
        covered = []
        for row in table["rows"]:
            if "rolls" in row:
                covered += _roll_range(row["rolls"][column["key"]], high)
            elif "cells" in row:
                if column["key"] in row["cells"]:
                    covered += _roll_range(row["roll"], high)
            else:
                covered += _roll_range(row["roll"], high)
        assert sorted(covered) == list(range(low, high + 1)), (name, column["key"])


def test_impulse_step_dice_are_the_printed_faces():
    values = {r["result"]: r.get("value") for r in FILES.table("impulse-steps")["rows"]}
    assert values == {"move_militia": 2, "attack": 4, "organize_resistance": None, "pass": None}


def test_roll_ranges_are_what_the_dice_and_tem_give():
    assert FILES.table("fedayeen-reaction")["range"] == [1 + 0, 6 + 4]  # 1D6 + TEM 0..4
    cadre = {c["key"]: c["range"] for c in FILES.table("cadre-reaction")["columns"]}
    assert cadre == {"reaction_area": [2 + 0, 12 + 4], "adjacent": [2, 12]}  # 2D6 + TEM / 2D6


def _value(row: dict) -> str:
    return "-" if row.get("value") is None else str(row["value"])


LIST_TABLES = ["victory-points", "movement-costs", "coalition-ov-modifiers", "insurgent-dv-modifiers",
               "insurgent-ov-modifiers", "insurgent-cp-costs", "fire-mission-targets", "fire-mission"]
PRIORITY_TABLES = ["impulse-steps", "attack-conditions", "attack-target-priorities", "attack-origin-priorities",
                   "organize-resistance-priorities", "casualty-priorities", "mulligan-conditions",
                   "retreat-priorities"]


@pytest.mark.parametrize("name", LIST_TABLES)
def test_list_rows_equal_the_rows_typed_by_hand(name):
    rows = [f"{_value(r)} | {_printed(r['text']['en'])}" for r in FILES.table(name)["rows"]]
    assert rows == FILES.expected()[name]


@pytest.mark.parametrize("name", PRIORITY_TABLES)
def test_priority_rows_in_printed_order(name):
    rows = [f"{r['name']['en']} | {r['text']['en']}" for r in FILES.table(name)["rows"]]
    assert rows == FILES.expected()[name]


@pytest.mark.parametrize("name", ["coalition-attack-results", "insurgent-attack-results"])
def test_combat_results_equal_the_rows_typed_by_hand(name):
    rows = [f"{_value(r)} | {r['name']['en']} | {r['text']['en']}" for r in FILES.table(name)["rows"]]
    assert rows == FILES.expected()[name]


def test_victory_levels_bounds():
    rows = [f"{'-' if r['min'] is None else r['min']}..{'-' if r['max'] is None else r['max']} | {r['text']['en']}"
            for r in FILES.table("victory-levels")["rows"]]
    assert rows == FILES.expected()["victory-levels"]
    # every VP total falls in exactly one level
    for total in range(-5, 120):
        hits = [r for r in FILES.table("victory-levels")["rows"]
                if (r["min"] is None or total >= r["min"]) and (r["max"] is None or total <= r["max"])]
        assert len(hits) == 1, total


def test_insurgent_setup_rows():
    rows = [f"{r['text']['en']} | {r['rolls']['tem_2']} | {r['rolls']['tem_3']}" for r in FILES.table("insurgent-setup")["rows"]]
    assert rows == FILES.expected()["insurgent-setup"]


def test_fedayeen_reaction_rows():
    table = FILES.table("fedayeen-reaction")
    rows = []
    for r in table["rows"]:
        faces = _roll_range(r["roll"], table["range"][1])
        rows.append(f"{faces[0]}-{faces[-1]} | {r['text']['en']}")
    assert rows == FILES.expected()["fedayeen-reaction"]


def test_cadre_reaction_rows_and_codes():
    table = FILES.table("cadre-reaction")
    rows = []
    for r in table["rows"]:
        adjacent = r["cells"].get("adjacent")
        rows.append(f"{r['roll']} | {r['cells']['reaction_area']['text']['en']} | {adjacent['text']['en'] if adjacent else '-'}")
    assert rows == FILES.expected()["cadre-reaction"]
    codes = {row["name"]["en"]: row["result"] for row in FILES.table("cadre-reaction-results")["rows"]}
    assert [f"{r['name']['en']} | {r['text']['en']}" for r in FILES.table("cadre-reaction-results")["rows"]] == FILES.expected()["cadre-reaction-results"]
    codes.update({"+2 M": "militia_2", "+2 F": "fedayeen_2", "+2 F (both Dug In)": "fedayeen_2_dug_in"})
    for r in table["rows"]:
        for cell in r["cells"].values():
            keys = [codes[c.strip()] for c in cell["text"]["en"].split(",")]
            assert cell["result"] == "__".join(keys), (r["roll"], cell)


@pytest.mark.parametrize("name", ["mosque-areas", "route-10-areas", "jolan-areas", "government-center", "riverbank-areas"])
def test_area_lists(name):
    rows = FILES.table(name)["rows"]
    assert [r["value"] for r in rows] == FILES.expected()[name]
    assert all(r["text"]["en"] == str(r["value"]) for r in rows)


def test_entry_zone_adjacency():
    rows = FILES.table("entry-zone-adjacency")["rows"]
    assert [f"{r['name']['en'][:2]} {r['value']}" for r in rows] == FILES.expected()["entry-zone-adjacency"]


def test_order_of_battle_has_53_units_as_printed(source_lines, sections):
    table = FILES.table("order-of-battle")
    rows = table["rows"]
    assert len(rows) == 53
    zone = {"nw_entry_zone": "NW", "ne_entry_zone": "NE", "riverine_holding_box": "riverine box"}
    got = [f"{r['text']['en']} | {r['cells']['type']['result']} | {r['cells']['nationality']['result']} | "
           f"{zone[r['cells']['setup']['result']]}" for r in rows]
    assert got == FILES.expected()["order-of-battle"]
    assert {r["cells"]["type"]["result"] for r in rows} <= UNIT_TYPES
    printed = [line[2:] for line in source_lines[589:650] if line.startswith("- ")]
    assert [r["text"]["en"] for r in rows] == printed
    section = next(s for s in sections if s["id"] == "table-order-of-battle")["text"]
    nw, ne = section.index("NW Entry Zone ("), section.index("NE Entry Zone (")
    assert nw < ne
    for row in rows:  # each unit stands under the heading of its set-up
        at = section.index("• " + row["text"]["en"] + "\n")
        assert at > nw
        assert (at > ne) == (row["cells"]["setup"]["result"] == "ne_entry_zone")
    # the counters' factors are not printed in the text: never invented
    assert not any(k in c for r in rows for c in r["cells"] for k in ("cf", "mf", "combat_factor"))


def test_the_83_vp_of_11_1_add_up(sections):
    vp = {r["result"]: r["value"] for r in FILES.table("victory-points")["rows"]}
    setup = next(s for s in sections if s["id"] == "11.1")["text"]
    assert "twenty Fedayeen units" in setup and "for a total of seventeen units" in setup and "83 VP" in setup
    cadre = len(FILES.table("mosque-areas")["rows"]) + len(FILES.table("jolan-areas")["rows"])
    assert cadre == 17  # "one Cadre unit in each area with a mosque and one in each area of the Jolan district"
    total = (20 * vp["fedayeen"] + cadre * vp["cadre"]
             + len(FILES.table("mosque-areas")["rows"]) * vp["mosque_area"]
             + len(FILES.table("route-10-areas")["rows"]) * vp["route_10_area"]
             + len(FILES.table("jolan-areas")["rows"]) * vp["jolan_area"]
             + len(FILES.table("government-center")["rows"]) * vp["government_center"])
    assert total == 83
    assert (len(FILES.table("mosque-areas")["rows"]), len(FILES.table("route-10-areas")["rows"])) == (15, 11)


def test_the_three_lost_minus_signs_are_marked_and_negative(source_lines):
    lost = {("coalition-ov-modifiers", "army_and_marines"): "- 1 if both Army and Marine units participate",
            ("coalition-ov-modifiers", "ambush"): "- 1 or -2 if an Ambush occurred (see 6.4.2)",
            ("insurgent-ov-modifiers", "tem_0_1"): "- 1 if the combat occurs in an area with a TEM of 0 or 1"}
    errata = yaml.safe_load((DATA / "errata.yaml").read_text(encoding="utf-8"))["errata"]
    for (name, key), line in lost.items():
        assert line in source_lines  # the source really lost the sign
        row = next(r for r in FILES.table(name)["rows"] if r["result"] == key)
        assert row["value"] < 0
        assert row["text"]["en"] == "{missing: minus sign}" + line[2:]
        assert any(e["section"] == FILES.table(name)["rule"] and "minus sign" in e["note"] and line[2:] in e["note"] for e in errata)


def test_the_lost_flow_chart_is_marked_where_the_text_cites_it(sections):
    text = next(s for s in sections if s["id"] == "12")["text"]
    cite = text.index("use the Insurgent Bot Decision Flow Chart")
    gap = text.index("{missing: the Insurgent Bot Decision Flow Chart")
    assert gap > cite
    errata = yaml.safe_load((DATA / "errata.yaml").read_text(encoding="utf-8"))["errata"]
    assert any(e["section"] == "12" and e["kind"] == "gap" and "Flow Chart" in e["note"] for e in errata)


def test_unspecified_bot_points_are_registered_ambiguities():
    errata = yaml.safe_load((DATA / "errata.yaml").read_text(encoding="utf-8"))["errata"]
    amb = [(e["section"], e["note"]) for e in errata if e["kind"] == "ambiguity"]
    # an ambiguity a ruling can pick a reading of gives its readings as data (rules_text.rulings)
    structured = [e for e in errata if e["kind"] == "ambiguity" and e.get("readings")]
    assert all(len(e["readings"]) >= 2 for e in structured)
    amb = [(s, n) for s, n in amb if not any(e["section"] == s and e["note"] == n for e in structured)]
    assert any(s == "14" and "which Militia" in n for s, n in amb)
    assert any(s == "7.2.5" and "tied" in n for s, n in amb)
    assert any(s == "12.1" and "Regroup" in n and "Reset" in n and "Heroic Effort" in n for s, n in amb)
    assert any(s == "15" and "adjusted slightly" in n for s, n in amb)
    assert all("Reading 1" in n and "Reading 2" in n for _, n in amb)


def test_counter_sheet_is_furniture_not_corpus(sections, source_lines):
    furniture = {line.strip() for line in yaml.safe_load((DATA / "furniture.yaml").read_text(encoding="utf-8"))["en"]}
    sheet = {line.strip() for line in source_lines[838:912] if line.strip()}
    assert sheet <= furniture
    corpus = "\n".join(s["text"] for s in sections) + "\n".join(
        str(t) for t in _tables().values())
    for line in ("XP-77A", "Wingman", "Yugoslavia", "The Third World War variant", "Sheet 1 of 1 no. 103", "Game Grid"):
        assert line not in corpus


def test_contents_and_credits_are_left_out_with_a_reason():
    game = yaml.safe_load((DATA / "game.yaml").read_text(encoding="utf-8"))
    left = {entry["lines"]: entry["what"] for entry in game["left_out"]}
    assert "CONTENTS" in left["15-59"] and "credits" in left["1-11"]
    assert game["chapter_format"] == "{n})" and game["dice"] == ["2d6", "d6"] and game["bare_chapter_refs"] is True


def test_relevance_queries_name_existing_sections(sections):
    queries = yaml.safe_load((ROOT / "tests" / "search_queries" / "second-fallujah.yaml").read_text(encoding="utf-8"))
    ids = {s["id"] for s in sections}
    assert len(queries) >= 20
    assert [q["q"] for q in queries if not set(q["expect"]) <= ids] == []


def test_every_row_text_and_name_is_printed_in_the_source(source_lines):
    """Row words as printed; a lost minus sign reads as the source has it (no sign)."""
    printed = squash(" ".join(source_lines).replace("**", "").replace("*", "")).replace("≥ 4 .", "≥ 4.")
    for name, table in _tables().items():
        for row in table["rows"]:
            for field in ("text", "name"):
                words = (row.get(field) or {}).get("en")
                if words and not re.fullmatch(r"\d+", words):
                    assert squash(words.replace("{missing: minus sign}", "")) in printed, (name, row["result"], field)
            for cell in (row.get("cells") or {}).values():
                if cell["text"]["en"]:
                    assert cell["text"]["en"] in printed, (name, row.get("result"), cell)


def test_the_export_holds_every_printed_numbered_section_in_order(printed_headings):
    """The loaded corpus (what `fallujah export --game second-fallujah` prints), not only the files."""
    from rules_text.loading import load_game

    game = load_game("second-fallujah")
    corpus = game.corpora["en"]
    numbered = [(s.id, s.title) for s in corpus.sections if s.numbered]
    assert numbered == printed_headings
    assert len(numbered) == 81 and corpus.sections[0].id == "overview"
    assert [s.number for s in corpus.sections if s.numbered and "." not in s.id] == [f"{n})" for n in CHAPTERS]
