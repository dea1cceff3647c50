"""The rules site in a real browser (Debian's chromium), served by the companion under ``/rules/``
with its Content-Security-Policy: hover and keyboard previews of cited rules, the language
switch on 13.6.4, the phone layout and dark mode; a tapped reference opening the rule over the page
(issue 17). Screenshots: test-output/screenshots/<test>/ and test-output/site-sheet/<test>/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rules_text import load_game
from tests.browser import OUTPUT
from tests.test_site import build_site


@pytest.fixture
def rules_url(live_server, tmp_path, tmp_path_factory) -> str:
    """The built site copied where the live server serves it; its ``/rules/`` URL."""
    html, _seconds = build_site(tmp_path_factory)
    shutil.copytree(html, tmp_path / "site")
    return live_server.url + "/rules/"


def _problems(tab) -> list[str]:
    """JavaScript errors and console errors (a script or style refused by the CSP shows here);
    the site declares its favicon, so no request for a missing one is excused."""
    found: list[str] = []
    tab.on("pageerror", lambda exc: found.append(str(exc)))
    tab.on(
        "console",
        lambda msg: (
            found.append(msg.text)
            if msg.type == "error" else None
        ),
    )
    return found


def _settle(tab, selector: str) -> None:
    """Wait until the anchor is on screen and the (smooth) scroll has stopped, for a clean screenshot."""
    expect(tab.locator(selector)).to_be_in_viewport()
    previous = None
    for _attempt in range(20):
        position = tab.evaluate("window.scrollY")
        if position == previous:
            return
        previous = position
        tab.wait_for_timeout(100)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_hovering_and_focusing_a_citation_previews_the_cited_rule(page, rules_url, screenshots):
    game = load_game("phantom-fury")
    problems = _problems(page)
    page.goto(rules_url + "phantom-fury/en/11-fire-combat.html#11.4.1.1")
    popup = page.locator("#rule-preview-popup")
    assert popup.count() == 0 or not popup.is_visible()

    link = page.locator('[id="11.4.1.1"] a.rule-ref[href="#11.5"]').first
    link.hover()
    popup.wait_for(state="visible")
    expected = _words(game.corpus("en").get("11.5").text)
    assert expected[:100] in _words(popup.inner_text())
    assert link.get_attribute("aria-describedby") == "rule-preview-popup"
    page.screenshot(scale="css", path=screenshots / "01-hover-11.5.jpg")

    page.mouse.move(5, 5)
    popup.wait_for(state="hidden")

    other = page.locator('[id="11.1.3-note-1"] a.rule-ref[href="12-movement.html#12.7.2"]')
    other.scroll_into_view_if_needed()
    other.focus()
    popup.wait_for(state="visible")
    assert _words(game.corpus("en").get("12.7.2").text)[:60] in _words(popup.inner_text())
    page.screenshot(scale="css", path=screenshots / "02-focus-preview.jpg")
    page.keyboard.press("Escape")
    popup.wait_for(state="hidden")
    assert problems == []


def test_language_switch_on_13_6_4_opens_the_same_rule_in_french_and_back(
    page,
    rules_url,
    screenshots,
):
    problems = _problems(page)
    page.goto(rules_url + "phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
    _settle(page, '[id="13.6.4"]')
    section = page.locator('[id="13.6.4"]')
    assert "Security Elements and Retreat Movement" in section.inner_text()
    page.screenshot(scale="css", path=screenshots / "01-english-13.6.4.jpg")

    section.locator("a.lang-switch").click()
    page.wait_for_url("**/rules/phantom-fury/fr/13b-flooding-ied-retreat.html#13.6.4")
    french = page.locator('[id="13.6.4"]')
    assert "Security Element vs. Mouvement de repli" in french.inner_text()
    assert french.is_visible()
    _settle(page, '[id="13.6.4"]')  # the browser scrolled to the anchor
    page.screenshot(scale="css", path=screenshots / "02-french-13.6.4.jpg")

    french.locator(".rule-meta a.compare-link").click()
    page.wait_for_url("**/rules/phantom-fury/compare/13b-flooding-ied-retreat.html#13.6.4")
    _settle(page, '[id="13.6.4"]')
    expect(page.locator("#difference-security-element-cf1")).to_be_visible()
    page.screenshot(scale="css", path=screenshots / "03-compare-13.6.4.jpg")

    page.go_back()
    page.locator('[id="13.6.4"] a.lang-switch').click()
    page.wait_for_url("**/rules/phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
    assert problems == []


@pytest.mark.phone
def test_chapter_reads_on_a_phone_in_dark_mode(page, rules_url, screenshots):
    problems = _problems(page)
    page.emulate_media(color_scheme="dark")
    page.goto(rules_url + "phantom-fury/en/13-assault.html#13.4.3")
    _settle(page, '[id="13.4.3"]')
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(part) for part in re.findall(r"\d+", background)[:3])
    assert max(red, green, blue) < 80, f"dark mode background is {background}"
    page.screenshot(scale="css", path=screenshots / "01-phone-dark-13.4.3.jpg")
    page.goto(rules_url + "phantom-fury/tables.html#table-events-usmc")
    _settle(page, "#table-events-usmc")
    assert page.locator('[id="events-usmc-hero"] td.odds').inner_text() == "3/10 (30%)"
    page.screenshot(scale="css", path=screenshots / "02-phone-dark-tables.jpg")
    assert problems == []


def _search(tab, query: str) -> None:
    box = tab.locator("#rulebook-search-q")
    box.fill(query)
    box.press("Enter")


def test_typing_a_rule_number_in_the_search_box_lands_on_that_rule(page, rules_url, screenshots):
    """The sidebar's search box of a Phantom Fury page: "11.4.1" opens 11.4.1's permanent link."""
    problems = _problems(page)
    page.goto(rules_url + "phantom-fury/en/05-counters.html")
    box = page.locator("input.sidebar-search")
    box.fill("11.4.1")
    box.press("Enter")
    page.wait_for_url("**/rules/phantom-fury/en/11-fire-combat.html#11.4.1")
    _settle(page, '[id="11.4.1"]')
    section = page.locator('[id="11.4.1"]')
    assert section.locator(".rule-head").inner_text().startswith("11.4.1")
    text = _words(load_game("phantom-fury").corpus("en").get("11.4.1").text)
    assert text[:80] in _words(section.inner_text())
    page.screenshot(scale="css", path=screenshots / "01-landed-on-11.4.1.jpg")
    page.goto(rules_url + "search.html")
    _search(page, "[13.6.4]")
    page.wait_for_url("**/rules/phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
    assert problems == []


def test_a_rule_number_of_several_games_lists_them_and_a_printed_chapter_opens_it(
    page, rules_url, screenshots
):
    """ "22.0" (a chapter as one book prints it) opens the one game's chapter 22; a number several
    games print lists each of them."""
    from rules_text import available_games

    problems = _problems(page)
    games = {g: set(load_game(g).corpora["en"].by_id) for g in available_games()}
    page.goto(rules_url + "search.html")
    holders = [g for g, ids in games.items() if "22" in ids]
    if len(holders) == 1:
        _search(page, "22.0")
        page.wait_for_url(f"**/rules/{holders[0]}/en/*.html#22")
        _settle(page, '[id="22"]')
        page.screenshot(scale="css", path=screenshots / "01-chapter-22.0.jpg")
        page.goto(rules_url + "search.html")
    every = set().union(*games.values())
    shared = sorted(i for i in every if "." in i and sum(i in ids for ids in games.values()) > 1)
    if shared:
        number = shared[0]
        _search(page, number)
        listed = page.locator("#rulebook-search-results a.rulebook-search-link")
        listed.first.wait_for()
        expected = sorted(g for g, ids in games.items() if number in ids)
        hrefs = [listed.nth(i).get_attribute("href") for i in range(listed.count())]
        assert sorted(h.split("/")[0] for h in hrefs) == expected
        assert all(h.endswith(f"#{number}") for h in hrefs)
        page.screenshot(scale="css", path=screenshots / "02-several-games.jpg")
    assert problems == []


def test_words_return_rule_sections_with_snippets_ranked_as_the_companion_ranks_them(
    page, rules_url, screenshots, tmp_path, monkeypatch
):
    """Every query of every game's relevance suite, run by the site's search in the browser,
    gives the companion's hits (ids, languages, kinds, snippets, scores) in the same order."""
    from pathlib import Path

    import yaml

    from rules_text import available_games
    from rules_text import search as companion
    from rules_text.loading import fingerprint

    # the companion's index built apart: other processes replace the shared ~/.cache one
    monkeypatch.setenv("FALLUJAH_CACHE_DIR", str(tmp_path / "cache"))
    problems = _problems(page)
    page.goto(rules_url + "search.html?q=pinned+squad+move&game=phantom-fury")
    hits = page.locator("#rulebook-search-results li.rulebook-search-hit")
    hits.first.wait_for()
    first = companion.search("pinned squad move", game="phantom-fury", limit=30).hits
    assert hits.count() == len(first)
    assert hits.first.locator("a").get_attribute("href").endswith(f"#{first[0].id}")
    marks = hits.first.locator(".rulebook-search-snippet mark")
    assert marks.count() >= 2
    page.screenshot(scale="css", path=screenshots / "01-pinned-squad-move.jpg", full_page=True)

    root = Path(__file__).resolve().parent / "search_queries"
    suites = {game_id: [root / f"{game_id}.yaml", root / "players" / f"{game_id}.yaml"] for game_id in available_games()}
    queries = {
        game_id: [item["q"] for path in paths if path.is_file()
                  for item in yaml.safe_load(path.read_text(encoding="utf-8"))]
        for game_id, paths in suites.items()
    }
    queries["all"] = [q for game_queries in list(queries.values()) for q in game_queries]
    built = page.evaluate("Object.fromEntries(Object.entries(RulebookIndexes).map(([g, i]) => [g, i.fingerprint]))")
    assert built == {g: fingerprint(g) for g in available_games()}, "the data changed since the site was built"
    checked = 0
    for game_id, asked in queries.items():
        site = page.evaluate(
            "([game, queries]) => queries.map(q => RulebookSearch.search(q, {game: game, limit: 10}))",
            [game_id, asked],
        )
        for query, found in zip(asked, site, strict=True):
            expected = companion.search(query, game=game_id, limit=10)
            assert [(h["game"], h["id"], h["lang"], h["kind"], h["snippet"]) for h in found["hits"]] == [
                (h.game, h.id, h.lang, h.kind, h.snippet) for h in expected.hits
            ], (game_id, query)
            assert [h["score"] for h in found["hits"]] == pytest.approx([h.score for h in expected.hits])
            assert found["suggestion"] == expected.suggestion, (game_id, query)
            checked += 1
    assert checked >= 80
    assert problems == []


