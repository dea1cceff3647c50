"""Browser fixtures: Playwright driving Debian's chromium (``/usr/bin/chromium``).

``tests/conftest.py`` registers these fixtures once for the whole run: a test asks for
``page``, ``tab`` or ``sized`` (and ``screenshots``) by name, or borrows one from ``pages``
(:class:`Pages`: a page is lent to one test at a time and given back as new, so that each test
process opens a page once per size instead of once per test). Playwright's own browser download does not work on these
machines, so the browser is Debian's: ``.ci/run`` installs the ``chromium`` package. Outside CI,
a machine without it skips the browser tests with that reason; in CI (``CI`` set) they fail.
Screenshots are saved under ``test-output/screenshots/`` for a person to look at.

:func:`loads_again` is how a test does something whose script posts to the API and then loads a
page (``location.reload``/``replace``/``assign``): it returns once that page has loaded.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
#: the figures the counting tests measure (taps), one JSON file each
FIGURES = OUTPUT.parent / "setup"


#: the two sizes every "at the table" browser test runs at (issue 17)
#: (the rules site's service worker would fetch the whole site in the background of every test that
#: opens it: blocked, except where a test allows it, tests/test_site_offline_browser.py)
VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
              "has_touch": True, "service_workers": "block"},
    "desktop": {"viewport": {"width": 1366, "height": 900}, "service_workers": "block"},
}

#: the checks run in the page: unlabelled controls, heading levels, text below 4.5:1
AUDIT = r"""
() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"; };
  const name = (el) => (el.getAttribute("aria-label") || "").trim()
    || (el.getAttribute("aria-labelledby") || "").split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim()
    || [...(el.labels || [])].map((l) => l.textContent).join(" ").trim()
    || (el.getAttribute("title") || "").trim()
    || (["BUTTON", "SUMMARY", "A"].includes(el.tagName) ? el.textContent.trim() : "");
  const unlabelled = [...document.querySelectorAll("input:not([type=hidden]), select, textarea, button, summary, a[href]")]
    .filter((el) => visible(el) && !name(el)).map((el) => el.outerHTML.slice(0, 120));
  const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].filter(visible).map((h) => Number(h.tagName[1]));
  const skips = [];
  levels.forEach((level, i) => { if (i > 0 && level > levels[i - 1] + 1) skips.push(levels[i - 1] + "->" + level); });
  if (levels.length && levels[0] !== 1 && !document.querySelector("[role=dialog]:not([hidden])")) skips.push("first h" + levels[0]);
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, bottom) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1); };
  // the colour behind an element: its own background over its parent's, up to an opaque one or
  // the page's (white when the page has none), each element's found once
  const page = parse(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255, 1];
  const behind = new Map();
  const background = (el) => { if (!el || el.nodeType !== 1) return page;
    if (behind.has(el)) return behind.get(el);
    const c = parse(getComputedStyle(el).backgroundColor);
    const colour = !c || c[3] <= 0 ? background(el.parentElement) : c[3] >= 1 ? c : over(c, background(el.parentElement));
    behind.set(el, colour); return colour; };
  const low = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !visible(el) || el.closest("[hidden], .visually-hidden, svg, del, s")) continue;
    const style = getComputedStyle(el);
    if (style.textDecorationLine.includes("line-through")) continue;  // struck through: kept for the record
    const fg = parse(style.color); if (!fg) continue;
    const bg = background(el); const text = over(fg, bg);
    const [a, b] = [lum(text), lum(bg)]; const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize); const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) low.push(el.tagName + "." + el.className + " '" + el.textContent.trim().slice(0, 30) + "' " + ratio.toFixed(2));
  }
  return { unlabelled, skips, low };
}
"""

FOCUS = """() => { const el = document.activeElement; if (!el || el === document.body) return "none";
  const s = getComputedStyle(el); return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2 ? "ring"
    : (s.boxShadow !== "none" ? "ring" : el.outerHTML.slice(0, 80)); }"""


def console_errors(tab, expected: str | None = None) -> list[str]:
    """Every script error and console error of ``tab`` from now on (a failed request is one),
    but for the console errors whose text holds ``expected`` (a refusal the test provokes, such
    as ``"status of 422"``)."""
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("console", lambda msg: errors.append(f"{tab.url}: {msg.text}")
           if msg.type == "error" and (expected is None or expected not in msg.text) else None)
    return errors


def fill_in(tab, fields: dict[str, str]) -> None:
    """Enter each value of ``fields`` (a selector: its value) in order, as a player would: the
    option chosen in a select, the text typed in any other field."""
    for selector, value in fields.items():
        field = tab.locator(selector)
        if field.evaluate("(el) => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def audit(tab, where: str, first: str | None = None, tabs: int = 3) -> None:
    """Labelled controls, no heading skip, contrast >= 4.5:1 (3:1 for large text) in both themes,
    and a visible focus ring on the first ``tabs`` controls reached by Tab (from ``first``, a
    selector, when given)."""
    for scheme in ("dark", "light"):
        tab.emulate_media(color_scheme=scheme)
        found: dict[str, Any] = tab.evaluate(AUDIT)
        assert found["unlabelled"] == [], (where, scheme, found["unlabelled"])
        assert found["skips"] == [], (where, scheme, found["skips"])
        assert found["low"] == [], (where, scheme, sorted(set(found["low"]))[:12])
    tab.emulate_media(color_scheme="dark")
    if first is not None:
        tab.locator(first).first.focus()
        assert tab.evaluate(FOCUS) in ("ring", "none"), where
    for _ in range(tabs):
        tab.keyboard.press("Tab")
        ring = tab.evaluate(FOCUS)
        assert ring in ("ring", "none"), (where, ring)


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


class Taps:
    """The taps a test makes from one page to another, each named and counted (issue 24's "Setup
    in minutes"): a tap that loads a page waits for it (:func:`loads_again`)."""

    def __init__(self, tab) -> None:
        self.tab = tab
        self.names: list[str] = []

    def __call__(self, what: str, locator) -> None:
        self.names.append(what)
        loads_again(self.tab, locator.click)

    def check(self, what: str, locator) -> None:
        """A box ticked: a tap that loads nothing."""
        self.names.append(what)
        locator.check()

    def record(self, name: str, key: str, most: int, **extra: object) -> None:
        """At most ``most`` taps, written to ``test-output/setup/<name>.json`` under ``key``."""
        import json

        assert len(self.names) <= most, self.names
        FIGURES.mkdir(parents=True, exist_ok=True)
        (FIGURES / f"{name}.json").write_text(json.dumps({key: {"taps": len(self.names), "steps": self.names, **extra}},
                                                         indent=1))


def saved_copy(server, game: str, data: dict[str, object], name: str = "my copy") -> int:
    """The id of a copy of ``game``'s map and counters saved once (web/copies.py) on ``server``."""
    with server.app.test_client() as client:
        answer = client.post("/api/copies", json={"game": game, "name": name, "data": data})
        assert answer.status_code == 201, answer.get_json()
        return int(answer.get_json()["id"])


class Pages:
    """Pages lent to the tests of one test process, one test at a time, and given back as new.

    A new context and page cost Chromium about a second of CPU on a 2-core machine (a renderer
    process started, the app's assets fetched and parsed for the first time), three times a page
    load in a page already open: opened once per test, that was about a tenth of the suite's CPU.
    Here a page is opened once per set of context options (a size) and per page a test holds at
    once, and :meth:`_given_back` makes it new again before the next test has it:
    - the other pages the test opened in its context are closed;
    - its routes and the listeners it added (``console``, ``pageerror``, ``dialog``...) are
      removed, those the page had when it was opened kept;
    - it is at ``about:blank``, with no media emulated beyond its context's options;
    - cookies and permissions are cleared, and every origin the page visited forgets its local
      and session storage, IndexedDB and caches (Chromium's ``Storage.clearDataForOrigin``), and
      the HTTP cache is emptied (a later test's server can be given the same port).
    A page that cannot be made new (it crashed, a step failed, it opened a file) is closed with its
    context and the next test gets a new one.
    """

    def __init__(self, browser) -> None:
        self.browser = browser
        self.idle: dict[str, list[Any]] = {}
        #: per page: the listeners it had when opened, the origins it visited, its CDP session
        self.kept: dict[Any, dict[str, list[Any]]] = {}
        self.visited: dict[Any, set[str]] = {}
        self.cdp: dict[Any, Any] = {}

    @contextmanager
    def lend(self, **options: Any) -> Iterator[Any]:
        """A page of a context made with ``options`` (``browser.new_context``'s), for one test."""
        key = json.dumps(options, sort_keys=True)
        idle = self.idle.setdefault(key, [])
        tab = idle.pop() if idle else self._opened(options)
        try:
            yield tab
        finally:
            if self._given_back(tab):
                idle.append(tab)
            else:
                self._discard(tab)

    def _opened(self, options: dict[str, Any]) -> Any:
        tab = self.browser.new_context(**options).new_page()
        origins: set[str] = set()
        tab.on("framenavigated", lambda frame: origins.add(_origin(frame.url)))
        self.visited[tab] = origins
        self.cdp[tab] = tab.context.new_cdp_session(tab)
        emitter = tab._impl_obj  # the listeners as registered, to tell the test's from the page's own
        self.kept[tab] = {name: list(emitter.raw_listeners(name)) for name in emitter.event_names()}
        return tab

    def _given_back(self, tab: Any) -> bool:
        """Makes ``tab`` new again (see the class); False when it cannot be."""
        from playwright.sync_api import Error

        try:
            if tab.is_closed():
                return False
            for other in tab.context.pages:
                if other is not tab:
                    other.close()
            tab.unroute_all(behavior="ignoreErrors")
            emitter, kept = tab._impl_obj, self.kept[tab]
            for name in emitter.event_names():
                for listener in emitter.raw_listeners(name):
                    if listener not in kept.get(name, ()):
                        emitter.remove_listener(name, listener)
            if FILES in self.visited[tab]:
                return False
            tab.goto("about:blank")
            tab.emulate_media(media="null", color_scheme="null", reduced_motion="null", forced_colors="null",
                              contrast="null")
            tab.context.clear_cookies()
            tab.context.clear_permissions()
            cdp, origins = self.cdp[tab], self.visited[tab]
            for origin in sorted(origins - {""}):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            origins.clear()
            cdp.send("Network.clearBrowserCache")
            return True
        except Error:  # a crashed or wedged page: the next test gets a new one
            return False

    def _discard(self, tab: Any) -> None:
        from playwright.sync_api import Error

        for kept in (self.kept, self.visited, self.cdp):
            kept.pop(tab, None)
        with suppress(Error):  # already gone with the browser
            tab.context.close()


def _origin(url: str) -> str:
    """``scheme://host:port`` of an http(s) address, ``file://`` of a file's, "" for any other
    (about:blank, data:)."""
    parts = urlsplit(url)
    if parts.scheme == "file":
        return FILES
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


#: the origin of every page opened from a file (the rules site read offline): a page that opened
#: one is not lent again (Chromium's origin-keyed clearing does not reach a file's storage)
FILES = "file://"


@pytest.fixture(scope="session")
def pages(browser) -> Pages:
    """The pages this test process lends its browser tests (:class:`Pages`)."""
    return Pages(browser)


@pytest.fixture(params=sorted(VIEWPORTS))
def sized(request, pages):
    """A page as new at each of :data:`VIEWPORTS` (phone, desktop), and the size's name."""
    with pages.lend(**VIEWPORTS[request.param]) as tab:
        yield tab, request.param


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


#: the ``page`` fixture's sizes: a test marked ``phone`` has a phone's
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "service_workers": "block"}
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}


@pytest.fixture
def page(pages, request):
    """A page as new; a phone-sized viewport when the test is marked ``phone``."""
    with pages.lend(**(PHONE if request.node.get_closest_marker("phone") is not None else DESKTOP)) as tab:
        yield tab


@pytest.fixture
def tab(pages, device: str):
    """A page as new at ``device``'s size (a key of :data:`VIEWPORTS`, the test parametrised over it)."""
    with pages.lend(**VIEWPORTS[device]) as lent:
        yield lent


@pytest.fixture
def screenshots(request) -> Path:
    """The folder for this test's screenshots: ``test-output/screenshots/<test name>/``."""
    folder = OUTPUT / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
