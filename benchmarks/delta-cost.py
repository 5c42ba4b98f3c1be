#!/usr/bin/env python3
"""What a watcher's delta costs queries and batches, with no delta and with a large one.

    benchmarks/delta-cost.py FSFIND INDEX TREE [--files N]

INDEX must index TREE (`make-tree.py`'s, indexed with `fsfind index --hidden`). The script:

1. folds any delta in (`fsfind index`), times three queries with hyperfine (no delta);
2. starts `fsfind watch` with FSFIND_DELTA_LIMIT high enough to keep everything in the delta,
   rewrites the tree's volatile files (TREE.volatile, 1% of the files) and adds N new files
   (default 30,000) in new folders, and waits until the delta holds them all;
3. times single-file creates against that delta (from the change to the new delta file holding
   it, as watch-latency.py does), then stops the watcher;
4. times the same queries over base + delta.

Prints Markdown; benchmarks/RESULTS.md keeps the runs. Removes the files it added and folds the
delta in again at the end.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

QUERIES = ['fsName == "*report*"c', "paris", 'kMDItemDurationSeconds > 200']


def hyperfine(fsfind, index, label):
    rows = []
    for query in QUERIES:
        out = f"/tmp/delta-cost-{os.getpid()}.json"
        subprocess.run(["hyperfine", "-N", "--warmup", "2", "--runs", "15", "--export-json", out,
                        f"{fsfind} query --index {index} --count '{query}'"], check=True,
                       capture_output=True)
        with open(out) as f:
            result = json.load(f)["results"][0]
        os.unlink(out)
        count = subprocess.run([fsfind, "query", "--index", index, "--count", query], capture_output=True,
                               text=True).stdout.strip()
        rows.append((query, result["median"] * 1000, count))
    return rows


def status(fsfind, index):
    return json.loads(subprocess.run([fsfind, "status", "--index", index, "--json"], capture_output=True,
                                     text=True, check=True).stdout)


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    fsfind, index, tree = args[:3]
    files = int(args[args.index("--files") + 1]) if "--files" in args else 30000
    subprocess.run([fsfind, "index", "--index", index], check=True, capture_output=True)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    before = hyperfine(fsfind, index, "no delta")

    env = dict(os.environ, FSFIND_DELTA_LIMIT="10000000")
    watcher = subprocess.Popen([fsfind, "watch", "--index", index], env=env, stderr=subprocess.DEVNULL)
    while (status(fsfind, index).get("watcher") or {}).get("pid") != watcher.pid:
        time.sleep(0.2)
    time.sleep(1)
    with open(tree + ".volatile") as f:
        volatile = [line.rstrip("\n") for line in f if line.strip()]
    for path in volatile:
        with open(path, "ab") as f:
            f.write(b" ")
    added = os.path.join(tree, "delta-cost")
    for start in range(0, files, 100):
        sub = os.path.join(added, f"part{start // 100:04d}")
        os.makedirs(sub)
        for i in range(start, min(files, start + 100)):
            with open(os.path.join(sub, f"added{i}.txt"), "w") as f:
                f.write(f"added file {i}\n")
    expected = len(volatile) + files
    t0 = time.monotonic()
    while True:
        delta = status(fsfind, index).get("delta") or {}
        if delta.get("items", 0) >= expected:
            break
        if time.monotonic() - t0 > 900:
            sys.exit(f"the delta holds {delta.get('items')} of {expected} items after 900 s")
        time.sleep(1)
    delta = status(fsfind, index)["delta"]

    def delta_inode():
        try:
            return os.stat(index + ".delta").st_ino
        except FileNotFoundError:
            return None

    latencies = []
    for n in range(10):
        previous = delta_inode()
        t = time.monotonic()
        with open(os.path.join(added, f"probe{n}.txt"), "w") as f:
            f.write("probe\n")
        while delta_inode() == previous and time.monotonic() - t < 60:
            time.sleep(0.002)
        latencies.append(time.monotonic() - t)
        time.sleep(0.3)
    watcher.terminate()
    watcher.wait()
    after = hyperfine(fsfind, index, "delta")

    print(f"load before: {load}; index: {status(fsfind, index)['items']} items; delta: {delta['items']} items, "
          f"{delta['size'] / 1e6:.1f} MB")
    print()
    print("| query (`--count`) | no delta ms | with the delta ms | ratio |")
    print("|---|---:|---:|---:|")
    for (query, ms, count), (_, ms2, count2) in zip(before, after):
        print(f"| `{query}` ({count} → {count2}) | {ms:.1f} | {ms2:.1f} | {ms2 / ms:.2f}× |")
    print()
    ordered = sorted(latencies)
    print(f"a new file in the delta's index file, with the delta at {delta['items']} items: median "
          f"{statistics.median(latencies):.3f} s, p90 {ordered[int(round(0.9 * (len(ordered) - 1)))]:.3f} s, "
          f"max {max(latencies):.3f} s")
    shutil.rmtree(added)
    subprocess.run([fsfind, "index", "--index", index], check=True, capture_output=True)


if __name__ == "__main__":
    main()