def test_the_search_works_offline_from_the_files(page, tmp_path_factory, screenshots):
    """Opened from file:// (no server): the indexes are scripts, so the search still runs."""
    html, _seconds = build_site(tmp_path_factory)
    problems = _problems(page)
    page.goto((html / "search.html").as_uri() + "?q=sniper+attack&game=phantom-fury")
    hit = page.locator("#rulebook-search-results li.rulebook-search-hit").first
    hit.wait_for()
    assert "11.4" in hit.locator("a").inner_text()
    page.screenshot(scale="css", path=screenshots / "01-offline-words.jpg")
    page.goto((html / "search.html").as_uri() + "?q=11.4.1")
    page.wait_for_url("**/phantom-fury/en/11-fire-combat.html#11.4.1")
    assert problems == []


def test_an_old_address_sends_the_browser_to_the_moved_page_with_its_anchor(page, rules_url):
    problems = _problems(page)
    page.goto(rules_url + "en/11-fire-combat.html#11.4.1")
    page.wait_for_url("**/rules/phantom-fury/en/11-fire-combat.html#11.4.1")
    page.goto(rules_url)
    expect(page.locator(".game-card")).to_have_count(len(__import__("rules_text").available_games()))
    assert problems == []


# -- A tapped reference opens the rule over the page (issue 17, item 1) --------------------------

