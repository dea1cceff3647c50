"""Every citation the site will link, resolved before any page is written (all problems at once)."""

from __future__ import annotations

from rules_text.markup import find_refs, render_table

from .links import Linker, UnresolvedReference


def citation_problems(linker: Linker) -> list[str]:
    """One message per citation that resolves nowhere: section texts, table rows, glossary rules."""
    game = linker.game
    problems: list[str] = []

    def attempt(ref: str, lang: str, where: str, section_id: str | None = None) -> None:
        try:
            linker.resolve(ref, lang, where, section_id)  # type: ignore[arg-type]
        except UnresolvedReference as exc:
            problems.append(str(exc))

    for lang, corpus in game.corpora.items():
        for section in corpus.sections:
            for ref in section.refs:
                attempt(ref, lang, f"section {section.id} of {section.file}", section.id)
        for table in game.tables.values():
            for ref in find_refs(render_table(table, lang), bare_chapters=linker.bare_chapters, names=linker.game.declaration.name_refs):  # type: ignore[arg-type]
                attempt(ref, lang, f"table {table.id}")
    for table in game.tables.values():
        attempt(table.rule, "en", f"table {table.id} (its rule)")
    for term in game.glossary:
        attempt(term.rule, "en", f"glossary term {term.key} (its defining rule)")
        for lang in game.corpora:
            definition = term.definition.get(lang) or ""  # type: ignore[arg-type]
            for ref in find_refs(definition, bare_chapters=linker.bare_chapters):
                attempt(ref, lang, f"glossary term {term.key} (its definition)", term.rule)
    return problems
