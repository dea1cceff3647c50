"""A page lent to a browser test comes back as new (tests/browser.py ``Pages``): what one test
leaves in it (storage, cookies, listeners, routes, media emulation, other pages) never reaches the
next test that borrows it."""

from __future__ import annotations

from tests.browser import VIEWPORTS

LEFT = """() => { sessionStorage.setItem("left", "1"); localStorage.setItem("left", "1");
                  document.cookie = "left=1; path=/"; }"""
FOUND = """() => [sessionStorage.getItem("left"), localStorage.getItem("left"), document.cookie,
                  matchMedia("(prefers-color-scheme: dark)").matches]"""


def test_a_page_given_back_keeps_nothing_of_the_test_that_had_it(pages, live_server):
    address = f"{live_server.url}/games/new"
    heard: list[str] = []
    with pages.lend(**VIEWPORTS["phone"]) as first:
        first.goto(address)
        first.evaluate(LEFT)
        first.emulate_media(color_scheme="dark")
        first.on("console", lambda message: heard.append(message.text))
        first.route("**/games/new", lambda route: route.fulfill(body="routed"))
        first.context.new_page()
        assert first.evaluate(FOUND) == ["1", "1", "left=1", True]
    with pages.lend(**VIEWPORTS["phone"]) as second:
        assert second is first  # the same page, lent again
        assert second.url == "about:blank"
        assert second.context.pages == [second]
        second.goto(address)
        assert "routed" not in second.content()
        second.evaluate("console.log('said')")
        assert second.evaluate(FOUND) == [None, None, "", False]
    assert heard == []


def test_a_page_that_opened_a_file_is_not_lent_again(pages, tmp_path):
    sheet = tmp_path / "page.html"
    sheet.write_text("<!doctype html><title>a file</title>", encoding="utf-8")
    with pages.lend(**VIEWPORTS["desktop"]) as first:
        first.goto(sheet.as_uri())
    assert first.is_closed()
    with pages.lend(**VIEWPORTS["desktop"]) as second:
        assert second is not first
        assert second.url == "about:blank"
