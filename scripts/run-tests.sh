#!/usr/bin/env bash
# Runs every test in three processes at once and fails if any test fails or is missed.
#
# Why not one `swift test`: Swift Testing runs tests on the concurrency pool, one thread per
# core, and many end-to-end tests block theirs while they wait (for a child process, a watcher's
# batch, a terminal to repaint). On two cores one process used 1.1 cores on average and took
# ~93 s; three processes (the unit tests; the waiting end-to-end suites; the other end-to-end
# suites) overlap those waits and take ~75 s (docs/testing.md). The shards are complementary
# filters, and the script checks that together they ran exactly the tests the bundle lists.
#
#   scripts/run-tests.sh [BUILD_FLAGS...]      (after `swift build --build-tests`)
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="$(swift build "$@" --show-bin-path)/fsfindPackageTests.xctest"
[ -x "$bundle" ] || { echo "run-tests: no test bundle at $bundle; run swift build --build-tests" >&2; exit 1; }

waiting='^EndToEndTests\.(Watch|Interactive|SearchPreview|LiveQuery|Serve|SpotlightOverSMB|Documentation)'
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
"$bundle" --testing-library swift-testing --filter '^FSFindTests\.' > "$logs/unit" 2>&1 &
unit=$!
"$bundle" --testing-library swift-testing --filter "$waiting" > "$logs/waiting" 2>&1 &
waits=$!
"$bundle" --testing-library swift-testing --filter '^EndToEndTests\.' --skip "$waiting" > "$logs/other" 2>&1 &
other=$!
status=0
wait $unit || status=1
wait $waits || status=1
wait $other || status=1

for shard in unit waiting other; do
    echo "=== $shard ==="
    cat "$logs/$shard"
done

# Every listed test ran in exactly one shard.
listed="$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep -c .)"
ran=0
for shard in unit waiting other; do
    count="$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$logs/$shard" | tail -1)"
    ran=$((ran + ${count:-0}))
done
echo "run-tests: $ran tests run in 3 processes; the bundle lists $listed"
if [ "$ran" -ne "$listed" ]; then
    echo "run-tests: the shards ran $ran tests but the bundle has $listed: a filter misses some" >&2
    status=1
fi
exit $status
