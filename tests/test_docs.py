"""The README keeps up with the code (Datasette's habit): every command is documented."""

from __future__ import annotations

import click

from web.commands import COMMANDS, main

from .conftest import ROOT


def test_every_cli_command_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = main.list_commands(click.Context(main))
    assert set(names) == set(COMMANDS) and "games" in names
    missing = [name for name in names if f"fallujah {name}" not in readme]
    assert missing == []


def test_readme_quick_start_is_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme


def test_readme_says_how_to_lint_and_where_the_sources_are():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lint" in readme and "FALLUJAH_SOURCES_DIR" in readme and "--game" in readme
    assert "Flask-WTF" not in readme  # removed: no page posts a form
