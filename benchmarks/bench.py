#!/usr/bin/env python3
"""fsfind against find, file and plocate, interleaved, median of RUNS; writes benchmarks/RESULTS.md.

    benchmarks/bench.py --fsfind PATH [--n N] [--runs R] [--real /usr] [--work DIR]

Every round runs each benchmark once, in the same order, so slow drift of the machine (other
builds, thermal) hits every command alike; the report gives the median of the rounds and the
ratio fsfind / reference. Wall time is measured around the whole process (start to exit), peak
memory as the peak of the summed proportional set size (PSS) of the command and every process it
starts, sampled every 50 ms by tree-memory.py (`fsfind index` is a main process and its
extraction workers; `/usr/bin/time`'s maximum resident set, used before 2026-11-28, left the
workers out); a command that ends before its first sample has none ("–"). The synthetic tree is
made once by make-tree.py and kept in WORK for later runs with the same N.
"""
import importlib.util
import argparse
import datetime
import json
import os
import platform
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
AUDIO_KEY = 'count contentType == "audio"wc'
# "full index" reads the words of text files into the text store too (the default); "full index,
# metadata only" (`--no-content`) does the work `file --mime-type` does plus the attributes, and is
# the like-for-like row for issue 17's first-index target.
ORDER = ["full index", "full index, metadata only", "refresh, nothing changed", "refresh, 1% changed", "query: name substring",
         'query: contentType == "audio"wc', "query: duration > 60", "query: date range (last 30 days)"]


_spec = importlib.util.spec_from_file_location("tree_memory", os.path.join(HERE, "tree-memory.py"))
tree_memory = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tree_memory)


