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
SOURCES = ROOT.parent / "shared" / "sources"
FALLUJAH = Path(sys.executable).with_name("fallujah")


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
