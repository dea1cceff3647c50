"""Phantom Fury as the first game pack (issue 11): found through the registry, the default game,
its die fields marked for forms, the kernel naming no game."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel, Field, ValidationError

import adjudicator
from adjudicator import InvalidSituation, UnknownGame, UnknownSituation, adjudicate, dice
from adjudicator.cli import adjudicate_command
from adjudicator.errors import from_validation_error
from adjudicator.games.phantom_fury.rulebook import current
from adjudicator.registry import package_of, procedure, schema, situations
from rules_text.loading import DEFAULT_GAME, available_games

PF = "phantom-fury"
ROOT = Path(__file__).resolve().parent.parent
KERNEL = [
    "__init__.py",
    "api.py",
    "cli.py",
    "command.py",
    "dice.py",
    "errors.py",
    "grids.py",
    "models.py",
    "registry.py",
    "render.py",
]
#: the d10 faces; the rolls a procedure takes are named roll, *_roll, activation or under rolls
D10 = (0, 9)


def _integer_fields(schema: dict, defs: dict, path: list[str]):
    if "$ref" in schema:
        yield from _integer_fields(defs[schema["$ref"].split("/")[-1]], defs, path)
    for sub in schema.get("anyOf", []):
        yield from _integer_fields(sub, defs, path)
    for name, sub in (schema.get("properties") or {}).items():
        yield from _integer_fields(sub, defs, [*path, name])
    if schema.get("type") == "integer":
        yield path, schema


def test_phantom_fury_is_the_default_game_and_declares_its_package() -> None:
    assert DEFAULT_GAME == PF and package_of(PF) == "phantom_fury"
    assert set(situations()) == set(situations(PF)) == set(adjudicator.SITUATIONS)


def test_game_argument_and_default_give_the_same_answer() -> None:
    body = {"cf": 5, "roll": 3}
    assert adjudicate("ied", body).model_dump() == adjudicate("ied", body, game=PF).model_dump()


@pytest.mark.parametrize("name", sorted(situations(PF)))
def test_every_d10_field_of_every_situation_is_marked_as_a_die(name: str) -> None:
    found = schema(name, game=PF)
    fields = list(_integer_fields(found, found.get("$defs", {}), []))
    rolls = [
        (path, sub)
        for path, sub in fields
        if (sub.get("minimum"), sub.get("maximum")) == D10
        or path[-1] == "roll"
        or path[-1].endswith("_roll")
        or (path[-1] == "activation")
        or ("rolls" in path and path[-1] != "drawn_cf")
    ]
    assert rolls or name == "victory", name
    for path, sub in rolls:
        assert sub.get("die") == "d10", (name, ".".join(path))
    for path, sub in fields:
        if sub.get("die"):
            assert (sub.get("minimum"), sub.get("maximum")) == D10, (name, ".".join(path))


def test_an_unknown_game_is_refused_in_one_line() -> None:
    with pytest.raises(UnknownGame, match=r"^unknown game 'xyz' \(known games: .*phantom-fury"):
        adjudicate("ied", {"cf": 5}, game="xyz")


def test_every_layer_knows_a_game_through_the_one_declaration_of_rules_text() -> None:
    import web.games
    from adjudicator import registry
    from rules_text import loading

    assert registry.UnknownGame is web.games.UnknownGame is loading.UnknownGame
    assert issubclass(loading.UnknownGame, LookupError)
    assert registry.package_of is loading.package_of
    assert web.games.Declaration is loading.GameDeclaration
    for game in available_games():
        assert web.games.declaration(game) == loading.declaration(game)
        assert package_of(game) == loading.declaration(game).package
    for layer in (lambda: package_of("xyz"), lambda: web.games.declaration("xyz")):
        with pytest.raises(loading.UnknownGame, match=r"^unknown game 'xyz' \(known games: "):
            layer()
    with pytest.raises(loading.UnknownGame):
        web.games.declaration(["not", "hashable"])  # type: ignore[arg-type]


def test_an_unknown_situation_is_an_invalid_situation_naming_the_situations() -> None:
    with pytest.raises(UnknownSituation) as caught:
        procedure("parachute", game=PF)
    assert isinstance(caught.value, InvalidSituation)
    assert str(caught.value).startswith("unknown situation 'parachute': one of fire, ")
    assert caught.value.as_json()["problems"][0]["field"] == "situation"


def test_cli_unknown_game_exits_2_with_one_line() -> None:
    result = CliRunner().invoke(adjudicate_command, ["ied", "--game", "xyz"], input="{}")
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0
    assert "unknown game 'xyz'" in result.stderr and ", ".join(available_games()) in result.stderr


def test_cli_game_option_adjudicates_phantom_fury() -> None:
    result = CliRunner().invoke(
        adjudicate_command, ["ied", "--game", PF, "--json"], input='{"cf": 5}'
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["probabilities"] == {"pinned": 0.6, "step_loss": 0.4}


def test_rulebook_is_cached_per_game_until_its_data_changes() -> None:
    assert current() is current()
    assert current().game.id == PF


def test_the_kernel_names_no_game() -> None:
    """No Phantom Fury name in the kernel: game ids, units, Zones, rule ids of the corpus."""
    words = re.compile(
        r"phantom|squad|insurg|suspect|usmc|abrams|sniper|guerilla|martyr|\bzone\b|\bIED\b",
        re.IGNORECASE,
    )
    ids = {s for s in current().ids if "." in s}
    for name in KERNEL:
        text = (ROOT / "adjudicator" / name).read_text(encoding="utf-8")
        assert not words.search(text), (name, words.search(text))
        quoted = set(re.findall(r"[\"'`](\d+(?:\.\d+)+)[\"'`]", text))
        assert not quoted & ids, (name, quoted & ids)


def _site_odds():
    import importlib
    import sys

    sys.path.insert(0, str(ROOT / "site" / "_ext"))
    try:
        return importlib.import_module("rulebook_site.odds")
    finally:
        sys.path.remove(str(ROOT / "site" / "_ext"))


def test_site_odds_of_a_d10_table_count_its_faces() -> None:
    odds = _site_odds()
    table = current().table("abrams-mc")
    chances = odds.table_odds(PF, table)
    assert chances == {row.result: Fraction(len(row.faces), 10) for row in table.rows}
    assert odds.table_odds(PF, "abrams-mc") == chances
    assert odds.table_odds(PF, "fire-modifiers") == {}


def test_site_odds_of_a_roll_table_read_the_unmodified_total_of_its_dice() -> None:
    from rules_text.models import Table, TableRow

    odds = _site_odds()
    rows = [
        TableRow(result=key, roll=roll)
        for key, roll in (("low", "<4"), ("mid", "4-9"), ("high", "10+"))
    ]
    two_d6 = Table.model_construct(
        id="t", rule="1", kind="roll", rows=tuple(rows), die="2d6", range=[2, 12]
    )
    assert odds.table_odds(PF, two_d6) == {
        "low": Fraction(3, 36),
        "mid": Fraction(27, 36),
        "high": Fraction(6, 36),
    }
    rows = [TableRow(result="a", roll="1-3"), TableRow(result="b", roll="4 or more")]
    one_d6 = Table.model_construct(
        id="u", rule="1", kind="roll", rows=tuple(rows), die="d6", range=[1, 6]
    )
    assert odds.table_odds(PF, one_d6) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}


def test_phantom_fury_declares_its_fire_grid_for_the_site() -> None:
    (grid,) = _site_odds().odds_grids(PF)
    assert grid.id == "fire-combat-odds"
    # CF 6, net DRM +1: faces 0-5 hit, 9 never does: 6/10 (11.2.2, 11.2.4)
    assert grid.chance(6, 1) == Fraction(6, 10)
    assert grid.chance(8, -1) == Fraction(9, 10)


class _TwoDice(BaseModel):
    roll: int = Field(ge=2, le=12, json_schema_extra={"die": "2d6"})
    face: int | None = Field(default=None, ge=1, le=6, json_schema_extra={"die": "d6"})


@pytest.mark.parametrize("bad", [1, 13, -40])
def test_a_2d6_field_out_of_range_names_the_totals_of_the_dice(bad: int) -> None:
    with pytest.raises(ValidationError) as raised:
        _TwoDice.model_validate({"roll": bad, "face": 7})
    error = from_validation_error(raised.value, _TwoDice, {"2d6": ("two six-sided dice", "7.1")})
    by_field = {p.field: p for p in error.problems}
    assert by_field["roll"].allowed == "a 2d6 shows 2 to 12 (two six-sided dice)"
    assert by_field["roll"].rule == "7.1" and by_field["roll"].value == bad
    assert by_field["face"].allowed == "a d6 shows 1 to 6"


def test_totals_of_a_die_expression_are_the_keys_of_its_distribution() -> None:
    for die in ("d6", "d10", "2d6", "3d6"):
        assert dice.totals(die) == tuple(sorted(dice.distribution(die)))
    assert dice.totals("2d6") == tuple(range(2, 13))


def test_french_is_optional_and_a_french_reader_gets_the_english_marked_as_such() -> None:
    from adjudicator.models import Note, Step, Text
    from adjudicator.render import render

    step = Step(rule="4.1.4", en="The Action Phase continues.")
    assert step.model_dump() == {"rule": "4.1.4", "en": "The Action Phase continues."}
    assert (step.text_in("fr"), step.lang_in("fr")) == ("The Action Phase continues.", "en")
    both = Note(en="Hit.", fr="Touché.", rule="1")
    assert (both.text_in("fr"), both.lang_in("fr"), both.text_in("en")) == ("Touché.", "fr", "Hit.")
    assert Text(en="x").model_dump_json() == '{"en":"x"}'
    for game in ("battle-for-fallujah", "second-fallujah"):
        for name, proc in situations(game).items():
            for example in proc.examples:
                answer = adjudicate(name, example, game=game)
                dumped = json.dumps(answer.model_dump(mode="json"))
                assert '"fr":' not in dumped, (game, name)
                render(answer, "fr", name)  # the French breakdown reads the English words