def measure(command, stdout=subprocess.DEVNULL, shell=False, check=True):
    """(seconds, peak PSS of the process tree in KiB or None, the run's stdout and stderr) of one
    whole-process run."""
    command_line = ["/bin/sh", "-c", command] if shell else command
    out_path, err_path = os.path.join(ARGS.work, "run.out"), os.path.join(ARGS.work, "run.err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        report = tree_memory.measure(command_line, stdout=out if stdout == subprocess.PIPE else stdout, stderr=err)
    with open(out_path, "rb") as f:
        captured = f.read() if stdout == subprocess.PIPE else None
    with open(err_path, "rb") as f:
        errors = f.read()
    result = subprocess.CompletedProcess(command_line, report["status"], captured, errors)
    if check and result.returncode != 0:
        sys.exit(f"bench: {command} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return report["wall_seconds"], report["peak_pss_kib"] if report["samples"] else None, result


class Table:
    """Samples per (tree, benchmark, tool)."""

    def __init__(self):
        self.samples = {}

    def add(self, tree, bench, tool, seconds, peak):
        self.samples.setdefault((tree, bench, tool), []).append((seconds, peak))

    def median(self, tree, bench, tool):
        runs = self.samples.get((tree, bench, tool), [])
        if not runs:
            return None, None
        peaks = [p for _, p in runs if p is not None]
        return statistics.median(s for s, _ in runs), max(peaks) if peaks else None


def regular_files(tree, list_path, hidden):
    """Writes the regular files fsfind indexes (hidden ones only with --hidden) for `file -f`."""
    prune = [] if hidden else ["(", "-name", ".*", "-prune", ")", "-o"]
    with open(list_path, "wb") as out:
        subprocess.run(["find", tree] + prune + ["-type", "f", "-print"], stdout=out, check=True)
    with open(list_path, "rb") as f:
        return sum(1 for _ in f)


def mime_agreement(fsfind, index, list_path):
    """Fraction of files where fsfind's mimeType equals `file -b --mime-type`, and examples."""
    with open(list_path, "rb") as f:
        paths = [line.rstrip(b"\n").decode("utf-8", "surrogateescape") for line in f]
    out = subprocess.run(["file", "-b", "--mime-type", "-f", list_path], stdout=subprocess.PIPE, check=True).stdout
    theirs = dict(zip(paths, out.decode("utf-8", "replace").splitlines()))
    ours = {}
    query = subprocess.run([fsfind, "query", "--index", index, "--json", "--attr", "mimeType",
                            'fsName == "*"'], stdout=subprocess.PIPE, check=True).stdout
    for line in query.splitlines():
        obj = json.loads(line)
        ours[obj["path"]] = obj.get("mimeType", "")
    same = sum(1 for p, m in theirs.items() if ours.get(p) == m)
    differ = [(p, ours.get(p), m) for p, m in theirs.items() if ours.get(p) != m]
    return same / max(1, len(theirs)), len(theirs), differ[:8]


def fmt_s(value):
    return "–" if value is None else (f"{value:.3f}" if value < 10 else f"{value:.1f}")


def fmt_mib(kib):
    return "–" if kib is None else f"{kib / 1024:.0f}"


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsfind", required=True)
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--real", default="/usr")
    parser.add_argument("--work", default="/tmp/fsfind-bench")
    parser.add_argument("--skip-file", action="store_true", help="skip the slow full index vs file comparison")
    parser.add_argument("--no-real", action="store_true", help="only the synthetic tree")
    parser.add_argument("--no-synthetic", action="store_true", help="only the real tree")
    parser.add_argument("--startup-only", action="store_true",
                        help="only the start-up rows (a query on the committed sample/ tree against plocate -c)")
    parser.add_argument("--prepared-index", help="an index of the synthetic tree made earlier by the same fsfind "
                        "(its first index takes many minutes at 1M); copied with its text store instead of "
                        "indexing again, then refreshed once")
    parser.add_argument("--baseline", help="an earlier build's fsfind: every fsfind row is run with both builds, "
                        "alternating which goes first from round to round, each on its own index, and reported as "
                        "\"fsfind (before)\" beside the peers (a before/after of every benchmark in one run)")
    parser.add_argument("--prepared-baseline-index", help="like --prepared-index, made by the --baseline build")
    ARGS = parser.parse_args()
    fsfind = os.path.abspath(ARGS.fsfind)
    baseline = os.path.abspath(ARGS.baseline) if ARGS.baseline else None
    # (the tool's name in the tables, its binary, the suffix of its index files)
    builds = [("fsfind", fsfind, "")] + ([(BEFORE, baseline, ".before")] if baseline else [])
    os.makedirs(ARGS.work, exist_ok=True)
    measured_startup = startup(fsfind, baseline)
    write_startup(measured_startup)
    if ARGS.startup_only:
        return
    synthetic = os.path.join(ARGS.work, f"tree-{ARGS.n}")
    if ARGS.no_synthetic:
        volatile = []
    elif not os.path.isdir(synthetic):
        subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), synthetic, str(ARGS.n)], check=True)
    if not ARGS.no_synthetic:
        with open(synthetic + ".volatile") as f:
            # Only files still there: a tree kept between runs may have lost some.
            volatile = [line for line in f.read().splitlines() if line and os.path.isfile(line)]

    trees = {"synthetic": synthetic} if ARGS.no_real else {"real": os.path.realpath(ARGS.real), "synthetic": synthetic}
    if ARGS.no_synthetic:
        trees.pop("synthetic")
    info = {}
    for position, (label, tree) in enumerate(trees.items()):
        index = os.path.join(ARGS.work, f"{label}.fsfind")
        locate = os.path.join(ARGS.work, f"{label}.plocate")
        files = os.path.join(ARGS.work, f"{label}.files")
        # fsfind indexes hidden entries only with --hidden; give every tool the same entries.
        count = regular_files(tree, files, hidden=True)
        entries = int(subprocess.run(f"find '{tree}' | wc -l", shell=True, stdout=subprocess.PIPE).stdout)
        info[label] = dict(tree=tree, index=index, locate=locate, files=files, regular=count, entries=entries,
                           position=position)
        # Whichever build made its first index first met a colder cache (session 36: the new build,
        # always, looked 1.12-1.33x slower on /usr with words and was level in both orders): the
        # order alternates from tree to tree and is the reverse of the first round's, after one
        # unmeasured walk of the tree.
        subprocess.run(["find", tree], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for tool, binary, suffix in (builds[::-1] if position % 2 == 0 else builds):
            own = index + suffix
            for stale in (own, own + ".lock", own + ".text", own + ".text-wal", own + ".text-shm", own + ".delta"):
                if os.path.exists(stale):
                    os.remove(stale)
            prepared = ARGS.prepared_index if suffix == "" else ARGS.prepared_baseline_index
            if label == "synthetic" and prepared:
                shutil.copyfile(prepared, own)
                for part in (".text", ".text-wal", ".delta"):
                    if os.path.exists(prepared + part):
                        shutil.copyfile(prepared + part, own + part)
                    elif os.path.exists(own + part):
                        os.remove(own + part)
                # Made earlier, it may be behind the tree: one unmeasured refresh, so the rounds'
                # "nothing changed" finds nothing changed.
                subprocess.run([binary, "index", "--index", own, "--quiet"], check=True)
                info[label][f"first index{suffix}"] = None
            else:
                s, m, _ = measure([binary, "index", "--index", own, "--hidden", "--quiet", tree])
                info[label][f"first index{suffix}"] = (s, m)
        s, m, _ = measure(["updatedb", "-U", tree, "-o", locate, "-l", "0"])
        info[label]["updatedb"] = (s, m)

    table = Table()
    rng = random.Random(7)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    queries = {
        "name substring": (['fsName == "*paris*"c'], None),
        'contentType == "audio"wc': (['contentType == "audio"wc'], None),
        "duration > 60": (["duration > 60"], None),
        "date range (last 30 days)": (["InRange(contentModificationDate, $time.today(-30), $time.today)"], None),
    }
    for round_ in range(ARGS.runs):
        print(f"bench: round {round_ + 1} of {ARGS.runs}", file=sys.stderr)
        for label, i in info.items():
            tree, index = i["tree"], i["index"]
            # With a baseline, which build goes first alternates from round to round and from tree
            # to tree, so a drift of the machine (or an odd number of rounds) favours neither.
            order = builds if (round_ + i["position"]) % 2 == 0 else builds[::-1]
            if not ARGS.skip_file:
                for tool, binary, suffix in order:
                    full_index(table, label, tool, binary, index + suffix + ".full", tree)
                s, m, _ = measure(["file", "-b", "--mime-type", "-f", i["files"]])
                # One `file` run is the reference of both rows.
                table.add(label, "full index", "file -b --mime-type -f", s, m)
                table.add(label, "full index, metadata only", "file -b --mime-type -f", s, m)
                # The index with words wrote (and this round removed) hundreds of megabytes; flushed
                # here, their writeback does not land in the refresh measured next.
                os.sync()
            # Whichever tool walks the tree first after the index runs (which read every file and
            # wrote a text store) met inodes evicted by them and paid for it (the refresh measured
            # 2.05× `find` that way, 0.94× warm): one unmeasured walk first, for both.
            subprocess.run(["find", tree], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for tool, binary, suffix in order:
                s, m, result = measure([binary, "index", "--index", index + suffix, "--verbose"])
                i[f"refresh line{suffix}"] = result.stderr.decode().strip()
                table.add(label, "refresh, nothing changed", tool, s, m)
            s, m, _ = measure(["find", tree, "-printf", r"%i %s %T@ %C@\n"])
            table.add(label, "refresh, nothing changed", "find -printf", s, m)
            if label == "synthetic":
                stamp = time.time() - rng.randint(0, 10_000)
                for path in volatile:
                    os.utime(path, (stamp, stamp))
                # Each build's index sees the same touched files.
                for tool, binary, suffix in order:
                    s, m, result = measure([binary, "index", "--index", index + suffix, "--verbose"])
                    i[f"changed line{suffix}"] = result.stderr.decode().strip()
                    table.add(label, "refresh, 1% changed", tool, s, m)
            for name, (args, _) in queries.items():
                for tool, binary, suffix in order:
                    s, m, result = measure([binary, "query", "--index", index + suffix, "--count"] + args,
                                           stdout=subprocess.PIPE)
                    i[f"count {name}{suffix}"] = result.stdout.decode().strip()
                    table.add(label, f"query: {name}", tool, s, m)
            s, m, result = measure(["plocate", "-d", i["locate"], "-c", "-i", "-b", "paris"], stdout=subprocess.PIPE,
                                   check=False)
            i["count plocate"] = result.stdout.decode().strip()
            table.add(label, "query: name substring", "plocate -b -i", s, m)
            s, m, result = measure(f"find '{tree}' -iname '*paris*' | wc -l", stdout=subprocess.PIPE, shell=True)
            i["count find"] = result.stdout.decode().strip()
            table.add(label, "query: name substring", "find -iname", s, m)

    # The search field on the synthetic tree's index (issue 17 item 2), once the rounds are over.
    if "synthetic" in info:
        for tool, binary, suffix in builds:
            info["synthetic"][f"keystrokes{suffix}"] = keystrokes(binary, info["synthetic"]["index"] + suffix)

    agreement = {}
    if not ARGS.skip_file:
        for label, i in info.items():
            agreement[label] = mime_agreement(fsfind, i["index"], i["files"])

    write_report(table, info, agreement, now, measured_startup[0])


STARTUP_RUNS = 60
BEFORE = "fsfind (before)"


def full_index(table, label, tool, binary, scratch, tree):
    """One build's first index of `tree` into `scratch`, with words and then metadata only, both
    timed; the scratch index and its text store removed after each."""
    def clear():
        for stale in (scratch, scratch + ".lock", scratch + ".text", scratch + ".text-wal", scratch + ".text-shm"):
            if os.path.exists(stale):
                os.remove(stale)
    clear()
    s, m, _ = measure([binary, "index", "--index", scratch, "--hidden", "--quiet", tree])
    table.add(label, "full index", tool, s, m)
    clear()
    s, m, _ = measure([binary, "index", "--no-content", "--index", scratch, "--hidden", "--quiet", tree])
    table.add(label, "full index, metadata only", tool, s, m)
    clear()


def keystrokes(fsfind, index):
    """benchmarks/search-keystroke's summary line on `index` (it drives `fsfind search` in tmux), or why not."""
    if shutil.which("tmux") is None:
        return "not measured: tmux is not installed"
    # Three sessions pooled (105 keys): one session's p90 is its 4th slowest key, which one stall
    # of a shared machine moves; each session's p90 is in the line too.
    result = subprocess.run([os.path.join(HERE, "search-keystroke"), index, fsfind], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "RUNS": "3"})
    # It exits 1 when the median misses issue 7's 50 ms; the line is the measurement either way.
    lines = result.stdout.strip().splitlines()
    return lines[-1] if lines else f"not measured: {result.stderr.strip()[-300:]}"


def startup(fsfind, baseline=None):
    """Issue 17 item 1 and issue 45 item 3: a query on a small index against `plocate -c` on the
    same tree (the committed sample/), in milliseconds. Process start is most of both, so they are
    timed by hyperfine without a shell or /usr/bin/time around them, in two interleaved rounds."""
    sample = os.path.join(REPO, "sample")
    index = os.path.join(ARGS.work, "sample.fsfind")
    locate = os.path.join(ARGS.work, "sample.plocate")
    builds = [("fsfind", fsfind, index)] + ([(BEFORE, baseline, index + ".before")] if baseline else [])
    for _, binary, own in builds:
        for stale in (own, own + ".lock", own + ".text"):
            if os.path.exists(stale):
                os.remove(stale)
        subprocess.run([binary, "index", "--index", own, "--quiet", sample], check=True)
    subprocess.run(["updatedb", "-U", sample, "-o", locate, "-l", "0"], check=True)
    commands = {
        "fsfind": [fsfind, "query", "--index", index, "--count", 'fsName == "*eiffel*"c'],
        "plocate": ["plocate", "-d", locate, "-c", "eiffel"],
        "fsfind --version": [fsfind, "--version"],
    }
    if baseline:
        commands[BEFORE] = [baseline, "query", "--index", index + ".before", "--count", 'fsName == "*eiffel*"c']
    answers = {name: subprocess.run(command, stdout=subprocess.PIPE, check=True).stdout.decode().strip()
               for name, command in commands.items() if name != "fsfind --version"}
    means = {name: [] for name in commands}
    report = os.path.join(ARGS.work, "startup.json")
    for _ in range(2):
        quoted = [" ".join(shlex.quote(part) for part in command) for command in commands.values()]
        subprocess.run(["hyperfine", "-N", "--warmup", "10", "--runs", str(STARTUP_RUNS), "--export-json", report,
                        "--style", "none"] + quoted, check=True, stdout=subprocess.DEVNULL)
        with open(report) as f:
            for name, result in zip(commands, json.load(f)["results"]):
                means[name].append(result["mean"] * 1000)
    return means, answers


def write_startup(measured):
    means, answers = measured
    start, end = "<!-- fsfind-startup-bench:start -->", "<!-- fsfind-startup-bench:end -->"
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    rounds = lambda name: " / ".join(f"{value:.1f}" for value in means[name])
    ratios = " / ".join(f"{ours / theirs:.1f}×" for ours, theirs in zip(means["fsfind"], means["plocate"]))
    lines = [start, "## Start-up: a query on a small index against `plocate -c` (issue 17 item 1)", "",
             f"Measured {now} by `make bench` (`benchmarks/bench.py`), release build. Machine: {machine()}.",
             f"The committed `sample/` tree, indexed by fsfind and by `updatedb -l 0`; `hyperfine -N`, 10 warm-ups,",
             f"{STARTUP_RUNS} runs, two interleaved rounds (means, ms). Target: at most 1.0× plocate (issue 45 item 3;",
             "issue 17 asked 2×).", "",
             "| command | round 1 / round 2 ms | × plocate |", "|---|---:|---:|",
             f"| `fsfind query --count 'fsName == \"*eiffel*\"c'` ({answers['fsfind']}) | {rounds('fsfind')} | {ratios} |",
             f"| `plocate -c eiffel` ({answers['plocate']}) | {rounds('plocate')} | 1 |",
             f"| `fsfind --version` | {rounds('fsfind --version')} | |"]
    if BEFORE in means:
        before = " / ".join(f"{ours / theirs:.1f}×" for ours, theirs in zip(means[BEFORE], means["plocate"]))
        lines.append(f"| the same query, `--baseline` build ({answers[BEFORE]}) | {rounds(BEFORE)} | {before} |")
    lines += ["", end]
    section = "\n".join(lines) + "\n"
    results = os.path.join(HERE, "RESULTS.md")
    text = open(results).read()
    if start in text and end in text:
        before, rest = text.split(start, 1)
        # The section's own newline, then one blank line: rewriting it adds none.
        text = before + section + "\n" + rest.split(end, 1)[1].lstrip("\n")
    else:
        # After the file's introduction, before the first section.
        head, sep, rest = text.partition("\n## ")
        text = head.rstrip("\n") + "\n\n" + section + "\n" + sep.lstrip("\n") + rest
    with open(results, "w") as f:
        f.write(text)
    print(section)


def machine():
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) // 1024 // 1024
    load = os.getloadavg()
    return (f"{cpu}, {os.cpu_count()} cores, {mem} GiB RAM, {platform.system()} {platform.release()}; "
            f"load average at the end {load[0]:.1f} (the cores are shared with other builds)")


