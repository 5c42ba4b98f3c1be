#!/usr/bin/env bash
# The real GNOME Shell (43, headless) searching through fsfind's provider, as a person would:
# the overview opened, WORD typed, fsfind's section read (its rows and "N more"), the first row
# activated and the provider's icon clicked (LaunchSearch). `make test-desktop` runs it; it needs
# root (a private mount namespace), gnome-shell and gjs. Recipe: docs/desktop-search.md.
#
#   Tests/Desktop/gnome-shell-check.sh STAGE INDEX WORD EXPECTED_ROWS EXPECTED_MORE
#
# STAGE is a `make install PREFIX=STAGE/usr` tree; INDEX an fsfind index. Prints what the
# Shell showed, and exits 1 when it is not EXPECTED_ROWS rows with EXPECTED_MORE ("3 more", or "").
set -euo pipefail
stage=$(realpath "$1") index=$(realpath "$2") word=$3 rows=$4 more=${5:-}
work=$(mktemp -d /tmp/fsfind-gnome-XXXXXX)
[ -n "${FSFIND_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/run" "$work/home/.config" "$work/home/.local/share/gnome-shell/extensions/fsfind-test@local"
chmod 700 "$work/run"
# Eval answers only in unsafe mode, which GNOME Shell 43 has no flag for: a test-only extension sets it.
ext="$work/home/.local/share/gnome-shell/extensions/fsfind-test@local"
cat > "$ext/metadata.json" <<'JSON'
{ "uuid": "fsfind-test@local", "name": "fsfind test hook",
  "description": "Test only: turns on unsafe mode so org.gnome.Shell.Eval works", "shell-version": ["43", "44"] }
JSON
cat > "$ext/extension.js" <<'JS'
class Extension {
    enable() { global.context.unsafe_mode = true; log('fsfind-test: unsafe mode on'); }
    disable() { global.context.unsafe_mode = false; }
}
function init() { return new Extension(); }
JS
# Stand-ins for what a desktop has, so what the provider opens can be checked: the default
# application of the sample's first hit (audio/mpeg) and a terminal emulator (GLib looks for xterm
# among others), each writing what it was asked to open.
mkdir -p "$work/bin" "$work/home/.local/share/applications"
cat > "$work/bin/xterm" <<TERM
#!/bin/sh
printf '%s\n' "\$*" >> $work/launched
TERM
chmod +x "$work/bin/xterm"
cat > "$work/bin/opener" <<OPENER
#!/bin/sh
printf '%s\n' "\$1" >> $work/opened
OPENER
chmod +x "$work/bin/opener"
cat > "$work/home/.local/share/applications/fsfind-test-opener.desktop" <<OPENER
[Desktop Entry]
Type=Application
Name=fsfind test opener
Exec=$work/bin/opener %u
MimeType=audio/mpeg;
NoDisplay=true
OPENER
printf '[Default Applications]\naudio/mpeg=fsfind-test-opener.desktop\n' > "$work/home/.config/mimeapps.list"
cat > "$work/inside.sh" <<INSIDE
set -u
dbus-daemon --session --nofork --address=unix:path=$work/sysbus & sysbus=\$!
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/sysbus
gsettings set org.gnome.shell enabled-extensions "['fsfind-test@local']"
gnome-shell --headless --wayland --no-x11 --virtual-monitor 1280x800 > $work/shell.log 2>&1 & shell=\$!
EVAL() { gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell --method org.gnome.Shell.Eval "\$1"; }
up=no
for i in \$(seq 1 60); do EVAL "1+1" 2>/dev/null | grep -q true && { up=yes; break; }; sleep 1; done
echo "shell up: \$up"
PROV="const p = Main.overview._overview._controls._searchController._searchResults._providers.find(p => p.id === 'org.fsfind.Fsfind.desktop');"
EVAL "Main.overview.show(); 'shown'"; sleep 2
EVAL "\$PROV p ? 'fsfind provider loaded' : 'fsfind provider missing: ' + Main.overview._overview._controls._searchController._searchResults._providers.map(p => p.id).join(',')"
EVAL "Main.overview.searchEntry.set_text('$word'); 'typed'"
for i in \$(seq 1 20); do
    sleep 1
    EVAL "\$PROV JSON.stringify({visible: p.display.visible, shown: p.display._content.get_children().map(c => [c.metaInfo.name, c.metaInfo.description]), more: p.display.providerInfo._moreLabel.text})" > $work/result.txt
    grep -q 'visible[^,]*true' $work/result.txt && break
done
cat $work/result.txt
EVAL "\$PROV p.display._content.get_first_child().activate(); 'activated first'"; sleep 1
EVAL "Main.overview.show(); Main.overview.searchEntry.set_text('$word'); 'again'"; sleep 2
EVAL "\$PROV p.launchSearch(['$word']); 'launch search'"; sleep 1
kill \$shell; sleep 1; kill \$sysbus
INSIDE
export XDG_RUNTIME_DIR="$work/run" HOME="$work/home" GSETTINGS_BACKEND=keyfile \
    XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
    XDG_DATA_DIRS="$stage/usr/share:/usr/local/share:/usr/share" FSFIND_INDEX="$index" \
    PATH="$work/bin:$stage/usr/bin:$PATH"
# No logind on this kind of machine: with /run/systemd hidden the Shell uses its dummy login manager.
timeout 180 unshare --mount sh -c "mount -t tmpfs none /run/systemd 2>/dev/null; dbus-run-session -- sh $work/inside.sh" \
    > "$work/out.txt" 2>&1 || true
cat "$work/out.txt" | grep -v "^$"
result=$(cat "$work/result.txt" 2>/dev/null || true)
opened=$(cat "$work/opened" 2>/dev/null || true)
launched=$(cat "$work/launched" 2>/dev/null || true)
echo "opened by the default application: ${opened:-nothing}"
echo "launched in a terminal: ${launched:-nothing}"
/usr/bin/python3 - "$result" "$rows" "$more" "$opened" "$launched" "$word" <<'PY'
import json, re, sys
raw, rows, more, opened, launched, word = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
m = re.search(r"\(true, '(.*)'\)", raw, re.S)
if not m:
    sys.exit(f"FAIL: no result from the Shell: {raw!r}")
# Eval answers a JSON string inside a GVariant string: unescape twice.
shown = json.loads(json.loads(m.group(1).encode().decode("unicode_escape")))
print(f"Shell showed {len(shown['shown'])} rows, more={shown['more']!r}")
for name, description in shown["shown"]:
    print(f"  {name} | {description}")
if not shown["visible"] or len(shown["shown"]) != rows or shown["more"] != more:
    sys.exit(f"FAIL: expected {rows} rows and more={more!r}")
# The first row activated: opened with its default application (given the path or the URI).
first = shown["shown"][0][0]
if not opened.rstrip().endswith("/" + first):
    sys.exit(f"FAIL: activating {first} opened {opened!r}")
# The provider's icon clicked: fsfind search on the terms, in a terminal.
if "fsfind" not in launched or "search" not in launched or word not in launched:
    sys.exit(f"FAIL: LaunchSearch ran {launched!r}")
print("PASS")
PY
