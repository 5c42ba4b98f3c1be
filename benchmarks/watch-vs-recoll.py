#!/usr/bin/env python3
"""A new file's words searchable: `fsfind watch` beside Recoll's real-time monitor, same run.

    benchmarks/watch-vs-recoll.py FSFIND TREE [--runs N]

Indexes TREE with `fsfind index` and with `recollindex` (a scratch configuration in /tmp), starts
`fsfind watch` and `recollindex -m -D -x -C`, then N times writes a small text file holding a word
found nowhere else into a random folder of TREE and times, for each tool, from the write to the
first moment its query command (`fsfind query WORD`, `recollq -b WORD`) prints the file, polling
every 50 ms, each tool in its own thread so neither waits for the other. Queries cost a few
milliseconds on a small tree, so the figure is the tool's delay, not its query. Prints a table.
"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    fsfind, tree = args[0], os.path.realpath(args[1])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 10
    scratch = tempfile.mkdtemp(prefix="watch-vs-recoll-")
    index = os.path.join(scratch, "index.fsfind")
    conf = os.path.join(scratch, "recoll")
    os.makedirs(conf)
    with open(os.path.join(conf, "recoll.conf"), "w") as f:
        f.write(f"topdirs = {tree}\n")
    environment = dict(os.environ, RECOLL_CONFDIR=conf)

    t0 = time.monotonic()
    subprocess.run([fsfind, "index", "--index", index, "--quiet", tree], check=True)
    fsfind_index = time.monotonic() - t0
    t0 = time.monotonic()
    subprocess.run(["recollindex", "-c", conf], env=environment, check=True, capture_output=True)
    recoll_index = time.monotonic() - t0

    watcher = subprocess.Popen([fsfind, "watch", "--index", index, "--quiet"])
    monitor = subprocess.Popen(["recollindex", "-c", conf, "-m", "-D", "-x", "-C"], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(5)  # both past their start-up refresh

    folders = [tree] + [e.path for e in os.scandir(tree) if e.is_dir(follow_symlinks=False)]
    random.seed(13)
    results = {"fsfind watch": [], "recollindex -m": []}

    def found(tool, word, path):
        if tool == "fsfind watch":
            out = subprocess.run([fsfind, "query", "--index", index, word], capture_output=True, text=True).stdout
        else:
            out = subprocess.run(["recollq", "-c", conf, "-b", word], capture_output=True, text=True,
                                 env=environment).stdout
        return path in out

    for n in range(runs):
        word = f"quuxfoo{n}zz{random.randint(0, 10**6)}"
        path = os.path.join(random.choice(folders), f"live-{word}.txt")
        start = time.monotonic()
        with open(path, "w") as f:
            f.write(f"a new note about {word}\n")

        def wait(tool):
            while time.monotonic() - start < 120:
                if found(tool, word, path):
                    results[tool].append(time.monotonic() - start)
                    return
                time.sleep(0.05)
            results[tool].append(float("inf"))

        threads = [threading.Thread(target=wait, args=(tool,)) for tool in results]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        os.unlink(path)
        time.sleep(1)

    watcher.terminate()
    monitor.terminate()
    watcher.wait()
    monitor.wait()
    shutil.rmtree(scratch)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"tree: {tree}; first index: fsfind {fsfind_index:.1f} s, recollindex {recoll_index:.1f} s; "
          f"{runs} new files; load after: {load}")
    print()
    print("| new file's word searchable | median s | p90 s | max s |")
    print("|---|---:|---:|---:|")
    for tool, values in results.items():
        print(f"| {tool} | {statistics.median(values):.2f} | {percentile(values, 90):.2f} | {max(values):.2f} |")
    f, r = statistics.median(results["fsfind watch"]), statistics.median(results["recollindex -m"])
    print(f"\nmedian ratio fsfind / recoll: {f / r:.3f}")


if __name__ == "__main__":
    main()
