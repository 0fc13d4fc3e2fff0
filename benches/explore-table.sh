#!/usr/bin/env bash
# The finite-Apprentice table of the README: states and seconds for 2/3/4
# Jobs x 2/3 incr calls, correct and buggy, at both granularities.
# Usage: benches/explore-table.sh [TIME_LIMIT_SECONDS]   (default 120)
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-120}"
cargo build --release -q
m5=target/release/m5
printf '| jobs x calls | program | granularity | verdict | states | seconds | peak MB |\n|---|---|---|---|---|---|---|\n'
for jobs in 2 3 4; do
  for calls in 2 3; do
    for prog in finite-apprentice finite-apprentice-bogus; do
      for gran in interaction instruction; do
        flag=""
        [ "$gran" = instruction ] && flag="--every-instruction"
        # The bogus program also races (objref is set after start): measure the assertion.
        j=$($m5 explore $flag --after-race continue --time-limit "$limit" --json --classpath "classfiles/$prog" FiniteApprentice "$jobs" "$calls" || true)
        python3 - "$jobs" "$calls" "$prog" "$gran" "$j" <<'PY'
import json, sys
jobs, calls, prog, gran, text = sys.argv[1:]
j = json.loads(text)
print(f"| {jobs} x {calls} | {prog} | {gran} | {j['verdict']} | {j['states']:,} | {j['seconds']:.3f} | {j['peak_memory_mb'] or 0:.0f} |")
PY
      done
    done
  done
done
