"""The static rules site (issue 6): built once per session from the corpus, then read as HTML.

The build runs Sphinx as ``make site`` does (``-W``: any warning fails), into a temporary
folder; the pages are parsed with :mod:`html.parser`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

import pytest
import yaml

from rules_text import Section, load_game

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SPHINX_BUILD = Path(sys.executable).with_name("sphinx-build")
sys.path.insert(0, str(SITE / "_ext"))

from rulebook_site.inline import context_for, section_blocks
from rulebook_site.links import Linker, UnresolvedReference

_BUILT: dict[str, tuple[Path, float]] = {}


def build_site(root: Path) -> tuple[Path, float]:
    """Build the site as ``make site`` does; the HTML folder and the seconds it took."""
    if "html" not in _BUILT:
        source, html = root / "src", root / "html"
        source.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        result = subprocess.run(
            [
                str(SPHINX_BUILD),
                "-W",
                "--keep-going",
                "-q",
                "-b",
                "html",
                "-c",
                str(SITE),
                str(source),
                str(html),
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        elapsed = time.perf_counter() - start
        assert result.returncode == 0, f"sphinx-build failed:\n{result.stdout}\n{result.stderr}"
        assert result.stderr.strip() == "", f"sphinx-build warned:\n{result.stderr}"
        _BUILT["html"] = (html, elapsed)
    return _BUILT["html"]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory.mktemp("site"))[0]


@dataclass
class Link:
    href: str
    classes: list[str]
    text: str = ""
    section: str | None = None
    place: str = "body"  # body, head, breadcrumb, meta, previews, elsewhere


@dataclass
class Page:
    ids: set[str] = field(default_factory=set)
    duplicate_ids: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    #: section id -> its classes
    sections: dict[str, list[str]] = field(default_factory=dict)
    #: data-href -> preview text
    previews: dict[str, str] = field(default_factory=dict)


_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
_PLACES = {
    "rule-head": "head",
    "rule-breadcrumb": "breadcrumb",
    "rule-meta": "meta",
    "rule-previews": "previews",
}


class PageParser(HTMLParser):
    """Collects ids, links (with the section and part of it they sit in) and preview texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[
            tuple[str, str | None, str | None, str | None]
        ] = []  # tag, section, place, preview
        self.link: Link | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        section, place, preview = self.stack[-1][1:] if self.stack else (None, None, None)
        if attributes.get("id"):
            if attributes["id"] in self.page.ids:
                self.page.duplicate_ids.append(attributes["id"])  # type: ignore[arg-type]
            self.page.ids.add(attributes["id"])  # type: ignore[arg-type]
        if "rule-section" in classes:
            section = attributes["id"]
            self.page.sections[section] = classes  # type: ignore[index]
        place = next((_PLACES[c] for c in classes if c in _PLACES), place)
        if "rule-preview" in classes:
            preview = attributes["data-href"]
            self.page.previews[preview] = ""  # type: ignore[index]
        if tag == "a" and attributes.get("href") is not None:
            self.link = Link(attributes["href"], classes, section=section, place=place or "body")  # type: ignore[arg-type]
            self.page.links.append(self.link)
        if tag not in _VOID:
            self.stack.append((tag, section, place, preview))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.link = None
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.link is not None:
            self.link.text += data
        if self.stack and self.stack[-1][3] is not None:
            self.page.previews[self.stack[-1][3]] += data  # type: ignore[index]


_PAGES: dict[Path, Page] = {}


def parse(path: Path) -> Page:
    if path not in _PAGES:
        parser = PageParser()
        parser.feed(path.read_text(encoding="utf-8"))
        _PAGES[path] = parser.page
    return _PAGES[path]


def page_of(section: Section) -> str:
    return f"{section.lang}/{PurePosixPath(section.file).stem}.html"


@pytest.fixture(scope="session")
def game():
    return load_game("phantom-fury")


def test_site_builds_without_warning_in_under_a_minute(tmp_path_factory) -> None:
    html, seconds = build_site(tmp_path_factory.mktemp("site"))
    assert (html / "index.html").is_file()
    assert seconds < 60, f"the site took {seconds:.1f} s to build"


