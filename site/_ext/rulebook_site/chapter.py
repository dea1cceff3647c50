"""A chapter page of one language: each section with its anchor (its rule id), breadcrumb,
linked text, language switch and "Referenced by" links; notes and examples styled apart."""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePosixPath

from docutils import nodes

from rules_text import Section
from rules_text.rulings import for_rule, game_rulings

from .differences import banner_html, result_differences
from .emit import block_nodes, token_nodes
from .inline import context_for, section_blocks, tokens
from .links import UI, Linker, Target, chapter_docname, relative_url
from .previews import previews_html


def _link(text: str, href: str, classes: list[str], title: str = "") -> nodes.reference:
    options = {"reftitle": title} if title else {}
    return nodes.reference(text, text, refuri=href, classes=classes, **options)


def section_node(
    section: Section, linker: Linker, docname: str, previews: dict[str, Target]
) -> nodes.container:
    """One section as a block whose id is the rule id (the permalink anchor)."""
    ui = UI[section.lang]
    corpus = linker.game.corpus(section.lang)
    depth = len(section.id.split(".")) if section.numbered else 0
    classes = ["rule-section", f"kind-{section.kind.value}", f"depth-{depth}"]
    if section.note_type is not None:
        classes.append(f"note-{section.note_type.value}")
    box = nodes.container(ids=[section.id], classes=classes)
    context = context_for(section, linker)

    head = nodes.paragraph(classes=["rule-head"])
    if section.numbered:
        title = [nodes.Text(linker.printed(section.id) + (" " if section.title else ""))]
        title += token_nodes(tokens(section.title, replace(context, terms=[])), docname)
    else:
        badge = ui[section.note_type.value] if section.note_type else ui.get(section.kind.value, "")
        title = [nodes.Text(section.title or badge)]
        if badge and section.title and section.title != badge:
            head += nodes.inline(badge, badge, classes=["rule-badge"])
    head += nodes.strong("", "", *title)
    head += _link("#", f"#{section.id}", ["rule-permalink"], ui["permalink"])
    box += head
    banner = difference_banner(section, linker, docname)
    if banner is not None:
        box += banner

    trail = corpus.breadcrumb(section.id)
    if trail:
        crumbs = nodes.paragraph(classes=["rule-breadcrumb", "no-search"])
        for index, ancestor in enumerate(trail):
            if index:
                crumbs += nodes.Text(" › ")
            href = relative_url(docname, chapter_docname(ancestor), ancestor.id)
            crumbs += _link(linker.label(ancestor), href, ["crumb"])
        box += crumbs

    blocks = section_blocks(section, context)
    for block in blocks:
        for line in block.lines:
            for token in line:
                if token.target is not None:
                    previews[relative_url(docname, token.target.docname, token.target.anchor)] = (
                        token.target
                    )
    box += block_nodes(blocks, docname)
    rulings = rulings_node(section, linker)
    if rulings is not None:
        box += rulings
    box += meta_node(section, linker, docname, previews)
    return box


def rulings_node(section: Section, linker: Linker) -> nodes.container | None:
    """The game's errata and registered ambiguities beside the rule (rules_text.rulings): each
    with its kind and words; an ambiguity's readings, the one the engines follow marked."""
    found = for_rule(game_rulings(linker.game, section.lang), section.id)
    if not found:
        return None
    ui = UI[section.lang]
    box = nodes.container(classes=["rule-rulings"])
    for ruling in found:
        entry = nodes.container(ids=[f"ruling-{ruling.id}-{section.id}"], classes=["rule-ruling", f"ruling-{ruling.kind}"])
        para = nodes.paragraph(classes=["ruling-text"])
        label = ui[f"ruling_{ruling.kind}"] + (f" ({ruling.erratum.replace('_', ' ')})" if ruling.erratum else "")
        para += nodes.strong(label, label)
        para += nodes.Text(f" {ruling.text}")
        entry += para
        if ruling.readings:
            readings = nodes.bullet_list(classes=["ruling-readings"])
            for reading in ruling.readings:
                item = nodes.paragraph()
                item += nodes.literal(reading.key, reading.key)
                if reading.key == ruling.follows:
                    item += nodes.emphasis(f" ({ui['followed']})", f" ({ui['followed']})")
                item += nodes.Text(f": {reading.text}")
                readings += nodes.list_item("", item)
            entry += readings
        box += entry
    return box


