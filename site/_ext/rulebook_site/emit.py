"""Tokens to output: docutils nodes for the chapter pages, escaped HTML for the others."""

from __future__ import annotations

from html import escape

from docutils import nodes

from .inline import Block, Token
from .links import Target, relative_url


def ref_classes(target: Target) -> list[str]:
    return ["rule-ref"] + ([f"rule-ref-{target.relation}"] if target.relation != "same" else [])


def term_href(from_doc: str, key: str) -> str:
    return relative_url(from_doc, "glossary", f"term-{key}")


def token_nodes(tokens: list[Token], from_doc: str) -> list[nodes.Node]:
    result: list[nodes.Node] = []
    for token in tokens:
        if token.target is not None:
            href = relative_url(from_doc, token.target.docname, token.target.anchor)
            result.append(
                nodes.reference(
                    token.text, token.text, refuri=href, classes=ref_classes(token.target)
                )
            )
        elif token.term is not None:
            definition = token.term.definition.get("en") or ""
            result.append(
                nodes.reference(
                    token.text,
                    token.text,
                    refuri=term_href(from_doc, token.term.key),
                    classes=["term-ref"],
                    reftitle=definition,
                )
            )
        elif token.gap:
            result.append(nodes.inline(token.text, token.text, classes=["source-gap"]))
        else:
            result.append(nodes.Text(token.text))
    return result


def block_nodes(blocks: list[Block], from_doc: str) -> list[nodes.Node]:
    result: list[nodes.Node] = []
    for block in blocks:
        classes = ["table-rows"] if block.table else []
        if len(block.lines) == 1 and not block.table:
            result.append(nodes.paragraph("", "", *token_nodes(block.lines[0], from_doc)))
            continue
        lines = nodes.line_block(classes=classes)
        for line in block.lines:
            lines += nodes.line("", "", *token_nodes(line, from_doc))
        result.append(lines)
    return result


def token_html(tokens: list[Token], from_doc: str) -> str:
    parts = []
    for token in tokens:
        text = escape(token.text)
        if token.target is not None:
            href = escape(relative_url(from_doc, token.target.docname, token.target.anchor))
            parts.append(
                f'<a class="{" ".join(ref_classes(token.target))}" href="{href}">{text}</a>'
            )
        elif token.term is not None:
            title = escape(token.term.definition.get("en") or "")
            href = escape(term_href(from_doc, token.term.key))
            parts.append(f'<a class="term-ref" href="{href}" title="{title}">{text}</a>')
        elif token.gap:
            parts.append(f'<span class="source-gap">{text}</span>')
        else:
            parts.append(text)
    return "".join(parts)


def block_html(blocks: list[Block], from_doc: str) -> str:
    parts = []
    for block in blocks:
        css = ' class="table-rows"' if block.table else ""
        lines = "<br>\n".join(token_html(line, from_doc) for line in block.lines)
        parts.append(f"<p{css}>{lines}</p>")
    return "\n".join(parts)
