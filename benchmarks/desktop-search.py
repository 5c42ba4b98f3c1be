#!/usr/bin/env python3
"""fsfind's desktop search provider as GNOME Shell calls it, timed (issue 41's "How well").

    benchmarks/desktop-search.py STAGE INDEX [--word WORD] [--runs N]

STAGE is a `make install DESTDIR=STAGE PREFIX=/usr` tree (its D-Bus service file starts the
provider); INDEX the index to answer from (the million-entry tree with words, for the issue's
figures). Runs under a private session bus (`dbus-run-session`, started by this script) with a
client in process (GDBus through PyGObject, Debian's /usr/bin/python3), so each figure is the
D-Bus round trip and the provider's work, not a client's start:

- activation: `GetInitialResultSet([WORD])` against a stopped provider (D-Bus starts it), N times;
- warm: the same on the running provider, N times (each a different word of the same length, so
  no cache answers it), median / p90 / max;
- subsearch: `GetSubsearchResultSet(previous, [WORD, WORD2])`, N times, with the previous answer
  cut at 100 (searched afresh) and whole (narrowed);
- metas: `GetResultMetas` for the first 5 ids (snippets and icons), N times;
- memory: the provider's resident set after 200 searches;
- idle: whether the provider has exited after its idle time (`--idle` seconds to wait, 0 to skip).

Prints a Markdown table for RESULTS.md.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

BUS = "org.fsfind.SearchProvider"
PATH = "/org/fsfind/SearchProvider"
IFACE = "org.gnome.Shell.SearchProvider2"


def client(stage, index, word, runs, idle):
    from gi.repository import Gio, GLib

    def proxy():
        return Gio.DBusProxy.new_for_bus_sync(
            Gio.BusType.SESSION, Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES
            | Gio.DBusProxyFlags.DO_NOT_CONNECT_SIGNALS, None, BUS, PATH, IFACE, None)

    def timed(p, method, args, signature):
        started = time.perf_counter()
        reply = p.call_sync(method, GLib.Variant(signature, args), Gio.DBusCallFlags.NONE, 25000, None)
        return (time.perf_counter() - started) * 1000, reply.unpack()[0]

    def pid():
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        try:
            reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "GetConnectionUnixProcessID", GLib.Variant("(s)", (BUS,)), None,
                                  Gio.DBusCallFlags.NONE, 1000, None)
            return reply.unpack()[0]
        except GLib.Error:
            return None

    def stop():
        p = pid()
        if p:
            os.kill(p, 15)
            while pid():
                time.sleep(0.01)

    letters = "abcdefghijklmnopqrstuvwxyz"
    # Words of WORD's length that differ, so each search is a search: WORD with its last letter
    # varied.
    words = [word[:-1] + letters[k % 26] for k in range(runs)]
    cold, warm, sub, metas = [], [], [], []
    for k in range(min(runs, 10)):
        stop()
        ms, _ = timed(proxy(), "GetInitialResultSet", ([word],), "(as)")
        cold.append(ms)
    p = proxy()
    timed(p, "GetInitialResultSet", ([word],), "(as)")
    counts = []
    for w in [word] + words:
        ms, ids = timed(p, "GetInitialResultSet", ([w],), "(as)")
        warm.append(ms)
        counts.append(len(ids))
    _, ids = timed(p, "GetInitialResultSet", ([word],), "(as)")
    narrowed = []
    for k in range(runs):
        # The previous answer cut at 100: searched afresh (what ranked below the cut may now
        # rank above it).
        ms, _ = timed(p, "GetSubsearchResultSet", (ids, [word, word[:2 + k % 3]]), "(asas)")
        sub.append(ms)
        # A previous answer that was whole (here its first 60 ids stand for one): narrowed.
        ms, _ = timed(p, "GetSubsearchResultSet", (ids[:60], [word, word[:2 + k % 3]]), "(asas)")
        narrowed.append(ms)
        ms, m = timed(p, "GetResultMetas", (ids[:5],), "(as)")
        metas.append(ms)
    # After a pause in typing (its index pages given back after 2 s).
    paused = []
    for k in range(5):
        time.sleep(3)
        ms, _ = timed(p, "GetInitialResultSet", ([words[k % len(words)]],), "(as)")
        paused.append(ms)
    for k in range(200):
        timed(p, "GetInitialResultSet", ([words[k % len(words)]],), "(as)")
    provider = pid()
    rss = None
    parts = {}
    if provider:
        for line in open(f"/proc/{provider}/status"):
            key = line.split(":")[0]
            if key in ("VmRSS", "RssAnon", "RssFile"):
                parts[key] = int(line.split()[1]) / 1024
        rss = parts.get("VmRSS")
    # After a pause in typing the provider gives its index pages back.
    time.sleep(4)
    idle_rss = None
    if provider:
        for line in open(f"/proc/{provider}/status"):
            if line.startswith("VmRSS:"):
                idle_rss = int(line.split()[1]) / 1024
    exited = None
    if idle:
        time.sleep(idle)
        exited = pid() is None

    def row(name, values):
        values = sorted(values)
        p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
        return f"| {name} | {statistics.median(values):.1f} | {p90:.1f} | {values[-1]:.1f} | {len(values)} |"

    load = open("/proc/loadavg").read().split()[:3]
    print(f"Desktop search provider, {time.strftime('%Y-%m-%d %H:%M')}, load {' '.join(load)}; index {index}; "
          f"word '{word}' ({counts[0]} ids; the varied words {min(counts)}–{max(counts)})\n")
    print("| call | median ms | p90 ms | max ms | runs |")
    print("|---|---:|---:|---:|---:|")
    print(row("GetInitialResultSet, provider started by D-Bus activation", cold))
    print(row("GetInitialResultSet, provider running", warm))
    print(row("GetInitialResultSet, 3 s after the last search (pages given back)", paused))
    print(row("GetSubsearchResultSet, previous answer cut at 100 (searched afresh)", sub))
    print(row("GetSubsearchResultSet, previous answer whole (60 ids, narrowed)", narrowed))
    print(row("GetResultMetas, 5 ids", metas))
    print(f"\nResident memory after 200 more searches: {rss:.1f} MiB (anonymous {parts.get('RssAnon', 0):.1f}, "
          f"mapped files {parts.get('RssFile', 0):.1f})" if rss else "\nResident memory: provider gone")
    if idle_rss:
        print(f"Resident memory 4 s after the last search: {idle_rss:.1f} MiB")
    if idle:
        print(f"Exited after {idle} s idle: {'yes' if exited else 'no'}")


def main():
    if os.environ.get("FSFIND_DESKTOP_BENCH_CLIENT"):
        stage, index, word, runs, idle = sys.argv[1:6]
        client(stage, index, word, int(runs), int(idle))
        return
    stage, index = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    word = sys.argv[sys.argv.index("--word") + 1] if "--word" in sys.argv else "paris"
    runs = sys.argv[sys.argv.index("--runs") + 1] if "--runs" in sys.argv else "30"
    idle = sys.argv[sys.argv.index("--idle") + 1] if "--idle" in sys.argv else "0"
    home = tempfile.mkdtemp(prefix="fsfind-desktop-bench-")
    env = dict(os.environ, FSFIND_DESKTOP_BENCH_CLIENT="1", FSFIND_INDEX=index, HOME=home,
               XDG_DATA_DIRS=f"{stage}/usr/share:/usr/share", PATH=f"{stage}/usr/bin:{os.environ['PATH']}")
    subprocess.run(["dbus-run-session", "--", "/usr/bin/python3", os.path.abspath(__file__), stage, index, word,
                    runs, idle], env=env, check=True)


if __name__ == "__main__":
    main()