SHEET_OUTPUT = OUTPUT.parent / "site-sheet"
DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
              "has_touch": True},
    "desktop": {"viewport": {"width": 1366, "height": 900}, "has_touch": True},
}
#: the sheet's words in each language of a page: (its Close button, its link to the full rule)
SHEET_WORDS = {"en": ("Close", "Open the full rule"), "fr": ("Fermer", "Ouvrir la règle entière")}
#: a point of the page a tap can land on without meeting a link, a control or the sheet
EMPTY_SPOT = """() => {
  const sheet = document.getElementById("rule-sheet");
  for (let y = 60; y < window.innerHeight - 20; y += 37) {
    for (let x = 10; x < window.innerWidth - 10; x += 41) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !sheet.contains(hit) && !hit.closest("a, button, input, label, summary, select, textarea")) {
        return [x, y];
      }
    }
  }
  return null;
}"""


@pytest.fixture
def sheet_shots(request) -> Path:
    """This test's screenshots: ``test-output/site-sheet/<test name>/``."""
    folder = SHEET_OUTPUT / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def device(pages, request):
    """A page at the device's size, with touch (``page.tap``); ``request.param``: phone or desktop."""
    with pages.lend(**DEVICES[request.param], service_workers="block") as tab:
        yield request.param, tab


