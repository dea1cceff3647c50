"""A section's text cut into tokens: plain text, cited rules, glossary terms and source gaps.

The same tokens become docutils nodes on the chapter pages (so Sphinx's search indexes the
rule text) and HTML on the comparison pages. Citations are found with the corpus's own
patterns (:mod:`rules_text.markup`), so every id in ``Section.refs`` gets its link.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from rules_text import Section
from rules_text.markup import (
    BRACKET_REF,
    GAP_LABEL,
    MISSING,
    TABLE,
    render_table,
    running_ref_spans,
)
from rules_text.models import GlossaryTerm, Lang, chapter_number

from .links import Linker, Target

_ID = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,4}")


@dataclass(frozen=True)
class Token:
    """A run of text; ``target`` for a cited rule, ``term`` for a glossary term, ``gap`` for lost text."""

    text: str
    target: Target | None = None
    term: GlossaryTerm | None = None
    gap: bool = False


@dataclass
class Block:
    """A paragraph: one or more lines; ``table`` when its lines are a table's printed rows."""

    lines: list[list[Token]] = field(default_factory=list)
    table: bool = False


@dataclass
class TextContext:
    """Where a text is cited from and which glossary terms it already linked (once per section)."""

    lang: Lang
    where: str
    section_id: str | None
    linker: Linker
    terms: list[tuple[re.Pattern[str], GlossaryTerm]]
    linked_terms: set[str] = field(default_factory=set)


def term_patterns(
    terms: tuple[GlossaryTerm, ...], lang: Lang
) -> list[tuple[re.Pattern[str], GlossaryTerm]]:
    """One whole-word pattern per glossary term, longest forms first (as ``Game.used_in``)."""
    patterns = []
    for term in terms:
        forms = sorted(set(term.forms(lang)), key=len, reverse=True)
        if forms:
            alternation = "|".join(re.escape(form) for form in forms)
            patterns.append((re.compile(rf"(?<!\w)(?:{alternation})(?!\w)"), term))
    return patterns


def ref_spans(text: str, bare_chapters: bool = False, names: Mapping[str, str] | None = None) -> list[tuple[int, int, str]]:
    """(start, end, id) of every citation in a text, as ``rules_text.markup`` finds them: each id
    of ``[a; b]`` on its own, bare ``see 4.1.6``, where the game cites chapters without a dot,
    ``see 16``, and the references by name it declares (``name_refs``). The id is the stored one
    (a printed chapter ``22.0`` is ``22``)."""
    spans: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []
    for match in BRACKET_REF.finditer(text):
        taken.append(match.span())
        inner_start = match.start(1)
        for part in _ID.finditer(match.group(1)):
            spans.append(
                (inner_start + part.start(), inner_start + part.end(), chapter_number(part.group(0)))
            )
    return sorted(spans + running_ref_spans(text, taken, bare_chapters, names))


def tokens(text: str, context: TextContext) -> list[Token]:
    """Plain text with its citations resolved and the first use of each glossary term linked."""
    spans: list[tuple[int, int, Token]] = []
    for start, end, ref in ref_spans(text, context.linker.bare_chapters, context.linker.game.declaration.name_refs):
        target = context.linker.resolve(ref, context.lang, context.where, context.section_id)
        spans.append((start, end, Token(text[start:end], target=target)))
    for pattern, term in context.terms:
        if term.key in context.linked_terms:
            continue
        for match in pattern.finditer(text):
            if not any(s < match.end() and match.start() < e for s, e, _ in spans):
                spans.append((match.start(), match.end(), Token(match.group(0), term=term)))
                context.linked_terms.add(term.key)
                break
    spans.sort(key=lambda span: span[0])
    result: list[Token] = []
    position = 0
    for start, end, token in spans:
        if start > position:
            result.append(Token(text[position:start]))
        result.append(token)
        position = end
    if position < len(text):
        result.append(Token(text[position:]))
    return result


def line_tokens(line: str, context: TextContext) -> list[Token]:
    """A line of source text: ``{missing: ...}`` becomes a gap token, the rest :func:`tokens`."""
    result: list[Token] = []
    position = 0
    for match in MISSING.finditer(line):
        result += tokens(line[position : match.start()], context)
        result.append(Token(f"[{GAP_LABEL[context.lang]}: {match.group(1)}]", gap=True))
        position = match.end()
    return result + tokens(line[position:], context)


def section_blocks(section: Section, context: TextContext) -> list[Block]:
    """A section's paragraphs, its ``{table: id}`` rows laid out line by line as printed."""
    tables = context.linker.game.tables
    blocks: list[Block] = []
    for paragraph in re.split(r"\n\s*\n", section.source_text.strip()):
        block = Block()
        for line in paragraph.splitlines():
            table = TABLE.fullmatch(line.strip())
            if table:
                if block.lines:
                    blocks.append(block)
                rows = render_table(tables[table.group(1)], section.lang, section_title=section.title).splitlines()
                blocks.append(Block([line_tokens(row, context) for row in rows], table=True))
                block = Block()
            elif TABLE.search(line):
                block.lines.append(
                    line_tokens(
                        TABLE.sub(lambda m: render_table(tables[m.group(1)], section.lang, section_title=section.title), line),
                        context,
                    )
                )
            elif line.strip():
                block.lines.append(line_tokens(line.strip(), context))
        if block.lines:
            blocks.append(block)
    return blocks


def context_for(section: Section, linker: Linker) -> TextContext:
    return TextContext(
        lang=section.lang,
        where=f"section {section.id}",
        section_id=section.id,
        linker=linker,
        terms=patterns_for(linker, section.lang),
    )


_PATTERNS: dict[tuple[int, str], list[tuple[re.Pattern[str], GlossaryTerm]]] = {}


def patterns_for(linker: Linker, lang: Lang) -> list[tuple[re.Pattern[str], GlossaryTerm]]:
    """The glossary patterns of a language, compiled once per game."""
    key = (id(linker.game), lang)
    if key not in _PATTERNS:
        _PATTERNS[key] = term_patterns(linker.game.glossary, lang)
    return _PATTERNS[key]
