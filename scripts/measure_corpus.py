#!/usr/bin/env python3
"""Measure the rulebook on a folder of new excerpts before anyone tunes it on them.

    .venv/bin/python scripts/measure_corpus.py /path/to/heldout   # <family>/<slug>.txt, the corpus's format
    .venv/bin/python scripts/measure_corpus.py --share /path/to/heldout   # and the structure reader's own share

Reads each file as tests/test_corpus.py does (same format, same checks), runs logscan and the
rulebook on it as a tick would, and prints every miss and the figures: named into an accepted
class (the expected one or one an ``accept:`` line gives), by the expected class, right by label,
and confidently wrong (a class other than unknown that no accepted one is). Exit 0; 2 on a malformed
file or an empty folder. The figure to record is the one printed before any rule changes
(tests/corpus/README.md keeps each held-out set's). With ``--share``, a last line says how many of the
files named into an accepted class the rules alone (the structure reader switched off) do not name: the
reader's own share, which issue 22 asks to report apart.
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_corpus import CorpusError, parse, pure_fault

from tianluo.faults import structure_verdict


def accepted_by_rules_alone(excerpts) -> set[str]:
    """The excerpts the rules alone name into an accepted class (the structure reader, its prior for an unmatched
    exception included, gives no verdict)."""
    verdict, unmatched = structure_verdict.verdict, structure_verdict.unmatched
    structure_verdict.verdict = lambda shape: None
    structure_verdict.unmatched = lambda shape: None
    try:
        out = set()
        for ex in excerpts:
            with tempfile.TemporaryDirectory() as folder:
                if pure_fault(ex, Path(folder)).klass.value in ex.classes:
                    out.add(ex.name)
        return out
    finally:
        structure_verdict.verdict, structure_verdict.unmatched = verdict, unmatched


def main(argv: list[str]) -> int:
    share = "--share" in argv
    argv = [a for a in argv if a != "--share"]
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("measure_corpus: give one folder of <family>/<slug>.txt excerpts", file=sys.stderr)
        return 2
    files = sorted(Path(argv[0]).glob("*/*.txt"))
    if not files:
        print(f"measure_corpus: {argv[0]}: no <family>/<slug>.txt files", file=sys.stderr)
        return 2
    by_label = by_class = accepted = wrong = 0
    excerpts, named = [], set()
    for path in files:
        try:
            ex = parse(path)
        except CorpusError as exc:
            print(f"measure_corpus: {exc}", file=sys.stderr)
            return 2
        with tempfile.TemporaryDirectory() as folder:
            fault = pure_fault(ex, Path(folder))
        got, want = f"{fault.klass.value}/{fault.label}", ex.expect
        by_label += got == want
        by_class += got.split("/")[0] == want.split("/")[0]
        excerpts.append(ex)
        if got.split("/")[0] in ex.classes:
            named.add(ex.name)
        accepted += got.split("/")[0] in ex.classes
        confident = got.split("/")[0] not in ex.classes | {"unknown"}
        wrong += confident
        if got != want:
            print(f"{ex.name}: expected {want}, got {got}{'  CONFIDENTLY WRONG' if confident else ''}"
                  f" ({fault.evidence[:160]})")
    n = len(files)
    print(f"{n} excerpts: {accepted} named into an accepted class ({accepted / n:.1%}), {by_class} by the "
          f"expected class ({by_class / n:.1%}), {by_label} right by label ({by_label / n:.1%}), "
          f"{wrong} confidently wrong")
    if share:
        rules = accepted_by_rules_alone(excerpts)
        print(f"the structure reader's own share: {len(named - rules)} of the {accepted} (the rules alone name "
              f"{len(rules)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
