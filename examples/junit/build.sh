#!/usr/bin/env bash
# Compiles the example tests against Debian's JUnit jars (apt-get install
# junit5 junit4) into OUTDIR (default examples/junit/classes); with
# --classpath, prints the jars' class path instead. Run from anywhere:
#   bash examples/junit/build.sh
#   m5 test --cp "examples/junit/classes:$(bash examples/junit/build.sh --classpath)" com.example.CounterTest
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jars=/usr/share/java
cp="$jars/junit-jupiter-api.jar:$jars/junit-platform-commons.jar:$jars/opentest4j.jar:$jars/apiguardian-api.jar:$jars/junit4.jar:$jars/hamcrest-core.jar"
if [ "${1:-}" = "--classpath" ]; then
    echo "$cp"
    exit 0
fi
for j in junit-jupiter-api junit-platform-commons opentest4j apiguardian-api junit4 hamcrest-core; do
    [ -f "$jars/$j.jar" ] || { echo "missing $jars/$j.jar: apt-get install junit5 junit4" >&2; exit 1; }
done
out="${1:-$here/classes}"
rm -rf "$out"
javac -g -d "$out" -cp "$cp" $(find "$here/src" -name '*.java' | sort)
echo "built $out"