def test_every_rule_id_of_both_corpora_is_an_anchor_on_its_chapter_page(built_site, game) -> None:
    missing = [
        f"{page_of(s)}#{s.id}"
        for lang in ("en", "fr")
        for s in game.corpus(lang).sections
        if s.id not in parse(built_site / page_of(s)).sections
    ]
    assert missing == []
    assert "11.4.1" in parse(built_site / "en/11-fire-combat.html").ids
    assert "13.6.4" in parse(built_site / "fr/13b-flooding-ied-retreat.html").ids


def test_no_page_repeats_an_id(built_site) -> None:
    repeated = {
        path.relative_to(built_site).as_posix(): parse(path).duplicate_ids
        for path in sorted(built_site.rglob("*.html"))
        if parse(path).duplicate_ids
    }
    assert repeated == {}


def test_french_pages_exist_for_the_chapters_of_the_french_source(built_site) -> None:
    french = sorted(p.name for p in (built_site / "fr").glob("*.html"))
    assert french == [
        "10-reinforcements.html",
        "11-fire-combat.html",
        "12-movement.html",
        "13-assault.html",
        "13b-flooding-ied-retreat.html",
        "14-reorganisation.html",
        "15-historical-variant.html",
    ]


def test_every_internal_link_resolves_to_an_existing_page_and_anchor(built_site) -> None:
    broken = []
    checked = 0
    for path in sorted(built_site.rglob("*.html")):
        base = path.relative_to(built_site).as_posix()
        for link in parse(path).links:
            parts = urlsplit(link.href)
            if parts.scheme or link.href.startswith(("mailto:", "//")):
                continue
            target = urlsplit(urljoin(base, parts.path)).path if parts.path else base
            file = built_site / unquote(target)
            if file.is_dir():
                file = file / "index.html"
            anchor = unquote(parts.fragment)
            checked += 1
            if not file.is_file():
                broken.append(f"{base}: {link.href} (no page)")
            elif anchor and file.suffix == ".html" and anchor not in parse(file).ids:
                broken.append(f"{base}: {link.href} (no anchor)")
    assert broken == []
    assert checked > 5000


def test_every_cross_reference_in_the_text_is_a_link_to_that_rule(built_site, game) -> None:
    problems = []
    for lang in ("en", "fr"):
        for section in game.corpus(lang).sections:
            links = [
                link
                for link in parse(built_site / page_of(section)).links
                if link.section == section.id
                and "rule-ref" in link.classes
                and link.place in ("body", "head")
            ]
            if {link.text for link in links} != set(section.refs):
                problems.append(
                    f"{lang} {section.id}: linked {sorted({link.text for link in links})}, "
                    f"cites {sorted(section.refs)}"
                )
            for link in links:
                fragment = unquote(urlsplit(link.href).fragment)
                if "rule-ref-erratum" not in link.classes and fragment != link.text:
                    problems.append(f"{lang} {section.id}: [{link.text}] links to #{fragment}")
    assert problems == []


def test_french_citations_of_chapters_the_french_source_lacks_lead_to_the_english_rule(
    built_site,
) -> None:
    page = parse(built_site / "fr/13-assault.html")
    link = next(
        link for link in page.links if link.section == "table-events-usmc" and link.text == "5.1.5"
    )
    assert link.href == "../en/05-counters.html#5.1.5"
    assert "rule-ref-other" in link.classes


def test_the_known_source_erratum_links_to_the_errata_page(built_site) -> None:
    page = parse(built_site / "en/05-counters.html")
    link = next(link for link in page.links if link.section == "5.1.4.1" and link.text == "6.3.2")
    assert link.href == "../errata.html#erratum-5.1.4.1-6.3.2"


def test_every_cited_rule_has_its_hover_preview_on_the_page(built_site, game) -> None:
    for path in sorted((built_site / "en").glob("*.html")) + sorted(
        (built_site / "fr").glob("*.html")
    ):
        page = parse(path)
        hrefs = {
            link.href for link in page.links if "rule-ref" in link.classes and link.place == "body"
        }
        assert hrefs <= set(page.previews), (
            f"{path.name}: no preview for {sorted(hrefs - set(page.previews))}"
        )
    samples = [
        ("en/13b-flooding-ied-retreat.html", "14-reorganisation.html#14.3.2", "en", "14.3.2"),
        ("en/11-fire-combat.html", "#11.5", "en", "11.5"),
        ("fr/13b-flooding-ied-retreat.html", "#13.4.8.1", "fr", "13.4.8.1"),
    ]
    for page_path, href, lang, rule in samples:
        preview = parse(built_site / page_path).previews[href]
        words = " ".join(game.corpus(lang).get(rule).text.split())
        assert words[:120] in " ".join(preview.split()), f"{page_path} preview of {rule}"


