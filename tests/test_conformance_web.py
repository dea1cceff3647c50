"""Every registered game conforms (issue 11): its data check is clean; every rule its companion
cites (in its templates, reminders, effects and sample actions) is a rule of its rulebook; its
sample game folds to the same state twice and survives an export and an import; every module of
the web layer is under an import contract; no game's packages import another game's."""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest

from rules_text.check import check_game
from rules_text.loading import available_games, load_game
from web import games as registry
from web.companion import view_of
from web.eventlog import Event

from .conftest import ROOT
from .test_web_fixtures import sample_export, sqlite_client

pytestmark = pytest.mark.conformance

pytest_plugins = ["tests.test_web_fixtures"]

GAMES = available_games()
COMPANIONS = [g for g in GAMES if registry.has_companion(g)]

#: Rule ids a template cites literally: ``rule_links(["9.1", "9.2"])``, ``rule_url(lang, '15')``, ``rule_href('3')``.
_LINKS = re.compile(r"rule_links\(\[([^\]]*)\]")
_URL = re.compile(r"rule_url\([^,()]+(?:\([^()]*\))?,\s*['\"]([^'\"]+)['\"]\)")
_HREF = re.compile(r"rule_href\(\s*['\"]([^'\"]+)['\"]\)")
_QUOTED = re.compile(r"['\"]([^'\"]+)['\"]")


def rule_ids(game: str) -> set[str]:
    loaded = load_game(game)
    return {section_id for corpus in loaded.corpora.values() for section_id in corpus.by_id}


