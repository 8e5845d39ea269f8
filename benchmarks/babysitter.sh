#!/usr/bin/env bash
# The baseline of the many-jobs benchmark: the loop a user writes instead of tianluo.
#
#     babysitter.sh JOBS PATTERNS
#
# JOBS: one job a line, "<pid> <log path>". PATTERNS: one POSIX extended regex a line (the
# rulebook and the progress regex, translated by benchmarks/run.py). For each job: is it
# alive (kill -0), and which lines of its log's last 64 KiB match (tail | grep -E). One line
# out per job: "<pid> running|gone <matching lines>".
set -u
export LC_ALL=C
args=()
while IFS= read -r pattern; do
  args+=(-e "$pattern")
done < "$2"
while read -r pid log; do
  if kill -0 "$pid" 2>/dev/null; then state=running; else state=gone; fi
  hits=$(tail -c 65536 "$log" | grep -E -c "${args[@]}")
  echo "$pid $state $hits"
done < "$1"