#: the page's scrollY once two frames running see it unchanged (a scroll can land a pixel later)
STEADY_SCROLL = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  let last = NaN;
  for (let i = 0; i < 120; i++) { await frame(); if (window.scrollY === last) return last; last = window.scrollY; }
  throw new Error("the page never stopped scrolling: " + last);
}"""


def _centre(tab, link) -> int:
    """Scroll the link to the middle of the screen at once (no smooth scroll); the page's scrollY
    once it has settled."""
    link.evaluate("el => el.scrollIntoView({block: 'center', behavior: 'instant'})")
    return tab.evaluate(STEADY_SCROLL)


def _tap_open(tab, link):
    """Tap a reference; the sheet, open and holding the focus on its Close button."""
    link.tap()
    sheet = tab.get_by_role("dialog")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".sheet-close")).to_be_focused()
    return sheet


def _closed_back(tab, sheet, link, scroll_y: int, url: str) -> None:
    """The sheet is closed, the focus is back on the link, the page has not moved nor left."""
    expect(sheet).to_be_hidden()
    expect(link).to_be_focused()
    assert tab.evaluate("window.scrollY") == scroll_y
    assert tab.url == url
    popup = tab.locator("#rule-preview-popup")
    assert popup.count() == 0 or not popup.is_visible(), "the hover preview came back with the focus"


def _check_accessible(tab, sheet, where: str) -> None:
    """The page with the sheet open: controls labelled, text contrast >= 4.5:1 (3:1 large) in the
    light and the dark theme (the companion's audit), the sheet's controls at least 24 px each way
    and a visible focus ring on each as Tab reaches it (the focus stays in the sheet)."""
    from tests.browser import AUDIT

    for scheme in ("dark", "light"):
        tab.emulate_media(color_scheme=scheme)
        found = tab.evaluate(AUDIT)
        assert found["unlabelled"] == [], (where, scheme, found["unlabelled"])
        assert found["skips"] == [], (where, scheme, found["skips"])
        assert found["low"] == [], (where, scheme, sorted(set(found["low"]))[:12])
    controls = sheet.locator("a[href], button")
    for index in range(controls.count()):
        box = controls.nth(index).bounding_box()
        assert box and box["width"] >= 24 and box["height"] >= 24, (where, controls.nth(index).inner_text(), box)
    for _ in range(controls.count() + 1):
        tab.keyboard.press("Tab")
        ring = tab.evaluate("""() => { const el = document.activeElement; const s = getComputedStyle(el);
            return [document.getElementById("rule-sheet").contains(el), s.outlineStyle !== "none"
              && parseFloat(s.outlineWidth) >= 2, el.outerHTML.slice(0, 80)]; }""")
        assert ring[0] and ring[1], (where, ring)
    sheet.locator(".sheet-close").focus()


def _result_differences(section_id: str) -> list[str]:
    from rules_text.register import load_register

    return [d.changes for d in load_register("phantom-fury").values()
            if d.severity == "result" and section_id in d.sections]


@pytest.mark.parametrize("device", ["phone", "desktop"], indirect=True)
def test_a_tap_on_a_reference_opens_the_rule_over_the_page_and_closes_back_to_the_same_place(
    device, rules_url, sheet_shots
):
    """12.3.2.1 cites [13.6.4], whose English and French rulebooks give 3 different results: a tap
    opens 13.6.4 over the page (a sheet from the bottom on a phone, a popover beside the link on a
    desktop) with its text and its differences; Close, Escape and a tap outside give the page back
    where it was with the focus on the link; "Open the full rule" goes to the rule's permalink."""
    name, tab = device
    problems = _problems(tab)
    url = rules_url + "phantom-fury/en/12-movement.html"
    tab.goto(url)
    link = tab.locator('[id="12.3.2.1"] a.rule-ref[href="13b-flooding-ied-retreat.html#13.6.4"]')
    expect(link).to_have_count(1)
    scroll_y = _centre(tab, link)
    assert scroll_y > 1000

    sheet = _tap_open(tab, link)
    assert sheet.get_attribute("aria-modal") == "true"
    expect(sheet).to_have_accessible_name(re.compile(r"^13\.6\.4 Security Elements and Retreat Movement"))
    text = _words(load_game("phantom-fury").corpus("en").get("13.6.4").text)
    assert text[:150] in _words(sheet.inner_text())
    banner = sheet.locator(".difference-banner")
    changes = _result_differences("13.6.4")
    assert len(changes) == 3
    expect(banner).to_contain_text("The English and French rulebooks give 3 different results here:")
    for change in changes:
        assert _words(change) in _words(banner.inner_text())
    assert sheet.locator(".sheet-text mark.difference-mark").count() >= 1
    full = sheet.get_by_role("link", name="Open the full rule")
    assert full.get_attribute("href") == "13b-flooding-ied-retreat.html#13.6.4"
    box = sheet.bounding_box()
    if name == "phone":  # a sheet from the bottom, the whole width
        assert "popover" not in (sheet.get_attribute("class") or "")
        assert (box["x"], box["width"]) == (0, 390) and abs(box["y"] + box["height"] - 844) < 1
    else:  # a popover beside the link, inside the window
        assert "popover" in (sheet.get_attribute("class") or "")
        assert box["width"] <= 520 and box["x"] >= 16 and box["y"] >= 0 and box["y"] + box["height"] <= 900
    assert tab.evaluate("window.scrollY") == scroll_y and tab.url == url
    tab.screenshot(scale="css", path=sheet_shots / f"01-{name}-tap-13.6.4.jpg")
    _check_accessible(tab, sheet, f"{name}: 12-movement with the 13.6.4 sheet")
    tab.emulate_media(color_scheme="dark")
    tab.screenshot(scale="css", path=sheet_shots / f"02-{name}-dark-13.6.4.jpg")
    tab.emulate_media(color_scheme="light")

    sheet.get_by_role("button", name="Close").tap()
    _closed_back(tab, sheet, link, scroll_y, url)
    tab.screenshot(scale="css", path=sheet_shots / f"03-{name}-closed-same-place.jpg")

    _tap_open(tab, link)
    tab.keyboard.press("Escape")
    _closed_back(tab, sheet, link, scroll_y, url)

    _tap_open(tab, link)
    spot = tab.evaluate(EMPTY_SPOT)
    assert spot is not None
    tab.touchscreen.tap(*spot)
    _closed_back(tab, sheet, link, scroll_y, url)

    _tap_open(tab, link)
    full.tap()
    tab.wait_for_url("**/rules/phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
    _settle(tab, '[id="13.6.4"]')
    expect(tab.locator('[id="13.6.4"] .rule-head')).to_contain_text("13.6.4")
    tab.screenshot(scale="css", path=sheet_shots / f"04-{name}-full-rule-13.6.4.jpg")

    if name == "desktop":  # a mouse click still goes to the rule (the preview showed on hover)
        tab.goto(url)
        link.click()
        tab.wait_for_url("**/rules/phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
        expect(tab.locator("#rule-sheet")).to_have_count(0)
    assert problems == []


@pytest.mark.parametrize("device", ["phone"], indirect=True)
def test_a_french_page_opens_the_sheet_in_french_offline_from_the_files(device, tmp_path_factory, sheet_shots):
    """From file:// (no server, no network): on a French chapter page the "Cité par" link to 13.6.4
    opens the French 13.6.4 with the banner in French and the French controls."""
    name, tab = device
    html, _seconds = build_site(tmp_path_factory)
    problems = _problems(tab)
    url = (html / "phantom-fury/fr/12-movement.html").as_uri()
    tab.goto(url)
    link = tab.locator('.rule-meta a.backlink[href="13b-flooding-ied-retreat.html#13.6.4"]')
    expect(link).to_have_count(1)
    scroll_y = _centre(tab, link)
    sheet = _tap_open(tab, link)
    close, open_full = SHEET_WORDS["fr"]
    expect(sheet.get_by_role("button", name=close)).to_be_focused()
    assert sheet.get_attribute("lang") == "fr"
    assert sheet.locator(".sheet-body").get_attribute("lang") == "fr"
    expect(sheet).to_have_accessible_name(re.compile(r"^13\.6\.4 Security Element vs\. Mouvement de repli"))
    assert _words(load_game("phantom-fury").corpus("fr").get("13.6.4").text)[:150] in _words(sheet.inner_text())
    expect(sheet.locator(".difference-banner")).to_contain_text(
        "Les livrets anglais et français donnent ici 3 résultats différents :"
    )
    assert sheet.get_by_role("link", name=open_full).get_attribute("href") == "13b-flooding-ied-retreat.html#13.6.4"
    tab.screenshot(scale="css", path=sheet_shots / f"01-{name}-french-13.6.4.jpg")
    _check_accessible(tab, sheet, "fr/12-movement with the 13.6.4 sheet")
    sheet.get_by_role("button", name=close).tap()
    _closed_back(tab, sheet, link, scroll_y, url)
    assert problems == []


def _first_cited(html: Path, game_id: str) -> tuple[str, str]:
    """A page of the game citing a rule, its chapters first (the card game's chapters cite none,
    its glossary does): (the page, the link's href)."""
    from tests.test_site import parse

    pages = sorted((html / game_id).rglob("*.html"), key=lambda p: (p.parent.name != "en", p.as_posix()))
    for path in pages:
        page = parse(path)
        for link in page.links:
            if "rule-ref" in link.classes and link.place != "previews" and link.href in page.previews:
                return path.relative_to(html).as_posix(), link.href
    raise AssertionError(f"no page of {game_id} cites a rule")


@pytest.mark.parametrize("device", ["phone"], indirect=True)
def test_a_tap_opens_a_cited_rule_on_every_games_pages(device, rules_url, tmp_path_factory, sheet_shots):
    """Every game the site builds: a tap on the first rule its pages cite opens that rule."""
    from rules_text import available_games

    name, tab = device
    html, _seconds = build_site(tmp_path_factory)
    problems = _problems(tab)
    for game_id in available_games():
        page_path, href = _first_cited(html, game_id)
        url = rules_url + page_path
        tab.goto(url)
        label = tab.locator(f'.rule-previews .rule-preview[data-href="{href}"] .rule-preview-label').text_content()
        assert label
        link = tab.locator(f'article a.rule-ref[href="{href}"]').first
        scroll_y = _centre(tab, link)
        sheet = _tap_open(tab, link)
        expect(sheet.locator("#rule-sheet-title")).to_have_text(label)
        assert sheet.get_by_role("link", name="Open the full rule").get_attribute("href") == href
        tab.screenshot(scale="css", path=sheet_shots / f"01-{name}-{game_id}.jpg")
        sheet.get_by_role("button", name="Close").tap()
        _closed_back(tab, sheet, link, scroll_y, url)
    assert problems == []
