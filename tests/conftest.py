from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from rules_text import load_game
from tests import budget

# Browser and live-server fixtures, declared once for the whole run: one Playwright instance and
# one chromium serve every browser test (a fixture imported per module would start one each).
from tests.browser import browser, page, pages, screenshots, sized, tab  # noqa: F401
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


# The hypothesis profile (tests/budget.py): "ci" in CI, "dev" at a desk; tests.budget.examples
# scales the example counts the tests set.
settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(budget.PROFILE)


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker gets its own PostgreSQL database (``<name>_<worker>``,
    created here on first use), since a test empties its database's schema; every test database
    commits without waiting for the WAL flush (``synchronous_commit=off``)."""
    url = os.environ.setdefault("FALLUJAH_TEST_DATABASE_BASE", os.environ.get("TEST_DATABASE_URL", ""))
    if not url:
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from web.db import normalise_url

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    base = make_url(normalise_url(url))
    target = base.set(database=f"{base.database}_{worker}") if worker else base
    if worker:
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": target.database}).first()
            if not exists:
                conn.execute(text(f'CREATE DATABASE "{target.database}"'))
        admin.dispose()
    target = target.update_query_dict({"options": "-c synchronous_commit=off"})
    os.environ["TEST_DATABASE_URL"] = target.render_as_string(hide_password=False)


def sources_present() -> bool:
    return SOURCES.is_dir() and any(SOURCES.iterdir())


#: Fixtures that make a test slow (a real browser, the static site built by Sphinx): a test using one
#: is marked ``slow`` (`make quick` leaves it out); modules mark their own slow tests too.
SLOW_FIXTURES = frozenset({"page", "browser", "built_site"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests using a slow fixture are marked ``slow``. Without the sources, the tests that read them
    are skipped, the reason naming the variable."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
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


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the test process holds once every test module is imported is left out of the garbage
    collector's full passes, as ``fallujah serve`` does with the app's: the companion collects
    after each large body (web/security.py), which walked the whole process each time (0.3 s)."""
    gc.collect()
    gc.freeze()
