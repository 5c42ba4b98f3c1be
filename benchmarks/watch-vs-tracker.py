#!/usr/bin/python3
"""A change visible: `fsfind watch` beside Tracker's miner (tracker-miner-fs-3), same run.

    benchmarks/watch-vs-tracker.py FSFIND TREE [--runs N] [--poll-ms MS]

TREE must not be under /tmp, which Tracker never indexes (`/var/tmp` is fine). Needs Debian's
`tracker-miner-fs`, `tracker`, `gir1.2-tracker-3.0` and `python3-gi` (the Makefile's BENCH_DEPS)
and the system's Python (`/usr/bin/python3`, for `gi`). Nothing of the user's own Tracker is
touched: the miner runs on a private session bus (`dbus-daemon --session`) with its home, cache,
configuration and data folders in a scratch folder, its settings in a keyfile there naming TREE
as its only folder (`initial-sleep` 0); the bus starts it and its extractor when first asked.

Indexes TREE with `fsfind index` and lets Tracker index it (waits until the number of files it
knows and of texts it extracted stop changing), starts `fsfind watch --verbose`, then N times, each
in a random folder of TREE: creates a text file holding a word found nowhere else, appends a second
such word, renames the file, deletes it. For each change both tools are timed in the same moment,
each in its own thread, from the change to:

- fsfind: the first new index version (the inodes of INDEX and INDEX.delta, polled every 2 ms) for
  which `fsfind query --count` confirms it (the word found, the new name found, the name gone);
- Tracker: the first answer of its store, asked every MS milliseconds (default 2) over D-Bus from
  this process (`Tracker.SparqlConnection.bus_new`), that shows it (`fts:match` on the word, the
  new `nie:url`, the url gone).

Both run at the priority they give themselves (fsfind watch: idle; Tracker's miner: idle too).
Prints a Markdown table; benchmarks/RESULTS.md keeps the runs.
"""
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def letters(n):
    """`n` spelt in letters, so a probe word is one word to both tools' word cutters."""
    return "".join(chr(ord("a") + int(d)) for d in str(n))


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    fsfind, tree = args[0], os.path.realpath(args[1])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 10
    poll = float(args[args.index("--poll-ms") + 1]) / 1000 if "--poll-ms" in args else 0.002
    scratch = tempfile.mkdtemp(prefix="watch-vs-tracker-")
    index = os.path.join(scratch, "index.fsfind")

    # Tracker's world: a private bus and folders of its own.
    environment = dict(os.environ)
    for name, folder in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                         ("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "runtime")):
        environment[name] = os.path.join(scratch, folder)
        os.makedirs(environment[name], mode=0o700)
    environment["GSETTINGS_BACKEND"] = "keyfile"
    settings = os.path.join(environment["XDG_CONFIG_HOME"], "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as f:
        f.write("[org/freedesktop/tracker/miner/files]\n"
                f"index-recursive-directories=['{tree}']\n"
                "index-single-directories=@as []\n"
                "index-applications=false\n"
                "initial-sleep=0\n")
    # The miner and its extractor are started by this bus when first asked for (D-Bus activation),
    # with its environment; what they print (a warning per file they cannot read) is dropped.
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=environment,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = bus.stdout.readline().strip()
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    os.environ.update({k: environment[k] for k in ("DBUS_SESSION_BUS_ADDRESS",)})

    import gi
    gi.require_version("Tracker", "3.0")
    from gi.repository import Gio, GLib, Tracker

    watcher = None
    connection = None
    try:
        t0 = time.monotonic()
        subprocess.run([fsfind, "index", "--index", index, "--quiet", tree], check=True)
        fsfind_index = time.monotonic() - t0

        t0 = time.monotonic()
        while connection is None:
            try:
                connection = Tracker.SparqlConnection.bus_new("org.freedesktop.Tracker3.Miner.Files", None, None)
            except GLib.Error:
                if time.monotonic() - t0 > 120:
                    sys.exit("Tracker's miner did not appear on the bus")
                time.sleep(0.2)

        def number(sparql):
            cursor = connection.query(sparql, None)
            value = cursor.get_integer(0) if cursor.next(None) else 0
            cursor.close()
            return value

        tree_uri = Gio.File.new_for_path(tree).get_uri()
        known = ("SELECT (COUNT(?f) AS ?c) WHERE { ?f a nfo:FileDataObject ; nie:url ?u . "
                 f'FILTER(STRSTARTS(?u, "{tree_uri}/")) }}')
        extracted = "SELECT (COUNT(?e) AS ?c) WHERE { ?e nie:plainTextContent ?t }"
        last, stable = None, time.monotonic()
        while True:
            now = (number(known), number(extracted))
            if now != last:
                last, stable = now, time.monotonic()
            elif now[0] > 0 and time.monotonic() - stable > 10:
                break
            if time.monotonic() - t0 > 3600:
                sys.exit("Tracker did not finish indexing in an hour")
            time.sleep(0.5)
        tracker_index = stable - t0

        watcher = subprocess.Popen([fsfind, "watch", "--verbose", "--index", index], stderr=subprocess.PIPE,
                                   text=True)
        ready = threading.Event()

        def read_stderr():
            for line in watcher.stderr:
                if "watching for changes" in line:
                    ready.set()

        threading.Thread(target=read_stderr, daemon=True).start()
        if not ready.wait(600):
            sys.exit("the watcher did not start")
        time.sleep(2)

        def inode():
            versions = []
            for path in (index, index + ".delta"):
                try:
                    versions.append(os.stat(path).st_ino)
                except FileNotFoundError:
                    versions.append(None)
            return tuple(versions)

        def count(query):
            command = [fsfind, "query", "--index", index, "--count", query]
            return int(subprocess.run(command, capture_output=True, text=True).stdout.strip() or -1)

        def fsfind_seen(t0, before, check, result):
            while True:
                now = inode()
                if now[0] is not None and now != before:
                    seen = time.monotonic() - t0
                    if check():
                        result["fsfind"] = seen
                        return
                    before = now
                if time.monotonic() - t0 > 60:
                    result["fsfind"] = float("inf")
                    return
                time.sleep(0.002)

        def tracker_seen(t0, sparql, want, result):
            while True:
                if want(number(sparql)):
                    result["tracker"] = time.monotonic() - t0
                    return
                if time.monotonic() - t0 > 60:
                    result["tracker"] = float("inf")
                    return
                time.sleep(poll)

        def both(action, fsfind_check, sparql, want):
            result = {}
            before = inode()
            t0 = time.monotonic()
            action()
            threads = [threading.Thread(target=fsfind_seen, args=(t0, before, fsfind_check, result)),
                       threading.Thread(target=tracker_seen, args=(t0, sparql, want, result))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            time.sleep(0.3)  # both settled before the next change
            return result

        folders = [tree] + [entry for entry, _, _ in os.walk(tree)][1:]
        random.seed(13)
        times = {kind: {"fsfind": [], "tracker": []} for kind in ("create", "change", "rename", "delete")}
        for n in range(runs):
            folder = random.choice(folders)
            word, more = f"trackprobe{letters(n)}one", f"trackprobe{letters(n)}two"
            path = os.path.join(folder, f"trackprobe{n}x.txt")
            renamed = os.path.join(folder, f"trackprobe{n}y.txt")
            uri, renamed_uri = Gio.File.new_for_path(path).get_uri(), Gio.File.new_for_path(renamed).get_uri()

            def holding(w):
                return ("SELECT (COUNT(?e) AS ?c) WHERE { ?e fts:match \"" + w + "\" ; nie:isStoredAs ?f . "
                        "?f nie:url ?u }")

            def at(u):
                return f'SELECT (COUNT(?f) AS ?c) WHERE {{ ?f nie:url "{u}" }}'

            def create():
                with open(path, "w") as f:
                    f.write(f"a watched file about {word}\n")

            def change():
                with open(path, "a") as f:
                    f.write(f"and more words, {more}\n")

            steps = [
                ("create", create, lambda: count(word) == 1, holding(word), lambda c: c == 1),
                ("change", change, lambda: count(more) == 1, holding(more), lambda c: c == 1),
                ("rename", lambda: os.rename(path, renamed),
                 lambda: count(f'fsName == "trackprobe{n}y.txt"') == 1, at(renamed_uri), lambda c: c == 1),
                ("delete", lambda: os.unlink(renamed),
                 lambda: count(f'fsName == "trackprobe{n}*"') == 0, at(renamed_uri), lambda c: c == 0),
            ]
            for kind, action, check, sparql, want in steps:
                result = both(action, check, sparql, want)
                times[kind]["fsfind"].append(result["fsfind"])
                times[kind]["tracker"].append(result["tracker"])
    finally:
        if watcher is not None:
            watcher.terminate()
            watcher.wait()
        if connection is not None:
            # The miner and the extractor the bus started, ended by their pids before the bus.
            bus_connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            for name in ("org.freedesktop.Tracker3.Miner.Files", "org.freedesktop.Tracker3.Miner.Extract"):
                try:
                    pid = bus_connection.call_sync(
                        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                        "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), None, Gio.DBusCallFlags.NONE,
                        -1, None).unpack()[0]
                    os.kill(pid, signal.SIGTERM)
                except (GLib.Error, OSError):
                    pass
        bus.terminate()
        bus.wait()

    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    version = subprocess.run(["/usr/libexec/tracker-miner-fs-3", "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout.strip().split("\n")[0]
    print(f"tree: {tree}, runs: {runs}, Tracker polled every {poll * 1000:.0f} ms, load after: {' '.join(load)}")
    print(f"first index: fsfind {fsfind_index:.1f} s, Tracker ({version}) {tracker_index:.1f} s")
    print()
    print("| change | fsfind median s | fsfind p90 s | Tracker median s | Tracker p90 s |")
    print("|---|---:|---:|---:|---:|")
    for kind, by in times.items():
        f, t = by["fsfind"], by["tracker"]
        print(f"| {kind} | {statistics.median(f):.3f} | {percentile(f, 90):.3f} | "
              f"{statistics.median(t):.3f} | {percentile(t, 90):.3f} |")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
