"""Room to play (issue 17, item 8) in a real browser (Debian's chromium): on a phone (390x844), a
narrow phone (320x568), at 200 % zoom (683x450 CSS px at device scale 2, what a 1366x900 window
shows zoomed) and on a desktop (1366x900). Measured: the share of the viewport's height that the
fixed and sticky bars cover once the page has scrolled down; each game's page in columns side by
side on the desktop and in one column on the phone; every visible control at least 24x24 CSS px
(WCAG 2.5.8, by its own box; a checkbox by its label's); the keyboard shortcuts U, R, N doing
undo, redo and Next Phase through the buttons' own path (a stale tab refused); the new Phase's
checklist in view and focused after Next Phase. The pages also pass the accessibility audit of
test_table_browser (labelled controls, no heading skip, contrast in both themes, visible focus).
Screenshots and the measured figures (figures.json) go to test-output/room/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import audit as _audit
from tests.browser import console_errors as _errors
from tests.browser import loads_again
from tests.test_table_browser import _game
from web.games.battle_for_fallujah import sample
from web.shortcuts import SHORTCUTS

OUTPUT = Path(__file__).resolve().parent.parent / "test-output" / "room"
FIGURES = OUTPUT / "figures.json"

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    "narrow": {"viewport": {"width": 320, "height": 568}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    "zoom200": {"viewport": {"width": 683, "height": 450}, "device_scale_factor": 2},
    "desktop": {"viewport": {"width": 1366, "height": 900}},
}
#: the most of the viewport's height the bars may cover once the page has scrolled down, in %
BARS_AT_MOST = {"phone": 15, "narrow": 16, "zoom200": 15, "desktop": 15}

#: the rows of the viewport covered by fixed or sticky elements (their union), in CSS px
BARS = r"""
() => {
  const rows = [];
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    if (!["fixed", "sticky"].includes(style.position) || style.display === "none" || el.closest("[hidden], dialog")) continue;
    const r = el.getBoundingClientRect();
    const top = Math.max(0, r.top), bottom = Math.min(innerHeight, r.bottom);
    if (r.width > 0 && bottom > top) rows.push([top, bottom, el.tagName.toLowerCase() + "." + el.className]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  let covered = 0, end = 0;
  for (const [top, bottom] of rows) { if (bottom > end) { covered += bottom - Math.max(top, end); end = bottom; } }
  return { covered, height: innerHeight, bars: rows.map((r) => r[2] + " " + Math.round(r[1] - r[0])) };
}
"""

#: visible controls smaller than 24x24 CSS px (a checkbox or radio counts with its label)
SMALL_TARGETS = r"""
() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && !el.closest("[hidden], .visually-hidden, dialog:not([open])"); };
  const box = (el) => (["checkbox", "radio"].includes(el.type) && el.closest("label") || el).getBoundingClientRect();
  return [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")]
    .filter((el) => shown(el) && box(el).right > 0)
    .map((el) => [el, box(el)])
    .filter(([, r]) => r.width < 23.5 || r.height < 23.5)
    .map(([el, r]) => el.outerHTML.slice(0, 90) + " " + Math.round(r.width) + "x" + Math.round(r.height));
}
"""

#: where an element is in the viewport, and the room the bars leave between them
PLACE = r"""
(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  const header = document.querySelector("header.top").getBoundingClientRect();
  const below = [...document.querySelectorAll("nav.bottom, .thumb-bar")].map((el) => el.getBoundingClientRect().top);
  return { top: r.top, bottom: r.bottom, free_top: Math.max(0, header.bottom), free_bottom: Math.min(innerHeight, ...below) };
}
"""


def _record(name: str, value: Any) -> None:
    """Keep a measured figure in test-output/room/figures.json for a person to read."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    figures = json.loads(FIGURES.read_text()) if FIGURES.is_file() else {}
    figures[name] = value
    FIGURES.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")


def _shot(tab, name: str, full_page: bool = False) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    tab.screenshot(scale="css", path=OUTPUT / f"{name}.jpg", full_page=full_page)


