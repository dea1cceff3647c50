"""The static rules site (issue 6): built once per session from the corpus, then read as HTML.

The build runs Sphinx as ``make site`` does (``-W``: any warning fails), into a temporary
folder; the pages are parsed with :mod:`html.parser`.
"""

from __future__ import annotations

import json
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

from rules_text import Section, available_games, declaration, load_game
from rules_text.models import chapter_number

from .once import DONE, built_once, search_indexes

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SPHINX_BUILD = Path(sys.executable).with_name("sphinx-build")
sys.path.insert(0, str(SITE / "_ext"))

from rulebook_site.inline import context_for, section_blocks
from rulebook_site.links import Linker, UnresolvedReference

_BUILT: dict[str, tuple[Path, float]] = {}


def build_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    """Build the site as ``make site`` does, once per test run (the workers share it, one building
    while the others wait on a lock); the HTML folder and the seconds the build took."""
    if "html" not in _BUILT:
        indexes = search_indexes(tmp_path_factory)
        shared = built_once(tmp_path_factory, "site", lambda root: _sphinx_build(root, indexes))
        _BUILT["html"] = (shared / "html", json.loads((shared / DONE).read_text(encoding="utf-8"))["seconds"])
    return _BUILT["html"]


def _sphinx_build(root: Path, indexes: Path) -> None:
    source, html = root / "src", root / "html"
    shutil.rmtree(source, ignore_errors=True)
    shutil.rmtree(html, ignore_errors=True)
    source.mkdir(parents=True)
    # the search indexes the site's extension writes its own from (rulebook_site/search.py): this
    # run's, built once (tests/once.py) for the same rule files, in the build's own cache
    for index in indexes.iterdir():
        if index.is_dir():
            shutil.copytree(index, html / ".doctrees" / "search-cache" / "search" / index.name)
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
    (root / DONE).write_text(json.dumps({"seconds": elapsed}), encoding="utf-8")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory)[0]


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


PF = "phantom-fury"


def page_of(section: Section, game_id: str = PF) -> str:
    """The page a section is on, from the site's root: ``<game>/<lang>/<chapter>.html``."""
    return f"{game_id}/{section.lang}/{PurePosixPath(section.file).stem}.html"


def pf(path: str) -> str:
    """A page of Phantom Fury's folder."""
    return f"{PF}/{path}"


@pytest.fixture(scope="session")
def game():
    return load_game(PF)


@pytest.fixture(scope="session")
def games():
    """Every game the site builds (whatever ``available_games()`` lists at the time)."""
    return [load_game(game_id) for game_id in available_games()]


@pytest.mark.slow
def test_site_builds_every_game_without_warning(tmp_path_factory) -> None:
    """``make site`` from clean builds every game with warnings as errors (its time is measured
    by ``make bench``: tests/benchmarks/bench_site.py)."""
    html, _seconds = build_site(tmp_path_factory)
    assert (html / "index.html").is_file()
    for game_id in available_games():
        assert any((html / game_id).rglob("*.html")), f"no page of {game_id}"


def test_every_rule_id_of_every_game_is_an_anchor_on_its_chapter_page(built_site, games) -> None:
    missing = [
        f"{page_of(s, g.id)}#{s.id}"
        for g in games
        for corpus in g.corpora.values()
        for s in corpus.sections
        if s.id not in parse(built_site / page_of(s, g.id)).sections
    ]
    assert missing == []
    assert sum(len(c.sections) for g in games for c in g.corpora.values()) > 500
    assert "11.4.1" in parse(built_site / pf("en/11-fire-combat.html")).ids
    assert "13.6.4" in parse(built_site / pf("fr/13b-flooding-ied-retreat.html")).ids


def test_no_page_repeats_an_id(built_site) -> None:
    repeated = {
        path.relative_to(built_site).as_posix(): parse(path).duplicate_ids
        for path in sorted(built_site.rglob("*.html"))
        if parse(path).duplicate_ids
    }
    assert repeated == {}


def test_french_pages_exist_for_the_chapters_of_the_french_source(built_site) -> None:
    french = sorted(p.name for p in (built_site / PF / "fr").glob("*.html"))
    assert french == [
        "10-reinforcements.html",
        "11-fire-combat.html",
        "12-movement.html",
        "13-assault.html",
        "13b-flooding-ied-retreat.html",
        "14-reorganisation.html",
        "15-historical-variant.html",
    ]


