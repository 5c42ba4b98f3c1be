#!/usr/bin/env python3
"""Free text with and without the index's words section (format 6), same tree, same run.

    benchmarks/free-text-lookup.py OLD_FSFIND OLD_INDEX NEW_FSFIND NEW_INDEX [--runs N] [WORD ...]

OLD_INDEX is a format-5 index (every value cut into words per query), NEW_INDEX the same tree
refreshed by the new build (format 6: words looked up). Each word is searched as
`fsfind query --limit 100 WORD` by both, alternating (old, new; new, old; ...) so the machine's
drift hits both alike; prints the median wall time of each and the ratio as a Markdown table,
with the load average, for benchmarks/RESULTS.md. Both builds' answers are compared first
(the same paths, in the same order).
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    runs = 12
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 4:
        sys.exit(__doc__)
    old_bin, old_index, new_bin, new_index = args[:4]
    words = args[4:] or ["paris", "pa", "report", "e"]
    builds = {"old": [old_bin, "query", "--index", old_index, "--limit", "100"],
              "new": [new_bin, "query", "--index", new_index, "--limit", "100"]}
    print(f"| word | format 5 (ms, median of {runs}) | format 6 (ms) | ratio |")
    print("|---|---:|---:|---:|")
    for word in words:
        answers = {k: subprocess.run(c + [word], capture_output=True).stdout for k, c in builds.items()}
        if answers["old"] != answers["new"]:
            sys.exit(f"free-text-lookup: the two builds answer {word!r} differently")
        times = {"old": [], "new": []}
        for i in range(runs):
            for key in (["old", "new"] if i % 2 == 0 else ["new", "old"]):
                start = time.perf_counter()
                subprocess.run(builds[key] + [word], stdout=subprocess.DEVNULL, check=True)
                times[key].append(time.perf_counter() - start)
        old, new = (statistics.median(times[k]) * 1000 for k in ("old", "new"))
        print(f"| `{word}` | {old:.0f} | {new:.0f} | {new / old:.2f}× |")
    print(f"\nLoad average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}.")


if __name__ == "__main__":
    main()