def _open(pages, size: str):
    """A page at that size; motion reduced, so that a bar is where it goes as soon as it is told."""
    return pages.lend(**SIZES[size], reduced_motion="reduce", service_workers="block")


def _settled(tab) -> None:
    expect(tab.locator("body")).to_have_attribute("data-settled", "true")


def _fits(tab, where: str) -> None:
    """Nothing wider than the viewport: a phone would zoom the page out and put the fixed bars
    below the screen's edge."""
    widths = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], (where, widths)


def _post(live_server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = live_server.app.test_client().post(path, json=body)
    assert answer.status_code in (200, 201), answer.get_json()
    return dict(answer.get_json())


def _games(live_server) -> dict[str, str]:
    """One game of each companion: Phantom Fury in Fire Combat, Battle for Fallujah after its
    Intelligence roll, Second Fallujah at its first impulse, the card game with a card turned."""
    bff = _post(live_server, "/api/games", {"game": "battle-for-fallujah", "name": "April 5th"})
    for action in sample.ACTIONS[:6]:
        bff = _post(live_server, f"/api/games/{bff['id']}/actions", {**action, "expected_version": bff["version"]})
    sf = _post(live_server, "/api/games", {"game": "second-fallujah", "name": "Nov 8"})
    cards = _post(live_server, "/api/games", {"game": "fallujah-cards", "mode": "physical", "name": "Kitchen table"})
    _post(live_server, f"/api/games/{cards['id']}/actions", {"type": "turn", "card": "Humvee", "expected_version": cards["version"]})
    return {"phantom-fury": _game(live_server), "battle-for-fallujah": bff["id"], "second-fallujah": sf["id"],
            "fallujah-cards": cards["id"]}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_bars_give_the_page_back_when_it_scrolls_down(pages, live_server, size):
    with _open(pages, size) as tab:
        errors = _errors(tab)
        game_id = _game(live_server)
        tab.goto(f"{live_server.url}/games/{game_id}")
        _settled(tab)
        body = tab.locator("body")
        _fits(tab, size)
        at_top = tab.evaluate(BARS)
        _shot(tab, f"01-bars-{size}-top")

        tab.evaluate("window.scrollBy(0, 1200)")
        expect(body).to_have_class(re.compile(r"\bbars-tucked\b"))
        scrolled = tab.evaluate(BARS)
        _shot(tab, f"02-bars-{size}-scrolled-down")
        share = 100 * scrolled["covered"] / scrolled["height"]
        _record(f"bars.{size}", {"viewport_height": scrolled["height"], "at_top_pct": round(100 * at_top["covered"] / at_top["height"], 1),
                                 "scrolled_down_px": round(scrolled["covered"]), "scrolled_down_pct": round(share, 1),
                                 "bars_scrolled_down": scrolled["bars"]})
        assert share < BARS_AT_MOST[size], scrolled
        assert [b.split(" ")[0] for b in scrolled["bars"]] == ["div.thumb-bar"]  # Undo, Redo, Next Phase stay at hand

        tab.evaluate("window.scrollBy(0, -300)")  # scrolling up brings the header and the navigation back
        expect(body).not_to_have_class(re.compile(r"\bbars-tucked\b"))
        assert tab.evaluate("document.querySelector('header.top').getBoundingClientRect().top") == 0

        tab.evaluate("window.scrollBy(0, 600)")
        expect(body).to_have_class(re.compile(r"\bbars-tucked\b"))
        tab.keyboard.press("Tab")  # the skip link
        tab.keyboard.press("Tab")  # the game's name, in the header: the header comes back with the focus
        expect(tab.locator("header .brand")).to_be_focused()
        expect(body).not_to_have_class(re.compile(r"\bbars-tucked\b"))
        assert tab.evaluate("document.querySelector('header.top').getBoundingClientRect().top") == 0

        fresh = _post(live_server, "/api/games", {"strong_points": 2})  # the Support Phase: the Missions' buttons fit too
        tab.goto(f"{live_server.url}/games/{fresh['id']}")
        _settled(tab)
        _fits(tab, f"{size}, Support Phase")
        assert errors == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_each_game_is_in_columns_on_a_desktop_one_column_on_a_phone_with_24_px_targets(pages, live_server, size):
    with _open(pages, size) as tab:
        errors = _errors(tab)
        for kind, game_id in _games(live_server).items():
            tab.goto(f"{live_server.url}/games/{game_id}")
            _settled(tab)
            columns = tab.evaluate("""() => [...document.querySelectorAll("main > .room > div")].map((d) => {
                const r = d.getBoundingClientRect(); return { name: d.className, x: r.x, y: r.y + scrollY, width: r.width, bottom: r.bottom + scrollY }; })""")
            assert [c["name"] for c in columns] == ["room-play", "room-units", "room-map"], kind
            _record(f"columns.{size}.{kind}", [{k: round(v) if isinstance(v, float) else v for k, v in c.items()} for c in columns])
            if size == "desktop":  # side by side, each one a readable width, their tops in line
                assert columns[0]["x"] < columns[1]["x"] < columns[2]["x"], (kind, columns)
                assert all(c["width"] >= 380 for c in columns) and columns[2]["x"] + columns[2]["width"] <= 1366, (kind, columns)
                assert len({round(c["y"]) for c in columns}) == 1, (kind, columns)
            else:  # one column: the same x, one under the other, the Phase first
                assert len({round(c["x"]) for c in columns}) == 1, (kind, columns)
                assert columns[0]["bottom"] <= columns[1]["y"] and columns[1]["bottom"] <= columns[2]["y"], (kind, columns)
            if kind == "phantom-fury" and size == "desktop":  # the 61 Zones in the first screen, not 4,000 px down
                assert tab.evaluate("document.querySelector('#zones .zone-grid').getBoundingClientRect().top") < 900
            assert tab.evaluate(SMALL_TARGETS) == [], kind
            _fits(tab, kind)
            _shot(tab, f"03-{kind}-{size}", full_page=True)
            _audit(tab, f"{kind} game page")
        for path in ("/", "/search?q=sniper", "/rule/en/11.4"):  # the shell's pages: the header's targets too
            tab.goto(live_server.url + path)
            _settled(tab)
            assert tab.evaluate(SMALL_TARGETS) == [], path
            _fits(tab, path)
        game_id = _game(live_server)  # every Phase's name in the header, in both languages, fits
        for _phase in range(6):
            for lang in ("en", "fr"):
                tab.goto(f"{live_server.url}/games/{game_id}?lang={lang}")
                _settled(tab)
                _fits(tab, tab.locator("header .phase").inner_text())
            _post(live_server, f"/api/games/{game_id}/actions",
                  {"type": "next_phase", "expected_version": live_server.store().state(game_id).version})
        assert errors == []


def _keyed(tab, name: str) -> None:
    """The page's control for that shortcut carries its key, and shows it."""
    control = tab.locator(f'main [data-shortcut="{name}"]')
    expect(control).to_have_attribute("aria-keyshortcuts", SHORTCUTS[name])
    expect(control.locator("kbd.key")).to_have_text(SHORTCUTS[name].upper())


def _press(tab, key: str) -> None:
    """A shortcut that posts to the API: the page reloads with the new state, and is placed."""
    loads_again(tab, lambda: tab.keyboard.press(key))
    _settled(tab)


#: the shortcuts each game's page offers as the tests set it up (Battle for Fallujah's last action
#: is a die roll, which stays: no undo; Second Fallujah and the card game show theirs disabled)
HAS = {
    "phantom-fury": ["undo", "redo", "next-phase"],
    "battle-for-fallujah": ["next-phase"],
    "second-fallujah": ["undo", "redo", "next-phase"],
    "fallujah-cards": ["undo", "redo"],
}
#: each game's Next Phase (its checklist's heading, the phase it leads to); the card game has none
NEXT = {
    "phantom-fury": ("#checklist-title", "movement"),
    "battle-for-fallujah": ("#checklist-title", "activation"),
    "second-fallujah": ("#checklist-summary", "regroup"),
    "fallujah-cards": None,
}


@pytest.mark.parametrize("kind", list(NEXT))
def test_the_shortcuts_undo_redo_and_next_phase_and_the_new_phase_s_checklist_in_view(pages, live_server, kind):
    with _open(pages, "desktop") as tab:
        errors = _errors(tab)
        game_id = _games(live_server)[kind]
        store = live_server.store()
        lang = "fr" if kind == "phantom-fury" else "en"
        tab.goto(f"{live_server.url}/games/{game_id}?lang={lang}")
        _settled(tab)
        for name in HAS[kind]:
            _keyed(tab, name)
        _shot(tab, f"04-shortcuts-{kind}-before")

        # the help, from the header or "?": the keys this page has; Escape gives the focus back
        tab.keyboard.press("?")
        dialog = tab.locator("dialog#shortcuts")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("heading")).to_have_text("Raccourcis clavier" if lang == "fr" else "Keyboard shortcuts")
        shown = [line.get_attribute("data-shortcut-help") for line in dialog.locator("[data-shortcut-help]:visible").all()]
        assert shown == HAS[kind] + ["search", "help"]
        _shot(tab, f"05-shortcuts-{kind}-help")
        _audit(tab, f"{kind} shortcuts help")
        tab.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(tab.locator("header .help-toggle")).to_be_focused()

        # a letter typed in a field is a letter: the search opens with "/", takes "nur", Escape closes it
        version = store.state(game_id).version
        tab.keyboard.press("/")
        field = tab.locator("#header-q")
        expect(field).to_be_focused()
        tab.keyboard.type("nur")
        expect(field).to_have_value("nur")
        tab.keyboard.press("Escape")
        expect(tab.locator("#header-search")).to_be_hidden()
        expect(tab.locator("header .search-toggle")).to_be_focused()
        assert store.state(game_id).version == version

        if NEXT[kind]:  # Next Phase from far down the page: the new Phase's checklist in view, focused
            heading, phase = NEXT[kind]
            tab.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            _press(tab, SHORTCUTS["next-phase"])
            assert store.state(game_id).phase == phase
            expect(tab.locator(heading)).to_be_focused()
            place = tab.evaluate(PLACE, heading)
            _record(f"after_next_phase.{kind}", place)
            assert place["free_top"] <= place["top"] and place["bottom"] <= place["free_bottom"], place
            _shot(tab, f"06-shortcuts-{kind}-after-next-phase")
        else:
            _press(tab, SHORTCUTS["undo"])  # the card turned is taken back, then turned again
            assert store.state(game_id).version == version + 1
            expect(tab.locator("#entry-card")).to_be_visible()
            _press(tab, SHORTCUTS["redo"])
            assert store.state(game_id).version == version + 2
            assert errors == []
            return
        _keyed(tab, "undo")
        _press(tab, SHORTCUTS["undo"])  # Next Phase taken back, then replayed
        assert store.state(game_id).phase != phase
        _keyed(tab, "redo")
        _press(tab, SHORTCUTS["redo"])
        assert store.state(game_id).phase == phase

        # shortcuts turned off in the help: "n" is a key like any other, nothing is sent
        tab.locator("header .help-toggle").click()
        tab.locator("#shortcuts-on").uncheck()
        tab.keyboard.press("Escape")
        tab.evaluate("""() => { window.prevented = null;
            window.addEventListener("keydown", (event) => { window.prevented = event.defaultPrevented; }); }""")
        version = store.state(game_id).version
        tab.keyboard.press(SHORTCUTS["next-phase"])
        assert tab.evaluate("window.prevented") is False
        assert store.state(game_id).version == version
        assert errors == []


def test_a_shortcut_in_a_stale_tab_is_refused_like_its_button(pages, live_server):
    with _open(pages, "desktop") as first:
        second = first.context.new_page()
        errors = _errors(first)
        game_id = _game(live_server)
        store = live_server.store()
        for tab in (first, second):
            tab.goto(f"{live_server.url}/games/{game_id}")
            _settled(tab)
        _press(first, SHORTCUTS["next-phase"])
        phase = store.state(game_id).phase
        second.keyboard.press(SHORTCUTS["undo"])
        alert = second.locator("#page-error")
        expect(alert).to_contain_text("moved on in another tab")
        assert store.state(game_id).phase == phase
        _shot(second, "07-stale-tab-shortcut")
        assert errors == []
