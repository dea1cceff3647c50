"""Rulings beside the rule (issue 21, items 2 and 3): errata and registered ambiguities are shown
with the rule wherever it is read, each ambiguity of the issue is registered with both readings,
and a pick among readings changes what the adjudicator computes."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.registry import adjudicate
from rules_text import fast_rule
from rules_text.loading import available_games, load_game
from rules_text.rulings import KIND_LABELS, ambiguities, chosen_readings, for_rule, game_rulings

from .conftest import run_cli

#: every ambiguity issue 21 lists (../shared/notes/three-rulebooks.md), by game: id -> its rule
REGISTERED = {
    "battle-for-fallujah": {"bff-tie-ivp": "18.5.1", "bff-support-unit-pool": "17.2.1",
                            "bff-map-only-data": "24", "bff-reinforcement-repeat": "14.3"},
    "second-fallujah": {"sf-integrity-lead": "7.2.4", "sf-backlash-track-length": "7.5"},
    "fallujah-cards": {"cards-no-force-destroy": "destroy-phase", "cards-american-tactics-target": "asset-phase",
                       "cards-regroup-discard": "regroup-phase"},
}


def _rule(*args: str, env: dict[str, str] | None = None) -> str:
    done = run_cli("rule", *args, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rule_7_6_1_shows_its_erratum_on_the_slow_and_the_fast_path(tmp_path):
    env = {"FALLUJAH_CACHE_DIR": str(tmp_path), "COLUMNS": "100"}
    slow = _rule("7.6.1", "--game", "battle-for-fallujah", env=env)  # no answers file yet: the full path
    fast = _rule("7.6.1", "--game", "battle-for-fallujah", env=env)  # the answers file it wrote
    assert slow == fast
    assert "Subtract the Successes from the TN." in slow
    assert "Erratum, inconsistency [erratum-7.6.1-1]: 'Subtract the Successes from the TN.' gives TN -" in slow
    assert "the adjudicator uses MOS = Successes - TN" in " ".join(slow.split())


def test_rule_14_2_3_flags_its_wrong_reference_and_shows_its_erratum(tmp_path):
    out = _rule("14.2.3", "--game", "battle-for-fallujah", env={"FALLUJAH_CACHE_DIR": str(tmp_path)})
    assert "Cites: 16.4 (wrong reference, see below)" in out
    assert "Erratum, wrong reference" in out and "16.4 is Insurgent Movement" in " ".join(out.split())


def test_the_json_of_rule_carries_the_errata_and_the_edition():
    data = json.loads(_rule("14.2.3", "--game", "battle-for-fallujah", "--json"))
    assert data["edition"] == "Rulebook v1.0"
    [erratum] = data["rulings"]
    assert erratum["kind"] == "erratum" and erratum["erratum"] == "wrong_reference" and erratum["cites"] == "16.4"
    data = json.loads(_rule("7.6.1", "--game", "battle-for-fallujah", "--json"))
    assert [r["kind"] for r in data["rulings"]] == ["erratum"]


def test_an_ambiguity_prints_its_readings_and_the_one_followed():
    out = " ".join(_rule("18.5.1", "--game", "battle-for-fallujah").split())
    assert "Ambiguity [bff-tie-ivp]: A-2: does a tie still cost 1 IVP?" in out
    assert "• reading minimum-applies (followed unless a ruling picks another):" in out
    assert "• reading no-margin-no-ivp:" in out


def test_export_prints_the_rulings_beside_their_rule():
    done = run_cli("export", "--game", "second-fallujah")
    text = " ".join(done.stdout.split())
    assert "Ambiguity [sf-integrity-lead]: B-5" in text


@pytest.mark.parametrize("game_id", sorted(REGISTERED))
def test_every_ambiguity_of_the_issue_is_registered_with_both_readings(game_id):
    game = load_game(game_id)
    registered = ambiguities(game)
    for ambiguity, rule in REGISTERED[game_id].items():
        entry = registered[ambiguity]
        assert entry.rules[0] == rule
        assert len(entry.readings) >= 2 and entry.follows in [r.key for r in entry.readings]
        assert entry in for_rule(game_rulings(game), rule)


@pytest.mark.parametrize("game_id", available_games())
def test_every_ruling_names_rules_the_rulebook_has(game_id):
    game = load_game(game_id)
    ids = {section for corpus in game.corpora.values() for section in corpus.by_id}
    gaps = {e.section for e in game.errata if e.kind == "gap"}
    for ruling in game_rulings(game):
        for rule in ruling.rules:
            assert rule in ids or rule in gaps, f"{ruling.id} names {rule}"


def test_the_fast_path_names_the_kinds_as_the_rulings_module_does():
    assert fast_rule.KIND_LABELS == dict(KIND_LABELS)


def test_chosen_readings_follow_the_default_unless_a_ruling_picks_another():
    game = load_game("battle-for-fallujah")
    assert chosen_readings(game, [])["bff-tie-ivp"] == "minimum-applies"


TIE = {
    "mission": "assault", "attacker": "coalition", "terrain": "urban",
    "attacking": [{"source": "lead", "white": 4, "unit": "combat_unit"}],
    "defending": [{"source": "lead", "white": 2}],
    "rolls": {"defending": {"white": [6, 6, 1]}, "attacking": {"white": [6, 6, 1, 1, 1]}},
}


def test_a_tie_costs_one_ivp_by_default_and_none_under_the_other_reading():
    default = adjudicate("operation", TIE, game="battle-for-fallujah")
    assert default.result.mof == 0 and default.result.vp == -1
    [tie] = [r for r in default.readings if r.rule == "18.5.1"]
    assert tie.differs and tie.followed.startswith("minimum-applies")
    other = adjudicate("operation", {**TIE, "readings": {"bff-tie-ivp": "no-margin-no-ivp"}}, game="battle-for-fallujah")
    assert other.result.vp == 0
    # before the roll, both readings' odds: the other reading's VP distribution is given
    odds = adjudicate("operation", {k: v for k, v in TIE.items() if k != "rolls"}, game="battle-for-fallujah")
    [tie] = [r for r in odds.readings if r.rule == "18.5.1"]
    assert tie.differs and "0" in tie.other_values["vp"]
    assert odds.exact["vp"] != tie.other_values["vp"]


def test_battalion_integrity_is_computed_both_ways():
    body = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4, "battalion": "3/1"},
            "supporting": [{"type": "infantry", "nationality": "usmc", "battalion": "3/1"},
                           {"type": "infantry", "nationality": "usmc", "battalion": "3/1"},
                           {"type": "weapons", "nationality": "usmc", "battalion": "3/1"}],
            "defenders": [{"type": "cadre", "cf": 2}], "tem": 1}
    lead = adjudicate("coalition-attack", body, game="second-fallujah")
    only = adjudicate("coalition-attack", {**body, "readings": {"sf-integrity-lead": "supporting-only"}},
                      game="second-fallujah")
    assert lead.ov == only.ov + 1
    assert any("reading supporting-only gives no bonus" in n.en for n in lead.notes)
    assert any("follows reading supporting-only" in n.en for n in only.notes)


@pytest.mark.parametrize(("readings", "field"), [
    ({"bff-tie-ivp": "sometimes"}, "readings.bff-tie-ivp"),
    ({"sf-integrity-lead": "lead-counts"}, "readings.sf-integrity-lead"),
])
def test_a_pick_the_register_does_not_have_is_refused_naming_it(readings, field):
    with pytest.raises(InvalidSituation) as caught:
        adjudicate("operation", {**TIE, "readings": readings}, game="battle-for-fallujah")
    assert [p.field for p in caught.value.problems] == [field]


def test_references_by_name_resolve_so_cited_by_works():
    corpus = load_game("battle-for-fallujah").corpus("en")
    assert "17.5" in corpus.get("17").refs  # "Go to the 'After the Operation' section."
    assert "17" in corpus.referenced_by["17.5"]
    assert "22" in corpus.get("20.4.2").refs  # "(See Insurgency Reaction)"
    assert {"table-defender-terrain-dice", "table-attacker-terrain-dice"} <= set(corpus.referenced_by["16"])
    out = _rule("17.5", "--game", "battle-for-fallujah")
    assert "Cited by: 17" in out


def test_the_companion_links_a_reference_by_name(tmp_path):
    from web.app import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "TESTING": True})
    page = app.test_client().get("/rule/en/17?game=battle-for-fallujah").get_data(as_text=True)
    assert """href="/rule/en/17.5?game=battle-for-fallujah">&#39;After the Operation&#39; section</a>""" in page
    app.extensions["fallujah.store"].engine.dispose()


