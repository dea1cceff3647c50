"""The ``fallujah`` command: one group gathering each layer's commands."""

from __future__ import annotations

import click

from adjudicator.cli import adjudicate_command
from rules_text.cli import COMMANDS as RULES_COMMANDS
from web.compare_cli import compare
from web.serve import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fallujah")
def main() -> None:
    """Rules reference and adjudication assistant for Phantom Fury and other Fallujah games."""


for command in RULES_COMMANDS:
    main.add_command(command)
main.add_command(adjudicate_command)
main.add_command(compare)
main.add_command(serve)
