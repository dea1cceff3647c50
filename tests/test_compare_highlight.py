"""The compare view highlights every registered difference in the text (issue 21, item 7): in the
terminal (the sentences it quotes), on the site's compare pages and banners and on the companion's
rule pages (its words marked across links, :mod:`rules_text.compare.highlight`)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from rules_text.compare.align import align, sentences
from rules_text.compare.highlight import mark_quote, mark_quotes
from rules_text.compare.render import hot_beads
from rules_text.compare.report import Comparison
from rules_text.loading import load_game
from rules_text.register import load_register

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site" / "_ext"))

GAME = "phantom-fury"
REGISTER = load_register(GAME)
#: (difference, section, language) wherever a registered quote is printed in a section's text
PLACES = [
    (d.id, section, lang)
    for d in REGISTER.values() if d.table is None
    for section in d.sections
    for lang in ("en", "fr")
    if section in load_game(GAME).corpus(lang).by_id
]


def test_a_quote_broken_by_links_is_marked_piece_by_piece():
    html = 'la fin de <a href="#x">13.4.8.1</a> est remplie. Autre.'
    marked, found = mark_quote(html, "la fin de 13.4.8.1 est remplie.")
    assert found
    assert marked == ('<mark class="difference-mark">la fin de </mark><a href="#x">'
                      '<mark class="difference-mark">13.4.8.1</mark></a>'
                      '<mark class="difference-mark"> est remplie.</mark> Autre.')


def test_entities_apostrophes_and_line_breaks_read_as_the_register_quotes_them():
    html = "a &#39;No Insurgents Event&#39;<br>\nmarker in the Zone"
    marked, found = mark_quote(html, "a ‘No Insurgents Event’ marker in the Zone")
    assert found and marked.startswith('<mark class="difference-mark">a &#39;No Insurgents Event&#39;</mark><br>')
    assert mark_quote("nothing here", "a quote that is not there") == ("nothing here", False)
    assert mark_quotes("short", ["sho"]) == "short"


def test_every_registered_difference_of_13_6_4_is_marked_on_the_companions_rule_page(tmp_path):
    from web.app import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "TESTING": True})
    client = app.test_client()
    for lang in ("en", "fr"):
        page = client.get(f"/rule/{lang}/13.6.4").get_data(as_text=True)
        marked = " ".join(re.findall(r'<mark class="difference-mark">(.*?)</mark>', page))
        for difference in REGISTER.values():
            if difference.section == "13.6.4":
                first_words = " ".join(getattr(difference, lang).replace("’", "&#39;").replace("‘", "&#39;").split()[:4])
                assert first_words in marked.replace("’", "&#39;").replace("‘", "&#39;"), (lang, difference.id)
    app.extensions["fallujah.store"].engine.dispose()


@pytest.mark.parametrize(("difference", "section_id", "lang"), PLACES)
def test_every_registered_difference_is_marked_on_the_site(difference, section_id, lang):
    from rulebook_site.differences import marked_quotes
    from rulebook_site.emit import block_html
    from rulebook_site.inline import context_for, section_blocks
    from rulebook_site.links import Linker

    game = load_game(GAME)
    section = game.corpus(lang).by_id[section_id]
    quote = getattr(REGISTER[difference], lang)
    words = " ".join(quote.replace("’", "'").replace("‘", "'").split()).casefold()
    if words not in " ".join(section.text.replace("’", "'").replace("‘", "'").split()).casefold():
        assert section_id != REGISTER[difference].section, "a quote must stand in its own section"
        pytest.skip("the quote stands in its own section; this one (also_in) prints the difference in other words")
    linker = Linker(game, "{n}", False)
    html = block_html(section_blocks(section, context_for(section, linker)), "phantom-fury/compare/x")
    assert 'class="difference-mark"' in marked_quotes(html, [REGISTER[difference]], section_id, lang)


@pytest.mark.parametrize("difference", [d.id for d in REGISTER.values() if d.table is None])
def test_every_registered_difference_is_highlighted_in_the_terminal(difference):
    game = load_game(GAME)
    comparison = Comparison(game)
    entry = REGISTER[difference]
    report = comparison.section(entry.section)
    if report.en is None or report.fr is None:
        pytest.skip("one rulebook lacks the section: the whole text is shown as one-sided")
    en_s, fr_s = sentences(report.en.text), sentences(report.fr.text)
    pairs = [(" ".join(en_s[i] for i in b.en), " ".join(fr_s[i] for i in b.fr)) for b in align(en_s, fr_s, None)]
    mine = [d for d in report.differences if d.key == entry.id or d.en == entry.en]
    assert mine, f"{difference} is not listed under {entry.section}"
    assert hot_beads(pairs, mine), f"{difference}: no sentence of {entry.section} highlighted"
