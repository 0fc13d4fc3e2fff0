#!/usr/bin/env bash
# Compiles every tests/java/<name>/Main.java with javac and runs it on HotSpot
# RUNS times (default 3), checking that stdout and the exit code are identical
# on every run (determinism). Prints one line per program with its exit code.
#
# Usage: tests/java/check_hotspot.sh [name-substring]
#   env: RUNS=3  OUT=/tmp/m5-hotspot  TIMEOUT=60
set -u

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${OUT:-/tmp/m5-hotspot}"
RUNS="${RUNS:-3}"
TIMEOUT="${TIMEOUT:-60}"
FILTER="${1:-}"

if ! command -v javac >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then
    echo "SKIPPED: no JDK (javac/java) on PATH"
    exit 0
fi

mkdir -p "$OUT"
total=0
ok=0
compile_fail=0
nondet=0
timeouts=0
declare -A exit_hist=()

for dir in "$HERE"/*/; do
    name="$(basename "$dir")"
    [ -f "$dir/Main.java" ] || continue
    if [ -n "$FILTER" ] && [[ "$name" != *"$FILTER"* ]]; then continue; fi
    total=$((total + 1))
    cls="$OUT/$name"
    rm -rf "$cls"
    mkdir -p "$cls"
    if ! javac -g -d "$cls" "$dir/Main.java" 2>"$cls.javac.err"; then
        echo "COMPILE-FAIL $name"
        sed 's/^/    /' "$cls.javac.err" | head -20
        compile_fail=$((compile_fail + 1))
        continue
    fi
    first_out=""
    first_rc=""
    status="ok"
    for run in $(seq 1 "$RUNS"); do
        timeout "$TIMEOUT" java -cp "$cls" Main >"$cls.out.$run" 2>"$cls.err.$run"
        rc=$?
        if [ "$rc" -eq 124 ]; then status="TIMEOUT(run $run)"; break; fi
        if [ -z "$first_rc" ]; then
            first_rc="$rc"
        else
            if ! cmp -s "$cls.out.1" "$cls.out.$run"; then status="NONDETERMINISTIC-STDOUT(run $run)"; fi
            if [ "$rc" != "$first_rc" ]; then status="NONDETERMINISTIC-EXIT($first_rc vs $rc)"; fi
        fi
    done
    lines=$(wc -l <"$cls.out.1" 2>/dev/null || echo 0)
    case "$status" in
        ok)
            ok=$((ok + 1))
            exit_hist[$first_rc]=$(( ${exit_hist[$first_rc]:-0} + 1 ))
            printf '%-34s exit=%-3s lines=%s\n' "$name" "$first_rc" "$lines"
            ;;
        TIMEOUT*)
            timeouts=$((timeouts + 1))
            printf '%-34s %s\n' "$name" "$status"
            ;;
        *)
            nondet=$((nondet + 1))
            printf '%-34s %s\n' "$name" "$status"
            diff "$cls.out.1" "$cls.out.$run" | head -10 | sed 's/^/    /'
            ;;
    esac
done

echo "----"
echo "programs: $total  deterministic-ok: $ok  compile-failures: $compile_fail  nondeterministic: $nondet  timeouts: $timeouts"
for rc in "${!exit_hist[@]}"; do echo "exit code $rc: ${exit_hist[$rc]} program(s)"; done | sort
echo "class files and outputs in $OUT"
[ "$ok" -eq "$total" ]
