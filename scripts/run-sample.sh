#!/usr/bin/env bash
# `make run`: index the committed sample tree into the default index and show a few queries.
set -euo pipefail
bin="$1"
cd "$(dirname "$0")/.."
show() {
    printf '\n$ fsfind %s\n' "$*"
    "$bin" "$@"
}
show index --verbose sample
show status
show query paris
show query 'contentType == "audio"wc'
show query --scope image 'fsName == "*"'
show query 'kind == "*PDF*"c || contentType == "public.composite-content"' --attr kind
show query 'InRange(contentModificationDate, $time.today(-10), $time.today)' --count
show query --json --limit 2 --sort size --reverse 'fsName == "*"'
