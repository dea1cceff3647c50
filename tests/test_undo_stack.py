"""The undo and redo stacks (web.undo_stack, issue 16): a shared, persistent stack that behaves as
the tuple of versions it replaced; a snapshot stores its runs, and a snapshot stored as the tuple
was reads back the same."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, ValidationError

from web.undo_stack import EMPTY, VersionStack


class Stacks(BaseModel):
    """A frozen model with the two fields every game's state declares."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    undo: VersionStack = EMPTY
    redo: VersionStack = EMPTY


#: pushes (a version, often the next one as actions do) and pops (None)
STEPS = st.lists(st.one_of(st.none(), st.integers(1, 40), st.just("next")), max_size=80)


@given(steps=STEPS)
def test_a_stack_behaves_as_the_tuple_of_its_versions(steps):
    stack, versions = EMPTY, ()
    for step in steps:
        if step is None:
            if not versions:
                with pytest.raises(IndexError):
                    stack.pop()
                continue
            stack, versions = stack.pop(), versions[:-1]
        else:
            version = (versions[-1] + 1 if versions else 1) if step == "next" else step
            stack, versions = stack.push(version), versions + (version,)
        assert tuple(stack) == versions and stack == versions and versions == stack
        assert len(stack) == len(versions) and bool(stack) == bool(versions)
        assert stack == VersionStack(versions) and hash(stack) == hash(VersionStack(versions))
        if versions:
            assert stack.top() == versions[-1]
        else:
            with pytest.raises(IndexError):
                stack.top()


@given(steps=STEPS)
def test_a_stack_is_stored_as_its_runs_and_read_back(steps):
    stack = EMPTY
    for step in steps:
        stack = stack.pop() if step is None and stack else stack.push(step if isinstance(step, int) else len(stack) + 1)
    model = Stacks(undo=stack, redo=stack.push(99))
    text = model.model_dump_json()
    runs = json.loads(text)["undo"]
    assert [v for item in runs for v in (range(item[0], item[1] + 1) if isinstance(item, list) else [item])] == list(stack)
    assert all(item[0] < item[1] for item in runs if isinstance(item, list))
    assert model.model_dump() == {"undo": tuple(stack), "redo": (*stack, 99)}
    assert Stacks.model_validate_json(text) == model
    assert Stacks.model_validate_json(json.dumps({"undo": list(stack), "redo": [*stack, 99]})) == model
    assert Stacks(undo=list(stack), redo=(*stack, 99)) == model
    assert copy.deepcopy(model) == model and pickle.loads(pickle.dumps(stack)) == stack


def test_a_snapshot_written_before_the_stack_reads_back():
    stored = '{"undo":[2,3,4,7,8,3],"redo":[9]}'  # a state's stacks as the tuples wrote them
    model = Stacks.model_validate_json(stored)
    assert model.undo == (2, 3, 4, 7, 8, 3) and model.undo.top() == 3 and model.redo.top() == 9
    assert model.model_dump_json() == '{"undo":[[2,4],[7,8],3],"redo":[9]}'


def test_a_long_game_stores_a_few_runs():
    actions = VersionStack(v for v in range(2, 50_001) if v % 50 not in (0, 1))  # the benchmark's stack
    text = Stacks(undo=actions).model_dump_json()
    assert len(text) < 20_000 and Stacks.model_validate_json(text).undo == actions


def test_a_stack_of_anything_but_versions_is_refused():
    for bad in (["x"], [2.5], "23", [[2]], [None], [[5, 4]], [[1, 2, 3]]):
        with pytest.raises(ValidationError):
            Stacks.model_validate_json(json.dumps({"undo": bad}))


def test_pushing_and_popping_leave_the_stack_they_came_from_unchanged():
    long = VersionStack(range(1, 50_001))
    pushed = long.push(50_001).push(7)
    assert tuple(long) == tuple(range(1, 50_001)) and tuple(pushed)[-2:] == (50_001, 7)
    assert pushed.pop().pop() == long and long.pop().top() == 49_999 and len(long) == 50_000