def _card_deck(first_type: str) -> list[str]:
    from adjudicator.games.fallujah_cards.cards import card_list

    cards = card_list().cards
    deck = list(card_list().full_deck())
    first = next(i for i in deck if cards[i].type == first_type)
    deck.remove(first)
    return [cards[first].name] + [cards[i].name for i in deck]


def test_the_card_games_readings_are_choices_a_player_makes_at_set_up():
    from adjudicator.games.fallujah_cards import actions, engine
    from adjudicator.games.fallujah_cards.cards import card_list

    cards = card_list().cards
    deck = _card_deck("T")  # an American Tactics card is the first Target
    kept = engine.apply(engine.new_game(), actions.Shuffle(deck=deck))
    spent = engine.apply(engine.new_game(), actions.Shuffle(deck=deck, readings={"cards-american-tactics-target": "spent"}))
    tactics = deck[0]
    assert f"The {tactics} is spent: it goes to the Discard Pile" in " ".join(spent.said)
    assert "is spent" not in " ".join(kept.said)
    # kept, it is in the hand until a card is lost or discarded; spent, in the Discard Pile at once
    assert spent.discard[:2] == kept.discard[:2] and cards[spent.discard[2]].name == tactics
    assert spent.readings == (("cards-american-tactics-target", "spent"),)
    with pytest.raises(InvalidSituation) as caught:
        engine.apply(engine.new_game(), actions.Physical(readings={"cards-no-force-destroy": "maybe"}))
    assert caught.value.problems[0].field == "readings.cards-no-force-destroy"


def test_a_card_with_no_force_destroys_only_under_the_other_reading():
    from adjudicator.games.fallujah_cards import engine
    from adjudicator.games.fallujah_cards.cards import card_list

    cards = card_list().cards
    recon = next(i for i, c in enumerate(cards) if c.type == "R")
    target = next(i for i, c in enumerate(cards) if c.type == "I")
    base = engine.GameState(hand=(recon,), target=target, phase="destroy")
    assert engine.qualifying(base) == []
    ruled = base.with_(readings=(("cards-no-force-destroy", "any-card-destroys"),))
    assert engine.qualifying(ruled) == [recon]
