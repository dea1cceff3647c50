"""Every registered game's adjudicator meets the kernel's contract (issue 11).

For each game declared under rules_text/games: its data check is clean; a game without an
adjudicator package has no situations (not an error). For each situation: its JSON schema is
well formed, its die fields name dice the kernel knows and the game declares, its sample inputs
adjudicate to its own result model, and every rule id it cites (in answers, in its declaration,
in ``rule="..."`` of the package's source) exists in that game's corpus.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from adjudicator import cited, dice
from adjudicator.models import Adjudication, Outcome
from adjudicator.registry import (
    UnknownGame,
    UnknownSituation,
    adjudicate,
    game_module,
    games,
    games_with,
    situations,
)
from rules_text.check import check_game
from rules_text.loading import game_dir, load_game, read_yaml

pytestmark = pytest.mark.conformance

GAMES = games()
CASES = [(game, name) for game in GAMES for name in situations(game)]
JSON_TYPES = {"object", "array", "string", "integer", "number", "boolean", "null"}


def _corpus_ids(game: str) -> set[str]:
    loaded = load_game(game)
    return {section for corpus in loaded.corpora.values() for section in corpus.by_id}


def _declared_dice(game: str) -> set[str]:
    meta = read_yaml(game_dir(game) / "game.yaml") or {}
    declared = meta.get("dice") or meta.get("die") or []
    listed = {declared} if isinstance(declared, str) else set(declared)
    return {die for die in listed if re.fullmatch(r"\d*d\d+", die)}  # a deck is not a die


def _schemas(schema: dict[str, Any], defs: dict[str, Any], path: str) -> Iterator[tuple[str, dict]]:
    """Every sub-schema with its path, references followed."""
    yield path, schema
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        assert name in defs, f"{path}: $ref {schema['$ref']!r} does not resolve"
        yield from _schemas(defs[name], defs, path)
    for key in ("anyOf", "oneOf", "allOf"):
        for index, sub in enumerate(schema.get(key, [])):
            yield from _schemas(sub, defs, f"{path}|{key}{index}")
    for name, sub in (schema.get("properties") or {}).items():
        yield from _schemas(sub, defs, f"{path}.{name}".lstrip("."))
    if isinstance(schema.get("items"), dict):
        yield from _schemas(schema["items"], defs, f"{path}[]")
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _schemas(schema["additionalProperties"], defs, f"{path}{{}}")


def test_there_is_a_game_with_situations() -> None:
    assert CASES, "no game declares any situation"


@pytest.mark.parametrize("game", GAMES)
def test_data_check_is_clean(game: str) -> None:
    report = check_game(load_game(game))
    assert report.ok, [str(p) for p in report.problems]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_without_an_adjudicator_package_has_no_situations(game: str) -> None:
    if game_module(game) is None:
        assert situations(game) == {}
    else:
        assert isinstance(situations(game), dict)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_schema_is_well_formed(game: str, name: str) -> None:
    proc = situations(game)[name]
    assert proc.name == name and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
    schema = proc.input_model.model_json_schema()
    assert schema.get("type") == "object" and isinstance(schema.get("properties"), dict)
    defs = schema.get("$defs", {})
    for path, sub in _schemas(schema, defs, ""):
        kind = sub.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if kind else []
        assert set(kinds) <= JSON_TYPES, (path, kind)
        if "properties" in sub:
            assert isinstance(sub["properties"], dict), path
            assert set(sub.get("required", [])) <= set(sub["properties"]), path
        if "enum" in sub:
            assert isinstance(sub["enum"], list) and sub["enum"], path
        for low, high in (("minimum", "maximum"), ("minLength", "maxLength")):
            if low in sub and high in sub:
                assert sub[low] <= sub[high], path


@pytest.mark.parametrize(("game", "name"), CASES)
def test_die_fields_name_a_die_of_the_game(game: str, name: str) -> None:
    schema = situations(game)[name].input_model.model_json_schema()
    declared_sides = {dice.parse_die(die)[1] for die in _declared_dice(game)}
    for path, sub in _schemas(schema, schema.get("$defs", {}), ""):
        if "die" in sub:
            die = sub["die"]
            totals = dice.distribution(die)  # raises on a die the kernel does not know
            assert sub.get("type") == "integer", path
            assert dice.parse_die(die)[1] in declared_sides, (path, die, _declared_dice(game))
            if "minimum" in sub and "maximum" in sub:
                assert (sub["minimum"], sub["maximum"]) == (min(totals), max(totals)), (path, die)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_examples_answer_with_the_result_model_citing_rules_of_the_corpus(
    game: str, name: str
) -> None:
    proc = situations(game)[name]
    ids = _corpus_ids(game)
    assert proc.examples, f"{game}/{name} declares no sample input"
    assert proc.rule in ids, (game, name, proc.rule)
    assert set(proc.cites) <= ids, (game, name, set(proc.cites) - ids)
    assert issubclass(proc.result_model, Adjudication) and proc.result_model is not Adjudication
    assert proc.result_model.model_config.get("extra") == "forbid", "answers have typed fields only"
    result_field = proc.result_model.model_fields["result"].annotation
    own = [a for a in get_args(result_field) or (result_field,) if isinstance(a, type)]
    assert any(issubclass(a, Outcome) and a is not Outcome for a in own), (name, result_field)
    for example in proc.examples:
        answer = adjudicate(name, example, game=game)
        assert type(answer) is proc.result_model, (game, name, type(answer))
        assert answer.result is None or isinstance(answer.result, Outcome)
        assert answer.situation == name
        rules = set(answer.rules) | set(cited(answer))
        assert rules, (game, name, example)
        assert rules <= ids, (game, name, sorted(rules - ids))


@pytest.mark.parametrize("game", [g for g in GAMES if game_module(g) is not None])
def test_every_rule_literal_in_the_package_exists_in_the_corpus(game: str) -> None:
    module = game_module(game)
    assert module is not None and module.__file__
    ids = _corpus_ids(game)
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in Path(module.__file__).parent.rglob("*.py")
    )
    literals = set(re.findall(r"""\brule=["']([^"'{}]+)["']""", source))
    assert literals, f'{game}: no rule="..." found in its package'
    assert literals <= ids, sorted(literals - ids)


def test_an_unknown_game_is_one_line_naming_it_and_the_known_games() -> None:
    with pytest.raises(UnknownGame) as caught:
        adjudicate("fire", {}, game="xyz")
    message = str(caught.value)
    assert message == f"unknown game 'xyz' (known games: {', '.join(GAMES)})"
    assert "\n" not in message


@pytest.mark.parametrize(("game", "name"), CASES)
def test_a_situation_of_another_game_says_which_game_has_it(game: str, name: str) -> None:
    others = [g for g in GAMES if name not in situations(g)]
    other = others[0] if others else "no-such-game-has-it"
    error = UnknownSituation(name, other)
    assert str(error) == (
        f"situation {name!r} is a situation of {', '.join(games_with(name))}, not of {other}"
    )
    assert game in games_with(name)
