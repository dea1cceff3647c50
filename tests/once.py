"""What the tests build once per test run, shared by the pytest-xdist workers: the rules site
(tests/test_site.py) and every game's search index (:func:`search_indexes`).

One worker builds while the others wait on a lock; a file beside the artefact says it is complete.
A search index's folder is named after its data's fingerprint (``rules_text.search.indexes``), so a
test that copies the shared indexes into a cache of its own opens them for unedited rule files, as
a player's second search does, and an edit still builds a new index, as before.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import FALLUJAH

#: the file beside a shared artefact saying it is complete
DONE = "built.json"


def run_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of this test run that every pytest-xdist worker shares (a worker's base temporary
    folder is ``<run's>/popen-gwN``)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """The folder ``name`` of this test run, ``build`` run on it first unless a worker did (it writes
    :data:`DONE` once complete)."""
    shared = run_root(tmp_path_factory) / name
    shared.mkdir(parents=True, exist_ok=True)
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / DONE).is_file():
            build(shared)
    return shared


def _build_search_indexes(shared: Path) -> None:
    env = {**os.environ, "FALLUJAH_CACHE_DIR": str(shared / "cache")}
    env.pop("FALLUJAH_GAMES_DIR", None)
    done = subprocess.run([str(FALLUJAH), "search", "sniper", "--game", "all"], env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    (shared / DONE).write_text("{}", encoding="utf-8")


def search_indexes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding every game's Whoosh index of the project's rule files, built once per run
    by ``fallujah search`` in a cache of its own."""
    return built_once(tmp_path_factory, "search-indexes", _build_search_indexes) / "cache" / "search"


def seed_search_cache(tmp_path_factory: pytest.TempPathFactory, cache: Path, exports: bool = False) -> None:
    """Copy every game's shared search index into the cache folder ``cache``; with ``exports``, the
    fast path's exports too (made for the project's rule files: a copy of them makes its own).
    Nothing else: the corpus caches and rule answers are still written by the test's first command."""
    indexes = search_indexes(tmp_path_factory)
    for index in indexes.iterdir():
        if index.is_dir():
            shutil.copytree(index, cache / "search" / index.name)
    if exports:
        (cache / "corpus").mkdir(parents=True, exist_ok=True)
        for export in (indexes.parent / "corpus").glob("*.search.bin"):
            shutil.copy2(export, cache / "corpus" / export.name)
