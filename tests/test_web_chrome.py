"""Issue 20, item 4: the header, the titles, the header search and the ``serve`` banner name the
game in play, or the product where no game is in play; the search page has a game selector;
``fallujah check`` without --game checks every game (tests/test_cli_rules.py)."""

from __future__ import annotations

import re
import socket
import subprocess
import time

import pytest

from tests.test_web_fixtures import app, client  # noqa: F401  (fixtures)
from web import games as registry

from .conftest import FALLUJAH


def _chrome(html: str) -> tuple[str, str, list[str]]:
    """The page's title, the header's brand and the game the header search sends."""
    title = re.search(r"<title>(.*?)</title>", html, re.DOTALL).group(1).strip()  # type: ignore[union-attr]
    brand = re.search(r'class="brand"[^>]*>(.*?)</a>', html).group(1)  # type: ignore[union-attr]
    header = html.split('id="header-search"', 1)[1].split("</form>", 1)[0]
    return title, brand, re.findall(r'name="game" value="([^"]*)"', header)


@pytest.mark.parametrize("url", ["/", "/search", "/search?q=sniper&game=all", "/games/new"])
def test_a_page_about_no_game_names_the_product(client, url):  # noqa: F811
    title, brand, searched = _chrome(client.get(url).get_data(as_text=True))
    assert searched == []  # the header search searches every game
    assert brand == "Fallujah companion" and title.endswith("Fallujah companion") and "Phantom Fury" not in title


@pytest.mark.parametrize("game", sorted(registry.known_games()))
def test_a_page_of_a_game_names_it_and_its_header_search_searches_it(client, game):  # noqa: F811
    name = registry.declaration(game).name
    for url in (f"/calculator/?game={game}", f"/search?game={game}"):
        title, brand, searched = _chrome(client.get(url).get_data(as_text=True))
        assert name in brand and name in title, (url, title, brand)
        assert searched == [game]
        if game != "phantom-fury":
            assert "Phantom Fury" not in title + brand


def test_the_header_search_from_a_battle_for_fallujah_page_finds_its_22_2(client):  # noqa: F811
    html = client.get("/search?q=22.2&game=battle-for-fallujah").get_data(as_text=True)
    first = re.search(r'<a href="([^"]+)"><strong>([^<]+)</strong>', html)
    assert first is not None and first.group(1) == "/rule/en/22.2?game=battle-for-fallujah"
    assert "phantom-fury" not in html.split('class="plain results"', 1)[1]


def test_the_search_page_offers_every_game_and_all_of_them(client):  # noqa: F811
    html = client.get("/search?q=22.2&game=all").get_data(as_text=True)
    select = html.split('<select id="game" name="game">', 1)[1].split("</select>", 1)[0]
    values = re.findall(r'<option value="([^"]+)"', select)
    assert values == ["all", *registry.known_games()]
    assert '<option value="all" selected>' in select
    # every game's hit links into its own rulebook
    links = re.findall(r'<a href="(/rule/[^"]+)"><strong>', html)
    assert "/rule/en/22.2?game=battle-for-fallujah" in links
    unknown = client.get("/search?q=22.2&game=chess")
    assert unknown.status_code == 404 and "chess" in unknown.get_data(as_text=True)


def _banner(*args: str, tmp_path) -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([str(FALLUJAH), "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'b.sqlite3'}", *args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        assert server.stdout is not None
        line = server.stdout.readline()
        assert time.monotonic() < deadline
        return line
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_serve_banner_names_the_product_or_the_game_asked_for(tmp_path):
    plain = _banner(tmp_path=tmp_path)
    assert plain.startswith("Serving the Fallujah companion (every game) on http://127.0.0.1:") and "Phantom Fury" not in plain
    asked = _banner("--game", "second-fallujah", tmp_path=tmp_path)
    assert asked.startswith("Serving the Second Fallujah companion on")
