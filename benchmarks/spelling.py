#!/usr/bin/env python3
"""Measures `fsfind query`'s spelling suggestions on benchmarks/misspellings.tsv.

For each misspelling, runs `fsfind query --limit 1 WORD` on the index and reads the suggestion
from stderr ("did you mean "X"?"): the first suggestion must be the intended word. Then runs
the intended words themselves: each matches, so none may get a suggestion. Wall times are of the
whole command (start-up, opening the index and the text store, the search and the correction),
so the corrector's own share is the difference between the two medians.

Usage: spelling.py FSFIND INDEX [--set benchmarks/misspellings.tsv] [--repeat 3] [--show-misses]
"""
import argparse
import os
import re
import statistics
import subprocess
import time

SUGGESTION = re.compile(r'no file holds "([^"]+)"; did you mean "([^"]+)"\?')


def run(fsfind, index, words):
    started = time.perf_counter()
    result = subprocess.run([fsfind, "query", "--index", index, "--limit", "1", *words],
                            capture_output=True, text=True)
    elapsed = (time.perf_counter() - started) * 1000
    if result.returncode != 0:
        raise SystemExit(f"fsfind failed on {words}: {result.stderr}")
    return dict(SUGGESTION.findall(result.stderr)), elapsed


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("fsfind")
    parser.add_argument("index")
    parser.add_argument("--set", default=os.path.join(os.path.dirname(__file__), "misspellings.tsv"))
    parser.add_argument("--repeat", type=int, default=3, help="runs per word; the fastest is kept")
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()

    pairs = []
    for line in open(args.set, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        wrong, right, edits = line.rstrip("\n").split("\t")
        pairs.append((wrong, right, int(edits)))

    load = os.getloadavg()
    first = 0
    by_edits = {1: [0, 0], 2: [0, 0]}
    misses = []
    wrong_times = []
    for wrong, right, edits in pairs:
        times = []
        for _ in range(args.repeat):
            suggestions, elapsed = run(args.fsfind, args.index, [wrong])
            times.append(elapsed)
        wrong_times.append(min(times))
        got = suggestions.get(wrong)
        by_edits[edits][1] += 1
        if got == right:
            first += 1
            by_edits[edits][0] += 1
        else:
            misses.append((wrong, right, got))

    right_times = []
    suggested_for_match = []
    for right in sorted({right for _, right, _ in pairs}):
        times = []
        for _ in range(args.repeat):
            suggestions, elapsed = run(args.fsfind, args.index, [right])
            times.append(elapsed)
        right_times.append(min(times))
        if suggestions:
            suggested_for_match.append((right, suggestions))

    load_after = os.getloadavg()
    n = len(pairs)
    print(f"misspellings: {n}; intended word first: {first} ({100 * first / n:.1f}%)")
    for edits, (hit, total) in by_edits.items():
        if total:
            print(f"  {edits} edit(s): {hit}/{total} ({100 * hit / total:.1f}%)")
    print(f"no suggestion at all: {sum(1 for m in misses if m[2] is None)}")
    print(f"words that match, given a suggestion anyway: {len(suggested_for_match)} of {len(right_times)}")
    print(f"misspelled word, whole command: median {statistics.median(wrong_times):.1f} ms, "
          f"p90 {percentile(wrong_times, 90):.1f} ms, max {max(wrong_times):.1f} ms")
    print(f"matching word, whole command:   median {statistics.median(right_times):.1f} ms, "
          f"p90 {percentile(right_times, 90):.1f} ms, max {max(right_times):.1f} ms")
    print(f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    if args.show_misses:
        for wrong, right, got in misses:
            print(f"  miss: {wrong} -> {got} (meant {right})")
        for right, suggestions in suggested_for_match:
            print(f"  matched but suggested: {right} {suggestions}")


if __name__ == "__main__":
    main()