def startup_ratios(startup_means):
    """fsfind's start-up over plocate's, one ratio per round."""
    return [ours / theirs for ours, theirs in zip(startup_means["fsfind"], startup_means["plocate"])]


def keystroke_tail(info):
    """(p90, max) in ms from the synthetic tree's search-keystroke line, or None."""
    keys = re.search(r"p90 ([0-9.]+) ms, max ([0-9.]+) ms", (info.get("synthetic") or {}).get("keystrokes", ""))
    return (float(keys.group(1)), float(keys.group(2))) if keys else None


def issue17_rows(table, info, startup_means):
    """Issue 17's six targets as this run measured them: (item, asked, measured, holds), the
    measured text "–" and holds None where this run did not measure it."""
    rows = []
    ratios = startup_ratios(startup_means)
    rows.append(("1 start-up: a query on `sample/` ÷ `plocate -c`", "≤ 2×",
                 " / ".join(f"{r:.1f}×" for r in ratios), max(ratios) <= 2.0 if ratios else None))
    synthetic, real = info.get("synthetic"), info.get("real")
    keys = keystroke_tail(info)
    if keys:
        p90, top = keys
        rows.append(("2 search field on the million: p90 / max", "≤ 50 / ≤ 100 ms", f"{p90:.1f} / {top:.1f} ms",
                     p90 <= 50 and top <= 100))
    else:
        rows.append(("2 search field on the million: p90 / max", "≤ 50 / ≤ 100 ms", "–", None))
    if synthetic:
        firsts = [m for m in [(synthetic.get("first index") or (None, None))[1],
                              table.median("synthetic", "full index", "fsfind")[1]] if m is not None]
        refreshes = [m for m in [table.median("synthetic", "refresh, nothing changed", "fsfind")[1],
                                 table.median("synthetic", "refresh, 1% changed", "fsfind")[1]] if m is not None]
        first, refresh = (max(firsts) if firsts else None), (max(refreshes) if refreshes else None)
        rows.append(("3 memory on the million: first index / refresh", "≤ 256 / ≤ 192 MiB",
                     f"{fmt_mib(first)} / {fmt_mib(refresh)} MiB",
                     None if first is None or refresh is None else first <= 256 * 1024 and refresh <= 192 * 1024))
        per_item = os.path.getsize(synthetic["index"]) / synthetic["entries"]
        rows.append(("4 index size on the million", "≤ 64 bytes/item", f"{per_item:.1f}", per_item <= 64))
    refresh_ratios = []
    for label in ("synthetic", "real"):
        if label in info:
            ours = table.median(label, "refresh, nothing changed", "fsfind")[0]
            theirs = table.median(label, "refresh, nothing changed", "find -printf")[0]
            if ours is not None and theirs:
                refresh_ratios.append((label, ours / theirs))
    rows.append(("5 refresh, nothing changed ÷ `find -printf`: million / `/usr`", "≤ 1.0×",
                 " / ".join(f"{r:.2f}×" for _, r in refresh_ratios) or "–",
                 all(r <= 1.0 for _, r in refresh_ratios) if refresh_ratios else None))
    if real:
        ours = table.median("real", "full index, metadata only", "fsfind")[0]
        theirs = table.median("real", "full index, metadata only", "file -b --mime-type -f")[0]
        if ours is not None and theirs:
            rows.append(("6 first index of `/usr` (metadata) ÷ `file --mime-type -f`", "≤ 0.5×", f"{ours / theirs:.2f}×",
                         ours / theirs <= 0.5))
    return rows


