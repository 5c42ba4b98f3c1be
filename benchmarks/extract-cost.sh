#!/usr/bin/env bash
# Prints the time per file of each document and image extractor (PDF, images, Office, ODF, EPUB,
# HTML, Markdown) on the committed sample tree, plus a 12 MB TIFF and a 256 MiB zip bomb.
# Usage: benchmarks/extract-cost.sh [ROUNDS]   (default 200; uses the debug build: the cost is
# almost all in the C libraries and zlib, which are optimised either way)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
FSFIND_EXTRACT_BENCH="${1:-200}" swift test --skip-build --filter DocumentExtractorCostTests 2>/dev/null |
    sed -n '/^extractor cost/,/^peak RSS/p'
