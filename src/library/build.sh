#!/usr/bin/env bash
# Builds m5's model Java library (java.lang / java.io) into src/library/classes
# and regenerates src/library/manifest.txt. The .class files are committed; the
# Rust crate embeds them with include_bytes!.
# Usage: src/library/build.sh   (from anywhere; it cd's to the repo root itself)
# Needs javac/javap 17.
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=src/library
rm -rf "$lib/classes"
mkdir -p "$lib/classes"
# ($lib/stubs: types of newer JDKs the model names; -implicit:none writes
# no class file for them. -g:vars: helpful NPE messages name parameters,
# as the JDK's own class files let HotSpot do.)
javac --patch-module java.base="$lib:$lib/stubs" -implicit:none \
    -XDstringConcat=inline -g:vars \
    -d "$lib/classes" $(find "$lib/java" -name '*.java' | LC_ALL=C sort)

# Thread.Builder and its nested types are declared in the model's Thread
# only to compile against (JDK 21+'s): the user's JDK's own interfaces run.
rm -f "$lib/classes/java/lang/Thread\$Builder"*.class

# manifest.txt: internal names of all compiled classes, sorted.
(cd "$lib/classes" && find . -name '*.class' | sed -e 's|^\./||' -e 's|\.class$||' | LC_ALL=C sort) \
    > "$lib/manifest.txt"

# Checks: no invokedynamic (the model is read before lambdas are). Classes
# the model names that it does not define come from the user's JDK (java.base).
classes=$(find "$lib/classes" -name '*.class' | LC_ALL=C sort)
if for f in $classes; do javap -c -p "$f"; done | grep -q invokedynamic; then
    echo "error: invokedynamic in library bytecode" >&2
    exit 1
fi
echo "built $(wc -l < "$lib/manifest.txt") classes into $lib/classes"
echo "native methods (must match NATIVES.md):"
for f in $classes; do
    cls=${f#"$lib/classes/"}; cls=${cls%.class}
    javap -s -p "$f" | awk -v c="$cls" '
        / native / { n = $0; sub(/\(.*/, "", n); k = split(n, w, " "); name = w[k]; want = 1; next }
        want && /descriptor:/ { print "  " c "." name $2; want = 0 }'
done