def issue45_rows(table, info, startup_means):
    """Issue 45's lines that `make bench` measures (items 2–5), as issue17_rows gives issue 17's."""
    rows = []
    ratios = startup_ratios(startup_means)
    rows.append(("3 start-up: a query on `sample/` ÷ `plocate -c`", "≤ 1.0×",
                 " / ".join(f"{r:.2f}×" for r in ratios), max(ratios) <= 1.0 if ratios else None))
    synthetic, real = info.get("synthetic"), info.get("real")
    keys = keystroke_tail(info)
    rows.append((f"4 search field on the {ARGS.n:,}-entry tree: p90 / max", "≤ 25 / ≤ 50 ms",
                 f"{keys[0]:.1f} / {keys[1]:.1f} ms" if keys else "–",
                 (keys[0] <= 25 and keys[1] <= 50) if keys else None))
    if real:
        ours = table.median("real", "full index, metadata only", "fsfind")[0]
        theirs = table.median("real", "full index, metadata only", "file -b --mime-type -f")[0]
        if ours is not None and theirs:
            rows.append((f"5 first index of `{ARGS.real}` (metadata) ÷ `file --mime-type -f`", "≤ 0.5×",
                         f"{ours / theirs:.2f}×", ours / theirs <= 0.5))
    if synthetic:
        peaks = [p for _, p in table.samples.get(("synthetic", "full index", "fsfind"), []) if p is not None]
        first = (synthetic.get("first index") or (None, None))[1]
        peaks += [first] if first is not None else []
        rows.append((f"2 first index with words of the {ARGS.n:,}-entry tree, peak PSS of the process tree", "≤ 256 MiB",
                     f"{fmt_mib(max(peaks))} MiB" if peaks else "–", max(peaks) <= 256 * 1024 if peaks else None))
    return rows