def test_every_internal_link_resolves_to_an_existing_page_and_anchor(built_site, games) -> None:
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
    # at least one link per section (its chapter page's contents): a floor that grows with the games' text
    assert checked > sum(len(corpus.sections) for game in games for corpus in game.corpora.values())


def _plain_quotes(text: str) -> str:
    """Sphinx prints straight quotes curly: a reference by name reads as the game declares it."""
    return text.replace("‘", "'").replace("’", "'")


def test_every_cross_reference_in_the_text_is_a_link_to_that_rule(built_site, games) -> None:
    """In every game: each id a section cites is linked (a printed "22.0" to chapter 22)."""
    problems = []
    for g in games:
        for lang, corpus in g.corpora.items():
            for section in corpus.sections:
                links = [
                    link
                    for link in parse(built_site / page_of(section, g.id)).links
                    if link.section == section.id
                    and "rule-ref" in link.classes
                    and link.place in ("body", "head")
                ]
                names = {_plain_quotes(words): cited for words, cited in g.declaration.name_refs.items()}

                def cited(text: str, names: dict[str, str] = names) -> str:
                    """The id a link cites: its number, or the section a reference by name cites."""
                    return names.get(_plain_quotes(text), chapter_number(text))

                linked = {cited(link.text) for link in links}
                if linked != set(section.refs):
                    problems.append(
                        f"{g.id} {lang} {section.id}: linked {sorted(linked)}, cites {sorted(section.refs)}"
                    )
                for link in links:
                    fragment = unquote(urlsplit(link.href).fragment)
                    if "rule-ref-erratum" not in link.classes and fragment != cited(link.text):
                        problems.append(f"{g.id} {lang} {section.id}: [{link.text}] links to #{fragment}")
    assert problems == []


def test_french_citations_of_chapters_the_french_source_lacks_lead_to_the_english_rule(
    built_site,
) -> None:
    page = parse(built_site / pf("fr/13-assault.html"))
    link = next(
        link for link in page.links if link.section == "table-events-usmc" and link.text == "5.1.5"
    )
    assert link.href == "../en/05-counters.html#5.1.5"  # inside the game's folder
    assert "rule-ref-other" in link.classes


def test_the_known_source_erratum_links_to_the_errata_page(built_site) -> None:
    page = parse(built_site / pf("en/05-counters.html"))
    link = next(link for link in page.links if link.section == "5.1.4.1" and link.text == "6.3.2")
    assert link.href == "../errata.html#erratum-5.1.4.1-6.3.2"


def test_every_cited_rule_has_its_hover_preview_on_the_page(built_site, game, games) -> None:
    for path in sorted(p for g in games for lang in g.corpora for p in (built_site / g.id / lang).glob("*.html")):
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
        preview = parse(built_site / pf(page_path)).previews[href]
        words = " ".join(game.corpus(lang).get(rule).text.split())
        assert words[:120] in " ".join(preview.split()), f"{page_path} preview of {rule}"


def test_the_language_switch_leads_to_the_same_rule_or_says_it_is_not_in_the_french_source(
    built_site,
) -> None:
    english = parse(built_site / pf("en/13b-flooding-ied-retreat.html"))
    switch = next(
        link for link in english.links if link.section == "13.6.4" and "lang-switch" in link.classes
    )
    assert switch.href == "../fr/13b-flooding-ied-retreat.html#13.6.4"
    french = parse(built_site / pf("fr/13b-flooding-ied-retreat.html"))
    back = next(
        link for link in french.links if link.section == "13.6.4" and "lang-switch" in link.classes
    )
    assert back.href == "../en/13b-flooding-ied-retreat.html#13.6.4"
    counters = (built_site / pf("en/05-counters.html")).read_text(encoding="utf-8")
    block = counters[counters.index('id="5.1.1"') : counters.index('id="5.1.1.1"')]
    assert "not in the French source" in block


