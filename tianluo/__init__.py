"""tianluo: a quiet babysitter for long-running, multi-stage jobs."""

import sys
from importlib.machinery import ModuleSpec

__version__ = "0.1.0"

#: Modules that lived flat in tianluo/ before the folders (ARCHITECTURE.md, "The tree"): name -> folder.
#: ``import tianluo.decide`` still gives ``tianluo.core.decide`` itself (one module object, not a copy), for
#: scripts written against the flat layout. tianluo's own code and tests use the folders
#: (tests/test_import_graph.py).
MOVED = {
    "actions": "core", "agent_call": "messages", "agent_rung": "core", "analysis": "views", "answers":
    "planning", "browse": "views", "budget": "shell", "cancels": "core", "channels": "messages", "checkpoints":
    "shell", "classify": "faults", "colour": "views", "completion": "views", "completion_sh": "views",
    "conditions": "shell", "consult_facts": "messages", "daemon": "shell", "daemon_mark": "shell", "decide":
    "core", "degrade": "core", "demo": "views", "diagnose": "core", "draft": "core", "events": "core",
    "exchange": "messages", "exit_signals": "faults", "findings": "views", "forks": "planning", "fsio": "shell",
    "gcpause": "shell", "goodput": "core", "gpu_facts": "core", "gpu_hands": "core", "gpu_inventory": "shell",
    "gpu_pool": "core", "gpu_round": "core", "heartbeat": "messages", "holds": "core", "host_check": "shell",
    "host_spec": "planning", "hostspace": "shell", "idle_tick": "shell", "jobspec": "core", "judge": "core",
    "ladder": "core", "launchers": "planning", "layers": "core", "lessons": "views", "linear_re": "faults",
    "lockholder": "shell", "logscan": "shell", "metrics": "views", "migrate": "models", "model": "models",
    "newrun": "planning", "notify": "messages", "observations": "core", "observe": "shell", "peek": "shell",
    "plainjson": "views", "plan": "planning", "plan_model": "models", "plan_remarks": "planning", "proctable":
    "shell", "prompt": "views", "prompt_fault": "views", "prompt_text": "views", "quiet": "core", "quiet_tick":
    "shell", "rates": "core", "records": "shell", "replan": "planning", "replan_review": "planning", "report":
    "views", "report_data": "views", "report_story": "views", "responses": "core", "rulebook": "faults",
    "run_rules": "faults", "runfs": "shell", "runpath": "planning", "shellcmds": "planning", "shellrun":
    "shell", "shellscan": "planning", "skips": "core", "space": "shell", "spec": "planning", "spec_checks":
    "planning", "spec_parts": "planning", "stage_machine": "core", "states": "models", "status": "views",
    "store": "shell", "story": "views", "story_text": "views", "structure": "faults", "structure_verdict":
    "faults", "templating": "planning", "tick": "shell", "write_places": "shell", "yamlsource": "planning"
}


class _Moved:
    """Finds ``tianluo.<old name>`` as the module in its folder (a finder and its loader; importlib.abc's
    bases are left out: importing them costs every tianluo process about 15 ms)."""

    def __init__(self):
        self._specs: dict = {}

    def find_spec(self, fullname, path=None, target=None):
        head, _, name = fullname.partition(".")
        if head != "tianluo" or name not in MOVED:
            return None
        return ModuleSpec(fullname, self)  # type: ignore[arg-type]  # a Loader by protocol

    def create_module(self, spec):
        from importlib import import_module

        module = import_module(f"tianluo.{MOVED[spec.name.partition('.')[2]]}.{spec.name.partition('.')[2]}")
        self._specs[spec.name] = module.__spec__  # by alias: two aliases imported from two threads never mix
        return module

    def exec_module(self, module):
        module.__spec__ = self._specs.pop(module.__spec__.name)  # the import system set the alias's; keep its own


sys.meta_path.append(_Moved())
