"""The curated register of English/French differences and our review of the finder's output.

``rulesets.yaml`` is the one list of disagreements between the two rulebooks, read and checked
by :mod:`rules_text.register` for the adjudicator, the site and this report alike.
``compare-review.yaml`` holds the automatic findings we reviewed and dismissed as translation
noise, each with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rules_text.loading import GAMES_DIR, DataError, load_yaml
from rules_text.register import REGISTER_FILE, SEVERITIES, read_register
from rules_text.register import Difference as RegisterEntry

__all__ = ["SEVERITIES", "Dismissal", "RegisterEntry", "covers", "load_register", "load_review"]

REVIEW_FILE = "compare-review.yaml"


@dataclass(frozen=True)
class Dismissal:
    """An automatic finding reviewed and judged not a difference of meaning."""

    key: str
    section: str
    kind: str
    reason: str


def _read(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as handle:
            return load_yaml(handle)
    except FileNotFoundError:
        return None
    except yaml.YAMLError as exc:
        raise DataError(str(path), f"not valid YAML: {exc}") from None


def _field(path: Path, entry: dict[str, Any], name: str, index: int) -> str:
    value = entry.get(name)
    if not isinstance(value, str) or not value.strip():
        raise DataError(
            str(path),
            f"entry {index} ({entry.get('id', '?')}): field {name!r} must be a non-empty string, got {value!r}",
        )
    return value


def load_register(game: str) -> list[RegisterEntry]:
    """The register's entries, in file order (read and checked by :mod:`rules_text.register`)."""
    return list(read_register(GAMES_DIR / game / REGISTER_FILE).values())


def load_review(game: str) -> dict[str, Dismissal]:
    """The dismissed findings by key."""
    path = GAMES_DIR / game / REVIEW_FILE
    data = _read(path) or {}
    out = {}
    for index, entry in enumerate(data.get("dismissed", [])):
        key = _field(path, entry, "key", index)
        out[key] = Dismissal(
            key,
            str(entry.get("section", "")),
            str(entry.get("kind", "")),
            _field(path, entry, "reason", index),
        )
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'")).strip().casefold()


def _pieces(text: str) -> list[str]:
    """A text's sentences long enough to identify it."""
    return [p for p in re.split(r"(?<=[.!?])\s+", _norm(text)) if len(p) >= 20]


def covers(entry: RegisterEntry, en: str, fr: str) -> bool:
    """True when a finding's extracts and an entry's quotes share a sentence (or one holds the other)."""
    for quote, extract in ((entry.en, en), (entry.fr, fr)):
        q, x = _norm(quote), _norm(extract)
        if not q or not x:
            continue
        if q in x or x in q or any(p in x for p in _pieces(q)) or any(p in q for p in _pieces(x)):
            return True
    return False
