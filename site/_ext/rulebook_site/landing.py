"""The site's landing page: every game with its title, designer and publisher as declared,
its rulebook's languages and links to its pages and to the search."""

from __future__ import annotations

from html import escape

from .games import GameInfo
from .links import LANG_NAMES


def _credits(info: GameInfo) -> str:
    parts = []
    if info.designer:
        parts.append(f"Designer: {escape(info.designer)}")
    if info.publisher:
        parts.append(f"Publisher: {escape(info.publisher)}")
    return " · ".join(parts) or "Designer and publisher not printed in the source"


def game_card(info: GameInfo) -> str:
    languages = ", ".join(LANG_NAMES.get(code, code) for code in info.languages)
    dice = f" · Dice: {escape(', '.join(info.dice))}" if info.dice else ""
    home = f"{info.id}/index.html"
    links = [
        f'<a href="{escape(home)}">Rules</a>',
        f'<a href="{escape(info.id)}/tables.html">Tables and odds</a>',
        f'<a href="{escape(info.id)}/glossary.html">Glossary</a>',
        f'<a href="{escape(info.id)}/errata.html">Errata and gaps</a>',
        f'<a href="search.html?game={escape(info.id)}">Search</a>',
    ]
    return (
        f'<section class="game-card" id="game-{escape(info.id)}">'
        f'<h2><a href="{escape(home)}">{escape(info.title)}</a></h2>'
        f'<p class="game-credits">{_credits(info)}</p>'
        f'<p class="game-facts">Rulebook: {escape(languages)}{dice}</p>'
        f'<p class="game-links">{" · ".join(links)}</p></section>'
    )


def landing_html(infos: list[GameInfo]) -> str:
    intro = (
        "<p>The rulebooks of the board wargames about the battles of Fallujah, each rule with "
        'its permanent link. <a href="search.html">Search all of them</a>: a rule number '
        "(<code>11.4.1</code>, <code>22.0</code>) opens the rule, words find the rules that "
        "use them.</p>"
    )
    return intro + '<div class="game-cards">' + "".join(game_card(i) for i in infos) + "</div>"
