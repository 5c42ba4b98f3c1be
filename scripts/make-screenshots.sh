#!/usr/bin/env bash
# Captures `fsfind search` on the sample tree, as a person sees it, into docs/screenshots/: an SVG
# picture with the colours (scripts/ansi-to-svg.py) and the plain text tmux's capture-pane shows.
# Run after changing the screen.
#
#   scripts/make-screenshots.sh [FSFIND_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-"$(swift build --show-bin-path)/fsfind"}
# A short fixed folder standing for the home folder, so the screen shows ~/sample as it would.
work=/tmp/fsfind-screenshots
rm -rf "$work" && mkdir -p "$work"
trap 'tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cp -a sample "$work/sample"
"$binary" index --index "$work/index.fsfind" "$work/sample" > /dev/null

# shot NAME WIDTH HEIGHT FIELD: the screen once the preview has been drawn.
shot() {
    tmux -S "$work/tmux.sock" -f /dev/null new-session -d -s "$1" -x "$2" -y "$3" \
        "env HOME='$work' TZ=UTC FSFIND_NOW=2026-11-24T12:00:00Z NO_COLOR= COLORTERM=truecolor '$binary' search --index '$work/index.fsfind' '$4'"
    sleep 2
    tmux -S "$work/tmux.sock" capture-pane -p -t "$1" | sed "s/ *$//" > "docs/screenshots/$1.txt"
    tmux -S "$work/tmux.sock" capture-pane -p -e -t "$1" |
        python3 scripts/ansi-to-svg.py > "docs/screenshots/$1.svg"
    tmux -S "$work/tmux.sock" kill-session -t "$1"
}
shot search-photo 120 32 eiffel
shot search-pdf 120 32 paper
shot search-80x24 80 24 clip.mp4
echo "wrote docs/screenshots/search-{photo,pdf,80x24}.{svg,txt}"
