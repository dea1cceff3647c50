"""``fallujah play --game fallujah-cards [--seed N]`` with piped input: a whole game to its final
score, the same game as the web companion deals from the same seed, the advisor on request, bad
input named with its rule, clean quits (q, end of input), and one line with exit 2 for an
unknown game or a game that cannot be played in the terminal."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from web.games.fallujah_cards import terminal

from .conftest import run_cli
from .test_web_fixtures import make_app

GAME = "fallujah-cards"
FINAL = re.compile(r"Final score: (-?\d+) \(literal reading of SCORING\); other reading .*: (-?\d+)\.")


def _web_score(tmp_path, seed: int) -> tuple[int, int]:
    """The same seed in the web companion, taking the first listed choice each time."""
    app = make_app("sqlite", tmp_path)
    try:
        client = app.test_client()
        state = client.post("/api/games", json={"game": GAME, "mode": "app", "seed": seed}).get_json()
        while not state["over"]:
            body = {"expected_version": state["version"], **state["options"][0]["action"]}
            state = client.post(f"/api/games/{state['id']}/actions", json=body).get_json()
        return state["score"], state["score_other"]
    finally:
        app.extensions["fallujah.store"].engine.dispose()


def test_a_piped_game_plays_to_the_end_with_the_same_score_as_the_web(tmp_path):
    result = run_cli("play", "--game", GAME, "--seed", "12", stdin="1\n" * 400)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    found = FINAL.search(result.stdout)
    assert found, result.stdout[-2000:]
    assert (int(found.group(1)), int(found.group(2))) == _web_score(tmp_path, 12)
    assert "seed 12" in result.stdout.splitlines()[0]


def test_the_advisor_on_request_and_bad_input_then_quit():
    lines = ["a", "play Abrams Tnak", "9999", "fly", "q", "1"]
    result = run_cli("play", "--game", GAME, "--seed", "3", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"Advisor: .+: \+\d+\.\d points expected \((± \d+\.\d|exact)\)", out), out
    assert re.search(r"^\s+\d+\.\d( ± \d+\.\d| \(exact\))\s+\S", out, re.MULTILINE)
    assert "'Abrams Tnak'" in out
    assert re.search(r"choice: '9999': a number from 1 to \d+ \([a-z-]+\)", out)
    assert "input: 'fly'" in out
    assert out.rstrip().endswith("Quit.")
    assert "Final score" not in out


def test_a_card_not_in_the_hand_and_a_misspelt_card_name_name_the_value_and_the_rule():
    # seed 3 starts at a Recon decision (the web test of the same seed shows it)
    result = run_cli("play", "--game", GAME, "--seed", "3", stdin="recon Grunts\nrecon Predatorz\nq\n")
    assert result.returncode == 0
    assert "card: 'Grunts': a card in your hand (you hold " in result.stdout
    assert re.search(r"card: 'Grunts': a card in your hand \(you hold [^)]*\) \(recon-phase\)", result.stdout)
    assert "card: 'Predatorz': a card name of the card list; did you mean 'Predators'? (card-list)" in result.stdout


#: what a terminal game does not use: the pack's pages (and through them the web app's API and
#: database) and the advisor's compiled rollouts, imported when a page or advice is asked for
NOT_USED = {"web.games.fallujah_cards.pages", "web.api", "sqlalchemy", "adjudicator.games.fallujah_cards.advisor",
            "numba"}


def test_the_end_of_the_input_quits_cleanly_having_imported_nothing_it_does_not_use():
    result = run_cli("play", "--game", GAME, "--seed", "1", stdin="", env={"PYTHONPROFILEIMPORTTIME": "1"})
    lines = result.stderr.splitlines()
    imported = {line.split("|")[-1].strip() for line in lines if line.startswith("import time:")}
    stderr = "".join(line + "\n" for line in lines if not line.startswith("import time:"))
    assert result.returncode == 0 and stderr == ""
    assert result.stdout.rstrip().endswith("Quit (end of input).")
    assert "Traceback" not in result.stdout + stderr
    assert "web.games.fallujah_cards.terminal" in imported
    assert not imported & NOT_USED, sorted(imported & NOT_USED)


def test_an_unknown_game_or_a_game_without_a_terminal_loop_is_one_line_and_exit_2():
    unknown = run_cli("play", "--game", "xyz")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr.count("\n") == 1 and "unknown game 'xyz'" in unknown.stderr
    other = run_cli("play", "--game", "phantom-fury")
    assert other.returncode == 2 and other.stderr.count("\n") == 1
    assert "cannot be played in the terminal" in other.stderr and GAME in other.stderr


LINES = st.one_of(
    st.sampled_from(["1", "2", "3", "a", "s", "", "0", "99", "decline", "pass", "play Grunts", "recon Predators",
                     "discard Grunts, Humvee", "discard ,,,", "play " + "x" * 200, "PLAY m1 abrams tank"]),
    st.text(max_size=40).filter(lambda line: "\n" not in line and line.strip().lower() not in ("q", "quit", "exit")),
)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), lines=st.lists(LINES, max_size=25))
@example(seed=0, lines=["¹"]).via("found by hypothesis: a digit to str.isdigit, not to int()")
@example(seed=0, lines=["٣", "1"]).via("an Arabic-Indic digit, then a choice")
def test_any_input_line_is_played_or_answered_in_one_line_never_a_traceback(seed, lines):
    """The loop itself, fed any lines then the end of the input: it ends with status 0."""
    feed = iter(lines)
    out: list[str] = []
    status = terminal.play(seed, lambda: next(feed, None), out.append, rollouts=50)
    assert status == 0
    assert out[-1] in ("Quit (end of input).",) or out[-1].startswith("Game over.")
