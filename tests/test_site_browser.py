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
    the companion's own missing ``/favicon.ico`` is not the site's."""
    found: list[str] = []
    tab.on("pageerror", lambda exc: found.append(str(exc)))
    tab.on(
        "console",
        lambda msg: (
            found.append(msg.text)
            if msg.type == "error" and not msg.location.get("url", "").endswith("/favicon.ico")
            else None
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
    page.goto(rules_url + "en/11-fire-combat.html#11.4.1.1")
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
    page.goto(rules_url + "en/13b-flooding-ied-retreat.html#13.6.4")
    _settle(page, '[id="13.6.4"]')
    section = page.locator('[id="13.6.4"]')
    assert "Security Elements and Retreat Movement" in section.inner_text()
    page.screenshot(path=screenshots / "01-english-13.6.4.png")

    section.locator("a.lang-switch").click()
    page.wait_for_url("**/rules/fr/13b-flooding-ied-retreat.html#13.6.4")
    french = page.locator('[id="13.6.4"]')
    assert "Security Element vs. Mouvement de repli" in french.inner_text()
    assert french.is_visible()
    _settle(page, '[id="13.6.4"]')  # the browser scrolled to the anchor
    page.screenshot(path=screenshots / "02-french-13.6.4.png")

    french.locator("a.compare-link").click()
    page.wait_for_url("**/rules/compare/13b-flooding-ied-retreat.html#13.6.4")
    _settle(page, '[id="13.6.4"]')
    expect(page.locator("#difference-security-element-cf1")).to_be_visible()
    page.screenshot(path=screenshots / "03-compare-13.6.4.png")

    page.go_back()
    page.locator('[id="13.6.4"] a.lang-switch').click()
    page.wait_for_url("**/rules/en/13b-flooding-ied-retreat.html#13.6.4")
    assert problems == []


@pytest.mark.phone
def test_chapter_reads_on_a_phone_in_dark_mode(page, rules_url, screenshots):
    problems = _problems(page)
    page.emulate_media(color_scheme="dark")
    page.goto(rules_url + "en/13-assault.html#13.4.3")
    _settle(page, '[id="13.4.3"]')
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(part) for part in re.findall(r"\d+", background)[:3])
    assert max(red, green, blue) < 80, f"dark mode background is {background}"
    page.screenshot(path=screenshots / "01-phone-dark-13.4.3.png")
    page.goto(rules_url + "tables.html#table-events-usmc")
    _settle(page, "#table-events-usmc")
    assert page.locator('[id="events-usmc-hero"] td.odds').inner_text() == "3/10 (30%)"
    page.screenshot(path=screenshots / "02-phone-dark-tables.png")
    assert problems == []


def test_sphinx_search_finds_rules_in_both_languages(page, rules_url, screenshots):
    problems = _problems(page)
    for query, folder in (("mouvement de repli", "fr/"), ("sniper attack", "en/")):
        page.goto(rules_url + f"search.html?q={query.replace(' ', '+')}")
        results = page.locator("#search-results ul.search li a")
        results.first.wait_for()
        hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
        assert any(folder in href for href in hrefs), f"{query!r} found {hrefs[:5]}"
        page.screenshot(path=screenshots / f"search-{folder.strip('/')}.png")
    assert problems == []
