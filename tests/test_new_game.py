"""``fallujah new-game ID --title TITLE`` writes a working pack (issue 20, docs/adding-a-game.md).

The command runs in a temporary copy of the project's three layers, so the pack it writes is a
real one, imported and played there by a fresh Python: its rulebook loads and checks clean, its
situation adjudicates with its modifier cited to a rule, its companion plays its move and undoes
it through the JSON API on a real database, and ``fallujah check --game <id>`` passes. Nothing is
written outside the new game's three folders. A bad id, a bad title or an existing game is one
line and exit 2, and writes nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

GAME, PACKAGE, TITLE = "river-patrol", "river_patrol", 'River Patrol: "Mekong" 1968'
FOLDERS = (f"rules_text/games/{GAME}", f"adjudicator/games/{PACKAGE}", f"web/games/{PACKAGE}")

PLAY = '''
import json, sys
from adjudicator.registry import adjudicate
from rules_text.check import check_game
from rules_text.loading import declaration, load_game
from web.app import create_app

game = sys.argv[1]
out = {"title": declaration(game).title, "dice": list(declaration(game).dice),
       "problems": [str(p) for p in check_game(load_game(game)).problems]}
answer = adjudicate("roll", {"supported": True, "roll": 3}, game=game)
out["adjudication"] = {"drm": answer.drm, "modifiers": [m.rule for m in answer.modifiers],
                       "outcome": answer.result.outcome, "exact": answer.exact}
app = create_app({"TESTING": True, "DATABASE_URL": "sqlite:///" + sys.argv[2], "SITE_DIR": sys.argv[2] + ".site"})
client = app.test_client()
created = client.post("/api/games", json={"game": game, "name": "Patrol"}).get_json()
moved = client.post(f"/api/games/{created['id']}/actions", json={"expected_version": 1, "type": "advance"})
undone = client.post(f"/api/games/{created['id']}/undo", json={"expected_version": 2})
page = client.get(f"/games/{created['id']}")
out["play"] = [created["turn"], moved.status_code, moved.get_json()["turn"], moved.get_json()["can_undo"],
               undone.status_code, undone.get_json()["turn"], undone.get_json()["can_redo"], page.status_code]
print(json.dumps(out))
'''


def _copy(tmp: Path) -> Path:
    project = tmp / "project"
    # the bytecode caches too (Python checks each against its source's size and time): the copy's
    # commands and tests then start as the project's do, instead of compiling every module again
    skip = shutil.ignore_patterns("_build", "_generated")
    for layer in ("rules_text", "adjudicator", "web"):
        shutil.copytree(ROOT / layer, project / layer, ignore=skip)
    shutil.copy2(ROOT / "glossary.yaml", project / "glossary.yaml")
    return project


def _listing(project: Path) -> set[str]:
    return {p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _run(project: Path, *args: str, code: str = "from web.cli import main; main()") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(project), "FALLUJAH_CACHE_DIR": str(project.parent / "cache")}
    env.pop("FALLUJAH_GAMES_DIR", None)
    env.pop("FALLUJAH_GLOSSARY", None)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=project, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str], subprocess.CompletedProcess[str]]:
    project = _copy(tmp_path_factory.mktemp("new-game"))
    before = _listing(project)
    result = _run(project, "new-game", GAME, "--title", TITLE)
    return project, before, result


def test_new_game_writes_only_inside_the_new_games_three_folders(written) -> None:
    project, before, result = written
    assert result.returncode == 0, result.stderr
    added = _listing(project) - before
    assert {path for path in added if not path.startswith(FOLDERS)} == set()
    for folder in FOLDERS:
        assert any(path.startswith(folder + "/") for path in added), folder
    assert f"rules_text/games/{GAME}/game.yaml" in added and f"web/games/{PACKAGE}/__init__.py" in added
    assert not [p for p in added if p.endswith(".tmpl")]


def test_the_pack_loads_adjudicates_plays_and_undoes(written, tmp_path: Path) -> None:
    project, _, result = written
    assert result.returncode == 0, result.stderr
    played = _run(project, GAME, str(tmp_path / "games.db"), code=PLAY)
    assert played.returncode == 0, played.stderr[-3000:]
    out = json.loads(played.stdout.strip().splitlines()[-1])
    assert out["title"] == TITLE and out["dice"] == ["d6"] and out["problems"] == []
    # one d6 + 1 (supported, rule 2) on the Roll Table: 4+ succeeds, so 3 + 1 succeeds
    assert out["adjudication"]["drm"] == 1 and out["adjudication"]["modifiers"] == ["2"]
    assert out["adjudication"]["outcome"] == "success"
    assert out["adjudication"]["exact"] == {"failure": "1/3", "success": "2/3"}
    # turn 1, advanced to 2 (undoable), undone back to 1 (redoable), the game page drawn
    assert out["play"] == [1, 200, 2, True, 200, 1, True, 200]


def test_fallujah_check_passes_on_the_new_game(written) -> None:
    project, _, result = written
    assert result.returncode == 0, result.stderr
    checked = _run(project, "check", "--game", GAME)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.rstrip().endswith("No problems.")


def test_every_conformance_check_passes_on_the_new_game(written, tmp_path: Path) -> None:
    """``pytest -m conformance`` (every check parametrised over the registered games) passes on
    the new game, run beside the project's own tests in a copy of the project holding it."""
    project, _, result = written
    assert result.returncode == 0, result.stderr
    beside = tmp_path / "project"
    # with the bytecode caches, the tests' assertion-rewritten ones among them: rewriting every
    # test module again took most of this run's time
    shutil.copytree(project, beside)
    for folder in ("tests", "site"):  # the tests import the rules site's extension
        shutil.copytree(ROOT / folder, beside / folder, ignore=shutil.ignore_patterns("benchmarks", "_build", "_generated"))
    shutil.copy2(ROOT / "pyproject.toml", beside / "pyproject.toml")
    env = {**os.environ, "PYTHONPATH": str(beside), "FALLUJAH_CACHE_DIR": str(project.parent / "cache")}
    for name in ("FALLUJAH_GAMES_DIR", "FALLUJAH_GLOSSARY", "TEST_DATABASE_URL", "FALLUJAH_TEST_DATABASE_BASE",
                 "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_ADDOPTS"):
        env.pop(name, None)  # SQLite alone: the run's PostgreSQL databases are its workers'
    # the test modules that mark conformance checks, collected alone (collecting all 137 took most
    # of the rest); a module marking one anywhere is among them
    marked = sorted(f"tests/{p.name}" for p in (beside / "tests").glob("test_*.py")
                    if "mark.conformance" in p.read_text(encoding="utf-8"))
    assert "tests/test_conformance_web.py" in marked, marked
    checked = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "conformance",
                              "-k", GAME, *marked], cwd=beside, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-2000:]
    assert " passed" in checked.stdout.splitlines()[-1], checked.stdout[-500:]


@pytest.mark.parametrize(("args", "says"), [
    (["River-Patrol", "--title", "X"], "game id 'River-Patrol'"),
    (["river--patrol", "--title", "X"], "game id 'river--patrol'"),
    (["9lives", "--title", "X"], "game id '9lives'"),
    (["class", "--title", "X"], "Python keyword"),
    (["phantom-fury", "--title", "X"], "exists already"),
    (["new-one", "--title", "  "], "--title"),
    (["new-one", "--title", "two\nlines"], "--title"),
])
def test_a_bad_or_existing_id_is_one_line_and_exit_2_writing_nothing(written, args: list[str], says: str) -> None:
    project, _, _ = written
    before = _listing(project)
    refused = _run(project, "new-game", *args)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and says in refused.stderr, refused.stderr
    assert _listing(project) == before
