#!/usr/bin/env bash
# The finite-Apprentice table of the README: verdict, states and seconds
# for 2..5 Jobs x 2/3 incr calls, correct and buggy, at the three
# granularities (one search thread, races checked as by default).
# Usage: benches/explore-table.sh [TIME_LIMIT_SECONDS]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
cargo build --release -q
m5=target/release/m5
printf '| jobs x calls | program | granularity | verdict | states | seconds | peak MB |\n|---|---|---|---|---|---|---|\n'
for size in "2 2" "2 3" "3 2" "3 3" "4 2" "4 3" "5 2" "5 3"; do
  set -- $size
  jobs=$1 calls=$2
  for prog in finite-apprentice finite-apprentice-bogus; do
    for gran in sync interaction instruction; do
      j=$($m5 explore --granularity "$gran" --jobs 1 --time-limit "$limit" --json \
            --classpath "classfiles/$prog" FiniteApprentice "$jobs" "$calls" || true)
      python3 - "$jobs" "$calls" "$prog" "$gran" "$j" <<'PY'
import json, sys
jobs, calls, prog, gran, text = sys.argv[1:]
j = json.loads(text)
print(f"| {jobs} x {calls} | {prog} | {gran} | {j['verdict']} | {j['states']:,} | {j['seconds']:.3f} | {j['peak_memory_mb'] or 0:.0f} |")
PY
    done
  done
done
