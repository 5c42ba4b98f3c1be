#!/usr/bin/env python3
"""The memory of a command and every process it starts: the peak of their summed PSS.

    benchmarks/tree-memory.py [--interval S] [--detail] [--json FILE] [--trace FILE] -- COMMAND [ARG...]

Runs COMMAND and, every S seconds (0.05 unless told), reads /proc/PID/smaps_rollup of it and of
all its descendants (found through /proc/*/stat's parent ids) and adds up their proportional set
size (PSS): a page that n processes map counts 1/n in each, so the sum is what the whole job
holds in memory, with the pages its processes share (the binary, libraries, magic.mgc) counted
once and the pages it shares with processes outside it (libc with the rest of the machine) by its
share. This is the figure every memory number of fsfind's benchmarks gives since 2026-11-28
(issue 45 item 2): `fsfind index` is a main process and its extraction workers, and the largest
process's resident set (`/usr/bin/time`'s maximum) left the workers out.

Reported: the peak of the sum, when it came (seconds from the start), and the processes that
made it up then (pid, name, PSS split into anonymous and file-backed); the peak of the main
process alone; wall time; the CPU of the whole tree (user + system: this script makes itself the
subreaper of what the command starts, so workers that outlive it are waited for and counted too,
where `wait4` alone missed them). With --detail
each sample also reads /proc/PID/smaps and the peak's breakdown names where each process's PSS
was (the heap and anonymous mappings, the executable, each library, other files); it reads more,
so it samples less often on a large process. A sample is not atomic: a process that starts or
ends during one is in it or not. Peaks shorter than the interval can be missed. --trace writes
every sample (seconds, pid, name, PSS, anonymous and file-backed KiB) as tab-separated lines.

As a module, `measure(command, interval=0.05, detail=False)` returns the same report as a dict.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time


def _children_table():
    """parent pid -> [child pids], from /proc/*/stat."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # The name is in parentheses and may hold spaces or parentheses: split after the last ')'.
        fields = stat[stat.rindex(b")") + 2:].split()
        table.setdefault(int(fields[1]), []).append(int(name))
    return table


def descendants(pid):
    """`pid` and every process below it."""
    table = _children_table()
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(table.get(current, []))
    return found


def rollup(pid):
    """{field: KiB} of /proc/PID/smaps_rollup, or None when the process is gone."""
    values = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[2] == "kB":
                    values[parts[0].rstrip(":")] = int(parts[1])
    except (OSError, ValueError):
        return None
    return values or None


def process_name(pid):
    """The command's first words (a worker is told from its indexer by its subcommand)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = f.read().split(b"\0")
    except OSError:
        return "?"
    words = [os.path.basename(argv[0].decode(errors="replace"))] + [a.decode(errors="replace") for a in argv[1:3]]
    return " ".join(w for w in words if w)


def mapping_pss(pid):
    """{place: KiB of PSS} from /proc/PID/smaps: [heap] and anonymous mappings as "anonymous",
    the executable and each library by file name, the rest of the files as "other files"."""
    places = {}
    try:
        exe = os.path.realpath(f"/proc/{pid}/exe")
        with open(f"/proc/{pid}/smaps") as f:
            place = None
            for line in f:
                first = line.split(None, 1)[0]
                if not first.endswith(":"):  # a mapping's header line: range perms offset dev inode [path]
                    parts = line.split(None, 5)
                    path = parts[5].strip() if len(parts) > 5 else ""
                    if not path or path.startswith("[heap]") or path.startswith("[anon"):
                        place = "anonymous"
                    elif path.startswith("["):
                        place = path  # [stack], [vvar], [vdso]
                    elif path == exe:
                        place = "executable " + os.path.basename(path)
                    elif ".so" in os.path.basename(path):
                        place = os.path.basename(path)
                    else:
                        place = "other files"
                elif first == "Pss:" and place is not None:
                    places[place] = places.get(place, 0) + int(line.split()[1])
    except (OSError, ValueError):
        return None
    return places


class TreeSampler:
    """Samples the summed PSS of `pid` and its descendants on a thread until `stop()`."""

    def __init__(self, pid, interval=0.05, detail=False, trace=None):
        self.pid, self.interval, self.detail, self.trace = pid, interval, detail, trace
        self.start = time.monotonic()
        self.peak_kib, self.peak_at, self.peak_processes = 0, None, []
        self.main_peak_kib = 0
        self.samples = 0
        self._running = threading.Event()
        self._running.set()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self):
        while self._running.is_set():
            self.sample()
            time.sleep(self.interval)

    def sample(self):
        processes = []
        for pid in descendants(self.pid):
            values = rollup(pid)
            if values is None or "Pss" not in values:
                continue
            entry = dict(pid=pid, name=process_name(pid), pss=values["Pss"], anon=values.get("Pss_Anon", 0),
                         file=values.get("Pss_File", 0), rss=values.get("Rss", 0))
            if self.detail:
                entry["places"] = mapping_pss(pid) or {}
            processes.append(entry)
        if not processes:
            return
        self.samples += 1
        if self.trace:
            now = time.monotonic() - self.start
            for p in processes:
                self.trace.write(f"{now:.3f}\t{p['pid']}\t{p['name']}\t{p['pss']}\t{p['anon']}\t{p['file']}\n")
        total = sum(p["pss"] for p in processes)
        main = next((p["pss"] for p in processes if p["pid"] == self.pid), 0)
        self.main_peak_kib = max(self.main_peak_kib, main)
        if total > self.peak_kib:
            self.peak_kib, self.peak_at, self.peak_processes = total, time.monotonic() - self.start, processes

    def stop(self):
        self._running.clear()
        self._thread.join()

    def report(self):
        return dict(peak_pss_kib=self.peak_kib, peak_at_seconds=self.peak_at, main_peak_pss_kib=self.main_peak_kib,
                    processes_at_peak=self.peak_processes, samples=self.samples, interval=self.interval)


def _become_subreaper():
    """Makes this process the one orphaned descendants are handed to (PR_SET_CHILD_SUBREAPER), so
    a worker that outlives its parent is still waited for here and its CPU counted."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _reap_orphans(timeout=30.0):
    """Waits for the descendants handed to this process (workers whose parent ended first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.02)


def measure(command, interval=0.05, detail=False, stdout=subprocess.DEVNULL, stderr=None, trace=None):
    """Runs `command` to its end under a `TreeSampler`; the sampler's report with the wall time
    (until the command itself ends), the CPU of every process of the tree (user + system seconds,
    workers included: those that outlive it are waited for here) and the exit status."""
    _become_subreaper()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    child = subprocess.Popen(command, stdout=stdout, stderr=stderr)
    sampler = TreeSampler(child.pid, interval=interval, detail=detail, trace=trace)
    _, status, _ = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    sampler.stop()
    _reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    child.returncode = os.waitstatus_to_exitcode(status)
    report = sampler.report()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    report.update(wall_seconds=wall, cpu_seconds=cpu, status=child.returncode, command=command)
    return report


def mib(kib):
    return kib / 1024


def describe(report):
    """The report as lines of text."""
    lines = [f"peak PSS of the process tree: {mib(report['peak_pss_kib']):.1f} MiB "
             f"({report['peak_pss_kib'] * 1024 / 1e6:.1f} MB) at {report['peak_at_seconds'] or 0:.2f} s; "
             f"main process alone at most {mib(report['main_peak_pss_kib']):.1f} MiB",
             f"wall {report['wall_seconds']:.2f} s, CPU (user + system, all processes) {report['cpu_seconds']:.2f} s, "
             f"{report['samples']} samples every {report['interval'] * 1000:.0f} ms, exit status {report['status']}",
             "at the peak:"]
    for p in report["processes_at_peak"]:
        lines.append(f"  {p['pid']:>7} {p['name'][:48]:<48} PSS {mib(p['pss']):7.1f} MiB "
                     f"(anonymous {mib(p['anon']):6.1f}, files {mib(p['file']):6.1f}; RSS {mib(p['rss']):6.1f})")
        places = sorted(p.get("places", {}).items(), key=lambda kv: -kv[1])
        for place, kib in places[:8]:
            if kib >= 256:
                lines.append(f"          {place[:60]:<60} {mib(kib):7.1f} MiB")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between samples")
    parser.add_argument("--detail", action="store_true", help="also break each process down by mapping")
    parser.add_argument("--json", help="write the report here as JSON too")
    parser.add_argument("--trace", help="write every sample here, one line per process")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    trace = open(args.trace, "w") if args.trace else None
    report = measure(command, interval=args.interval, detail=args.detail, stdout=None, trace=trace)
    if trace:
        trace.close()
    print(describe(report), file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    sys.exit(report["status"])


if __name__ == "__main__":
    main()
