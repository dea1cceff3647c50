"""The ``fallujah`` commands: one click group gathering each layer's commands, imported lazily.

The console script starts in :mod:`web.cli`, which answers ``fallujah rule ID`` from the rule
answers file without importing click and hands everything else to :data:`main` here. A command's module is imported only when that command runs, so ``fallujah rule ID`` loads
the rulebook and nothing else (not the adjudicator, Flask, SQLAlchemy or Sphinx). ``--help``
lists the commands from the table below without importing them.

Every usage error of every command (click's own included: an unknown option, a missing
argument, a bad choice) is one line on stderr and exit status 2, and so is a command that cannot
write its output (a full disk): never click's four-line block or a traceback.
"""

from __future__ import annotations

import errno
import importlib
import io
import sys
from typing import Any

import click

from .cli import die, quiet_exit

#: name -> (module, attribute, one-line help shown by ``fallujah --help``)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "adjudicate": ("adjudicator.cli", "adjudicate_command",
                   "Odds before the roll, outcome after it, every modifier tied to its rule."),
    "backup": ("web.backup_cli", "backup", "Back the companion's SQLite database up now, into backups/ beside it."),
    "check": ("rules_text.cli", "check", "Validate the rulebook data; list known source errata; exit 1 on any problem."),
    "compare": ("web.compare_cli", "compare", "Compare the English and French texts of rule ID side by side."),
    "export": ("rules_text.cli", "export", "Print a whole rulebook (use --json for the data)."),
    "games": ("web.games_cli", "games", "List the registered games: id, title, languages, dice, situations, companion."),
    "glossary": ("rules_text.cli", "glossary", "Print the defined terms, or one TERM (English or French)."),
    "new-game": ("web.new_game", "new_game", "Write a working pack for a new game (docs/adding-a-game.md)."),
    "play": ("web.play_cli", "play", "Play a game in the terminal (numbered choices; q quits)."),
    "restore": ("web.backup_cli", "restore_command", "Restore the companion's SQLite database from a backup, once checked."),
    "rule": ("rules_text.cli", "rule", "Print rule ID (as printed, or a slug) with its references."),
    "search": ("rules_text.cli", "search_command", "Search the rulebooks: a rule number or words."),
    "serve": ("web.serve", "serve", "Serve the web companion and its JSON API on http://HOST:PORT/."),
    "stats": ("adjudicator.stats_cli", "stats", "Mean, standard error and score distribution of a policy over seeded games."),
}


class LazyGroup(click.Group):
    """A group whose commands are imported when they are run (or their own help is asked)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        """Run a command; its usage errors and failed writes are one line and exit 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        for stream in (sys.stdout, sys.stderr):  # a terminal whose encoding lacks '›' gets '?', not a traceback
            if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
                stream.reconfigure(errors="replace")
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()
        except click.exceptions.Abort:
            die("aborted", 1)
        except click.ClickException as exc:
            die(_one_line(exc), 2)
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # the reader went away (``fallujah export | head``)
                quiet_exit(0)
            die(f"cannot write: {exc.strerror or exc}", 2)
        except RecursionError:
            die("the input is nested too deeply", 2)
        sys.exit(result if isinstance(result, int) else 0)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][2]) for name in self.list_commands(ctx)])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fallujah")
def main() -> None:
    """Rules reference and adjudication assistant for the board wargames about Fallujah.

    Every command takes --game (``fallujah games`` lists them)."""


def _one_line(exc: click.ClickException) -> str:
    """A click error as one line, naming the command and where its help is."""
    message = " ".join(exc.format_message().split())
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.UsageError) and ctx is not None:
        return f"{ctx.command_path}: {message} (see {ctx.command_path} --help)"
    return message
