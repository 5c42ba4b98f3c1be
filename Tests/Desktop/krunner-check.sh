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
# A stand-in file manager on the bus (org.freedesktop.FileManager1.ShowItems, what Nautilus and
# Dolphin serve), writing what it was asked to show: "Open Containing Folder" is checked for real.
cat > "$work/file-manager.py" <<PY
import sys
from gi.repository import Gio, GLib
XML = '<node><interface name="org.freedesktop.FileManager1"><method name="ShowItems">' \\
      '<arg type="as" direction="in"/><arg type="s" direction="in"/></method></interface></node>'
def call(connection, sender, path, interface, method, parameters, invocation):
    with open("$work/shown", "a") as f:
        f.write(" ".join(parameters.unpack()[0]) + "\\n")
    invocation.return_value(None)
node = Gio.DBusNodeInfo.new_for_xml(XML)
def acquired(connection, name):
    connection.register_object("/org/freedesktop/FileManager1", node.interfaces[0], call, None, None)
Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", 0, acquired, None, None)
GLib.MainLoop().run()
PY
out=$(timeout 60 dbus-run-session -- sh -c "/usr/bin/python3 '$work/file-manager.py' & sleep 1; '$build/krunner_query' '$word'; '$build/krunner_query' '$word' parent; kill %1" 2>"$work/err" || true)
echo "$out"
shown=$(cat "$work/shown" 2>/dev/null || true)
echo "shown in the file manager: ${shown:-nothing}"
# The first query's matches (the second run repeats them, then runs an action).
count=$(printf '%s\n' "$out" | awk '/^runner / { runs++ } runs == 1 && /^match / { n++ } END { print n + 0 }')
if ! printf '%s\n' "$out" | grep -q '^runner fsfind'; then echo "FAIL: the engine did not load fsfind's runner"; cat "$work/err"; exit 1; fi
if [ "$count" -lt "$least" ]; then echo "FAIL: $count matches, expected at least $least"; cat "$work/err"; exit 1; fi
first=$(printf '%s\n' "$out" | awk '/^match / { print $2; exit }')
case "$shown" in
    file://*"/$first"*) ;;
    *) echo "FAIL: Open Containing Folder showed '${shown}', not $first"; cat "$work/err"; exit 1 ;;
esac
echo "PASS ($count matches)"
