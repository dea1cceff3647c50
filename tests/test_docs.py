"""The README keeps up with the code (Datasette's habit): every command is documented."""

from __future__ import annotations

from web.cli import main

from .conftest import ROOT


def test_every_cli_command_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [name for name in main.commands if f"fallujah {name}" not in readme]
    assert missing == []


def test_readme_quick_start_is_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
