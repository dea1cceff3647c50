"""``fallujah rule``, ``export``, ``glossary`` and ``check``: the rulebook from the shell."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any

import click

from . import fast_rule
from .fast_rule import DEFAULT_GAME, DEFAULT_LANG, LANGS, available_games

if TYPE_CHECKING:
    from .corpus import Game
    from .models import Section

# Importing this module imports neither pydantic nor YAML: ``fallujah rule`` answers from
# rules_text.fast_rule's file when it can (issue 11, item 7); the other commands import the
# loader when they run.

LANG_OPTION = click.option(
    "--lang", type=click.Choice(LANGS), default=DEFAULT_LANG, show_default=True, help="Rulebook language."
)
JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def _known_game(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An unknown ``--game`` (an empty one too): one line naming it and the known games, exit
    status 2. A game whose folder is there without its ``game.yaml`` goes on to the command: a
    data error (exit 1)."""
    if value is not None and value not in available_games() and (
            not value.strip() or not (fast_rule.games_dir() / value).is_dir()):
        known = ", ".join(available_games()) or "none"
        click.echo(f"error: unknown game {value!r} (known games: {known})", err=True)
        ctx.exit(2)
    return value


def game_option(func: Callable[..., Any] | None = None, *, default: str | None = DEFAULT_GAME) -> Callable[..., Any]:
    """``--game`` (default the default game; ``fallujah games`` lists them), checked before the command runs."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        return click.option(
            "--game",
            default=default,
            show_default=default is not None,
            callback=_known_game,
            is_eager=True,
            help="Which game (" + ", ".join(available_games()) + ").",
        )(f)

    return decorate(func) if func is not None else decorate


def fails_cleanly(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn data and lookup errors into a one-line message and exit status 1: an id the
    rulebook does not have (with the nearest ids), broken data."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            # the classes are looked up, not imported: an exception of theirs means they are loaded
            corpus, loading = sys.modules.get("rules_text.corpus"), sys.modules.get("rules_text.loading")
            if corpus is not None and isinstance(exc, corpus.UnknownSection):
                click.echo(f"error: {exc}", err=True)
                sys.exit(1)
            if loading is not None and isinstance(exc, loading.DataError):
                click.echo(f"error: {exc}", err=True)
                sys.exit(1)
            raise

    return wrapper


def emit_json(payload: Any) -> None:
    click.echo(fast_rule.json_text(payload))


def section_json(game: Game, section: Section, *, full: bool = True) -> dict[str, Any]:
    """A section as the CLI and the web API give it (the corpus contract)."""
    corpus = game.corpus(section.lang)
    data: dict[str, Any] = {
        "id": section.id,
        "lang": section.lang,
        "title": section.title,
        "kind": section.kind.value,
        "text": section.text,
        "refs": list(section.refs),
    }
    if full:
        data.update(
            game=game.id,
            note_type=section.note_type.value if section.note_type else None,
            parent=section.parent,
            breadcrumb=[{"id": s.id, "title": s.title} for s in corpus.breadcrumb(section.id)],
            children=list(corpus.children.get(section.id, ())),
            referenced_by=list(corpus.referenced_by.get(section.id, ())),
            gaps=list(section.gaps),
            tables=list(section.tables),
            other_langs=[lang for lang in game.langs if lang != section.lang and section.id in game.corpora[lang]],
            edition=game.declaration.edition,
        )
    data["rulings"] = section_rulings(game, section)
    return data


def section_rulings(game: Game, section: Section) -> list[dict[str, Any]]:
    """The game's rulings shown beside a section (errata, registered ambiguities), as JSON."""
    from .rulings import for_rule, game_rulings

    return [r.model_dump(mode="json") for r in for_rule(game_rulings(game, section.lang), section.id)]


@click.command()
@click.argument("section_id", metavar="ID")
@LANG_OPTION
@JSON_OPTION
@game_option
@fails_cleanly
def rule(section_id: str, lang: str, as_json: bool, game: str) -> None:
    """Print rule ID (e.g. 11.4.1, example-assault) with its references."""
    answer, unknown = fast_rule.answer_or_error(game, lang, section_id)
    if unknown is not None:  # as fails_cleanly says an UnknownSection
        click.echo(f"error: {unknown}", err=True)
        sys.exit(1)
    print_rule(answer or full_answer(game, lang, section_id), as_json)


