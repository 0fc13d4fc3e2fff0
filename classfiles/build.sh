#!/usr/bin/env bash
# Rebuilds every example's class files from its Java sources with the local
# javac (default flags, so line numbers are kept for messages; directories
# named *-ecj with Eclipse's ecj), and m5's
# model library. Run from anywhere; commit the results.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# classfiles/locks holds one program per subdirectory.
for dir in "$here"/*/ "$here"/locks/*/; do
    [ "$dir" = "$here/locks/" ] && continue
    # Every source, packages in subdirectories included.
    mapfile -t srcs < <(find "$dir" -name '*.java' | sort)
    [ ${#srcs[@]} -gt 0 ] || continue
    case "$dir" in
    *-ecj/)
        # Built with Eclipse's compiler (other bytecode for the same source).
        if ! command -v ecj >/dev/null 2>&1; then
            echo "skipped $(basename "$dir"): ecj is not installed (apt-get install ecj)"
            continue
        fi
        find "$dir" -name '*.class' -delete
        ecj -17 -proc:none -d "$dir" "${srcs[@]}"
        ;;
    *)
        find "$dir" -name '*.class' -delete
        # A javac-flags file holds extra javac options (e.g. --add-exports).
        flags=()
        [ -f "$dir/javac-flags" ] && read -r -a flags < "$dir/javac-flags"
        javac "${flags[@]}" -d "$dir" "${srcs[@]}"
        ;;
    esac
    echo "built $(basename "$dir"): $(cd "$dir" && find . -name '*.class' | sed 's|^\./||' | sort | tr '\n' ' ')"
done
bash "$here/../src/library/build.sh"
