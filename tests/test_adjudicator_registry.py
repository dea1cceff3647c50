"""The registry serves any declared game (issue 11): a second game, declared in a temporary games
folder with its procedures in a package of its own, is found by id beside Phantom Fury; a game
with no adjudicator package has no situations; errors name the game that has a situation."""

from __future__ import annotations

import sys
import types
from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from adjudicator import dice, registry
from adjudicator.errors import InvalidSituation
from adjudicator.models import Adjudication, Outcome, Step, odds_fields
from adjudicator.render import render
from rules_text import loading

PF = "phantom-fury"


class PoolInput(BaseModel):
    white: int = Field(ge=0, le=10)
    red: int = Field(ge=0, le=10)
    roll: int | None = Field(default=None, ge=1, le=6, json_schema_extra={"die": "d6"})


class PoolResult(Outcome):
    outcome: str


class PoolAnswer(Adjudication):
    result: PoolResult | None = None


def _pool(situation: PoolInput) -> PoolAnswer:
    odds = dice.pool_successes(
        {"white": situation.white, "red": situation.red}, {"white": 5, "red": 4}
    )
    named = {f"hits_{k}": p for k, p in odds.items()}
    answer = PoolAnswer(situation="dice-pool", ruleset="en", **odds_fields(named), rule="1.1")
    if situation.roll is not None:
        answer.result = PoolResult(
            outcome="hit" if situation.roll >= 5 else "miss",
            steps=[Step(rule="1.2", en=f"d6 = {situation.roll}", fr=f"d6 = {situation.roll}")],
        )
    return answer


@pytest.fixture()
def two_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    games = tmp_path / "games"
    games.mkdir()
    (games / PF).symlink_to(loading.GAMES_DIR / PF)
    (games / "toy-game").mkdir()
    (games / "toy-game" / "game.yaml").write_text(
        "id: toy-game\ntitle: Toy\ndice: [d6]\npackage: toy_pack\n", encoding="utf-8"
    )
    (games / "bare-game").mkdir()
    (games / "bare-game" / "game.yaml").write_text("id: bare-game\ntitle: Bare\n", encoding="utf-8")
    monkeypatch.setattr(loading, "GAMES_DIR", games)
    package = types.ModuleType("adjudicator.games.toy_pack")
    package.SITUATIONS = {  # type: ignore[attr-defined]
        "dice-pool": registry.Procedure(
            "dice-pool", "Dice pool (1.1)", "1.1", PoolInput, PoolAnswer, _pool,
            examples=({"white": 2, "red": 1},),
        )
    }
    package.DIE_NOTES = {"d6": ("a six-sided die", "1.3")}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "adjudicator.games.toy_pack", package)
    registry._module.cache_clear()
    yield "toy-game"
    registry._module.cache_clear()


def test_a_second_game_is_found_by_its_declared_package(two_games: str) -> None:
    assert registry.games() == ["bare-game", PF, "toy-game"]
    assert registry.package_of("bare-game") == "bare_game"
    assert list(registry.situations(two_games)) == ["dice-pool"]
    answer = registry.adjudicate("dice-pool", {"white": 1, "red": 1, "roll": 6}, game=two_games)
    assert isinstance(answer, PoolAnswer) and answer.result is not None
    # white hits on 5-6 (1/3), red on 4-6 (1/2)
    assert answer.exact == {"hits_0": "1/3", "hits_1": "1/2", "hits_2": "1/6"}
    assert sum(Fraction(v) for v in answer.exact.values() if isinstance(v, str)) == 1
    assert answer.result.outcome == "hit"


def test_a_game_without_an_adjudicator_package_has_no_situations(two_games: str) -> None:
    assert registry.situations("bare-game") == {}
    with pytest.raises(registry.UnknownSituation, match="none: bare-game has no situations yet"):
        registry.procedure("dice-pool-x", game="bare-game")


def test_a_situation_of_another_game_names_the_game_that_has_it(two_games: str) -> None:
    with pytest.raises(registry.UnknownSituation) as caught:
        registry.adjudicate("dice-pool", {}, game=PF)
    assert (
        str(caught.value) == "situation 'dice-pool' is a situation of toy-game, not of phantom-fury"
    )
    assert registry.games_with("fire") == [PF]
    with pytest.raises(
        registry.UnknownSituation, match="a situation of phantom-fury, not of toy-game"
    ):
        registry.schema("fire", game=two_games)


def test_an_unknown_game_lists_every_declared_game(two_games: str) -> None:
    with pytest.raises(registry.UnknownGame) as caught:
        registry.situations("xyz")
    assert (
        str(caught.value) == "unknown game 'xyz' (known games: bare-game, phantom-fury, toy-game)"
    )


def test_a_die_field_out_of_range_says_what_the_games_die_shows(two_games: str) -> None:
    with pytest.raises(InvalidSituation) as caught:
        registry.adjudicate("dice-pool", {"white": 1, "red": 0, "roll": 7}, game=two_games)
    problem = caught.value.problems[0]
    assert (problem.field, problem.value, problem.rule) == ("roll", 7, "1.3")
    assert problem.allowed == "a d6 shows 1 to 6 (a six-sided die)"


def test_the_kernels_breakdown_serves_a_game_without_its_own(two_games: str) -> None:
    answer = registry.adjudicate("dice-pool", {"white": 1, "red": 0, "roll": 2}, game=two_games)
    text = registry.renderer(two_games)(answer, None)
    assert text.startswith("Dice pool (1.1) (rules: en)")
    assert "hits_1" in text and "[1.2] d6 = 2" in text and "outcome=miss" in text
    assert render(answer, "fr").startswith("dice-pool (règles: en)")
