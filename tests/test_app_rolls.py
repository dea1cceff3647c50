"""The app's dice (web.rolls) in every companion that rolls them: an adjudication recorded with an
app roll must use its faces, uses it once, and one naming no unused roll is refused with the
versions it could name; the same refusals, in the same words, whatever the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .test_sf_companion import coalition_in_19

pytest_plugins = ["tests.test_web_fixtures"]

#: an input of the game's situation whose dice show ``face`` (one die of the app's roll)
Input = Callable[[int], dict[str, Any]]


def _fire(face: int) -> dict[str, Any]:
    return {"shooter": {"cf": 5, "location": "R"},
            "target": {"unit": "guerillas", "cf": 2, "location": "1", "zone": "normal"}, "roll": face}


def _attack(face: int) -> dict[str, Any]:
    return {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4}, "supporting": [{"type": "infantry", "nationality": "usmc"}],
            "defenders": [{"type": "cadre", "cf": 2}, {"type": "fedayeen", "cf": 3}], "tem": 3, "mosque": True, "area": 19,
            "impulse": 0, "rolls": {"offense": face, "defense": face}}


def _new(client: Any, game: str) -> str:
    if game == "second-fallujah":
        return str(coalition_in_19(client).id)
    setup = {"game": game, "name": "app rolls"} | ({"strong_points": 2} if game == "phantom-fury" else {})
    response = client.post("/api/games", json=setup)
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


#: game -> (situation, its input, the faces a die can show)
CASES: dict[str, tuple[str, Input, range]] = {
    "phantom-fury": ("fire", _fire, range(10)),
    "battle-for-fallujah": ("intelligence", lambda face: {"pacified_modifier": 1, "roll": face}, range(1, 7)),
    "second-fallujah": ("coalition-attack", _attack, range(2, 13)),
}


class Table:
    """A stored game driven through the JSON API, always at its last version."""

    def __init__(self, client: Any, game_id: str):
        self.client, self.id = client, game_id

    def state(self) -> dict[str, Any]:
        return self.client.get(f"/api/games/{self.id}").get_json()

    def post(self, **action: Any) -> Any:
        return self.client.post(f"/api/games/{self.id}/actions", json={**action, "expected_version": self.state()["version"]})


@pytest.mark.parametrize("game", CASES)
def test_an_app_roll_is_used_by_one_adjudication_whose_input_shows_its_faces(client, game):
    situation, input_of, faces = CASES[game]
    table = Table(client, _new(client, game))
    answer = table.post(type="roll", dice=1, purpose=situation)
    assert answer.status_code == 200, answer.get_json()
    rolled = answer.get_json()["app_rolls"][-1]
    face, version = rolled["faces"][0], rolled["version"]
    other = next(f for f in faces if f != face)

    wrong = table.post(type="adjudication", situation=situation, input=input_of(other), rolls_by="app", app_roll=version)
    assert wrong.status_code == 422, wrong.get_json()
    assert wrong.get_json()["problems"][0]["field"] == "input"
    assert wrong.get_json()["problems"][0]["allowed"] == f"an input using the faces the app rolled: [{face}]"
    assert table.state()["app_rolls"] == [rolled], "a refused adjudication used the roll"

    used = table.post(type="adjudication", situation=situation, input=input_of(face), rolls_by="app", app_roll=version)
    assert used.status_code == 200, used.get_json()
    assert used.get_json()["app_rolls"] == []

    again = table.post(type="adjudication", situation=situation, input=input_of(face), rolls_by="app", app_roll=version)
    assert again.status_code == 422, again.get_json()
    assert again.get_json()["problems"][0] == {"field": "app_roll", "value": version, "rule": None,
                                               "allowed": "the version of an unused 'roll' event: none"}


@pytest.mark.parametrize("game", ["phantom-fury", "battle-for-fallujah"])
def test_an_adjudication_names_an_app_roll_exactly_when_the_app_rolled(client, game):
    situation, input_of, _ = CASES[game]
    table = Table(client, _new(client, game))
    for fields in ({"rolls_by": "app"}, {"rolls_by": "player", "app_roll": 2}):
        answer = table.post(type="adjudication", situation=situation, input=input_of(3), **fields)
        assert answer.status_code == 400, answer.get_json()
        assert "app_roll (the version of the 'roll' event) is required with rolls_by 'app' and only then" in answer.get_json()["error"]


@pytest.mark.parametrize("game", CASES)
def test_only_the_die_fields_hold_the_app_s_faces_not_a_cf_equal_to_them(game):
    """A face the app rolled is looked for in the situation's die fields (marked in its schema):
    an input whose die shows another face is refused even when a CF or an area number equals the
    rolled face (reading every number of the input, it was accepted now and then)."""
    from web.errors import Refused
    from web.rolls import AppRoll, entered_faces, use

    situation, input_of, faces = CASES[game]
    numbers = [n for n in _numbers(input_of(faces[0])) if n in faces]  # a CF, a TEM, an area...
    assert numbers, "the case's input holds no number that is also a face"
    rolled = numbers[0]
    other = next(f for f in faces if f != rolled)
    wrong = input_of(other)
    assert rolled not in entered_faces(situation, game, wrong) and other in entered_faces(situation, game, wrong)
    with pytest.raises(Refused) as refused:
        use((AppRoll(version=2, faces=(rolled,)),), 2, wrong, entered_faces(situation, game, wrong))
    assert refused.value.problems[0].field == "input"
    assert use((AppRoll(version=2, faces=(rolled,)),), 2, input_of(rolled),
               entered_faces(situation, game, input_of(rolled))) == ()


def _numbers(value: Any) -> list[int]:
    """Every whole number of an input other than its die fields' (the case's own numbers)."""
    if isinstance(value, dict):
        return [n for key, v in value.items() if key not in ("roll", "rolls") for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) else []
