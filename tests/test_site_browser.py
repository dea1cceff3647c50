"""The rules site in a real browser (Debian's chromium), served by the companion under ``/rules/``
with its Content-Security-Policy: hover and keyboard previews of cited rules, the language
switch on 13.6.4, the phone layout and dark mode. Screenshots: test-output/screenshots/<test>/."""

from __future__ import annotations

import re
import shutil

import pytest
from playwright.sync_api import expect

from rules_text import load_game
from tests.test_site import build_site


@pytest.fixture
def rules_url(live_server, tmp_path, tmp_path_factory) -> str:
    """The built site copied where the live server serves it; its ``/rules/`` URL."""
    html, _seconds = build_site(tmp_path_factory.mktemp("site"))
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
    page.screenshot(path=screenshots / "01-hover-11.5.png")

    page.mouse.move(5, 5)
    popup.wait_for(state="hidden")

    other = page.locator('[id="11.1.3-note-1"] a.rule-ref[href="12-movement.html#12.7.2"]')
    other.scroll_into_view_if_needed()
    other.focus()
    popup.wait_for(state="visible")
    assert _words(game.corpus("en").get("12.7.2").text)[:60] in _words(popup.inner_text())
    page.screenshot(path=screenshots / "02-focus-preview.png")
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
    page.screenshot(path=screenshots / "01-english-13.6.4.png")

    section.locator("a.lang-switch").click()
    page.wait_for_url("**/rules/phantom-fury/fr/13b-flooding-ied-retreat.html#13.6.4")
    french = page.locator('[id="13.6.4"]')
    assert "Security Element vs. Mouvement de repli" in french.inner_text()
    assert french.is_visible()
    _settle(page, '[id="13.6.4"]')  # the browser scrolled to the anchor
    page.screenshot(path=screenshots / "02-french-13.6.4.png")

    french.locator(".rule-meta a.compare-link").click()
    page.wait_for_url("**/rules/phantom-fury/compare/13b-flooding-ied-retreat.html#13.6.4")
    _settle(page, '[id="13.6.4"]')
    expect(page.locator("#difference-security-element-cf1")).to_be_visible()
    page.screenshot(path=screenshots / "03-compare-13.6.4.png")

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
    page.screenshot(path=screenshots / "01-phone-dark-13.4.3.png")
    page.goto(rules_url + "phantom-fury/tables.html#table-events-usmc")
    _settle(page, "#table-events-usmc")
    assert page.locator('[id="events-usmc-hero"] td.odds').inner_text() == "3/10 (30%)"
    page.screenshot(path=screenshots / "02-phone-dark-tables.png")
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
    page.screenshot(path=screenshots / "01-landed-on-11.4.1.png")
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
        page.screenshot(path=screenshots / "01-chapter-22.0.png")
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
        page.screenshot(path=screenshots / "02-several-games.png")
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
    page.screenshot(path=screenshots / "01-pinned-squad-move.png", full_page=True)

    root = Path(__file__).resolve().parent / "search_queries"
    suites = {game_id: root / f"{game_id}.yaml" for game_id in available_games()}
    queries = {
        game_id: [item["q"] for item in yaml.safe_load(path.read_text(encoding="utf-8"))]
        for game_id, path in suites.items()
        if path.is_file()
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
    html, _seconds = build_site(tmp_path_factory.mktemp("site"))
    problems = _problems(page)
    page.goto((html / "search.html").as_uri() + "?q=sniper+attack&game=phantom-fury")
    hit = page.locator("#rulebook-search-results li.rulebook-search-hit").first
    hit.wait_for()
    assert "11.4" in hit.locator("a").inner_text()
    page.screenshot(path=screenshots / "01-offline-words.png")
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
