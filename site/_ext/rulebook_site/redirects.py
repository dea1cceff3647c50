"""The addresses the site had before it held several games keep working.

The default game's pages (``rules_text.DEFAULT_GAME``) were at the site's root
(``en/11-fire-combat.html#11.4.1``, ``tables.html``); they are now in the game's folder
(``phantom-fury/en/11-fire-combat.html#11.4.1``). Each old address is a small page that sends
the browser on, its ``#anchor`` kept, by ``_static/redirect.js`` (no inline script, so it runs
under the companion's Content-Security-Policy; a ``<noscript>`` refresh and a link otherwise).
"""

from __future__ import annotations

import posixpath
from html import escape
from pathlib import Path

from rules_text import DEFAULT_GAME, available_games

#: the site-wide pages of the root, which are no old address
ROOT_PAGES = {"index.html", "search.html"}


def stub_html(old: str, new: str) -> str:
    """The page standing at ``old`` (a path from the site root) that sends the reader to ``new``."""
    folder = posixpath.dirname(old) or "."
    target = escape(posixpath.relpath(new, folder))
    static = escape(posixpath.relpath("_static", folder))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Moved: {escape(new)}</title>"
        f'<link rel="canonical" href="{target}">'
        f'<link rel="icon" href="{static}/favicon.svg" type="image/svg+xml">'
        f'<meta name="rulebook-moved-to" content="{target}">'
        f'<script src="{static}/redirect.js"></script>'
        f'<noscript><meta http-equiv="refresh" content="0; url={target}"></noscript>'
        "</head><body>"
        f'<p>This page has moved to <a href="{target}">{escape(new)}</a>.</p>'
        "</body></html>\n"
    )


def moved_pages(outdir: Path, game_id: str) -> dict[str, str]:
    """Old address -> new address, for every page of the game's folder but its home page."""
    folder = outdir / game_id
    moved: dict[str, str] = {}
    for page in sorted(folder.rglob("*.html")):
        within = page.relative_to(folder).as_posix()
        if within == "index.html" or within in ROOT_PAGES:
            continue
        moved[within] = f"{game_id}/{within}"
    return moved


def write_redirects(outdir: Path) -> list[str]:
    """Write the stubs of the default game's old addresses; the paths written."""
    if DEFAULT_GAME not in available_games() or not (outdir / DEFAULT_GAME).is_dir():
        return []
    written = []
    for old, new in moved_pages(outdir, DEFAULT_GAME).items():
        path = outdir / old
        if path.exists() and "rulebook-moved-to" not in path.read_text(encoding="utf-8"):
            continue  # never overwrite a page of the site itself
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(stub_html(old, new), encoding="utf-8")
        written.append(old)
    return written
