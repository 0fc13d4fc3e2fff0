#!/usr/bin/env bash
# Issue 42 acceptance 4: runs to the bug of the samplers on the reorder and
# wronglock families (classfiles/reorder-volatile, classfiles/wronglock:
# programs of our own in the shape of SCTBench's Java translation), over
# 10 seeds each; the median beside the figure Fray's authors published
# where there is one (SCTBench's Reorder10Bad: POS 21; WronglockBad: POS at
# iteration 0; Reorder50Bad/Reorder100Bad: random 486 and 1,212).
# Usage: benches/pos-families.sh [RUNS_PER_SEED] [SEEDS]   (default 5000 10)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5000}"
seeds="${2:-10}"
cargo build --release -q
m5=target/release/m5
printf '| program | N | strategy | runs to the bug (10 seeds) | median | Fray |\n|---|---|---|---|---|---|\n'
row() {
  local dir="$1" n="$2" strategy="$3" fray="$4" found=() s
  for s in $(seq 1 "$seeds"); do
    j=$($m5 explore --ea --strategy "$strategy" --seed "$s" --runs "$runs" --jobs 1 --json \
          --classpath "classfiles/$dir" Main "$n" 2>/dev/null || true)
    found+=("$(python3 -c 'import json,sys
j=json.loads(sys.argv[1])
# One job stops at the failing run: its number is the runs made.
print(j["runs"] if j["verdict"] in ("uncaught-exception", "deadlock") else "-")' "$j")")
  done
  python3 - "$dir" "$n" "$strategy" "$fray" "$runs" "${found[@]}" <<'PY'
import statistics, sys
d, n, strategy, fray, runs, *found = sys.argv[1:]
nums = [int(x) for x in found if x != '-']
missed = len(found) - len(nums)
# A seed that found nothing counts as more than the runs it was given.
key = sorted(nums) + [int(runs) + 1] * missed
med = statistics.median(key)
med = f"> {runs}" if med > int(runs) else f"{med:g}"
print(f"| {d} | {n} | {strategy} | {' '.join(found)} | {med} | {fray} |")
PY
}
for n in 3 10 20 50 100; do
  fray="-"
  case $n in 10) fray="POS 21";; 50) fray="random 486";; 100) fray="random 1,212";; esac
  for strategy in pos random; do
    row reorder-volatile "$n" "$strategy" "$fray"
  done
done
for n in 1 3 7; do
  fray="-"
  [ "$n" = 7 ] && fray="POS: iteration 0"
  for strategy in pos random; do
    row wronglock "$n" "$strategy" "$fray"
  done
done
