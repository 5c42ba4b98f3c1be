#!/usr/bin/env python3
"""Two fsfind builds on the same job, in alternating pairs: is the new one slower?

    benchmarks/compare-builds.py OLD NEW --pairs 20 -- index --full --index {index} TREE
    benchmarks/compare-builds.py OLD NEW --new-args "index --no-content --full --index {index} TREE" \\
        -- index --full --index {index} TREE

Issue 16 asks that no benchmark get slower than before the stage split. On a shared two-core
machine one build's run-to-run spread (5-15%) is larger than the differences in question, and
the machine's speed drifts over minutes, so single runs or medians of a few prove nothing.
This runs the builds ABBA (old, new; new, old; ...), so drift hits both alike, and reports
the mean of the pairs' relative differences with its standard error, for the whole-process CPU
time (`perf stat` task-clock: every thread and every extraction worker) and the elapsed time of
the same run. `{index}` in the arguments becomes a fresh index path for every run (removed before
it, with its text store), so every run is a first index.
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile


def run(binary, args, work):
    """(task-clock ms, elapsed s) of one run of `binary args`."""
    index = os.path.join(work, "index.fsfind")
    for name in os.listdir(work):
        path = os.path.join(work, name)
        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    command = [binary] + [a.replace("{index}", index) for a in args]
    report = subprocess.run(["perf", "stat", "-x", ",", "-e", "task-clock,duration_time", "--"] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if report.returncode != 0:
        sys.exit(f"compare-builds: {shlex.join(command)} failed (status {report.returncode}):\n{report.stderr}")
    values = {}
    for line in report.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2] in ("task-clock", "duration_time"):
            values[fields[2]] = float(fields[0])
    if "task-clock" not in values or "duration_time" not in values:
        sys.exit(f"compare-builds: perf stat gave no figures for {shlex.join(command)}:\n{report.stderr}")
    return values["task-clock"], values["duration_time"] / 1e9


def summary(name, old, new):
    differences = [(b - a) / a * 100 for a, b in zip(old, new)]
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else float("nan")
    faster = sum(1 for d in differences if d < 0)
    return (f"{name}: old mean {statistics.mean(old):.3f}, new mean {statistics.mean(new):.3f}; "
            f"new - old {mean:+.2f}% ± {error:.2f}% (standard error, {len(differences)} pairs), "
            f"new faster in {faster} of {len(differences)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--new-args", help="the new build's arguments when they differ (a shell-quoted string)")
    # Everything after `--` is the job, given to the builds as it is.
    argv = sys.argv[1:]
    if "--" not in argv:
        parser.error("the job's arguments follow --")
    split = argv.index("--")
    options = parser.parse_args(argv[:split])
    args = argv[split + 1:]
    new_args = shlex.split(options.new_args) if options.new_args else args
    if shutil.which("perf") is None:
        sys.exit("compare-builds: needs perf (Debian: linux-perf)")
    old_cpu, old_wall, new_cpu, new_wall = [], [], [], []
    with tempfile.TemporaryDirectory() as work:
        for pair in range(options.pairs):
            order = [("old", options.old, args), ("new", options.new, new_args)]
            if pair % 2:
                order.reverse()
            for which, binary, arguments in order:
                cpu, wall = run(binary, arguments, work)
                (old_cpu if which == "old" else new_cpu).append(cpu)
                (old_wall if which == "old" else new_wall).append(wall)
                load = open("/proc/loadavg").read().split()[0]
                print(f"pair {pair + 1} {which}: {cpu:.0f} ms CPU, {wall:.3f} s (load {load})", flush=True)
    print(summary("CPU (task-clock, ms)", old_cpu, new_cpu))
    print(summary("elapsed (s)", old_wall, new_wall))


if __name__ == "__main__":
    main()