def queries_of(i):
    """The names of the queries whose counts a tree's info holds."""
    return [key[len("count "):] for key in i if key.startswith("count ") and not key.endswith(".before")
            and key not in ("count plocate", "count find")]


def write_report(table, info, agreement, now, startup_means=None):
    # One section per kind of run, so a later run replaces its own numbers and nobody else's.
    label = ("real" if ARGS.no_synthetic else f"n{ARGS.n}") + ("-nofile" if ARGS.skip_file else "") \
        + ("-synthetic" if ARGS.no_real else "") + ("-before-after" if ARGS.baseline else "")
    section_start = f"<!-- fsfind-refresh-bench:{label}:start -->"
    section_end = f"<!-- fsfind-refresh-bench:{label}:end -->"
    title = ARGS.real if ARGS.no_synthetic else f"synthetic tree of {ARGS.n:,}" + ("" if ARGS.no_real else f" and {ARGS.real}")
    lines = [section_start, f"## Indexing, refresh and queries against find, file and plocate ({title})", "",
             f"Measured {now} by `make bench` (`benchmarks/bench.py`), release build. Machine: {machine()}.",
             f"Median wall time of {ARGS.runs} interleaved rounds (whole process, start to exit); peak memory is the",
             "largest peak of any round of the summed PSS of the command and every process it starts (`tree-memory.py`,",
             "sampled every 50 ms; – when the command ended before the first sample). Ratio = fsfind / reference.", ""]
    if ARGS.baseline:
        lines += [f"Before and after in one run: every fsfind row was run by this build (`fsfind`) and by `{ARGS.baseline}`",
                  f"(`{BEFORE}`), each on its own index, which went first alternating from round to round and tree to tree",
                  "(the first indexes in the reverse order of the first round's, after an unmeasured walk); the",
                  f"`{BEFORE}` row's ratio is after ÷ before (above 1: this build slower).", ""]
    if startup_means is not None:
        lines += ["Issue 17's targets in this run (the rows below give each number's measurement):", "",
                  "| target | asked | this run | holds |", "|---|---|---|---|"]
        for item, asked, measured, holds in issue17_rows(table, info, startup_means):
            lines.append(f"| {item} | {asked} | {measured} | {'–' if holds is None else 'yes' if holds else '**no**'} |")
        lines += ["", "Issue 45's lines that this run measures:", "",
                  "| target | asked | this run | holds |", "|---|---|---|---|"]
        for item, asked, measured, holds in issue45_rows(table, info, startup_means):
            lines.append(f"| {item} | {asked} | {measured} | {'–' if holds is None else 'yes' if holds else '**no**'} |")
        lines.append("")
    for label, i in info.items():
        index_size = os.path.getsize(i["index"])
        locate_size = os.path.getsize(i["locate"])
        lines += [f"### {'Real tree' if label == 'real' else 'Synthetic tree'}: `{i['tree']}`", "",
                  f"{i['entries']:,} entries, {i['regular']:,} regular files (hidden entries included, `--hidden`).", "",
                  "| benchmark | tool | median s | peak PSS MiB | ratio |", "|---|---|---:|---:|---:|"]
        benches = sorted({b for (t, b, _) in table.samples if t == label}, key=ORDER.index)
        for bench in benches:
            tools = [tool for (t, b, tool) in table.samples if t == label and b == bench]
            ours = table.median(label, bench, "fsfind")[0]
            for tool in tools:
                s, m = table.median(label, bench, tool)
                ratio = "" if tool == "fsfind" or ours is None or not s else f"{ours / s:.2f}×"
                lines.append(f"| {bench} | {tool} | {fmt_s(s)} | {fmt_mib(m)} | {ratio} |")
        lines += ["", f"- index size: fsfind {index_size:,} bytes = **{index_size / i['entries']:.1f} bytes/item**; "
                      f"plocate {locate_size:,} bytes = {locate_size / i['entries']:.1f} bytes/entry "
                      f"(ratio {index_size / max(1, locate_size):.1f}×; plocate stores paths only)."]
        first, updatedb = i["first index"], i["updatedb"]
        first_text = ("made before this run with `--prepared-index` (see the first-index section)" if first is None
                      else f"{fmt_s(first[0])} s, peak {fmt_mib(first[1])} MiB")
        if "first index.before" in i:
            before = i["first index.before"]
            first_text += (", the baseline's prepared" if before is None
                           else f"; the baseline's {fmt_s(before[0])} s, peak {fmt_mib(before[1])} MiB")
        lines.append(f"- first full index (one run, before the rounds): {first_text}; `updatedb` for plocate: "
                     f"{fmt_s(updatedb[0])} s, {fmt_mib(updatedb[1])} MiB")
        lines.append(f"- refresh with nothing changed: `{i.get('refresh line', '')}`")
        if "changed line" in i:
            lines.append(f"- refresh after 1% changed (touched): `{i['changed line']}`")
        if ARGS.baseline:
            lines.append(f"- the baseline's refreshes: `{i.get('refresh line.before', '')}`; "
                         f"`{i.get('changed line.before', '')}`")
            differ = [name for name in queries_of(i) if i.get(f"count {name}") != i.get(f"count {name}.before")]
            lines.append("- the two builds' query counts: " + ("the same" if not differ else
                         "**differ** on " + ", ".join(f"{n} ({i.get(f'count {n}')} against {i.get(f'count {n}.before')})"
                                                      for n in differ)))
        lines.append(f"- answers: name substring fsfind {i.get('count name substring')}, plocate -b -i "
                     f"{i.get('count plocate')}, find -iname {i.get('count find')}; audio "
                     f"{i.get(AUDIO_KEY)}; duration > 60 "
                     f"{i.get('count duration > 60')}; last 30 days {i.get('count date range (last 30 days)')}")
        if "keystrokes" in i:
            lines.append(f"- the search field (`benchmarks/search-keystroke`, 35 keys in three sessions; issue 45 asks p90 ≤ 25 ms, "
                         f"max ≤ 50 ms): {i['keystrokes']}")
        if "keystrokes.before" in i:
            lines.append(f"- the search field, the baseline build: {i['keystrokes.before']}")
        if label in agreement:
            fraction, total, differ = agreement[label]
            lines.append(f"- MIME agreement with `file -b --mime-type`: **{fraction * 100:.2f}%** of {total:,} files")
            for path, ours, theirs in differ:
                lines.append(f"  - `{path}`: fsfind `{ours}`, file `{theirs}`")
        lines.append("")
    lines.append(section_end)
    section = "\n".join(lines) + "\n"

    results = os.path.join(HERE, "RESULTS.md")
    text = open(results).read() if os.path.exists(results) else "# fsfind benchmarks\n\n"
    if section_start in text and section_end in text:
        before, rest = text.split(section_start, 1)
        after = rest.split(section_end, 1)[1].lstrip("\n")
        text = before + section + ("\n" + after if after else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    with open(results, "w") as f:
        f.write(text)
    print(section)


if __name__ == "__main__":
    main()
