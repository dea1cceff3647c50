"""The gettext catalogues: ``python -m web.catalogues update|compile|check`` (``make messages``,
``make translations``).

The companion's catalogue is ``web/translations/``; each game's is ``translations/`` in its
package (:func:`web.i18n.translation_directories`, found through the registry), so a game stays a
self-contained pack. ``update`` extracts every msgid (``babel.cfg``: Python and Jinja) into each
catalogue's ``messages.pot``, leaving out of a game's the msgids the companion's already has (one
French for each English), then merges each ``fr/LC_MESSAGES/messages.po`` (new entries empty,
changed ones fuzzy). ``compile`` writes the ``.mo`` files (build output, not committed). ``check``
lists every msgid without a French translation, or fuzzy, and exits 1 when there is one.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from . import games as registry
from .i18n import TRANSLATIONS, compile_catalogues, translation_directories

ROOT = Path(__file__).resolve().parent
#: what ``pybabel extract -F babel.cfg`` reads: the Python modules and the Jinja templates
BABEL_CFG = ROOT.parent / "babel.cfg"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "lazy_gettext": None, "lazy_pgettext": ((1, "c"), 2), "lazy_ngettext": (1, 2)}
LOCALES = ("fr",)
WIDTH = 100


def _sources(translations: Path) -> tuple[Path, list[str]]:
    """The folder a catalogue's msgids come from, and the folders left out (the games, for the companion's)."""
    if translations == TRANSLATIONS:
        return ROOT, ["games"]
    return translations.parent, []


def _extract(folder: Path, skip: list[str]) -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    def keep(path: str) -> bool:
        relative = Path(path).relative_to(folder).parts
        return not Path(path).name.startswith((".", "_")) and not (len(relative) == 1 and relative[0] in skip)

    with BABEL_CFG.open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    yield from extract_from_dir(str(folder), method_map, options_map, keywords=KEYWORDS,
                                strip_comment_tags=True, directory_filter=keep)


def template(translations: Path, exclude: set[tuple[str | None, str]] | None = None) -> Catalog:
    """Every msgid of the catalogue's folder, less those in ``exclude``, as a ``messages.pot``."""
    folder, skip = _sources(translations)
    pot = Catalog(project="fallujah", fuzzy=False)
    for filename, lineno, message, comments, context in _extract(folder, skip):
        key = message[0] if isinstance(message, tuple) else message
        if exclude and (context, key) in exclude:
            continue
        pot.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return pot


def catalogues() -> list[Path]:
    """The companion's catalogue first, then each game's that has one."""
    return [Path(d) for d in translation_directories()]


def _every_package() -> list[Path]:
    """The companion's catalogue and one per game package (made for a new game), as ``update`` fills them."""
    packages = [registry.package_dir(game) for game in registry.known_games()]
    return [TRANSLATIONS, *sorted({p / "translations" for p in packages if p is not None})]


def update() -> None:
    generic: set[tuple[str | None, str]] = set()
    for translations in _every_package():
        pot = template(translations, None if translations == TRANSLATIONS else generic)
        if translations == TRANSLATIONS:
            generic = {(m.context, str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)) for m in pot if m.id}
        if not len(pot):
            continue
        translations.mkdir(exist_ok=True)
        with (translations / "messages.pot").open("wb") as out:
            write_po(out, pot, width=WIDTH, no_location=True, sort_output=True)
        for locale in LOCALES:
            po_path = translations / locale / "LC_MESSAGES" / "messages.po"
            po_path.parent.mkdir(parents=True, exist_ok=True)
            if po_path.exists():
                with po_path.open("rb") as source:
                    po = read_po(source, locale=locale)
            else:
                po = Catalog(locale=locale, project="fallujah", fuzzy=False)
            po.update(pot, update_header_comment=False)
            with po_path.open("wb") as out:
                write_po(out, po, width=WIDTH, no_location=True, sort_output=True, ignore_obsolete=True)
            print(f"{po_path}: {len(po)} messages")


def untranslated() -> list[str]:
    """Every entry without its French, or fuzzy: ``file: msgid``."""
    problems = []
    for translations in catalogues():
        for po_path in sorted(translations.glob("*/LC_MESSAGES/messages.po")):
            with po_path.open("rb") as source:
                po = read_po(source)
            for m in po:
                if not m.id:
                    continue
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                if m.fuzzy or not all(strings):
                    problems.append(f"{po_path}: {m.id!r}{' (fuzzy)' if m.fuzzy else ''}")
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
        return 0
    if command == "compile":
        for mo in compile_catalogues([str(d) for d in catalogues()]):
            print(f"compiled {mo}")
        return 0
    if command == "check":
        problems = untranslated()
        print("\n".join(problems) or "every msgid has its French")
        return 1 if problems else 0
    print("usage: python -m web.catalogues update|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