def test_backlinks_list_the_sections_citing_a_rule(built_site, game) -> None:
    page = parse(built_site / pf("en/14-reorganisation.html"))
    backlinks = {
        link.text for link in page.links if link.section == "14.3.2" and "backlink" in link.classes
    }
    assert backlinks == set(game.corpus("en").referenced_by["14.3.2"])
    assert "13.6.4" in backlinks


def test_notes_and_examples_are_marked_apart_from_rule_text(built_site, games) -> None:
    for g in games:
        for section in (s for corpus in g.corpora.values() for s in corpus.sections):
            classes = parse(built_site / page_of(section, g.id)).sections[section.id]
            assert f"kind-{section.kind.value}" in classes
            if section.note_type is not None:
                assert f"note-{section.note_type.value}" in classes
    css = (SITE / "_static" / "rulebook.css").read_text(encoding="utf-8")
    assert ".rule-section.note-designer" in css and ".rule-section.kind-example" in css


def test_tables_page_gives_the_exact_odds_of_each_d10_row(built_site, game) -> None:
    html = (built_site / pf("tables.html")).read_text(encoding="utf-8")
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
    page = parse(built_site / pf("glossary.html"))
    assert {f"term-{term.key}" for term in game.glossary} <= page.ids
    html = (built_site / pf("glossary.html")).read_text(encoding="utf-8")
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
    chapter = parse(built_site / pf("en/11-fire-combat.html"))
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
    compare = parse(built_site / pf("compare/13b-flooding-ied-retreat.html"))
    assert {"13.6.4", "13.4.8.1"} <= compare.ids
    html = (built_site / pf("compare/13b-flooding-ied-retreat.html")).read_text(encoding="utf-8")
    row = html[html.index('<tr id="13.6.4">') :]
    assert "Security Elements and Retreat Movement" in row.split("</tr>")[0]
    assert "Security Element vs. Mouvement de repli" in row.split("</tr>")[0]
    differences = parse(built_site / pf("differences.html"))
    for entry in _register():
        assert f"difference-{entry['id']}" in differences.ids
        section = game.corpus("en").by_id.get(str(entry["section"]))
        stem = PurePosixPath(section.file).stem if section else None
        if section and (built_site / pf(f"compare/{stem}.html")).is_file():
            assert f"difference-{entry['id']}" in parse(built_site / pf(f"compare/{stem}.html")).ids, (
                entry["id"]
            )


def test_errata_page_lists_the_printed_errors_and_the_gaps(built_site, games) -> None:
    """Every game: each erratum (ambiguities and numbering gaps too) and each lost text."""
    for g in games:
        page = parse(built_site / g.id / "errata.html")
        html = (built_site / g.id / "errata.html").read_text(encoding="utf-8")
        for erratum in g.errata:
            assert f"erratum-{erratum.section}-{erratum.cites or erratum.kind}" in page.ids, (g.id, erratum)
            assert escape(erratum.kind.replace("_", " ")) in html
        for lang, corpus in g.corpora.items():
            for section in corpus.sections:
                for gap in section.gaps:
                    href = f"{section.lang}/{PurePosixPath(section.file).stem}.html#{section.id}"
                    assert f'href="{href}"' in html, (g.id, lang, section.id, gap)


