#!/usr/bin/env bash
# KF5's real runner engine searching through fsfind's D-Bus runner: builds krunner_query.cpp
# (Plasma::RunnerManager) once, then asks it for WORD with the staged install's runner file and
# D-Bus service on a private session bus. `make test-desktop` runs it.
#
#   Tests/Desktop/krunner-check.sh STAGE INDEX WORD MIN_MATCHES
set -euo pipefail
stage=$(realpath "$1") index=$(realpath "$2") word=$3 least=$4
here=$(cd "$(dirname "$0")" && pwd)
build=${FSFIND_KRUNNER_BUILD:-/tmp/fsfind-krunner-query}
mkdir -p "$build"
if [ ! -x "$build/krunner_query" ] || [ "$here/krunner_query.cpp" -nt "$build/krunner_query" ]; then
    includes=$(for d in /usr/include/KF5/*/; do printf -- "-I%s " "$d"; done)
    # shellcheck disable=SC2046,SC2086
    g++ -std=c++17 -fPIC "$here/krunner_query.cpp" -o "$build/krunner_query" \
        $(pkg-config --cflags --libs Qt5Core Qt5DBus Qt5Gui Qt5Widgets) -I/usr/include/KF5 $includes \
        -lKF5Runner -lKF5CoreAddons -lKF5Service -lKF5ConfigCore
fi
work=$(mktemp -d /tmp/fsfind-krunner-XXXXXX)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_DIRS="$stage/usr/share:/usr/share" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" \
    XDG_RUNTIME_DIR="$work" HOME="$work" FSFIND_INDEX="$index" QT_QPA_PLATFORM=offscreen PATH="$stage/usr/bin:$PATH"
out=$(timeout 60 dbus-run-session -- sh -c "'$build/krunner_query' '$word'; '$build/krunner_query' '$word' parent" 2>"$work/err" || true)
echo "$out"
# The first query's matches (the second run repeats them, then runs an action).
count=$(printf '%s\n' "$out" | awk '/^runner / { runs++ } runs == 1 && /^match / { n++ } END { print n + 0 }')
if ! printf '%s\n' "$out" | grep -q '^runner fsfind'; then echo "FAIL: the engine did not load fsfind's runner"; cat "$work/err"; exit 1; fi
if [ "$count" -lt "$least" ]; then echo "FAIL: $count matches, expected at least $least"; cat "$work/err"; exit 1; fi
echo "PASS ($count matches)"
