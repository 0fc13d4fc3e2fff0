#!/usr/bin/env bash
# The search-strategy table of the README: the reorder family (N setter
# threads, then one checker; classfiles/reorder) under every strategy,
# with a time limit per cell; verdict, states or runs, and seconds.
# Usage: benches/strategy-table.sh [TIME_LIMIT_SECONDS] [N...]   (default 60; 3 10 20 50)
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(3 10 20 50)
cargo build --release -q
m5=target/release/m5
printf '| N | strategy | verdict | states / runs | seconds | note |\n|---|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
  for strategy in exhaustive preemption-bound:2 pct:2 pct:3 pos random; do
    j=$($m5 explore --strategy "$strategy" --after-race continue --granularity interaction --runs 100000000 --time-limit "$limit" --json \
          --classpath classfiles/reorder Main "$n" || true)
    python3 - "$n" "$strategy" "$j" <<'PY'
import json, sys
n, strategy, text = sys.argv[1:]
j = json.loads(text)
count = f"{j['runs']:,} runs" if 'runs' in j else f"{j['states']:,} states"
note = j.get('note') or j.get('reason') or ''
# The races on `a` and `b` are found at once; the table is about the bug.
note = '; '.join(p for p in note.split('; ') if 'data race' not in p)
verdict = j['verdict']
if verdict == 'data-race':
    verdict = 'bug not found (race only)'
    note = f"limit reached: {note}" if 'preemptions' in note else 'limit reached'
print(f"| {n} | {strategy} | {verdict} | {count} | {j['seconds']:.2f} | {note} |")
PY
  done
done
