#!/usr/bin/env bash
# Rebuilds every example's class files from its Java sources with the local
# javac (default flags, so line numbers are kept for messages), and m5's
# model library. Run from anywhere; commit the results.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for dir in "$here"/*/; do
    srcs=("$dir"*.java)
    [ -e "${srcs[0]}" ] || continue
    rm -f "$dir"*.class
    javac -d "$dir" "${srcs[@]}"
    echo "built $(basename "$dir"): $(cd "$dir" && ls *.class | tr '\n' ' ')"
done
bash "$here/../src/library/build.sh"
