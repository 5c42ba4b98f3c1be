#!/usr/bin/env python3
"""How quickly `fsfind watch` makes a change visible, what a burst costs, what idling costs.

    benchmarks/watch-latency.py FSFIND INDEX [--runs N] [--burst N] [--quiet-seconds S] [--grow N]
        [--settle-seconds S]

INDEX must already index a tree (e.g. `make-tree.py`'s, indexed with `fsfind index --hidden`).
The script starts `FSFIND watch --verbose --index INDEX` as a user would (idle priority), then:

- grow (`--grow N`, before the latency runs): N small text files are made in random folders of
  the tree, a thousand at a time, and the script waits until the watcher has written them (its
  delta unchanged for 3 s), so the latency is measured over a delta of N more rows, as a watcher
  that has run for a while has (the steady state, not only a freshly folded index); they are
  removed at the end, once the watcher is stopped. (Setting files' times instead, as the script
  once did, changes every hard link of the same inode, and `make-tree.py`'s files are links to a
  pool: the rest of the tree changed unseen, and the next start read it all again.) An index
  copied with its grown delta (`INDEX.delta`) does the same without it. The delta's rows and
  bytes are printed before the latency runs and at the end;
- latency: N times each, creates a file, changes it, renames it, deletes it, each in a random
  folder of the tree, and times from the change to the first new index file that holds it (the
  index's inode is polled every 2 ms; `fsfind query` then confirms the change is in it);
- burst: makes a folder of N files (100 per subfolder) and times until `query --count` sees all;
- settle (`--settle-seconds S`, default 0): S seconds after the burst, before the quiet ones,
  in which a watcher that folds its delta when idle does so (its CPU time and folds printed);
- quiet: the watcher's CPU time (user + system, its extraction workers included) over S seconds
  in which nothing changes (when the watcher folds its delta in that spell, the next S seconds
  are measured too);
- memory: the watcher's resident set after start and its peak (VmHWM) from then on (reset
  through /proc/PID/clear_refs, so the start's refresh, which is `fsfind index`'s cost, is apart),
  workers not included.

Prints a Markdown table; benchmarks/RESULTS.md keeps the runs.
"""
import os
import random
import statistics
import subprocess
import sys
import threading
import time


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def cpu_seconds(pid):
    """User + system seconds of `pid` and its children (waited for or alive)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                pids += [int(c) for c in f.read().split()]
    except OSError:
        pass
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / tick
        except OSError:
            pass
    return total


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    fsfind, index = args[0], args[1]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 10
    burst = int(args[args.index("--burst") + 1]) if "--burst" in args else 5000
    quiet = float(args[args.index("--quiet-seconds") + 1]) if "--quiet-seconds" in args else 60
    grow = int(args[args.index("--grow") + 1]) if "--grow" in args else 0
    settle = float(args[args.index("--settle-seconds") + 1]) if "--settle-seconds" in args else 0

    roots = subprocess.run([fsfind, "status", "--index", index, "--json"], capture_output=True, text=True, check=True)
    import json
    root = json.loads(roots.stdout)["roots"][0]["path"]
    items = json.loads(roots.stdout)["items"]
    folders = []
    for entry in os.scandir(root):
        if entry.is_dir(follow_symlinks=False):
            folders.append(entry.path)
            folders += [e.path for e in os.scandir(entry.path) if e.is_dir(follow_symlinks=False)]
    random.seed(13)

    started = time.monotonic()
    watcher = subprocess.Popen([fsfind, "watch", "--verbose", "--index", index], stderr=subprocess.PIPE, text=True)
    log = []
    ready = threading.Event()

    def read_stderr():
        for line in watcher.stderr:
            log.append(line.rstrip("\n"))
            if "folded" in line:
                log[-1] += f" (at {time.monotonic() - started:.1f} s)"
            if "watching for changes" in line:
                ready.set()

    threading.Thread(target=read_stderr, daemon=True).start()
    if not ready.wait(1800):
        sys.exit("the watcher did not start: " + "\n".join(log))
    start_seconds = time.monotonic() - started
    rss_after_start = status_kib(watcher.pid, "VmRSS")
    peak_after_start = status_kib(watcher.pid, "VmHWM")

    # The watcher's peak from here on: what watching and its batches cost, apart from the start's
    # refresh (which is `fsfind index`'s peak). Writing 5 to clear_refs resets VmHWM.
    try:
        with open(f"/proc/{watcher.pid}/clear_refs", "w") as f:
            f.write("5")
        peak_reset = True
    except OSError:
        peak_reset = False

    # Private and file-backed resident memory sampled every 10 ms: VmHWM counts the pages of the
    # mapped index file that a batch reads as the watcher's own, which they are not (page cache,
    # shared with every query, dropped first under pressure).
    peaks = {"RssAnon": 0, "RssFile": 0}
    sampling = threading.Event()
    sampling.set()

    def sample():
        while sampling.is_set():
            for key in peaks:
                try:
                    peaks[key] = max(peaks[key], status_kib(watcher.pid, key))
                except OSError:
                    return
            time.sleep(0.01)

    threading.Thread(target=sample, daemon=True).start()

    def inode():
        """The index's version: the inodes of the base and of the delta a batch writes beside it."""
        versions = []
        for path in (index, index + ".delta"):
            try:
                versions.append(os.stat(path).st_ino)
            except FileNotFoundError:
                versions.append(None)
        return tuple(versions)

    def delta_size():
        """The delta's rows and bytes, (0, 0) when there is none."""
        out = subprocess.run([fsfind, "status", "--index", index, "--json"], capture_output=True, text=True)
        delta = json.loads(out.stdout).get("delta") or {}
        return delta.get("items", 0), delta.get("size", 0)

    def count(query, onlyin=None):
        command = [fsfind, "query", "--index", index, "--count", query]
        if onlyin:
            command += ["--onlyin", onlyin]
        return int(subprocess.run(command, capture_output=True, text=True).stdout.strip() or -1)

    grown = []
    if grow:
        # Folders from the whole tree (the sampled ones are the top two levels), then N new files
        # spread over them; made, not touched: a time set on a file sets it on every hard link of
        # its inode (see above).
        every_folder = [folder for folder, _, _ in os.walk(root)]
        for start in range(0, grow, 1000):
            for i in range(start, min(grow, start + 1000)):
                path = os.path.join(random.choice(every_folder), f"watchgrow{i}.txt")
                with open(path, "w") as f:
                    f.write(f"grown file {i}\n")
                grown.append(path)
            time.sleep(0.5)
        # Until every grown file is in the index (a batch of thousands of new files takes seconds
        # to read, longer than the pause below), then until the delta stops changing.
        waited = time.monotonic()
        while count('fsName == "watchgrow*.txt"') != grow and time.monotonic() - waited < 900:
            time.sleep(0.5)
        last, steady = inode(), time.monotonic()
        while time.monotonic() - steady < 3:
            time.sleep(0.1)
            if inode() != last:
                last, steady = inode(), time.monotonic()
    delta_before = delta_size()

    def visible(action, check):
        """Seconds from `action()` to the first index version for which `check()` holds."""
        before = inode()
        t0 = time.monotonic()
        action()
        while True:
            now = inode()
            if now[0] is not None and now != before:
                seen = time.monotonic() - t0
                if check():
                    return seen
                before = now
            if time.monotonic() - t0 > 120:
                return float("inf")
            time.sleep(0.002)

    times = {"create": [], "change": [], "rename": [], "delete": []}
    # The watcher's CPU time over the latency runs, per batch: what a batch costs, which a loaded
    # machine's wall-clock times hide.
    phases = [f"latency from {time.monotonic() - started:.1f} s"]
    latency_cpu = cpu_seconds(watcher.pid)
    latency_batches = sum("changed:" in line for line in log)
    for n in range(runs):
        folder = random.choice(folders)
        name = f"watchprobe{n}x.txt"
        path = os.path.join(folder, name)
        renamed = os.path.join(folder, f"watchprobe{n}y.txt")

        def create():
            with open(path, "w") as f:
                f.write("a watched file\n")

        def change():
            with open(path, "a") as f:
                f.write("and more words, zyzzyva\n")

        times["create"].append(visible(create, lambda: count(f'fsName == "{name}"', folder) == 1))
        times["change"].append(visible(change, lambda: count("zyzzyva", folder) == 1))
        times["rename"].append(
            visible(lambda: os.rename(path, renamed), lambda: count(f'fsName == "watchprobe{n}y.txt"', folder) == 1))
        times["delete"].append(visible(lambda: os.unlink(renamed), lambda: count(f'fsName == "watchprobe{n}*"', folder) == 0))

    latency_cpu = cpu_seconds(watcher.pid) - latency_cpu
    latency_batches = sum("changed:" in line for line in log) - latency_batches
    burst_folder = os.path.join(root, "watch-burst")
    phases.append(f"burst from {time.monotonic() - started:.1f} s")
    t0 = time.monotonic()
    for start in range(0, burst, 100):
        sub = os.path.join(burst_folder, f"part{start // 100:03d}")
        os.makedirs(sub)
        for i in range(start, min(burst, start + 100)):
            with open(os.path.join(sub, f"burst{i}.txt"), "w") as f:
                f.write(f"burst file {i}\n")
    made = time.monotonic() - t0
    while count('fsName == "burst*.txt"', burst_folder) != burst:
        if time.monotonic() - t0 > 600:
            break
        time.sleep(0.2)
    burst_seconds = time.monotonic() - t0
    subprocess.run(["rm", "-rf", burst_folder], check=True)
    while count('fsName == "*"', burst_folder) != 0 and time.monotonic() - t0 < 900:
        time.sleep(0.2)

    time.sleep(2)
    settle_cpu = cpu_seconds(watcher.pid)
    time.sleep(settle)
    settle_cpu = cpu_seconds(watcher.pid) - settle_cpu
    phases.append(f"quiet from {time.monotonic() - started:.1f} s")
    folds_before = sum("folded" in line for line in log)
    cpu_before = cpu_seconds(watcher.pid)
    time.sleep(quiet)
    quiet_cpu = cpu_seconds(watcher.pid) - cpu_before
    # A watcher that folds its delta in a quiet spell did so in this one: the quiet is measured
    # again after it, so both what the fold took and what idling takes are shown.
    folded_in_quiet = sum("folded" in line for line in log) > folds_before
    if folded_in_quiet:
        cpu_before = cpu_seconds(watcher.pid)
        time.sleep(quiet)
        quiet_after_fold = cpu_seconds(watcher.pid) - cpu_before
    rss_end = status_kib(watcher.pid, "VmRSS")
    anon_end = status_kib(watcher.pid, "RssAnon")
    peak_end = status_kib(watcher.pid, "VmHWM")
    sampling.clear()
    watcher.terminate()
    status = watcher.wait()
    delta_end = delta_size()
    for path in grown:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass

    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"items: {items}, folders sampled: {len(folders)}, runs: {runs}, load before: {' '.join(load)}")
    print(f"start (refresh, then watches on every folder): {start_seconds:.1f} s; "
          f"resident after start {rss_after_start / 1024:.0f} MiB, peak {peak_after_start / 1024:.0f} MiB")
    print(f"delta before the latency runs: {delta_before[0]} rows, {delta_before[1] / 1e6:.2f} MB"
          f"{f' (after --grow {grow})' if grow else ''}; at the end: {delta_end[0]} rows, {delta_end[1] / 1e6:.2f} MB")
    print()
    print("| change | median s | p90 s | max s |")
    print("|---|---:|---:|---:|")
    every = []
    for kind, values in times.items():
        every += values
        print(f"| {kind} | {statistics.median(values):.3f} | {percentile(values, 90):.3f} | {max(values):.3f} |")
    print(f"| all | {statistics.median(every):.3f} | {percentile(every, 90):.3f} | {max(every):.3f} |")
    print()
    print(f"latency runs: {latency_batches} batches, {latency_cpu:.2f} s of the watcher's CPU "
          f"({1000 * latency_cpu / max(latency_batches, 1):.1f} ms a batch)")
    print()
    print(f"burst: {burst} files in {burst // 100} new folders (made in {made:.1f} s) all visible after "
          f"{burst_seconds:.1f} s")
    if settle:
        print(f"settle {settle:.0f} s after the burst: {settle_cpu:.3f} s of CPU")
    print(f"quiet {quiet:.0f} s: {quiet_cpu:.3f} s of CPU"
          + (f" (a fold of the delta in it); the next quiet {quiet:.0f} s: {quiet_after_fold:.3f} s"
             if folded_in_quiet else ""))
    since = "since the start's refresh" if peak_reset else "including the start's refresh"
    print(f"memory: resident {rss_end / 1024:.0f} MiB at the end ({anon_end / 1024:.0f} MiB of it private), "
          f"peak {peak_end / 1024:.0f} MiB {since} (sampled peaks: private {peaks['RssAnon'] / 1024:.0f} MiB, "
          f"index and other files {peaks['RssFile'] / 1024:.0f} MiB); exit status {status}")
    folds = [line for line in log if "folded" in line]
    print(f"phases: {', '.join(phases)}")
    print(f"idle folds: {len(folds)}{'; ' + '; '.join(folds) if folds else ''}")
    batches = [line for line in log if "changed:" in line or "refreshed" in line]
    print(f"batches: {len(batches)}; last: {batches[-1] if batches else '-'}")


if __name__ == "__main__":
    main()
