"""The rules site installs on a phone and works with the network cut (issue 21, item 8).

The built site is served over http://127.0.0.1 by the companion under ``/rules/`` (a service worker
needs http(s) or localhost, not file://). A phone-sized browser loads it once, the service worker
stores the whole site, then the network is cut (``context.set_offline(True)``): the rules, the
search, a rule's sheet and the odds tables still open. Screenshots: test-output/screenshots/<test>/.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from rules_text import load_game
from tests.browser import VIEWPORTS
from tests.test_site_browser import rules_url  # noqa: F401  (the fixture: the site served under /rules/)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_site_installs_and_works_with_the_network_cut(browser, rules_url, screenshots):  # noqa: F811
    context = browser.new_context(**{**VIEWPORTS["phone"], "service_workers": "allow"})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        tab.goto(rules_url)
        # installable: the manifest every page links, with its start page, scope and icon
        href = tab.locator('link[rel="manifest"]').get_attribute("href")
        manifest = tab.evaluate("async (href) => (await fetch(href)).json()", href)
        assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
        assert manifest["scope"] == "./" and manifest["icons"] and manifest["name"]
        # the worker has stored the site (it is active once every file is in its cache) and answers
        assert tab.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)") == rules_url + "sw.js"
        tab.wait_for_function("navigator.serviceWorker.controller !== null")
        stored = tab.evaluate("caches.keys().then((keys) => Promise.all(keys.map((k) => caches.open(k)"
                              ".then((c) => c.keys())))).then((lists) => lists.flat().length)")
        assert stored > 100

        context.set_offline(True)
        # the network is cut: a page the worker does not hold cannot be reached
        assert tab.evaluate("fetch('/api/games').then(() => 'reached', () => 'cut')") == "cut"

        # the rules: a chapter, at a rule's anchor, and the landing page by its folder address
        tab.goto(rules_url + "phantom-fury/en/11-fire-combat.html#11.4.1")
        rule = tab.locator('[id="11.4.1"]')
        expect(rule).to_be_visible()
        text = _words(load_game("phantom-fury").corpus("en").get("11.4.1").text)
        assert text[:120] in _words(rule.inner_text())
        tab.screenshot(scale="css", path=screenshots / "01-offline-rule-11.4.1.jpg")
        tab.goto(rules_url)
        expect(tab.locator("h1").first).to_be_visible()

        # the search, with the query in the address
        tab.goto(rules_url + "search.html?q=sniper+attack&game=phantom-fury")
        first = tab.locator("#rulebook-search-results li.rulebook-search-hit").first
        expect(first).to_be_visible()
        assert re.search(r"#11\.4(\.\d+)*$", first.locator("a").first.get_attribute("href"))
        tab.screenshot(scale="css", path=screenshots / "02-offline-search.jpg")

        # a rule's sheet: a tap on a reference opens the cited rule over the page
        tab.goto(rules_url + "phantom-fury/en/12-movement.html")
        link = tab.locator('[id="12.3.2.1"] a.rule-ref[href="13b-flooding-ied-retreat.html#13.6.4"]')
        link.evaluate("el => el.scrollIntoView({block: 'center', behavior: 'instant'})")
        link.tap()
        sheet = tab.get_by_role("dialog")
        expect(sheet).to_be_visible()
        expect(sheet).to_have_accessible_name(re.compile(r"^13\.6\.4 "))
        sheet_text = _words(load_game("phantom-fury").corpus("en").get("13.6.4").text)
        assert sheet_text[:100] in _words(sheet.inner_text())
        tab.screenshot(scale="css", path=screenshots / "03-offline-sheet-13.6.4.jpg")

        # the odds tables of every game
        for game in ("phantom-fury", "battle-for-fallujah", "second-fallujah"):
            tab.goto(rules_url + f"{game}/tables.html")
            expect(tab.locator("table.odds-table").first).to_be_visible()
            assert tab.locator("table.odds-table .odds, table.odds-table td").count() > 0
        tab.screenshot(scale="css", path=screenshots / "04-offline-odds-tables.jpg")
        assert errors == []
    finally:
        context.close()
