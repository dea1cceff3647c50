"""Browser fixtures: Playwright driving Debian's chromium (``/usr/bin/chromium``).

``tests/conftest.py`` registers these fixtures once for the whole run: a test asks for
``page`` (and ``screenshots``) by name. Playwright's own browser download does not work on these
machines, so the browser is Debian's: ``.ci/run`` installs the ``chromium`` package. Outside CI,
a machine without it skips the browser tests with that reason; in CI (``CI`` set) they fail.
Screenshots are saved under ``test-output/screenshots/`` for a person to look at.

:func:`loads_again` is how a test does something whose script posts to the API and then loads a
page (``location.reload``/``replace``/``assign``): it returns once that page has loaded.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"


def loads_again(tab, action: Callable[[], object]) -> None:
    """Do ``action`` (a click or key press whose script posts to the API, then loads a page) and
    return once the page it loads has fired ``load``: its deferred scripts (app.js,
    calculator.js) have run and its handlers are attached.

    An ``expect`` on the new page alone is not enough: it can be met mid-load, while the rest of
    the page is not parsed and a click on a scripted button does nothing (or submits the form
    natively); and the old page can meet it before it navigates (the calculator marks each change
    applied, then loads the page again). An action that does not navigate (a refusal) fails here
    at Playwright's timeout; one that only moves to a #fragment of the same address returns at
    once, the page not loaded again (what the test asserts next must tell).
    """
    with tab.expect_navigation():
        action()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium package")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser, request):
    """A fresh browser context and page; a phone-sized viewport when the test is marked ``phone``."""
    phone = request.node.get_closest_marker("phone") is not None
    options = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
               "has_touch": True} if phone else {"viewport": {"width": 1280, "height": 900}}
    context = browser.new_context(**options)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def screenshots(request) -> Path:
    """The folder for this test's screenshots: ``test-output/screenshots/<test name>/``."""
    folder = OUTPUT / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
