"""The companion keeps its docs and citations honest: every API route and ``fallujah serve``
are in the README, every rule id the companion cites exists in the corpus."""

from __future__ import annotations

import ast
import re

import pytest

from rules_text import available_games, load_game
from web.games import declaration, has_companion
from web.games.phantom_fury import reminders as reminders_module
from web.games.phantom_fury.rules import rules
from web.games.phantom_fury.state import PHASES

from .conftest import ROOT
from .test_web_fixtures import ORDER_OF_BATTLE, Player

pytest_plugins = ["tests.test_web_fixtures"]

RULE_ID = re.compile(r"^[1-9]\d?(?:\.\d{1,2}){0,4}$")
PLACEHOLDERS = re.compile(r"<(?:\w+:)?(\w+)>")


def test_every_api_route_is_in_the_readme(sqlite_app):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = []
    for rule in sqlite_app.url_map.iter_rules():
        if not rule.rule.startswith("/api"):
            continue
        path = PLACEHOLDERS.sub(lambda m: "<id>" if m.group(1) == "game_id" else f"<{m.group(1)}>", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if f"{method} {path}" not in readme:
                missing.append(f"{method} {path}")
    assert missing == []


def test_serve_is_documented_with_its_options():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "fallujah serve" in readme and "--db" in readme and "DATABASE_URL" in readme


def _cited_in_source(folder) -> set[str]:
    """Every string of the code shaped like a rule id, except dictionary keys (a keyed map's
    area numbers are data, not citations)."""
    cited = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        keys = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys if key}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.match(node.value) \
                    and id(node) not in keys:
                cited.add(node.value)
    return cited


@pytest.mark.parametrize("game", [g for g in available_games() if has_companion(g)])
def test_every_rule_id_in_the_companions_code_exists(game):
    """Each game's companion package cites rules of its own rulebook (any of its languages)."""
    loaded = load_game(game)
    known = {section for corpus in loaded.corpora.values() for section in corpus.by_id}
    cited = _cited_in_source(ROOT / "web" / "games" / declaration(game).package)
    assert cited or loaded.declaration.id_style == "slugs"
    if game == "phantom-fury":
        assert len(cited) > 40
    assert sorted(cited - known) == []


def test_every_reminder_cites_existing_rules(sqlite_app):
    known = set(load_game().corpus("en").by_id)
    player = Player.new(sqlite_app.test_client(), **ORDER_OF_BATTLE)
    player.act("unit_status", unit="squad-1", status="pinned")
    player.act("zone_marker", zone=14, marker="phantom_fury", present=True)
    seen: set[str] = set()
    for _ in PHASES:
        for reminder in player.state["reminders"]:
            seen.update(reminder["rules"])
            assert reminder["text"]["en"] and reminder["text"]["fr"]
        player.act("next_phase")
    assert seen and seen <= known
    assert set(reminders_module.PHASE_REMINDERS) == set(PHASES)


def test_the_companions_numbers_come_from_the_rulebook():
    r = rules()
    assert r.last_turn == {"standard": 16, "historical": 13}
    assert r.battalion_turn == {"standard": 9, "historical": 7}
    assert (r.company_turn, r.abrams_turn, r.start_zones, r.caats, r.caat_ammo) == (2, 2, 9, 4, 4)
    assert r.strong_points == (1, 4) and r.abrams == {"standard": 1, "historical": 2}


def test_no_vp_value_is_typed_in_the_companion():
    """VP values are read from tables/vp-scale.yaml (and 12.4.3), never written in the code."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "web" / "game").glob("*.py"))
    assert not re.search(r"vp\w*\s*[-+]?=\s*-?\d", source, re.IGNORECASE)
