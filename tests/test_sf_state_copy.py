"""A copied table state answers from its own units and areas, not the original's (bot lookups)."""

from __future__ import annotations

from adjudicator.games.second_fallujah.state import Area, TableState, Unit


def test_a_copy_with_another_unit_sees_that_unit_in_its_area():
    state = TableState(
        areas=[Area(id=19, control="insurgent", tem=2, adjacent=[20])],
        units=[Unit(id="militia-1", type="militia", location=19)],
    )
    assert [u.id for u in state.units_in(19)] == ["militia-1"]  # the lookup is now cached
    placed = Unit(id="militia-2", type="militia", location=19)
    copy = state.model_copy(update={"units": [*state.units, placed]})
    assert [u.id for u in copy.units_in(19)] == ["militia-1", "militia-2"]
    assert [u.id for u in copy.fresh_militia_by_area[19]] == ["militia-1", "militia-2"]
    assert [u.id for u in state.units_in(19)] == ["militia-1"]


def test_a_copy_with_other_areas_sees_their_adjacency():
    state = TableState(areas=[Area(id=1, adjacent=[2])])
    assert state.area_map[1].adjacent == [2]
    copy = state.model_copy(update={"areas": [Area(id=1, adjacent=[2, 3])]})
    assert copy.area_map[1].adjacent == [2, 3]
