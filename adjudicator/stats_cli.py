"""``fallujah stats --game G --policy NAME --games N --seed S [--limit] [--json]``: whole games
from seeded shuffles played by a named policy, for every game whose adjudicator package
declares ``STATISTICS`` (an object with ``policies``, ``max_games`` and
``run(policy, games, seed, with_limit)``). Generic: it names no game and finds it through the
registry. The same seed gives the same shuffles for every policy, so policies compare game by
game. Bad values exit 2 with one line naming the option, the value and what is allowed.

JSON: ``{"policy", "games", "seed", "mean", "stderr", "distribution": {score: count}}``, and
``limit`` (``{"mean", "stderr"}``: the best expected score with the deck order known, on the
same shuffles) when the run computes it.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn, Protocol, cast

import click

from rules_text.cli import game_option

from .registry import game_module, games

#: the width of a distribution's bins in the text output (the JSON keeps every score)
BIN = 5
BAR = 50


class Statistics(Protocol):
    """What a game offers to ``fallujah stats``."""

    policies: tuple[str, ...]
    max_games: int

    def run(self, policy: str, games: int, seed: int, with_limit: bool = False) -> dict[str, Any]: ...


def _fail(option: str, value: object, allowed: str) -> NoReturn:
    click.echo(f"error: {option} {value!r}: {allowed}", err=True)
    sys.exit(2)


def _statistics(game: str | None) -> Statistics:
    offering = [g for g in games() if getattr(game_module(g), "STATISTICS", None) is not None]
    allowed = f"one of {', '.join(offering) or 'none'}"
    if game is None:
        _fail("--game", None, f"required: {allowed}")
    found = getattr(game_module(game), "STATISTICS", None) if game in games() else None
    if found is None:
        _fail("--game", game, f"a game with policy statistics: {allowed}")
    return cast(Statistics, found)


@click.command("stats")
@game_option(default=None)
@click.option("--policy", default=None, help="The policy that plays (random, greedy, advisor, clairvoyant...).")
@click.option("--games", "count", default="1000", help="How many games (shuffles 0 to N-1 of the seed).")
@click.option("--seed", default="0", help="The seed of the shuffles: the same seed deals the same games to every policy.")
@click.option("--limit", "with_limit", is_flag=True, help="Also compute the limit (clairvoyant play) of the same shuffles.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def stats(game: str | None, policy: str | None, count: str, seed: str, with_limit: bool, as_json: bool) -> None:
    """Mean, standard error and score distribution of a policy over seeded games."""
    found = _statistics(game)
    if policy not in found.policies:
        _fail("--policy", policy, f"one of {', '.join(found.policies)}")
    games_n = _integer("--games", count, 1, found.max_games)
    seed_n = _integer("--seed", seed, 0, 2**63 - 1)
    result = found.run(policy, games_n, seed_n, with_limit=with_limit)
    if as_json:
        click.echo(json.dumps(result))
        return
    for line in _text(game or "", result):
        click.echo(line)


def _integer(option: str, value: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except ValueError:
        _fail(option, value, f"a whole number from {low} to {high:,}")
    if not low <= number <= high:
        _fail(option, value, f"a whole number from {low} to {high:,}")
    return number


def _text(game: str, result: dict[str, Any]) -> list[str]:
    heading = (
        f"{game}, policy {result['policy']}: {result['games']:,} games of seed {result['seed']}"
        f" (scoring: {result.get('reading', 'as the engine scores')} reading)"
    )
    lines = [
        heading,
        f"mean {result['mean']:.2f} \u00b1 {result['stderr']:.2f} (standard error)",
    ]
    limit = result.get("limit")
    if limit is not None:
        gap = limit["mean"] - result["mean"]
        lines.append(
            f"limit (clairvoyant play, the best expected score with the deck order known) on the same"
            f" shuffles: {limit['mean']:.2f} \u00b1 {limit['stderr']:.2f}; gap {gap:.2f}"
        )
    bins: dict[int, int] = {}
    for score, games_at in result["distribution"].items():
        start = int(score) // BIN * BIN
        bins[start] = bins.get(start, 0) + games_at
    most = max(bins.values())
    lines.append("distribution (score: games; --json gives every score):")
    for start in range(min(bins), max(bins) + 1, BIN):
        n = bins.get(start, 0)
        lines.append(f"  {start:>4}-{start + BIN - 1:<4} {n:>6}  {'#' * round(BAR * n / most)}")
    return lines
