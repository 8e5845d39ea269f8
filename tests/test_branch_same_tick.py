"""A branch stage is decided in the tick that sees its needs finish, not one interval later.

The branch conditions are looked at before the decision, so a stage whose needs succeed in
that decision has none looked at yet: the decision asks, and the tick runs once more at once
(``Decision.again``, the tick's ``.tick-again`` marker). Real processes, the real CLI.
"""

import pytest
from conftest import read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run

pytestmark = pytest.mark.integration

SPEC = """\
name: branch-now
interval: 1h
entities:
  m:
    stages:
      eval:
        run: >-
          mkdir -p out && echo '{"acc": ACC}' > out/eval.json
        done_when: {exists: out/eval.json}
      big:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '>=', value: 0.8}}
        run: echo big > out/big.txt
      small:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '<', value: 0.8}}
        run: echo small > out/small.txt
"""


@pytest.mark.parametrize("acc, taken, skipped", [("0.91", "big", "small"), ("0.5", "small", "big")])
def test_one_tick_after_the_need_exited_takes_the_branch_and_skips_the_other(tmp_path, acc, taken, skipped):
    proj = tmp_path / "proj"
    spec = write_spec(proj, SPEC.replace("ACC", acc))
    run_dir = start_run(spec, tmp_path / "home", proj)  # its first tick launches m.eval
    wait_for((run_dir / "attempts/m/eval/1/exit.json").exists, timeout=30, what="m.eval's exit.json")
    assert read_state(run_dir)["entities"]["m"]["stages"][taken]["status"] == "pending"
    run("tick", "--run", run_dir, cwd=proj, check=True)  # ONE tick: eval succeeds, and the branch is decided
    stages = read_state(run_dir)["entities"]["m"]["stages"]
    assert stages["eval"]["status"] == "succeeded"
    assert stages[taken]["status"] in ("submitted", "running", "succeeded") and stages[taken]["attempt"] == 1
    assert stages[skipped]["status"] == "skipped" and stages[skipped]["attempt"] == 0
    assert (run_dir / f"attempts/m/{taken}/1").is_dir()
    assert not (run_dir / ".tick-again").exists()  # the second pass ran and asked for no third
    kinds = [(e["event"], e.get("stage")) for e in read_events(run_dir)]
    assert ("skipped", skipped) in kinds and ("submit_intent", taken) in kinds
