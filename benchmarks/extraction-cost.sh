#!/usr/bin/env bash
# Measures what content extraction costs per file: indexes N copies of each media fixture and the
# same number of copies of a plain-text file (crawl + identify + write, no extractor), and reports
# the difference per file. Prints a Markdown table for benchmarks/RESULTS.md.
#
#   benchmarks/extraction-cost.sh [FSFIND_BINARY] [COPIES] [RUNS]
#
# Defaults: the release binary if built, else the debug one; 100 copies; best of 3 runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
    bin=.build/release/fsfind
    [ -x "$bin" ] || bin=.build/debug/fsfind
fi
copies=${2:-100}
runs=${3:-3}
work=$(mktemp -d /tmp/fsfind-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT

media=(Music/intro-paris.mp3 Music/no-xing.mp3 Music/vbr.mp3 Music/tone.m4a Music/tone.flac Music/tone.ogg
       Music/tone.opus Music/tone.wav Music/tone.aiff Movies/clip.mp4 Movies/clip.mov Movies/clip.mkv
       Movies/clip.webm Movies/clip.avi)

# tree NAME SOURCE COUNT: COUNT copies of SOURCE in $work/NAME
tree() {
    mkdir -p "$work/$1"
    local ext=${2##*.}
    for ((i = 0; i < $3; i++)); do cp "sample/$2" "$work/$1/f$i.$ext"; done
}

# best NAME: the fastest of $runs full index runs of $work/NAME, in seconds
best() {
    local fastest=""
    for ((r = 0; r < runs; r++)); do
        rm -f "$work/$1.idx"
        local start end
        start=$(date +%s.%N)
        "$bin" index --full --quiet --index "$work/$1.idx" "$work/$1"
        end=$(date +%s.%N)
        fastest=$(echo "$start $end $fastest" | awk '{t = $2 - $1; if ($3 == "" || t < $3) print t; else print $3}')
    done
    echo "$fastest"
}

tree plain Documents/plain.txt "$copies"
base=$(best plain)
echo "binary: $bin ($(nproc) cores, $copies files per row, best of $runs runs)"
echo "baseline, $copies plain-text files (crawl, identify, write): $(awk -v t="$base" -v n="$copies" 'BEGIN { printf "%.1f ms total, %.2f ms/file", t * 1000, t * 1000 / n }')"
echo
echo "| file | size | index time | extraction per file |"
echo "|---|---:|---:|---:|"
total=0
for file in "${media[@]}"; do
    name=$(echo "$file" | tr / -)
    tree "$name" "$file" "$copies"
    t=$(best "$name")
    size=$(stat -c %s "sample/$file")
    awk -v f="$file" -v s="$size" -v t="$t" -v b="$base" -v n="$copies" \
        'BEGIN { printf "| %s | %d B | %.0f ms | %.2f ms |\n", f, s, t * 1000, (t - b) * 1000 / n }'
done
# Starting the workers: one media file against one plain file, so the fixed cost shows.
tree one-media Music/tone.flac 1
tree one-plain Documents/plain.txt 1
tone=$(best one-media)
toneplain=$(best one-plain)
awk -v t="$tone" -v b="$toneplain" \
    'BEGIN { printf "| worker start-up (1 FLAC file vs 1 text file) | | %.0f ms | %.1f ms once per run |\n", t * 1000, (t - b) * 1000 }'
# Everything at once: the workers' start-up spread over all files.
mkdir -p "$work/all"
for file in "${media[@]}"; do
    name=$(echo "$file" | tr / -)
    cp -r "$work/$name" "$work/all/$name"
done
tree allplain Documents/plain.txt $((copies * ${#media[@]}))
tall=$(best all)
tallbase=$(best allplain)
awk -v t="$tall" -v b="$tallbase" -v n=$((copies * ${#media[@]})) \
    'BEGIN { printf "| all %d media files together | | %.0f ms | %.2f ms |\n", n, t * 1000, (t - b) * 1000 / n }'
