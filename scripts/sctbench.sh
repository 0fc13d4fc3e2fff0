#!/usr/bin/env bash
# Acceptance table of issue 42 item 3: the default `m5 explore --ea` (the
# portfolio) on SCTBench in Java (cmu-pasta/fray-benchmark, bms/SCTBench),
# one program at a time, with a time limit each; every witness is replayed
# with `m5 run`. Not part of the test run; the benchmark's sources are
# compiled into a scratch folder and never committed.
#
# Usage: scripts/sctbench.sh [FRAY_BENCHMARK_CHECKOUT] [TIME_LIMIT] [JOBS]
#   FRAY_BENCHMARK_CHECKOUT: a clone of github.com/cmu-pasta/fray-benchmark
#     (default: cloned into $WORK); TIME_LIMIT seconds per program
#     (default 60); JOBS worker threads (default 1).
# Prints a Markdown table: program, verdict, seconds, witness replays.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="${1:-}"
limit="${2:-60}"
jobs="${3:-1}"
work="${WORK:-$(mktemp -d)}"
if [ -z "$repo" ]; then
  repo="$work/fray-benchmark"
  [ -d "$repo" ] || git clone --depth 1 https://github.com/cmu-pasta/fray-benchmark "$repo"
fi
src="$repo/bms/SCTBench/src/main/java"
[ -d "$src" ] || { echo "no $src (expected a fray-benchmark checkout)" >&2; exit 2; }
cargo build --release -q
mkdir -p "$work/classes"
# A copy: a rebuild while the table runs does not change the binary.
cp target/release/m5 "$work/m5"
m5="$work/m5"
find "$src" -name '*.java' > "$work/files.txt"
javac -nowarn -d "$work/classes" @"$work/files.txt" 2>/dev/null
# The programs Fray's harness runs (fray_benchmark/assets/sctbench.txt),
# else every class with a main method.
list="$repo/fray_benchmark/assets/sctbench.txt"
if [ -f "$list" ]; then
  mains=$(cat "$list")
else
  mains=$(cd "$work/classes" && grep -rl 'main' --include='*.class' . | sed 's|^\./||; s|\.class$||; s|/|.|g' | grep -v '\$' | sort)
fi
printf '| program | verdict | seconds | found by | witness replays |\n|---|---|---|---|---|\n'
found=0; total=0
for main in $mains; do
  total=$((total + 1))
  w="$work/$main.sched"
  rm -f "$w" "$w.race"
  j=$("$m5" explore --ea --jobs "$jobs" --time-limit "$limit" --json --witness "$w" \
        --classpath "$work/classes" "$main" 2>/dev/null || true)
  replays=""
  if [ -f "$w" ]; then
    if "$m5" run --ea --races --classpath "$work/classes" --schedule "file:$w" "$main" >/dev/null 2>&1; then
      replays="no (exit 0)"
    else
      replays="yes"
    fi
  fi
  if [ -f "$w.race" ]; then
    if "$m5" run --ea --races --classpath "$work/classes" --schedule "file:$w.race" "$main" >/dev/null 2>&1; then
      replays="$replays; race: no"
    else
      replays="$replays; race: yes"
    fi
  fi
  row=$(python3 - "$main" "$j" "$replays" <<'PY'
import json, sys
main, text, replays = sys.argv[1:]
try:
    j = json.loads(text)
except ValueError:
    print(f"| {main.rsplit('.', 1)[-1]} | error | | | |")
    sys.exit()
v = j['verdict']
if j.get('first_race'):
    v += ' (+ data-race)'
note = j.get('note') or ''
by = 'exhaustive'
if 'found by run' in note:
    by = note[note.index('found by run'):].split(' (')[0]
elif v == 'data-race' and 'sampled runs' in note:
    by = 'race only'
elif v == 'incomplete':
    by = ''
print(f"| {main.rsplit('.', 1)[-1]} | {v} | {j['seconds']:.2f} | {by} | {replays} |")
PY
)
  echo "$row"
  case "$row" in *uncaught-exception*|*deadlock*) found=$((found + 1));; esac
done
echo
echo "bugs found (exception or deadlock): $found of $total; limit ${limit} s, ${jobs} job(s)"