def rule_answer(game: Game, section: Section) -> dict[str, Any]:
    """All ``fallujah rule`` prints for a section: its JSON payload and its label."""
    return {"data": section_json(game, section), "label": section.label}


def full_answer(game: str, lang: str, section_id: str) -> dict[str, Any]:
    """The answer from the loaded game (the slow path); keeps every answer for the next process."""
    from .loading import DataError, load_game

    stats = fast_rule.current_stats(game)
    loaded = load_game(game)
    if stats is not None and fast_rule.current_stats(game) == stats and fast_rule.read_answers(game) is None:
        # the files did not move while the game was read: these answers are the game's as of ``stats``
        fast_rule.write_answers(game, stats, {
            code: {section.id: rule_answer(loaded, section) for section in corpus.sections}
            for code, corpus in loaded.corpora.items()
        })
    if lang not in loaded.corpora:
        raise DataError(game, f"no {lang} rulebook")
    section = loaded.corpus(lang).get(section_id)
    return rule_answer(loaded, section)


def print_rule(answer: dict[str, Any], as_json: bool) -> None:
    """Print an answer as text (wrapped to the terminal) or JSON, as :func:`fast_rule.printed` lays it out."""
    for message, style in fast_rule.printed(answer, as_json, terminal_width()):
        if style is None:
            click.echo(message)
        else:
            click.secho(message, **{style: True})  # type: ignore[arg-type]


def terminal_width() -> int:
    """The terminal's width for wrapped text (at least 40 columns)."""
    return max(40, fast_rule.terminal_columns())


@click.command()
@LANG_OPTION
@JSON_OPTION
@game_option
@fails_cleanly
def export(lang: str, as_json: bool, game: str) -> None:
    """Print a whole rulebook (use --json for the data)."""
    from .loading import DataError, load_game

    loaded = load_game(game)
    if lang not in loaded.corpora:
        raise DataError(game, f"no {lang} rulebook")
    corpus = loaded.corpus(lang)
    if as_json:
        emit_json(
            {
                "game": game,
                "lang": lang,
                "sections": [
                    {**section_json(loaded, s, full=False), "parent": s.parent,
                     "note_type": s.note_type.value if s.note_type else None}
                    for s in corpus.sections
                ],
            }
        )
        return
    for section in corpus.sections:
        click.secho(f"\n{section.label}", bold=True)
        if section.text:
            click.echo(section.text)
        for line in fast_rule.ruling_lines(section_rulings(loaded, section)):
            click.echo(line)


@click.command()
@click.argument("term", required=False)
@JSON_OPTION
@game_option
@fails_cleanly
def glossary(term: str | None, as_json: bool, game: str) -> None:
    """Print the defined terms, or one TERM (English or French)."""
    from .loading import load_game

    loaded = load_game(game)
    if term is not None:
        found = loaded.term(term)
        if found is None:  # a lookup error: one line with the nearest terms, exit 1
            import difflib

            names = sorted({name for t in loaded.glossary for name in (t.en, t.fr) if name})
            close = difflib.get_close_matches(term, names, n=5, cutoff=0.5)
            hint = f"close: {', '.join(close)}" if close else f"{len(names)} terms: fallujah glossary --game {game}"
            click.echo(f"error: term: no {term!r} in the {game} glossary ({hint})", err=True)
            sys.exit(1)
        terms = [found]
    else:
        terms = list(loaded.glossary)
    entries = [
        {
            **t.model_dump(mode="json"),
            "used_in": {lang: loaded.used_in(t, lang) for lang in loaded.langs},
        }
        for t in terms
    ]
    if as_json:
        emit_json(entries if term is None else entries[0])
        return
    for entry in entries:
        abbr = "/".join(dict.fromkeys(a for a in (entry["abbr"]["en"], entry["abbr"]["fr"]) if a))
        click.secho(f"{entry['en']}" + (f" — {entry['fr']}" if entry["fr"] else "") + (f" ({abbr})" if abbr else ""), bold=True)
        click.echo(f"  [{entry['rule']}] {entry['definition']['en']}")
        if term is not None:
            click.echo(f"  used in: {', '.join(entry['used_in']['en']) or '-'}")


