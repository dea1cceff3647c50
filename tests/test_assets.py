"""Static files a phone keeps (web/assets.py): each static URL a page gives carries its file's
fingerprint and is kept a year; a URL without one is revalidated; an edited file gets a new URL."""

from __future__ import annotations

import re

from web.assets import KEPT_SECONDS, fingerprint

from .test_web_fixtures import ORDER_OF_BATTLE, sqlite_client


def test_every_static_url_of_a_game_page_is_fingerprinted_and_kept_a_year(tmp_path):
    with sqlite_client(tmp_path) as client:
        game = client.post("/api/games", json=ORDER_OF_BATTLE).get_json()
        html = client.get(f"/games/{game['id']}").get_data(as_text=True)
        urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
        assert any("/static/games/" in u for u in urls) and any("app.js" in u for u in urls)
        for url in urls:
            assert re.search(r"\?v=[0-9a-f]{12}$", url), url
            kept = client.get(url)
            assert kept.status_code == 200, url
            assert kept.cache_control.max_age == KEPT_SECONDS and kept.cache_control.immutable, url
            assert not kept.cache_control.no_cache, url
        plain = client.get("/static/app.js")
        assert plain.status_code == 200 and plain.cache_control.no_cache and not plain.cache_control.immutable


def test_an_edited_file_gets_a_new_fingerprint(tmp_path):
    path = tmp_path / "app.js"
    path.write_text("one();")
    first = fingerprint(path)
    path.write_text("two(); three();")
    assert first is not None and fingerprint(path) not in (None, first)
    assert fingerprint(tmp_path / "missing.js") is None and fingerprint(tmp_path) is None
