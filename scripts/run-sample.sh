#!/usr/bin/env bash
# `make run`: index the committed sample tree into the default index and show a few queries.
set -euo pipefail
bin="$1"
cd "$(dirname "$0")/.."
show() {
    local line="fsfind" word
    for word in "$@"; do
        # Quote only what a shell would need quoted, so the line can be pasted.
        if [[ "$word" =~ ^[A-Za-z0-9_./,=-]+$ ]]; then line+=" $word"; else line+=" ${word@Q}"; fi
    done
    printf '\n$ %s\n' "$line"
    "$bin" "$@"
}
show index --verbose sample
show status
show query paris
show query 'contentType == "audio"wc'
show query 'authorNames == "Steve"wc && (contentType == "audio"wc || contentType == "video"wc)'
show query 'InRange(duration, 2.9, 4.2)' --attr duration,title
show query 'acquisitionMake == "Canon"c' --attr acquisitionModel,latitude,longitude
show query --scope document 'fsName == "*"' --attr title,authorNames
show query 'InRange(contentModificationDate, $time.today(-10), $time.today)' --count
show query --json --limit 2 --sort size --reverse 'fsName == "*"'
show show sample/Pictures/eiffel.jpg
