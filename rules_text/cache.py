"""The on-disk caches: a loaded game kept between processes, keyed by its data's content hash.

``fallujah rule 11.4.1`` in a fresh process reads one pickle instead of reading and
validating every YAML file. The key is the data's fingerprint (a SHA-256 of every data
file's bytes, see :func:`rules_text.loading.fingerprint`) and the hash of the code that
defines the models, so an edited rule file or a changed model never reads a stale game.

Computing the fingerprint reads every file; to keep it cheap, the last fingerprint is
remembered with each file's size, modification time, change time and inode: while none
of them changed, the remembered hash stands (an edit changes the change time, which no
tool can set back), otherwise the files are hashed again.

Everything lives under ``$FALLUJAH_CACHE_DIR`` or ``~/.cache/fallujah/``, beside the
search index. A cache that cannot be read or written is ignored, never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

# written once, in the module `fallujah rule` reads with the standard library alone
from .fast_rule import cache_dir, file_stats

#: bump when the pickled objects change shape in a way the code hash would not catch
CACHE_VERSION = 1
#: the modules whose classes a cached game is made of
_MODEL_MODULES = ("base.py", "tables.py", "models.py", "markup.py", "corpus.py", "loading.py", "cache.py")


@cache
def code_stamp() -> str:
    """A hash of the code that defines a cached game's classes (read once per process)."""
    digest = hashlib.sha256(str(CACHE_VERSION).encode())
    here = Path(__file__).resolve().parent
    for name in _MODEL_MODULES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:12]


_REMEMBERED: dict[str, tuple[list[list[Any]], str]] = {}


def remembered_hash(name: str, files: Sequence[Path], compute: Callable[[], str]) -> str:
    """``compute()`` (a content hash of ``files``, or another text read from them), skipped while
    no file's stat changed."""
    stats = file_stats(files)
    known = _REMEMBERED.get(name)
    if known is not None and known[0] == stats:
        return known[1]
    stamp_file = cache_dir() / "corpus" / f"{name}.stamp.json"
    try:
        saved = json.loads(stamp_file.read_text(encoding="utf-8"))
        if saved.get("stats") == stats and isinstance(saved.get("hash"), str):
            _REMEMBERED[name] = (stats, saved["hash"])
            return str(saved["hash"])
    except (OSError, ValueError):
        pass
    value = compute()
    if file_stats(files) == stats:  # nothing changed while we read: safe to remember
        _REMEMBERED[name] = (stats, value)
        _write_atomic(stamp_file, json.dumps({"stats": stats, "hash": value}).encode())
    return value


def _write_atomic(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, staging = tempfile.mkstemp(prefix=path.name + ".", dir=path.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(staging, path)
    except OSError:
        try:
            os.unlink(staging)
        except (OSError, NameError):
            pass


def _pickle_path(game: str, stamp: str) -> Path:
    return cache_dir() / "corpus" / f"{game}-{stamp}-{code_stamp()}.pickle"


def read_game(game: str, stamp: str) -> Any | None:
    """The game pickled for this fingerprint and this code, or None."""
    try:
        with _pickle_path(game, stamp).open("rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        return None
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError, TypeError,
            ValueError):  # a truncated or foreign file: ignore it, it will be rewritten
        return None


def write_game(game: str, stamp: str, loaded: Any) -> None:
    """Keep a loaded game for the next process; drop this game's older pickles."""
    path = _pickle_path(game, stamp)
    try:
        data = pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return
    _write_atomic(path, data)
    for stale in path.parent.glob(f"{game}-*.pickle"):
        if stale != path and stale.name.count("-") - game.count("-") == 2:
            try:
                stale.unlink()
            except OSError:
                pass