def test_the_language_switch_leads_to_the_same_rule_or_says_it_is_not_in_the_french_source(
    built_site,
) -> None:
    english = parse(built_site / "en/13b-flooding-ied-retreat.html")
    switch = next(
        link for link in english.links if link.section == "13.6.4" and "lang-switch" in link.classes
    )
    assert switch.href == "../fr/13b-flooding-ied-retreat.html#13.6.4"
    french = parse(built_site / "fr/13b-flooding-ied-retreat.html")
    back = next(
        link for link in french.links if link.section == "13.6.4" and "lang-switch" in link.classes
    )
    assert back.href == "../en/13b-flooding-ied-retreat.html#13.6.4"
    counters = (built_site / "en/05-counters.html").read_text(encoding="utf-8")
    block = counters[counters.index('id="5.1.1"') : counters.index('id="5.1.1.1"')]
    assert "not in the French source" in block


def test_backlinks_list_the_sections_citing_a_rule(built_site, game) -> None:
    page = parse(built_site / "en/14-reorganisation.html")
    backlinks = {
        link.text for link in page.links if link.section == "14.3.2" and "backlink" in link.classes
    }
    assert backlinks == set(game.corpus("en").referenced_by["14.3.2"])
    assert "13.6.4" in backlinks


def test_notes_and_examples_are_marked_apart_from_rule_text(built_site, game) -> None:
    for lang in ("en", "fr"):
        for section in game.corpus(lang).sections:
            classes = parse(built_site / page_of(section)).sections[section.id]
            assert f"kind-{section.kind.value}" in classes
            if section.note_type is not None:
                assert f"note-{section.note_type.value}" in classes
    css = (SITE / "_static" / "rulebook.css").read_text(encoding="utf-8")
    assert ".rule-section.note-designer" in css and ".rule-section.kind-example" in css


def test_tables_page_gives_the_exact_odds_of_each_d10_row(built_site, game) -> None:
    html = (built_site / "tables.html").read_text(encoding="utf-8")
    for table in game.tables.values():
        if table.kind != "d10":
            continue
        total = Fraction(0)
        for row in table.rows:
            match = re.search(
                rf'<tr id="{re.escape(table.id)}-{re.escape(row.result)}">.*?'
                r'<td class="odds">(\d+)/(\d+) \((\d+)%\)</td>',
                html,
                re.DOTALL,
            )
            assert match, f"{table.id} row {row.result} has no odds"
            odds = Fraction(int(match.group(1)), int(match.group(2)))
            assert odds == Fraction(len(row.faces), 10)
            assert match.group(1, 2) == (str(len(row.faces)), "10"), (
                "faces out of 10, as the die has them"
            )
            assert int(match.group(3)) == len(row.faces) * 10
            total += odds
        assert total == 1, table.id


def test_glossary_page_has_every_term_and_rule_text_links_to_it(built_site, game) -> None:
    page = parse(built_site / "glossary.html")
    assert {f"term-{term.key}" for term in game.glossary} <= page.ids
    html = (built_site / "glossary.html").read_text(encoding="utf-8")
    for term in game.glossary:
        assert escape(term.en) in html
        if term.fr:
            assert escape(term.fr) in html
    entry = html[html.index('id="term-caat-support"') :].split("</section>")[0]
    caat = game.term("caat-support")
    used = [f"en/{i}" for i in game.used_in(caat, "en")] + [
        f"fr/{i}" for i in game.used_in(caat, "fr")
    ]
    linked = re.findall(r'class="backlink" href="((?:en|fr))/[^"#]+#([^"]+)"', entry)
    assert [f"{lang}/{i}" for lang, i in linked] == used
    assert 'href="errata.html#erratum-5.1.4.1-6.3.2"' in entry, (
        "its quoted [6.3.2] leads to the erratum"
    )
    assert ">5.1.4.1 " in entry or ">5.1.4.1<" in entry, "defined in 5.1.4.1"
    chapter = parse(built_site / "en/11-fire-combat.html")
    terms = [link for link in chapter.links if "term-ref" in link.classes]
    assert len(terms) > 50
    assert all(link.href.startswith("../glossary.html#term-") for link in terms)


