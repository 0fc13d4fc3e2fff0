#!/usr/bin/env bash
# The partial-order reduction table of benches/RESULTS.md: states and
# seconds of the exhaustive search without and with --por, same run, one
# search thread, races checked as by default, for the finite Apprentice
# 3x3 .. 6x3, every example of the explore tests (tests/it/explore.rs's
# EXAMPLES) and a lock-heavy deterministic program of our own
# (benches/por/LockRounds.java: 3 threads x 50 rounds of 3 synchronized
# updates), the last also with --determinism.
# Usage: benches/por-table.sh [TIME_LIMIT_SECONDS]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
cargo build --release -q
m5=target/release/m5
lr=$(mktemp -d)
trap 'rm -rf "$lr"' EXIT
javac -d "$lr" benches/por/LockRounds.java
echo "Load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; time limit ${limit} s per search"
echo
printf '| program | granularity | verdict | states | seconds | verdict --por | states --por | seconds --por |\n|---|---|---|---|---|---|---|---|\n'
# row NAME GRANULARITY [extra flags] -- CLASSPATH MAIN ARGS...
row() {
  local name=$1 gran=$2
  shift 2
  local flags=()
  while [ "$1" != "--" ]; do flags+=("$1"); shift; done
  shift
  local cp=$1
  shift
  local plain por
  plain=$($m5 explore --strategy exhaustive --granularity "$gran" --jobs 1 --time-limit "$limit" \
            --json "${flags[@]}" --classpath "$cp" "$@" 2>/dev/null || true)
  por=$($m5 explore --strategy exhaustive --granularity "$gran" --jobs 1 --time-limit "$limit" \
          --json --por "${flags[@]}" --classpath "$cp" "$@" 2>/dev/null || true)
  python3 - "$name" "$gran" "$plain" "$por" <<'PY'
import json, sys
name, gran, plain, por = sys.argv[1:]
def cells(text):
    try:
        j = json.loads(text)
    except ValueError:
        return ["error", "", ""]
    return [j["verdict"], f"{j['states']:,}", f"{j['seconds']:.3f}"]
print("| " + " | ".join([name, gran] + cells(plain) + cells(por)) + " |")
PY
}
for jobs in 3 4 5 6; do
  for gran in sync interaction instruction; do
    row "finite-apprentice ${jobs}x3" "$gran" -- classfiles/finite-apprentice FiniteApprentice "$jobs" 3
  done
done
row "LockRounds 3x50" sync -- "$lr" LockRounds 3 50
row "LockRounds 3x50 --determinism" sync --determinism -- "$lr" LockRounds 3 50
row "LockRounds 3x50" interaction -- "$lr" LockRounds 3 50
row "LockRounds 3x50 --determinism" interaction --determinism -- "$lr" LockRounds 3 50
# The explore tests' examples: (dir, main, args) from tests/it/explore.rs.
python3 - <<'PY' | while IFS=$'\t' read -r dir main args; do
import re
text = open("tests/it/explore.rs").read()
table = text[text.index("pub(crate) const EXAMPLES"):text.index("const RACY")]
for d, m, a in re.findall(r'\(\s*"([^"]+)",\s*"([^"]+)",\s*&\[([^\]]*)\]', table):
    args = " ".join(re.findall(r'"([^"]*)"', a))
    print(f"{d}\t{m}\t{args}")
PY
  for gran in sync interaction instruction; do
    # shellcheck disable=SC2086
    row "$dir $main $args" "$gran" -- "classfiles/$dir" "$main" $args
  done
done
echo
echo "Load after: $(cut -d' ' -f1-3 /proc/loadavg)"
