#!/usr/bin/env bash
# Reproduces the README's speed figures without criterion: builds m5 in
# release mode, runs the int loop (classfiles/intloop IntLoop N) under m5
# (--stats) and under `java -Xint` (best of 3, JVM startup subtracted by
# timing N=0 as well), prints both rates and their ratio, then runs
# Apprentice under random:7 for 1,000,000 steps with --stats.
#
# Usage: benches/compare.sh [N]      (default N = 200000000)
# m5 steps == bytecodes executed (same class file), so the loop's bytecodes
# per iteration are taken from m5's step counts for N and for 0 (rounded:
# parsing a longer args[0] takes a few more steps).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
n="${1:-200000000}"
runs=3

cargo build --release --quiet
m5=target/release/m5
cp=classfiles/intloop

# "m5: S steps in T s (...)" -> "S T"
m5_stats() {
    "$m5" run --stats --classpath "$cp" IntLoop "$1" 2>&1 >/dev/null |
        sed -n 's/^m5: \([0-9]*\) steps in \([0-9.]*\) s.*/\1 \2/p'
}

read -r base _ < <(m5_stats 0)
echo "m5 run --stats --classpath $cp IntLoop $n"
"$m5" run --stats --classpath "$cp" IntLoop "$n" 2>"${TMPDIR:-/tmp}/m5-compare.$$" >/dev/null
cat "${TMPDIR:-/tmp}/m5-compare.$$"
read -r steps secs < <(sed -n 's/^m5: \([0-9]*\) steps in \([0-9.]*\) s.*/\1 \2/p' "${TMPDIR:-/tmp}/m5-compare.$$")
rm -f "${TMPDIR:-/tmp}/m5-compare.$$"
# The --stats time is the run alone (no class loading), so no startup to subtract.
m5_rate=$(awk -v s="$steps" -v t="$secs" 'BEGIN { printf "%.1f", s / t / 1e6 }')
per_iter=$(awk -v s="$steps" -v b="$base" -v n="$n" 'BEGIN { printf "%.0f", (s - b) / n }')
echo "m5: $steps steps ($per_iter bytecodes/iteration; $base outside the loop): $m5_rate million steps/s"

if command -v java >/dev/null; then
    java -version 2>&1 | head -1
    best() { # best wall time in seconds of `java -Xint ... IntLoop $1` over $runs runs
        local b=
        for _ in $(seq "$runs"); do
            local t0 t1 t
            t0=$(date +%s.%N)
            java -Xint -cp "$cp" IntLoop "$1" >/dev/null
            t1=$(date +%s.%N)
            t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
            if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
        done
        echo "$b"
    }
    echo "java -Xint -cp $cp IntLoop $n (best of $runs, minus best of $runs for N=0)"
    t0=$(best 0)
    tn=$(best "$n")
    java_rate=$(awk -v p="$per_iter" -v n="$n" -v a="$tn" -v b="$t0" 'BEGIN { printf "%.1f", p * n / (a - b) / 1e6 }')
    ratio=$(awk -v m="$m5_rate" -v j="$java_rate" 'BEGIN { printf "%.3f", m / j }')
    echo "java -Xint: ${tn} s - ${t0} s startup: $java_rate million bytecodes/s"
    echo "ratio m5/java -Xint = $ratio"
else
    echo "java not on PATH: no java -Xint comparison"
fi

echo
echo "m5 run --classpath classfiles/apprentice Apprentice --schedule random:7 --max-steps 1000000 --stats"
"$m5" run --classpath classfiles/apprentice Apprentice --schedule random:7 --max-steps 1000000 --stats >/dev/null
