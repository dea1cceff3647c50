from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules_text import load_game

# Browser and live-server fixtures, declared once for the whole run: one Playwright instance and
# one chromium serve every browser test (a fixture imported per module would start one each).
from tests.browser import browser, page, screenshots  # noqa: F401
from tests.live_server import live_server  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
#: The rulebooks' plain-text sources: $FALLUJAH_SOURCES_DIR, else ../shared/sources beside the repo.
SOURCES = Path(os.environ.get("FALLUJAH_SOURCES_DIR") or ROOT.parent / "shared" / "sources").resolve()
FALLUJAH = Path(sys.executable).with_name("fallujah")
#: Why a test that reads the sources is skipped when they are not there (a lone clone of the project).
NO_SOURCES = (f"the rulebook sources are not in {SOURCES}: set FALLUJAH_SOURCES_DIR to the folder "
              "holding them (default ../shared/sources)")
#: Tests reading the sources that are not marked ``@pytest.mark.sources`` in their module.
READS_SOURCES = frozenset({
    "test_corpus.py::test_english_has_every_numbered_section_printed_in_the_source",
    "test_corpus.py::test_french_has_every_section_from_10_3_to_15",
})


def sources_present() -> bool:
    return SOURCES.is_dir() and any(SOURCES.iterdir())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without the sources, the tests that read them are skipped, the reason naming the variable."""
    if sources_present():
        return
    skip = pytest.mark.skip(reason=NO_SOURCES)
    for item in items:
        name = f"{item.path.name}::{getattr(item, 'originalname', item.name)}"
        if item.get_closest_marker("sources") or name in READS_SOURCES:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def game():
    return load_game("phantom-fury")


def run_cli(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed ``fallujah`` command as a user would."""
    return subprocess.run(
        [str(FALLUJAH), *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