def _search_index(built_site: Path, game_id: str) -> dict:
    text = (built_site / "_static" / "search" / f"{game_id}.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("= {") + 2 : text.rindex(";")])


def test_the_search_page_is_the_sites_own_with_an_index_per_game(built_site, games) -> None:
    """Sphinx's search is off; search.html loads each game's export of the companion's index,
    whose every result and rule number leads to an anchor of the site."""
    assert not (built_site / "searchindex.js").exists()
    html = (built_site / "search.html").read_text(encoding="utf-8")
    assert "rulebook-search.js" in html and "searchtools.js" not in html
    for g in games:
        assert f"_static/search/{g.id}.js" in html
        index = _search_index(built_site, g.id)
        hrefs = [doc["href"] for doc in index["docs"]]
        hrefs += [href for by_id in index["sections"].values() for href in by_id.values()]
        for lang, corpus in g.corpora.items():
            assert set(index["sections"][lang]) == {s.id for s in corpus.sections}
        for href in set(hrefs):
            path, _, anchor = href.partition("#")
            assert anchor in parse(built_site / path).ids, (g.id, href)
    french = _search_index(built_site, PF)["postings"]["body_fr"]
    assert "repli" in french or "repl" in french  # the French rulebook, French-stemmed


def test_a_section_citing_a_rule_that_exists_nowhere_is_refused_naming_the_section(game) -> None:
    real = game.corpus("en").get("11.4.1")
    crafted = real.model_copy(
        update={"source_text": "As in [99.9].", "text": "As in [99.9].", "refs": ("99.9",)}
    )
    linker = Linker(game)
    with pytest.raises(UnresolvedReference, match=r"section 11\.4\.1 \(en\) cites \[99\.9\]"):
        section_blocks(crafted, context_for(crafted, linker))


#: a game of two rulebooks of one chapter each, every citation resolved: the site builds it with
#: warnings as errors (its build takes 2 s; a copy of Phantom Fury's took 9)
SMALL_GAME = {
    "game.yaml": {"id": "small-game", "title": "Small Game", "short_title": "Small Game", "designer": "A. Designer",
                  "publisher": None, "package": "small_game", "languages": ["en", "fr"], "dice": ["d10"],
                  "sources": {"en": "000_en.txt", "fr": "001_fr.txt"}, "id_style": "dotted", "chapter_format": "{n}",
                  "bare_chapter_refs": False},
    "en/11-fire-combat.yaml": {"sections": [
        {"id": "11", "title": "Fire Combat", "kind": "rule", "text": "Units fire (see 11.1)."},
        {"id": "11.1", "title": "Fire", "kind": "rule", "text": "A unit fires once [11]."}]},
    "fr/11-fire-combat.yaml": {"sections": [
        {"id": "11", "title": "Combat par le feu", "kind": "rule", "text": "Les unités tirent (voir 11.1)."},
        {"id": "11.1", "title": "Tir", "kind": "rule", "text": "Une unité tire une fois [11]."}]},
}


def _site_build(tmp_path: Path, games: Path, *options: str) -> subprocess.CompletedProcess[str]:
    shutil.rmtree(tmp_path / "src", ignore_errors=True)
    shutil.rmtree(tmp_path / "html", ignore_errors=True)
    (tmp_path / "src").mkdir()
    return subprocess.run(
        [str(SPHINX_BUILD), *options, "-q", "-b", "html", "-c", str(SITE), str(tmp_path / "src"), str(tmp_path / "html")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "FALLUJAH_GAMES_DIR": str(games)},
    )


@pytest.mark.slow
def test_the_build_fails_on_a_corpus_with_an_unresolved_reference(tmp_path) -> None:
    """Even without -W: the error names the section and its file, and no traceback is shown."""
    games = tmp_path / "games"
    for name, data in SMALL_GAME.items():
        (games / "small-game" / name).parent.mkdir(parents=True, exist_ok=True)
        (games / "small-game" / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    clean = _site_build(tmp_path, games, "-W")
    assert clean.returncode == 0 and clean.stderr == "", clean.stderr
    chapter = games / "small-game/fr/11-fire-combat.yaml"
    data = yaml.safe_load(chapter.read_text(encoding="utf-8"))
    data["sections"].append({"id": "11.9", "title": "", "kind": "rule", "text": "Voir [99.9]."})
    chapter.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = _site_build(tmp_path, games)
    assert result.returncode == 1
    assert (
        "unresolved citation: section 11.9 of fr/11-fire-combat.yaml (fr) cites [99.9]"
        in result.stderr
    )
    assert "Traceback" not in result.stderr + result.stdout


def test_tables_page_gives_the_fire_combat_chance_of_a_hit_by_cf_and_drm(built_site) -> None:
    """11.2.2: d10 + DRM <= CF hits; 11.2.4: an unmodified 9 never does."""
    html = (built_site / pf("tables.html")).read_text(encoding="utf-8")
    for cf in (1, 4, 6, 8):
        row = html[html.index(f'<tr id="fire-cf-{cf}">') :].split("</tr>")[0]
        cells = re.findall(r'<td class="odds">(\d+)/10 \(\d+%\)</td>', row)
        expected = [
            sum(1 for face in range(10) if face != 9 and face + drm <= cf) for drm in range(-1, 6)
        ]
        assert [int(cell) for cell in cells] == expected, f"CF {cf}"


def test_the_landing_page_lists_every_game_as_declared(built_site, games) -> None:
    html = (built_site / "index.html").read_text(encoding="utf-8")
    page = parse(built_site / "index.html")
    for g in games:
        declared = declaration(g.id)
        card = html[html.index(f'id="game-{g.id}"') :].split("</section>")[0]
        assert escape(declared.title) in card
        for credit in (declared.designer, declared.publisher):
            if credit:
                assert escape(credit) in card
        if not declared.designer and not declared.publisher:
            assert "not printed in the source" in card
        assert ("English" in card) == ("en" in declared.languages)
        assert ("Français" in card) == ("fr" in declared.languages)
        hrefs = {link.href for link in page.links}
        assert {f"{g.id}/index.html", f"{g.id}/tables.html", f"search.html?game={g.id}"} <= hrefs


def test_chapter_numbers_are_labelled_as_each_book_prints_them(built_site, games) -> None:
    """A chapter is anchored by its stored id (#22) and labelled as printed ("22.0", "22)")."""
    checked = 0
    for g in games:
        pattern = declaration(g.id).chapter_format
        for section in g.corpora["en"].sections:
            if not section.numbered or "." in section.id:
                continue
            html = (built_site / page_of(section, g.id)).read_text(encoding="utf-8")
            head = html[html.index(f'id="{section.id}"') :].split("</p>")[0]
            assert f"<strong>{pattern.format(n=section.id)}" in head, (g.id, section.id, head[-200:])
            checked += 1
    assert checked >= 15


def _die_chances(die: str) -> dict[int, Fraction]:
    """Typed here apart from the site's code: each total of the physical dice, by counting."""
    faces = {"d6": [(f,) for f in range(1, 7)], "d10": [(f,) for f in range(10)],
             "2d6": [(a, b) for a in range(1, 7) for b in range(1, 7)]}[die]
    chances: dict[int, Fraction] = {}
    for outcome in faces:
        chances[sum(outcome)] = chances.get(sum(outcome), Fraction(0)) + Fraction(1, len(faces))
    return chances


def _percent(chance: Fraction) -> str:
    percent = chance * 100
    return str(percent) if percent.denominator == 1 else f"{float(percent):.1f}"


def test_die_tables_show_each_rows_odds_for_their_own_die(built_site, games) -> None:
    """Every ``roll`` table of every game: each row (each column of a table of several) shows
    the chance that an unmodified roll of the table's die lands in its printed range."""
    checked = 0
    for g in games:
        html = (built_site / g.id / "tables.html").read_text(encoding="utf-8")
        for table in g.tables.values():
            if table.kind != "roll":
                continue
            die = table.die
            chances = _die_chances(die)
            total = len({"d6": range(6), "d10": range(10), "2d6": range(36)}[die])
            section = html[html.index(f'id="table-{table.id}"') :].split("</section>")[0]
            rows = re.findall(r'<tr id="([^"]+)">(.*?)</tr>', section, re.DOTALL)
            assert len(rows) == len(table.rows), table.id
            for row, (_anchor, cells) in zip(table.rows, rows, strict=True):
                keys = [c.key for c in table.columns] or [None]
                shown = re.findall(r'class="odds">([^<]+)<', cells)
                expected = []
                for key in keys:
                    totals = row.totals_in(key) if key else row.totals
                    if key and not totals:
                        continue
                    chance = sum((chances.get(t, Fraction(0)) for t in totals), Fraction(0))
                    count = chance * total
                    expected.append(f"{count}/{total} ({_percent(chance)}%)")
                    checked += 1
                assert shown == expected, (g.id, table.id, row.label)
    if any(t.kind == "roll" for g in games for t in g.tables.values()):
        assert checked > 10


def test_matrices_lists_and_cards_are_tables_without_odds(built_site, games) -> None:
    for g in games:
        html = (built_site / g.id / "tables.html").read_text(encoding="utf-8")
        for table in g.tables.values():
            if table.kind not in ("matrix", "list", "cards"):
                continue
            section = html[html.index(f'id="table-{table.id}"') :].split("</section>")[0]
            assert 'class="odds"' not in section, table.id
            assert section.count("<tr id=") == len(table.rows), table.id
            if table.kind == "cards":
                for row in table.rows:
                    assert escape(row.name.en) in section


def test_the_old_addresses_of_the_default_game_lead_to_its_pages(built_site, game) -> None:
    """Before the site held several games, Phantom Fury's pages were at the root; each old page
    now sends the browser on to the same page in the game's folder, keeping the #anchor."""
    old = sorted((built_site / "en").glob("*.html")) + [built_site / "tables.html"]
    assert len(old) == len(list((built_site / PF / "en").glob("*.html"))) + 1
    for path in old:
        html = path.read_text(encoding="utf-8")
        relative = path.relative_to(built_site).as_posix()
        target = re.search(r'<meta name="rulebook-moved-to" content="([^"]+)">', html).group(1)
        assert urljoin(relative, target) == f"{PF}/{relative}"
        assert "redirect.js" in html and "<script>" not in html
    script = (built_site / "_static" / "redirect.js").read_text(encoding="utf-8")
    assert "location.hash" in script


def test_every_page_has_the_favicon(built_site) -> None:
    assert (built_site / "_static" / "favicon.svg").is_file()
    for path in (built_site / "index.html", built_site / "search.html", built_site / pf("tables.html")):
        assert "favicon.svg" in path.read_text(encoding="utf-8")


def test_no_page_holds_inline_script_or_style(built_site) -> None:
    """The companion's Content-Security-Policy refuses inline scripts and styles."""
    found = []
    for path in sorted(built_site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) or re.search(r"<style\b|\sstyle=\"", html):
            found.append(path.relative_to(built_site).as_posix())
    assert found == []


def test_a_game_of_one_rulebook_never_says_a_rule_is_not_in_another_language(built_site, games) -> None:
    for g in games:
        if len(g.corpora) > 1:
            continue
        for lang in g.corpora:
            for path in (built_site / g.id / lang).glob("*.html"):
                assert "not in the French source" not in path.read_text(encoding="utf-8"), path


_STORE = re.compile(r'<div class="rule-previews" hidden lang="(\w+)" data-sheet="([^"]*)" data-close="([^"]*)" data-open="([^"]*)">')
_ITEM = re.compile(r'<div class="rule-preview" data-href="([^"]*)" lang="(\w+)">(.*?)</div>', re.DOTALL)


def test_every_pages_store_gives_the_sheet_its_words_and_each_cited_rules_difference(built_site, games) -> None:
    """The sheet a tap opens (rulebook.js, issue 17) reads everything from the page, offline: its
    words in the page's language (a chapter's; English on the reference pages), and for each cited
    rule whose rulebooks give different results (Phantom Fury's register), the banner saying so."""
    words = {"en": ("Rule", "Close", "Open the full rule"), "fr": ("Règle", "Fermer", "Ouvrir la règle entière")}
    differing: dict[str, int] = {}  # section -> its result-level differences
    for entry in _register():
        if entry["severity"] == "result":
            for section in [str(entry["section"]), *(str(s) for s in entry.get("also_in") or [])]:
                differing[section] = differing.get(section, 0) + 1
    assert "13.6.4" in differing
    banners = 0
    for game in games:
        for path in sorted((built_site / game.id).rglob("*.html")):
            html = path.read_text(encoding="utf-8")
            stores = _STORE.findall(html)
            if "rule-preview" not in html:
                continue
            lang = path.parent.name if path.parent.name in ("en", "fr") else "en"
            assert stores == [(lang, *words[lang])], f"{path.relative_to(built_site)}: {stores}"
            for href, _item_lang, item in _ITEM.findall(html):
                anchor = unquote(href.rpartition("#")[2])
                found = differing.get(anchor, 0) if game.id == PF else 0
                assert item.count("<li") == found, f"{path.relative_to(built_site)} {href}"
                if found:
                    banners += 1
                    assert 'class="difference-banner' in item and 'class="compare-link"' in item
                    title = ("The English and French", "Les livrets anglais et français")[lang == "fr"]
                    assert title in item, f"{path.relative_to(built_site)} {href}"
    assert banners > 10