def _register() -> list[dict]:
    raw = yaml.safe_load(
        (ROOT / "rules_text/games/phantom-fury/rulesets.yaml").read_text(encoding="utf-8")
    )
    return raw if isinstance(raw, list) else raw.get("differences", [])


def test_comparison_pages_align_both_texts_and_call_out_registered_differences(
    built_site, game
) -> None:
    compare = parse(built_site / "compare/13b-flooding-ied-retreat.html")
    assert {"13.6.4", "13.4.8.1"} <= compare.ids
    html = (built_site / "compare/13b-flooding-ied-retreat.html").read_text(encoding="utf-8")
    row = html[html.index('<tr id="13.6.4">') :]
    assert "Security Elements and Retreat Movement" in row.split("</tr>")[0]
    assert "Security Element vs. Mouvement de repli" in row.split("</tr>")[0]
    differences = parse(built_site / "differences.html")
    for entry in _register():
        assert f"difference-{entry['id']}" in differences.ids
        section = game.corpus("en").by_id.get(str(entry["section"]))
        stem = PurePosixPath(section.file).stem if section else None
        if section and (built_site / f"compare/{stem}.html").is_file():
            assert f"difference-{entry['id']}" in parse(built_site / f"compare/{stem}.html").ids, (
                entry["id"]
            )


def test_errata_page_lists_the_printed_errors_and_the_gaps(built_site, game) -> None:
    page = parse(built_site / "errata.html")
    html = (built_site / "errata.html").read_text(encoding="utf-8")
    for erratum in game.errata:
        assert f"erratum-{erratum.section}-{erratum.cites or erratum.kind}" in page.ids
    for lang in ("en", "fr"):
        for section in game.corpus(lang).sections:
            for gap in section.gaps:
                assert f'href="{page_of(section)}#{section.id}"' in html, (lang, section.id, gap)


def test_search_index_holds_both_languages(built_site) -> None:
    index = (built_site / "searchindex.js").read_text(encoding="utf-8")
    assert '"sniper"' in index
    assert '"repli"' in index or '"repl"' in index
    assert (built_site / "search.html").is_file()


def test_a_section_citing_a_rule_that_exists_nowhere_is_refused_naming_the_section(game) -> None:
    real = game.corpus("en").get("11.4.1")
    crafted = real.model_copy(
        update={"source_text": "As in [99.9].", "text": "As in [99.9].", "refs": ("99.9",)}
    )
    linker = Linker(game)
    with pytest.raises(UnresolvedReference, match=r"section 11\.4\.1 \(en\) cites \[99\.9\]"):
        section_blocks(crafted, context_for(crafted, linker))


def test_the_build_fails_on_a_corpus_with_an_unresolved_reference(tmp_path) -> None:
    """Even without -W: the error names the section and its file, and no traceback is shown."""
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text/games/phantom-fury", games / "phantom-fury")
    chapter = games / "phantom-fury/fr/11-fire-combat.yaml"
    data = yaml.safe_load(chapter.read_text(encoding="utf-8"))
    data["sections"].append({"id": "11.9", "title": "", "kind": "rule", "text": "Voir [99.9]."})
    chapter.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (tmp_path / "src").mkdir()
    result = subprocess.run(
        [
            str(SPHINX_BUILD),
            "-q",
            "-b",
            "html",
            "-c",
            str(SITE),
            str(tmp_path / "src"),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "FALLUJAH_GAMES_DIR": str(games)},
    )
    assert result.returncode == 1
    assert (
        "unresolved citation: section 11.9 of fr/11-fire-combat.yaml (fr) cites [99.9]"
        in result.stderr
    )
    assert "Traceback" not in result.stderr + result.stdout


def test_tables_page_gives_the_fire_combat_chance_of_a_hit_by_cf_and_drm(built_site) -> None:
    """11.2.2: d10 + DRM <= CF hits; 11.2.4: an unmodified 9 never does."""
    html = (built_site / "tables.html").read_text(encoding="utf-8")
    for cf in (1, 4, 6, 8):
        row = html[html.index(f'<tr id="fire-cf-{cf}">') :].split("</tr>")[0]
        cells = re.findall(r'<td class="odds">(\d+)/10 \(\d+%\)</td>', row)
        expected = [
            sum(1 for face in range(10) if face != 9 and face + drm <= cf) for drm in range(-1, 6)
        ]
        assert [int(cell) for cell in cells] == expected, f"CF {cf}"