@click.command()
@game_option(default=None)
@fails_cleanly
def check(game: str | None) -> None:
    """Validate the rulebook data of every game (or --game's alone); list known source errata and
    gaps; exit 1 on any problem."""
    games = [game] if game is not None else available_games()
    failed = [name for name in games if not _check_one(name, several=len(games) > 1)]
    if failed:
        if len(games) > 1:
            click.echo(f"\nProblems in: {', '.join(failed)}.", err=True)
        sys.exit(1)


def _check_one(game: str, *, several: bool) -> bool:
    """One game's check, printed; False on a problem of ours."""
    from .check import check_game
    from .loading import DataError, load_game

    if several:
        click.echo(f"== {game}")
    try:
        loaded = load_game(game)
    except DataError as exc:
        if len(exc.problems) == 1:
            click.echo(f"error: {exc}", err=True)
            return False
        click.echo(f"{len(exc.problems)} problem(s) in our data:", err=True)
        for line in exc.problems:
            click.echo(f"  {line}", err=True)
        return False
    report = check_game(loaded)
    counts = ", ".join(f"{lang}: {len(c.sections)} sections" for lang, c in loaded.corpora.items())
    click.echo(f"{loaded.title}: {counts}, {len(loaded.tables)} tables, {len(loaded.glossary)} glossary terms")
    if report.errata:
        click.echo(f"\nKnown source errata ({len(report.errata)}), errors printed in the rulebook itself:")
        for erratum in report.errata:
            langs = "/".join(erratum.langs)
            cites = f" cites [{erratum.cites}]" if erratum.cites else ""
            click.echo(f"  {erratum.section}{cites} ({langs}, {erratum.kind}): {erratum.note}")
    if report.gaps:
        click.echo(f"\nText lost in the source ({len(report.gaps)}), marked where it stood:")
        for gap in report.gaps:
            click.echo(f"  {gap.section} ({gap.lang}): {gap.what}")
    if report.problems:
        click.echo(f"\n{len(report.problems)} problem(s) in our data:")
        for problem in report.problems:
            click.echo(f"  {problem}")
        return False
    click.echo("\nNo problems.\n" if several else "\nNo problems.")
    return True


COMMANDS = [rule, export, glossary, check]


@click.command(name="search")
@click.argument("query")
@click.option("--lang", type=click.Choice(["en", "fr", "all"]), default="all", show_default=True)
@click.option("--kind", type=click.Choice(["rule", "example", "note", "table", "foreword", "bibliography", "glossary"]),
              default=None, help="Only this kind of section.")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@JSON_OPTION
@click.option("--game", default=DEFAULT_GAME, show_default=True,
              help="Which game's rulebook (" + ", ".join(available_games()) + "), or all.")
@fails_cleanly
def search_command(query: str, lang: str, kind: str | None, limit: int, as_json: bool, game: str) -> None:
    """Search the rulebooks: a rule number or words, in English or French; --game all searches every game."""
    from .loading import UnknownGame
    from .search import SearchError, search

    if game != "all" and game not in available_games():
        click.echo(f"error: {UnknownGame(game)}", err=True)
        sys.exit(2)
    try:
        result = search(query, lang=lang, kind=kind, limit=limit, game=game)
    except SearchError as exc:
        raise click.UsageError(str(exc)) from None
    if as_json:
        emit_json(result.model_dump(mode="json"))
        return
    if result.suggestion:
        click.secho(f"Did you mean: {result.suggestion}", fg="yellow")
    if not result.hits:
        click.echo("No section found.")
    for hit in result.hits:
        where = " › ".join(hit.breadcrumb)
        label = f"{hit.number or hit.id} {hit.title}".strip() if hit.kind != "glossary" else f"{hit.title} (glossary, {hit.id})"
        click.secho(f"[{hit.game + ' · ' if game == 'all' else ''}{hit.lang}] {label}", bold=True, nl=False)
        click.secho(f"  {hit.kind}" if hit.kind not in ("rule", "glossary") else "", dim=True)
        if where:
            click.secho(f"    {where}", dim=True)
        snippet = re.sub(r"\*\*(.+?)\*\*", lambda m: click.style(m.group(1), bold=True, underline=True), hit.snippet)
        click.echo(textwrap.indent(textwrap.fill(snippet, width=min(terminal_width(), 100) - 4), "    "))


COMMANDS.append(search_command)