def template_citations(folder: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        ids = [i for m in _LINKS.finditer(text) for i in _QUOTED.findall(m.group(1))]
        ids += _URL.findall(text) + _HREF.findall(text)
        found[str(path.relative_to(ROOT))] = ids
    return found


def cited(value: Any) -> list[str]:
    """Every rule id under a ``rule`` or ``rules`` key of a JSON value (state, effects, payloads)."""
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rule" and isinstance(item, str):
                out.append(item)
            elif key == "rules" and isinstance(item, list):
                out += [i for i in item if isinstance(i, str)]
            else:
                out += cited(item)
    elif isinstance(value, list):
        for item in value:
            out += cited(item)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_data_check_is_clean(game):
    assert [str(p) for p in check_game(load_game(game)).problems] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_declared_with_what_the_layers_need(game):
    found = registry.declaration(game)
    assert found.id == game and found.title and found.languages and found.dice and found.package.isidentifier()


@pytest.mark.parametrize("game", COMPANIONS)
def test_every_rule_a_template_cites_is_in_the_rulebook(game):
    companion = registry.companion(game)
    assert companion.templates is not None and companion.templates.is_dir()
    citations = template_citations(companion.templates)
    assert sum(map(len, citations.values())) > 0, "the pattern finds no citation: the check is blind"
    known = rule_ids(game)
    unknown = {path: [i for i in ids if i not in known] for path, ids in citations.items()}
    assert {path: ids for path, ids in unknown.items() if ids} == {}


def _fold(companion: Any, events: list[dict[str, Any]]) -> tuple[Any, list[Any]]:
    seen: dict[int, Any] = {}
    state, effects = None, []
    for event in events:
        state, fx = companion.apply(state, Event(event["version"], event["kind"], event["payload"]), seen.__getitem__)
        seen[event["version"]] = state
        effects += [e.as_json() for e in fx]
    return state, effects


@pytest.mark.parametrize("game", COMPANIONS)
def test_the_sample_game_folds_to_the_same_state_twice_citing_only_its_rules(game):
    companion = registry.companion(game)
    assert companion.sample is not None, f"{game}: its companion declares no sample game"
    events = companion.sample()
    first, effects = _fold(companion, events)
    second, _ = _fold(companion, events)
    assert first.model_dump_json() == second.model_dump_json()
    assert first.version == len(events)
    known = rule_ids(game)
    rendered = companion.render(first, "sample")
    payloads = [e["payload"] for e in events]
    citations = cited(effects) + cited(payloads) + cited(json.loads(rendered))
    assert citations, "the sample cites no rule: the check is blind"
    assert sorted({c for c in citations if c not in known}) == []


@pytest.mark.parametrize("game", COMPANIONS)
def test_an_exported_sample_imports_and_exports_to_the_same_state(game, tmp_path):
    with sqlite_client(tmp_path) as client:
        exported = sample_export(game)
        first = client.post("/api/games/import", json=exported)
        assert first.status_code == 201, first.get_json()
        again = client.get(f"/api/games/{first.get_json()['id']}/export").get_json()
        assert again["game"] == game and [e["payload"] for e in again["events"]] == [e["payload"] for e in exported["events"]]
        second = client.post("/api/games/import", json=again)
        assert second.status_code == 201

        def strip(state: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in state.items() if k != "id"}

        assert strip(second.get_json()) == strip(first.get_json())
        assert cited(first.get_json()) and not [c for c in cited(first.get_json()) if c not in rule_ids(game)]


def _contracts() -> list[dict[str, Any]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]


def test_every_generic_web_module_is_under_the_registry_contract():
    contract = next(c for c in _contracts() if c["id"] == "web-generic")
    modules = {p.stem for p in (ROOT / "web").iterdir()
               if (p.suffix == ".py" and p.stem != "__init__") or (p.is_dir() and (p / "__init__.py").is_file())}
    assert {f"web.{m}" for m in modules - {"games"}} == set(contract["source_modules"])


def test_the_contracts_cover_every_game_package_by_wildcard_and_name_none():
    """A new game's packages (adjudicator/games/<pkg>, web/games/<pkg>) are covered with no edit."""
    contracts = {c["id"]: c for c in _contracts()}
    assert contracts["adjudicator-games-independent"]["modules"] == ["adjudicator.games.*"]
    assert contracts["web-games-independent"]["modules"] == ["web.games.*"]
    for contract in ("adjudicator-kernel", "web-generic", "site-through-kernel"):
        assert "adjudicator.games.*" in contracts[contract]["forbidden_modules"]
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    contracts_text = text[text.index("[tool.importlinter]"):]
    for game in GAMES:
        package = registry.declaration(game).package
        assert package not in contracts_text and game not in contracts_text, game
        assert importlib.util.find_spec(f"adjudicator.games.{package}") is not None or \
            importlib.util.find_spec(f"web.games.{package}") is not None


def test_every_kernel_module_is_under_the_kernel_contract():
    contract = next(c for c in _contracts() if c["id"] == "adjudicator-kernel")
    kernel = {f"adjudicator.{p.stem}" for p in (ROOT / "adjudicator").glob("*.py") if p.stem != "__init__"}
    assert kernel == set(contract["source_modules"])


def test_no_game_package_imports_another_games():
    """Across layers too: a game's companion may use its own adjudicator package, no other game's."""
    graph = grimp.build_graph("adjudicator", "web")
    packages = {g: registry.declaration(g).package for g in GAMES}
    for game, package in packages.items():
        mine = [m for m in (f"adjudicator.games.{package}", f"web.games.{package}") if m in graph.modules]
        for other, theirs_package in packages.items():
            if other == game:
                continue
            for source in mine:
                for target in (f"adjudicator.games.{theirs_package}", f"web.games.{theirs_package}"):
                    if target in graph.modules:
                        assert not graph.chain_exists(source, target, as_packages=True), (source, target)


@pytest.mark.parametrize("game", COMPANIONS)
def test_every_move_is_declared_once_and_cites_only_rules_of_its_rulebook(game):
    moves = registry.companion(game).moves
    assert len(moves.by_type) == len(moves.moves) > 0
    known = rule_ids(game)
    assert [(m.type, r) for m in moves.moves for r in m.rules if r not in known] == []


@pytest.mark.parametrize("game", COMPANIONS)
def test_every_state_as_the_api_gives_it_is_the_generic_view(game):
    """The keys the generic pages read (version, can_undo, undo_version, phase, ...) are one typed
    model (web.companion.GameView), and every game's rendered state fits it, at every version."""
    companion = registry.companion(game)
    assert companion.sample is not None
    seen: dict[int, Any] = {}
    state = None
    for event in companion.sample():
        state, _ = companion.apply(state, Event(event["version"], event["kind"], event["payload"]), seen.__getitem__)
        seen[event["version"]] = state
        view = view_of(json.loads(companion.render(state, "sample")))
        assert (view.id, view.game, view.version) == ("sample", game, event["version"])
        assert view.can_undo == (view.undo_version is not None) == bool(state.undo)
        assert view.can_redo == (view.redo_version is not None) == bool(state.redo)
