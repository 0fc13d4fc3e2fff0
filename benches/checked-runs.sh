#!/usr/bin/env bash
# Issue 3's checked runs: Apprentice under 20 random schedules of 10^6 steps
# and round robin, with invariants/apprentice.inv and Monotonicity checked on
# every state and step; prints each run's time and the overhead factor over
# the same run unchecked.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
m5=target/release/m5
steps="${1:-1000000}"
total_checked=0; total_plain=0
for sched in rr $(seq -f 'random:%g' 1 20); do
  t0=$(date +%s.%N)
  $m5 run --classpath classfiles/apprentice --schedule "$sched" --max-steps "$steps" Apprentice 2>/dev/null
  t1=$(date +%s.%N)
  out=$($m5 run --classpath classfiles/apprentice --schedule "$sched" --max-steps "$steps" \
        --invariant invariants/apprentice.inv --relation Monotonicity Apprentice 2>&1 | sed -n 1p)
  t2=$(date +%s.%N)
  plain=$(echo "$t1 - $t0" | bc); checked=$(echo "$t2 - $t1" | bc)
  total_plain=$(echo "$total_plain + $plain" | bc); total_checked=$(echo "$total_checked + $checked" | bc)
  printf '%-10s checked %6.2f s, unchecked %5.2f s: %s\n' "$sched" "$checked" "$plain" "$out"
done
printf 'total: checked %.1f s, unchecked %.1f s, overhead factor %.0f\n' "$total_checked" "$total_plain" "$(echo "$total_checked / $total_plain" | bc -l)"