def difference_banner(section: Section, linker: Linker, docname: str) -> nodes.raw | None:
    """The banner over a rule whose rulebooks give different results (:mod:`.differences`)."""
    found = result_differences(linker, section.id)
    if not found:
        return None
    return nodes.raw("", banner_html(found, section, linker, docname, section.lang), format="html")


def meta_node(
    section: Section, linker: Linker, docname: str, previews: dict[str, Target]
) -> nodes.paragraph:
    """The language switch, the comparison link and the sections citing this one."""
    ui = UI[section.lang]
    meta = nodes.paragraph(classes=["rule-meta", "no-search"])
    other = linker.counterpart(section)
    if other is not None:
        href = relative_url(docname, chapter_docname(other), other.id)
        meta += _link(f"{ui['other_lang']}: {linker.label(other)}", href, ["lang-switch"])
        stem = PurePosixPath(section.file).stem
        if stem in linker.shared_chapters():
            meta += nodes.Text(" · ")
            meta += _link(
                ui["compare"],
                relative_url(docname, f"compare/{stem}", section.id),
                ["compare-link"],
            )
    elif len(linker.game.corpora) > 1:  # a game of one rulebook has no other language
        meta += nodes.inline(
            ui["not_in_other"], ui["not_in_other"], classes=["lang-switch", "lang-missing"]
        )
    citing = linker.game.corpus(section.lang).referenced_by.get(section.id, ())
    if citing:
        if len(meta.children):
            meta += nodes.Text(" · ")
        meta += nodes.Text(f"{ui['referenced_by']}: ")
        corpus = linker.game.corpus(section.lang)
        for index, citing_id in enumerate(citing):
            if index:
                meta += nodes.Text(", ")
            source = corpus.by_id[citing_id]
            href = relative_url(docname, chapter_docname(source), source.id)
            meta += _link(linker.printed(source.id), href, ["backlink"])
            previews[href] = linker.section_target(source)
    return meta


def chapter_nodes(linker: Linker, lang: str, stem: str, docname: str) -> list[nodes.Node]:
    """Every section of one chapter file, then the page's store of hover previews."""
    previews: dict[str, Target] = {}
    sections = [
        s
        for s in linker.game.corpus(lang).sections  # type: ignore[arg-type]
        if PurePosixPath(s.file).stem == stem
    ]
    result: list[nodes.Node] = [contents_node(sections, lang, linker)]
    result += [section_node(s, linker, docname, previews) for s in sections]
    result.append(nodes.raw("", previews_html(previews, linker, docname, lang), format="html", classes=["no-search"]))
    return result


def contents_node(sections: list[Section], lang: str, linker: Linker) -> nodes.Node:
    """The chapter's second-level rules (11.1, 11.2...) as links at the top of its page."""
    main = [s for s in sections if s.numbered and s.id.count(".") == 1]
    if not main:  # a game without numbers (slug sections): its top-level rules
        main = [s for s in sections if not s.numbered and s.parent is None and s.kind.value == "rule"]
    if len(main) < 2:
        return nodes.comment()
    contents = nodes.paragraph(classes=["chapter-contents", "no-search"])
    contents += nodes.Text(f"{UI[lang]['contents']}: ")
    for index, section in enumerate(main):
        if index:
            contents += nodes.Text(" · ")
        contents += _link(linker.label(section), f"#{section.id}", ["contents-link"])
    return contents
