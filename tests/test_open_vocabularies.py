"""Dice, languages and table kinds are the game's (issue 20): a game rolling a d12 and 3d6, printed
in English and German, with a kind of table of its own, checks clean with ``fallujah check`` and is
searched in German; a die, a language code or a kind that is not one is refused, naming it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules_text.base import LocalText
from rules_text.models import GameDeclaration
from rules_text.tables import Table, table_problems

from .conftest import run_cli

GAME = "mountain-pass"
DECLARATION = """id: mountain-pass
title: "Mountain Pass"
package: mountain_pass
languages: [en, de]
dice: [d12, 3d6, deck]
table_kinds: [track]
"""
SECTIONS = {
    "en": """sections:
  - id: "1"
    title: "AVALANCHE"
    kind: rule
    text: |
      Roll a d12 on the table. Mark the result on the track [2].

      {table: avalanche}
  - id: "2"
    title: "WEATHER TRACK"
    kind: rule
    text: |
      {table: weather}
""",
    "de": """sections:
  - id: "1"
    title: "LAWINE"
    kind: rule
    text: |
      Würfle einen W12 auf der Tabelle. Markiere das Ergebnis auf der Leiste [2].

      {table: avalanche}
  - id: "2"
    title: "WETTERLEISTE"
    kind: rule
    text: |
      {table: weather}
""",
}
TABLES = {
    "avalanche": """id: avalanche
rule: "1"
kind: roll
die: d12
range: [1, 12]
rows:
  - {roll: "1-8", result: safe, text: {en: "Safe.", de: "Sicher."}}
  - {roll: "9+", result: buried, text: {en: "Buried.", de: "Verschüttet."}}
""",
    "weather": """id: weather
rule: "2"
kind: track
line: "{name}: {text}"
rows:
  - {result: clear, name: {en: "1", de: "1"}, text: {en: "Clear", de: "Klar"}}
  - {result: storm, name: {en: "2", de: "2"}, text: {en: "Storm", de: "Sturm"}}
""",
}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    games = tmp_path_factory.mktemp("games")
    root = games / GAME
    for lang, text in SECTIONS.items():
        (root / lang).mkdir(parents=True)
        (root / lang / "01-rules.yaml").write_text(text, encoding="utf-8")
    (root / "tables").mkdir()
    for table, text in TABLES.items():
        (root / "tables" / f"{table}.yaml").write_text(text, encoding="utf-8")
    (root / "game.yaml").write_text(DECLARATION, encoding="utf-8")
    return {"FALLUJAH_GAMES_DIR": str(games), "FALLUJAH_CACHE_DIR": str(games.parent / "cache")}


def test_a_d12_3d6_german_game_with_its_own_table_kind_checks_clean(env: dict[str, str]) -> None:
    result = run_cli("check", "--game", GAME, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("No problems.")
    listed = json.loads(run_cli("games", "--json", env=env).stdout)["games"]
    assert [(g["languages"], g["dice"]) for g in listed if g["id"] == GAME] == [(["en", "de"], ["d12", "3d6", "deck"])]


def test_the_german_rulebook_is_searched_in_german(env: dict[str, str]) -> None:
    result = run_cli("search", "Verschüttet", "--game", GAME, "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert [(h["lang"], h["id"]) for h in json.loads(result.stdout)["hits"]][:1] == [("de", "1")]


def test_a_table_kind_the_game_does_not_declare_is_a_problem(env: dict[str, str], tmp_path: Path) -> None:
    path = Path(env["FALLUJAH_GAMES_DIR"]) / GAME / "game.yaml"
    path.write_text(DECLARATION.replace("table_kinds: [track]\n", ""), encoding="utf-8")
    try:
        result = run_cli("check", "--game", GAME, env={**env, "FALLUJAH_CACHE_DIR": str(tmp_path)})
    finally:
        path.write_text(DECLARATION, encoding="utf-8")
    assert result.returncode == 1
    assert "table weather: kind 'track' is not one of d10, modifiers" in result.stdout + result.stderr


@pytest.mark.parametrize("die", ["d1", "d", "0d6", "2x6", "D6", "d6+1"])
def test_a_die_that_is_not_ndm_or_deck_is_refused_naming_it(die: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(f"die {die!r} is not NdM")):
        GameDeclaration(id="x", title="X", dice=[die])


@pytest.mark.parametrize("lang", ["EN", "english", "e", "de_DE"])
def test_a_language_that_is_not_a_code_is_refused(lang: str) -> None:
    with pytest.raises(ValidationError, match="languages.0"):
        GameDeclaration(id="x", title="X", languages=[lang])
    with pytest.raises(ValidationError, match="is not a language code"):
        LocalText.model_validate({"en": "a", lang: "b"})


def test_a_roll_table_rolled_with_a_deck_is_a_problem() -> None:
    table = Table(id="t", rule="1", kind="roll", die="deck", range=(1, 2),
                  rows=({"roll": "1-2", "result": "a"},))  # type: ignore[arg-type]
    assert [p.message for p in table_problems(table)] == ["die deck: a roll table is rolled with dice (d6, 2d6, d10...)"]
