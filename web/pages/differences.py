"""Where the English and French rulebooks differ in a way that changes a result (issue 17, item 6):
the registered differences of a rule (``rules_text.register``, severity ``result``), the rulebook
the game follows, the comparison to read, and the differing sentences marked in a rule's text."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from flask import current_app
from markupsafe import Markup

from rules_text.compare.highlight import mark_quote
from rules_text.register import Difference, load_register

from .helpers import current_game, rule_url, rules_of, site_built


@dataclass(frozen=True)
class Banner:
    """What the banner over a rule says: its differences, the game's rulebook, the comparison."""

    differences: list[Difference]
    #: "en" or "fr": the rulebook the game follows where they differ (chosen at setup), if known
    ruleset: str | None
    compare: str


def result_differences(section_id: str) -> list[Difference]:
    """The registered result-level differences printed in this section."""
    try:
        register = load_register(current_game())
    except Exception:  # noqa: BLE001 - a game without a readable register shows no banner
        return []
    return [d for d in register.values() if d.severity == "result" and section_id in d.sections]


def compare_url(section: Any, difference: Difference) -> str:
    """The side-by-side page of the section on the static site when built, else the other
    rulebook's text of the rule in this app."""
    if site_built():
        root = Path(current_app.config["SITE_DIR"])
        stem = PurePosixPath(section.file).stem
        game = current_game()
        for prefix in (f"{game}/compare", "compare"):
            if (root / prefix / f"{stem}.html").is_file():
                return f"/rules/{prefix}/{stem}.html#{section.id}"
        for prefix in (f"{game}/", ""):
            if (root / prefix / "differences.html").is_file():
                return f"/rules/{prefix}differences.html#difference-{difference.id}"
    other = "fr" if section.lang == "en" else "en"
    return rule_url(other, section.id)


def banner(section: Any, game: dict[str, Any] | None) -> Banner | None:
    found = result_differences(section.id)
    if not found:
        return None
    ruleset = (game or {}).get("ruleset")
    return Banner(found, ruleset if ruleset in ("en", "fr") else None, compare_url(section, found[0]))


def marked(paragraphs: list[Markup], differences: list[Difference], lang: str) -> list[Markup]:
    """The paragraphs with each difference's quote in this language marked (``<mark>``), wherever
    its words stand inside one paragraph, across links (:func:`rules_text.compare.highlight.mark_quote`)."""
    out = []
    for paragraph in paragraphs:
        html = str(paragraph)
        for difference in differences:
            html, _found = mark_quote(html, getattr(difference, lang, "") or "")
        out.append(Markup(html))
    return out


def other_text(section_id: str, lang: str) -> bool:
    """The section exists in the other rulebook too."""
    other = "fr" if lang == "en" else "en"
    return section_id in rules_of().corpora.get(other, {})
