#!/usr/bin/env bash
# `make run`: index the committed sample tree into the default index and show a few queries.
set -euo pipefail
bin="$1"
echo "fsfind run script: not wired yet" >&2
"$bin"
