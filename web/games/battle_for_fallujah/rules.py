"""What the companion reads of the rulebook data: the rule ids and the victory levels (14.4.2)."""

from __future__ import annotations

from functools import cache

from rules_text.loading import load_game

GAME = "battle-for-fallujah"


@cache
def rule_ids() -> frozenset[str]:
    return frozenset(load_game(GAME).corpus("en").by_id)


def known_rule(rule: str) -> bool:
    return rule in rule_ids()


@cache
def victory_rows() -> tuple[tuple[str, int | None, int | None, str | None], ...]:
    """(level, min, max, rule) of tables/victory-levels.yaml."""
    table = load_game(GAME).tables["victory-levels"]
    return tuple((row.result, row.min, row.max, row.rule) for row in table.rows)


def victory_level(vp: int) -> str:
    for level, low, high, _rule in victory_rows():
        if (low is None or low <= vp) and (high is None or vp <= high):
            return level
    raise ValueError(f"vp: {vp}: -6 to +6 (25.3.1, 25.11.1)")
