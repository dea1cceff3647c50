"""What ``fallujah stats`` is offered by this game (``STATISTICS``): the policies, the largest run
and the run itself. The games are played by :mod:`.tournament` (numpy and the compiled loops),
imported only when a run is asked for, so that a bad option is answered at once."""

from __future__ import annotations

from typing import Any

POLICIES = ("random", "greedy", "greedy-classic", "advisor", "clairvoyant")
#: at most this many games in one run
MAX_GAMES = 1_000_000


class Statistics:
    """What ``fallujah stats`` asks of a game (adjudicator.stats_cli)."""

    policies = POLICIES
    max_games = MAX_GAMES
    #: the policies whose run also gives the clairvoyant limit of the same shuffles
    with_limit = ("advisor", "clairvoyant")

    def run(self, policy: str, games: int, seed: int, with_limit: bool = False) -> dict[str, Any]:
        from .tournament import run

        return run(policy, games, seed, with_limit=with_limit or policy in self.with_limit)


STATISTICS = Statistics()
