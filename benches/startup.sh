#!/usr/bin/env bash
# Start-up of `m5 run` against `java` in the same run: five ordinary
# programs that use java.util (collections, streams, String.format, an
# executor, a HashMap; the differential programs of tests/java/), Hello
# World, and `m5 explore` of the finite Apprentice. Each command runs RUNS
# times (default 5), java and m5 alternating; the table gives the median
# wall time (s) and the median peak RSS (MB) from /usr/bin/time. Each
# program's output on m5 is checked against java's first.
#
# Usage: benches/startup.sh   (M5=path/to/m5 to measure another build;
#        BASE=path/to/m5 adds an earlier build's columns, measured in the
#        same alternating series; RUNS=N; JDK: JAVA_HOME, else the java
#        on PATH, for all)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${RUNS:-5}"
if [ -z "${M5:-}" ]; then
    cargo build --release --quiet
    M5="$root/target/release/m5"
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
javac="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
command -v "$javac" >/dev/null || javac=javac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# "wall_s rss_kb" of one run of "$@", output discarded.
measure() {
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
    tail -1 "$tmp/time"
}
# The median of the numbers on stdin.
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

programs="util_collections streams_basic string_format conc_executor_fixed_pool util_hashmap"
for p in $programs; do
    mkdir -p "$tmp/$p"
    "$javac" -d "$tmp/$p" "tests/java/$p"/*.java
done
mkdir -p "$tmp/hello"
"$javac" -d "$tmp/hello" benches/startup/Hello.java

"$java" -version 2>&1 | head -1
echo "m5: $M5 ($(git rev-parse --short HEAD 2>/dev/null || echo '?')), $runs runs each, medians; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${BASE:-}" ]; then
    echo "before: $BASE"
    echo
    echo "| program | java s | java MB | m5 s | m5 MB | m5 / java | before s | before MB |"
    echo "|---|---|---|---|---|---|---|---|"
else
    echo
    echo "| program | java s | java MB | m5 s | m5 MB | m5 / java |"
    echo "|---|---|---|---|---|---|"
fi
row() { # name classpath main
    local name=$1 cp=$2 main=$3
    if ! cmp -s <("$java" -cp "$cp" "$main" 2>&1) <("$M5" run --classpath "$cp" "$main" 2>&1); then
        echo "m5's output differs from java's on $name" >&2
        exit 1
    fi
    : >"$tmp/java" && : >"$tmp/m5" && : >"$tmp/base"
    for _ in $(seq "$runs"); do
        measure "$java" -cp "$cp" "$main" >>"$tmp/java"
        measure "$M5" run --classpath "$cp" "$main" >>"$tmp/m5"
        if [ -n "${BASE:-}" ]; then measure "$BASE" run --classpath "$cp" "$main" >>"$tmp/base"; fi
    done
    local jw jm mw mm before=""
    jw=$(cut -d' ' -f1 "$tmp/java" | median)
    jm=$(cut -d' ' -f2 "$tmp/java" | median)
    mw=$(cut -d' ' -f1 "$tmp/m5" | median)
    mm=$(cut -d' ' -f2 "$tmp/m5" | median)
    if [ -n "${BASE:-}" ]; then
        before=$(awk -v w="$(cut -d' ' -f1 "$tmp/base" | median)" -v m="$(cut -d' ' -f2 "$tmp/base" | median)" \
            'BEGIN { printf " %.2f | %.0f |", w, m / 1024 }')
    fi
    awk -v n="$name" -v jw="$jw" -v jm="$jm" -v mw="$mw" -v mm="$mm" -v b="$before" \
        'BEGIN { printf "| %s | %.2f | %.0f | %.2f | %.0f | %.1f |%s\n", n, jw, jm / 1024, mw, mm / 1024, mw / jw, b }'
}
for p in $programs; do row "$p" "$tmp/$p" Main; done
row Hello "$tmp/hello" Hello

echo
echo "| m5 explore --jobs 1 | build | s | MB |"
echo "|---|---|---|---|"
for size in "3 3" "4 3"; do
    : >"$tmp/explore" && : >"$tmp/explore-base"
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        measure "$M5" explore --jobs 1 --classpath classfiles/finite-apprentice FiniteApprentice $size >>"$tmp/explore"
        if [ -n "${BASE:-}" ]; then
            # shellcheck disable=SC2086
            measure "$BASE" explore --jobs 1 --classpath classfiles/finite-apprentice FiniteApprentice $size >>"$tmp/explore-base"
        fi
    done
    for which in explore explore-base; do
        [ -s "$tmp/$which" ] || continue
        awk -v n="FiniteApprentice $size" -v b="$([ "$which" = explore ] && echo m5 || echo before)" \
            -v w="$(cut -d' ' -f1 "$tmp/$which" | median)" -v m="$(cut -d' ' -f2 "$tmp/$which" | median)" \
            'BEGIN { printf "| %s | %s | %.2f | %.0f |\n", n, b, w, m / 1024 }'
    done
done
