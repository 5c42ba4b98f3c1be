#!/usr/bin/env bash
# Full text side by side with Recoll (issue 12): the same tree (default /usr/share/doc), in one
# run. Indexes it with fsfind (metadata only, then with text) and with recollindex (Recoll's
# default configuration, its own filters), then times a one-word, a phrase and a snippet query
# of each with hyperfine. Prints a Markdown block for benchmarks/RESULTS.md.
#
#   bash benchmarks/fulltext-vs-recoll.sh [TREE] [FSFIND_BINARY]
#
# Needs recollcmd, hyperfine and GNU time (make bench installs them).
set -euo pipefail
tree=${1:-/usr/share/doc}
fsfind=${2:-.build/release/fsfind}
work=$(mktemp -d /tmp/fsfind-recoll.XXXXXX)
trap 'rm -rf "$work"' EXIT

measure() { # label, command… → "seconds peak-KiB"
    local label=$1
    shift
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null 2> "$work/$label.err" || {
        echo "$label failed:" >&2
        cat "$work/$label.err" >&2
        exit 1
    }
    cat "$work/time"
}

read -r meta_s meta_kb < <(measure meta "$fsfind" index --index "$work/meta.idx" --no-content --quiet "$tree")
read -r text_s text_kb < <(measure text "$fsfind" index --index "$work/text.idx" --quiet "$tree")
store_bytes=$(stat -c %s "$work/text.idx.text")

mkdir -p "$work/recoll"
# Recoll's default configuration, except how it names a file with no known suffix (`changelog`,
# `copyright`, the inside of `changelog.Debian.gz`): by default it runs `file -i`, and Recoll
# 1.34.3 on Debian 12 reads no type from its output ("FileInterner:: no mime" in its log), so it
# indexed those files' names but not their words: `recollq urgency` found 0 files, where fsfind
# finds every Debian changelog. `file --mime-type -b` prints the type alone, which it reads.
printf 'topdirs = %s\nsystemfilecommand = file --mime-type -b\n' "$tree" > "$work/recoll/recoll.conf"
read -r recoll_s recoll_kb < <(measure recoll recollindex -c "$work/recoll")
recoll_bytes=$(du -sb "$work/recoll/xapiandb" | cut -f1)

hf() { hyperfine -N -w 2 -r 20 --export-json "$work/h.json" "$@" > /dev/null
    python3 -c 'import json,sys; print(" ".join("%.1f" % (r["mean"]*1000) for r in json.load(open(sys.argv[1]))["results"]))' "$work/h.json"; }
# Both found the same files: the counts the one-word query gives.
f_count=$("$fsfind" query --index "$work/text.idx" --count urgency)
r_count=$(recollq -c "$work/recoll" urgency 2> /dev/null | sed -n 's/^\([0-9]*\) results.*/\1/p')
read -r f_word r_word < <(hf "$fsfind query --index $work/text.idx urgency" "recollq -c $work/recoll urgency")
read -r f_phrase r_phrase < <(hf "$fsfind query --index $work/text.idx \"general public license\"" "recollq -c $work/recoll \"\\\"general public license\\\"\"")
read -r f_snip r_snip < <(hf "$fsfind query --index $work/text.idx --snippets --limit 10 license" "recollq -c $work/recoll -A -n 10 license")

ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }
cat << REPORT
Measured $(date -u +%Y-%m-%dT%H:%M:%SZ) by \`benchmarks/fulltext-vs-recoll.sh\` on $tree ($(find "$tree" -type f | wc -l) files);
$(nproc) cores; load average at the end $(cut -d' ' -f1-3 /proc/loadavg); Recoll $(dpkg-query -W -f="\${Version}" recollcmd 2>/dev/null || echo "(version unknown)").

| measurement | fsfind | Recoll | ratio |
|---|---:|---:|---:|
| first index, metadata only | ${meta_s} s, $((meta_kb / 1024)) MiB | | |
| first index with text | ${text_s} s, $((text_kb / 1024)) MiB | ${recoll_s} s, $((recoll_kb / 1024)) MiB | $(ratio "$text_s" "$recoll_s")× Recoll; $(ratio "$text_s" "$meta_s")× metadata-only |
| text store / Recoll's index | $((store_bytes / 1048576)) MB | $((recoll_bytes / 1048576)) MB | $(ratio "$store_bytes" "$recoll_bytes")× |
| one word (\`urgency\`), ms | $f_word | $r_word | $(ratio "$f_word" "$r_word")× |
| files found for \`urgency\` | $f_count | $r_count | |
| phrase (\`"general public license"\`), ms | $f_phrase | $r_phrase | $(ratio "$f_phrase" "$r_phrase")× |
| 10 results with snippets (\`license\`), ms | $f_snip | $r_snip | $(ratio "$f_snip" "$r_snip")× |
REPORT
