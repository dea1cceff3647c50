"""What the fast CLI paths' tests share (``fallujah rule`` and ``fallujah search`` answered from
files written beside the rule files): the installed command run as a player runs it, over a copy
of the default game's rule files, and an edit of one of them that only its change time tells."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from rules_text import loading

from .conftest import ROOT

FALLUJAH = os.path.join(os.path.dirname(sys.executable), "fallujah")
#: the rule file edited, and the edit: same size, so only the change time tells it
EDITED_FILE = Path(loading.DEFAULT_GAME) / "en" / "11-fire-combat.yaml"
OLD, NEW = "may become the victim", "may become the target"


def run(args: list[str], env: dict[str, str], timeout: int) -> subprocess.CompletedProcess[str]:
    """``fallujah ARGS`` in a new interpreter that lists its imports on stderr (``-X importtime``)."""
    return subprocess.run([sys.executable, "-X", "importtime", FALLUJAH, *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=timeout, check=False)


def copied_games(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the default game's rule files under ``tmp_path``, and the environment that reads
    them (and keeps its cache there too)."""
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games" / loading.DEFAULT_GAME, games / loading.DEFAULT_GAME)
    return games, {"FALLUJAH_GAMES_DIR": str(games), "FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}


def edit_in_place(games: Path) -> Path:
    """Replaces :data:`OLD` by :data:`NEW` once in :data:`EDITED_FILE` of ``games``, keeping its
    size and modification time (only the change time tells the edit); the file edited."""
    path = games / EDITED_FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(OLD) == 1 and len(NEW) == len(OLD)
    stat = path.stat()
    path.write_text(text.replace(OLD, NEW, 1), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    return path
