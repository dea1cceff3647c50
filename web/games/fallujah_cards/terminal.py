"""The card game in a terminal (``fallujah play --game fallujah-cards [--seed N]``): the same
engine and the same moves as the web companion (:mod:`.apply`), so a seed deals the same game
in both. Numbered choices; ``a`` asks the advisor; a choice can also be typed as a command
(``play M1 Abrams Tank``, ``decline``, ``recon Predators``, ``pass``, ``discard Grunts, Humvee``);
``q`` or the end of the input quits. Bad input is one line naming the value and the rule, and
nothing changes."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.state import score, score_insurgency_only
from web.errors import Refused
from web.translate import gettext as _

from . import actions as a
from . import advice
from .apply import KERNEL, initial_state
from .state import CardsState

HELP = ("Type a choice's number, or a command: play CARD, decline, recon CARD, pass, discard CARD[, CARD...]; "
        "a: the advisor's expected scores; s: the table again; q: quit.")


def _command(line: str) -> dict[str, Any] | None:
    """A typed command as the companion's action, or None when it is not one."""
    verb, _sep, rest = line.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb in ("decline", "keep") and not rest:
        return {"type": "decline"}
    if verb == "pass" and not rest:
        return {"type": "pass"}
    if verb in ("play", "recon") and rest:
        return {"type": verb, "card": rest}
    if verb == "discard" and rest:
        return {"type": "discard", "cards": [c.strip() for c in rest.split(",") if c.strip()]}
    return None


def _advice(state: CardsState, write: Callable[[str], None], rollouts: int | None) -> None:
    table = state.table()
    answer = advice.compute(table, rollouts)
    if answer is None:
        write("No decision to advise on now.")
        return
    write("Advisor: " + advice.sentence(answer, table))
    for estimate in answer["estimates"]:
        error = f" ± {estimate['se']:.1f}" if estimate["se"] is not None else " (exact)"
        write(f"  {estimate['expected']:6.1f}{error}  {estimate['label']}")
    write("  " + _("Policy: the choice now, then the greedy policy for the rest of the game."))
    write("  " + _("It plays the highest card on the last Target, keeps a card of Force 4 or more above a Target while the hand has room, and discards a second Disarm card first."))


def play(seed: int | None, read: Callable[[], str | None], write: Callable[[str], None],
         rollouts: int | None = advice.ROLLOUTS) -> int:
    """Play a whole game in a terminal; returns the exit status (0, also when the player quits)."""
    seed = secrets.randbits(32) if seed is None else seed
    setup = a.parse_setup({"mode": "app", "seed": seed})
    state = initial_state(setup)
    write(f"Fallujah, the card game: seed {seed} (the same seed deals the same game here and on the web).")
    write(HELP)
    show = True
    while True:
        table = state.table()
        if show:
            write("")
            for line in table.said:
                write("> " + line)
            write("\n".join(engine.summary(table)))
        show = True
        if table.over:
            write(f"Game over. Final score: {score(table)} (literal reading of SCORING); "
                  f"other reading (only Insurgency cards of the Elimination Pile): {score_insurgency_only(table)}.")
            return 0
        options = engine.legal_decisions(table)
        write(engine.pending(table).prompt)
        for number, option in enumerate(options, start=1):
            write(f"  {number}. {option.label}")
        read_line = read()
        if read_line is None:
            write("Quit (end of input).")
            return 0
        line = read_line.strip()
        if line.lower() in ("q", "quit", "exit"):
            write("Quit.")
            return 0
        if line.lower() in ("a", "advice", "?"):
            _advice(state, write, rollouts)
            show = False
            continue
        if line.lower() in ("s", "show", ""):
            continue
        if line.isascii() and line.isdigit():  # "¹" and "٣" are digits to str.isdigit, not to int()
            if not 1 <= int(line) <= len(options):
                write(f"choice: {line!r}: a number from 1 to {len(options)} ({engine.pending(table).rule})")
                show = False
                continue
            body: dict[str, Any] | None = advice.web_action(options[int(line) - 1].action)
        else:
            body = _command(line)
            if body is None:
                write(f"input: {line[:80]!r}: {HELP}")
                show = False
                continue
        try:
            state, _effects = KERNEL.play(state, a.parse_action(body), state.version + 1)
        except Refused as exc:
            write(str(exc))
            show = False
