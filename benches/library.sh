#!/usr/bin/env bash
# The JDK's own library under m5 against `java -Xint` (issue 12): a
# HashMap-heavy program and a ReentrantLock program
# (classfiles/jucbench), N rounds each. For m5: steps, seconds and steps/s
# of the run itself (`--stats`; class loading and reading the JDK's jmod
# are outside it), and the wall time of the whole process. For java -Xint:
# wall time, best of 3, minus the best of 3 for N = 0 (JVM startup). The
# ratio compares the time of the work alone: m5's --stats seconds against
# java's time minus startup (the two run the same java.util bytecode; m5's
# String, StringBuilder and boxes are its own model classes).
#
# Usage: benches/library.sh [N]     (default N = 200000)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
n="${1:-200000}"
runs=3
cargo build --release --quiet
m5=target/release/m5
cp=classfiles/jucbench

best() { # best wall time in seconds of a command over $runs runs
    local b=
    for _ in $(seq "$runs"); do
        local t0 t1 t
        t0=$(date +%s.%N)
        "$@" >/dev/null
        t1=$(date +%s.%N)
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
        if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
    done
    echo "$b"
}

for main in HashMapBench LockBench; do
    echo "== $main $n"
    stats=$("$m5" run --stats --classpath "$cp" "$main" "$n" 2>&1 >/dev/null | grep '^m5: ')
    echo "$stats"
    read -r steps secs < <(echo "$stats" | sed -n 's/^m5: \([0-9]*\) steps in \([0-9.]*\) s.*/\1 \2/p')
    wall=$(best "$m5" run --classpath "$cp" "$main" "$n")
    rate=$(awk -v s="$steps" -v t="$secs" 'BEGIN { printf "%.1f", s / t / 1e6 }')
    echo "m5: $rate million steps/s; whole process ${wall} s (best of $runs)"
    if command -v java >/dev/null; then
        t0=$(best java -Xint -cp "$cp" "$main" 0)
        tn=$(best java -Xint -cp "$cp" "$main" "$n")
        ratio=$(awk -v m="$secs" -v a="$tn" -v b="$t0" 'BEGIN { printf "%.2f", m / (a - b) }')
        echo "java -Xint: ${tn} s - ${t0} s startup; m5 run / java -Xint work = $ratio"
    fi
done
