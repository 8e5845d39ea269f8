"""A line reads the same whoever put it in the log: a rank's lines behind a launcher's prefix, a Windows
program's lines ended with CR LF.

torchrun puts ``[rank3]: `` (or ``[default3]:`` with ``--tee``) before every line a rank prints, mpirun's
``--tag-output`` ``[1,3]<stderr>:``, Ray ``(RayTrainWorker pid=1234, ip=10.0.0.1) ``. The rulebook's rules that read
a line from its start read it after such a prefix too (``rulebook._after_launcher``); a traceback whose lines end
with CR LF is one traceback, not lines with empty ones between (``logscan.tail``).

Each case is a corpus file, every line of it prefixed (or its ends made CR LF): it must read as the file does.
Before the change, each of these read otherwise (unknown/exit_1 for most).
"""

import dataclasses
from pathlib import Path

import pytest
from test_corpus import CORPUS, parse, pure_fault

#: Files whose deciding line is read by a rule anchored at the line's start (or by the structure of their tail).
PREFIXED = (
    "distributed/hqc_outerloop_sbatch_gpus_per_job_cpu_job_rejected.txt",  # sbatch: error:
    "hub/hoh_hub_pip_flash_attn_build_needs_torch.txt",  # pip's build
    "hub/hqb_deeplabcut_pretrained_download_curl_not_found.txt",  # sh: 1: curl: not found
    "distributed/hqm_citybrain_parallel_training_resource_unavailable.txt",  # what(): Resource temporarily ...
    "hub/hqe_pytorch_tutorial_build_vocab_nltk_punkt_not_found.txt",  # nltk's Resource punkt not found
    "hub/hub_undefined_symbol_flash_attn_transformers_runtimeerror.txt",  # undefined symbol
    "pytorch/hqh_tabnet_r_too_many_indices.txt",  # R's error
    "distributed/hpf_gloo_file_init_samba_wait_timeout.txt",  # gloo's wait timeout
)
PREFIXES = ("[rank0]: ", "[default3]:", "[1,3]<stderr>:", "(RayTrainWorker pid=1234, ip=10.0.0.1) ",
            "(pid=88) ", "(worker1, rank=1, pid=2409, ip=10.0.0.5) ")
CRLF = (
    "distributed/hor_ds_zero_offload_client_optimizer_lmflow.txt",
    "pytorch/hpu_f2nerf_libtorch_c10_indexerror_dim_out_of_range.txt",
    "tf_jax_storage/hqu_fcos_tf_tfrecord_reshape_requested_shape_zero.txt",
)


def _reading(ex, tmp_path: Path) -> tuple[str, str]:
    fault = pure_fault(ex, tmp_path)
    return fault.klass.value, fault.label


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("name", PREFIXED)
def test_a_launchers_prefix_on_every_line_changes_no_reading(tmp_path, name, prefix):
    ex = parse(CORPUS / name)
    body = b"\n".join(prefix.encode() + line if line else line for line in ex.body.split(b"\n"))
    plain = _reading(ex, tmp_path)
    assert plain[1] not in ("exit_1", "exit_2")  # the file itself is read by what it says
    assert _reading(dataclasses.replace(ex, body=body), tmp_path) == plain


@pytest.mark.parametrize("name", CRLF)
def test_lines_ended_with_cr_lf_read_as_lines_ended_with_lf(tmp_path, name):
    ex = parse(CORPUS / name)
    crlf = dataclasses.replace(ex, body=ex.body.replace(b"\n", b"\r\n"))
    assert _reading(crlf, tmp_path) == _reading(ex, tmp_path)


@pytest.mark.parametrize(("pattern", "expected"), [
    ("^a", "^" + "(?:X)?a"),
    (r"\^a|b^", r"\^a|b^" + "(?:X)?"),
    ("[^a]x|[]^]y|[^]^]z", "[^a]x|[]^]y|[^]^]z"),
    (r"[\]^]a", r"[\]^]a"),
])
def test_only_an_anchor_gets_the_prefix(monkeypatch, pattern, expected):
    import tianluo.faults.rulebook as rulebook
    monkeypatch.setattr(rulebook, "_LAUNCHED", "(?:X)?")
    assert rulebook._after_launcher(pattern) == expected
