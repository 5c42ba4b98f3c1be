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

# best NAME: "WALL CPU" seconds, each the least of $runs full index runs of $work/NAME. CPU is user +
# system time of fsfind and its workers (reaped children count): it barely moves when other builds
# share the machine, unlike wall-clock time.
best() {
    local wall="" cpu=""
    for ((r = 0; r < runs; r++)); do
        rm -f "$work/$1.idx"
        local line
        line=$( { /usr/bin/time -f "%e %U %S" "$bin" index --full --quiet --index "$work/$1.idx" "$work/$1"; } 2>&1 | tail -1)
        read -r wall cpu < <(echo "$line $wall $cpu" | awk '{w = $1; c = $2 + $3;
            if ($4 != "" && $4 < w) w = $4; if ($5 != "" && $5 < c) c = $5; print w, c}')
    done
    echo "$wall $cpu"
}

# row LABEL SIZE "WALL CPU" "BASEWALL BASECPU" COUNT: one table row, per-file costs over the baseline
row() {
    echo "$3 $4" | awk -v l="$1" -v s="$2" -v n="$5" '{
        printf "| %s | %s | %.0f ms | %.2f ms | %.2f ms |\n", l, s, $1 * 1000, ($1 - $3) * 1000 / n, ($2 - $4) * 1000 / n }'
}

tree plain Documents/plain.txt "$copies"
base=$(best plain)
echo "binary: $bin ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $copies files per row, best of $runs runs)"
echo "baseline, $copies plain-text files (crawl, identify, write): $(echo "$base" | awk -v n="$copies" '{
    printf "%.0f ms wall, %.0f ms CPU; %.2f ms CPU per file", $1 * 1000, $2 * 1000, $2 * 1000 / n }')"
echo
echo "| file | size | index wall time | extraction wall per file | extraction CPU per file |"
echo "|---|---:|---:|---:|---:|"
for file in "${media[@]}"; do
    name=$(echo "$file" | tr / -)
    tree "$name" "$file" "$copies"
    row "$file" "$(stat -c %s "sample/$file") B" "$(best "$name")" "$base" "$copies"
done
# Starting the workers: one media file against one plain file, so the fixed cost shows.
tree one-media Music/tone.flac 1
tree one-plain Documents/plain.txt 1
row "worker start-up (1 FLAC vs 1 text file; once per run)" "" "$(best one-media)" "$(best one-plain)" 1
# Everything at once: the workers' start-up spread over all files.
mkdir -p "$work/all"
for file in "${media[@]}"; do
    name=$(echo "$file" | tr / -)
    cp -r "$work/$name" "$work/all/$name"
done
total=$((copies * ${#media[@]}))
tree allplain Documents/plain.txt "$total"
row "all $total media files together" "" "$(best all)" "$(best allplain)" "$total"
