"""A tick's saves read back only what the decision changed, and still refuse what would not read back."""

from pathlib import Path

import pytest
from conftest import write_spec

from tianluo.core.decide import decide
from tianluo.core.observations import Observations
from tianluo.errors import StateError
from tianluo.models.model import Attempt
from tianluo.planning.newrun import create_run
from tianluo.shell import store as store_mod
from tianluo.shell.store import RunStore
from tianluo.shell.tick import run_tick, utcnow


def _spec(entities: int) -> str:
    lines = ["name: readback", "entities:"]
    for e in range(entities):  # only e0.a can start: the others wait for it
        first = "{run: 'sleep 30'}" if e == 0 else "{run: 'true', needs: [e0.a]}"
        lines += [f"  e{e}:", "    stages:", f"      a: {first}", "      b: {run: 'true', needs: [a]}"]
    return "\n".join(lines) + "\nsuccess_gate: {all_done: true}\n"


@pytest.fixture
def run_dir(tmp_path) -> Path:
    spec = write_spec(tmp_path / "proj", _spec(40))
    return create_run(spec, tmp_path / "home", utcnow(), accept_defaults=True)


def _validated(monkeypatch) -> list[int]:
    """The length of every text validated in one pass, from now on."""
    sizes: list[int] = []
    real = store_mod.RunState.model_validate_json

    def spy(text, *a, **k):
        sizes.append(len(text))
        return real(text, *a, **k)

    monkeypatch.setattr(store_mod.RunState, "model_validate_json", spy)
    return sizes


def test_a_decisions_save_validates_what_changed_not_the_whole_state(run_dir, monkeypatch):
    store = RunStore(run_dir)
    state = store.load()
    full = len(store.state_path.read_text())
    new = decide(state, Observations(stages={}), utcnow()).state  # e0.a is launched, the 79 others wait
    sizes = _validated(monkeypatch)
    store.save(new, snapshot=False, unchanged_from=state)
    assert len(sizes) == 1 and sizes[0] < full / 4  # the probe: run-wide fields and the one stage that moved
    sizes.clear()
    store.save(new, snapshot=False)  # without the promise: the whole text
    assert len(sizes) == 1 and sizes[0] >= full * 0.9
    assert store.load().model_dump() == new.model_dump()


def test_a_changed_stage_that_would_not_read_back_is_refused_even_so(run_dir):
    store = RunStore(run_dir)
    state = store.load()
    new = decide(state, Observations(stages={}), utcnow()).state
    stage = new.entities["e0"].stages["a"]
    assert stage is not state.entities["e0"].stages["a"]  # decide copied the stage it moved
    before = store.state_path.read_bytes()
    stage.attempts.append(Attempt(n=2, job_name="tl.bad\x01name", dir="attempts/e0/a/2", intent_at=utcnow()))
    with pytest.raises(StateError, match="would not read back"):
        store.save(new, snapshot=False, unchanged_from=state)
    assert store.state_path.read_bytes() == before  # nothing written


def test_a_different_plan_or_entity_set_takes_the_full_check(run_dir, monkeypatch):
    store = RunStore(run_dir)
    state = store.load()
    new = decide(state, Observations(stages={}), utcnow()).state
    new.plan = new.plan.model_copy()  # not the very object: nothing is known to be unchanged
    sizes = _validated(monkeypatch)
    store.save(new, snapshot=False, unchanged_from=state)
    assert len(sizes) == 1 and sizes[0] >= len(store.state_path.read_text()) * 0.9


def test_ticks_that_launch_and_judge_still_save_states_that_load(run_dir):
    for _ in range(3):
        run_tick(run_dir)
        RunStore(run_dir).load()  # the full validation of what the partial read-back let through
