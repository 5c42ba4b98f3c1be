#!/usr/bin/env python3
"""Spotlight over SMB: a Mac's searches through Samba's mdssvc, answered by `fsfind serve`.

    benchmarks/spotlight-smb.py FSFIND INDEX SHARE [--runs N]

SHARE is the folder INDEX indexes (the sample tree, or make-tree.py's million). The script starts
`FSFIND serve` on INDEX and a real `smbd` on loopback (own folders, unprivileged ports) whose
share SHARE has `spotlight backend = elasticsearch` pointed at it, then, with Samba's own client
(`samba.samba3.mdscli`, tests/../mdscli-search.py, the RPC a Mac's Finder speaks):

- latency: each Spotlight query N times, from the client's call to the last of its results
  (Samba fetches at most 50), the expected count taken from `fsfind query --count`;
- floor: the same round trip against a second smbd whose share uses Samba's `noindex` backend
  (answers nothing at once): what Samba itself costs, with no search behind it. Each run's query
  text differs (an OR with a size no file has, a cheap column test), so the server's cache of recent searches, which
  makes Samba's second page free, does not answer a repeated search; No
  Elasticsearch can be installed on this machine (not packaged in Debian; no Docker), so this
  is the comparison Samba offers here;
- concurrency: 50 `_search` requests at once straight to the endpoint (threads), each checked;
- server time: what `fsfind serve` itself took for each request, from its log;
- memory: the server's resident set after all that, split into the index's mapped pages
  (RssFile) and its own (RssAnon), and its peak (VmHWM).

Needs root (smbd), Debian's samba and python3-samba. Prints a Markdown table for RESULTS.md.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = os.path.join(HERE, "..", "Tests", "EndToEndTests", "Support", "mdscli-search.py")

QUERIES = [
    ("name prefix", 'kMDItemFSName=="report*"', 'fsName == "report*"cd'),
    ("display name", 'kMDItemDisplayName=="quarterly*"cdw', 'fsName == "quarterly*"cd'),
    ("free text", '*=="paris"', '** == "paris"'),
    ("words inside", 'kMDItemTextContent=="paris"', 'textContent == "paris"cdw'),
    ("images", '_kMDItemGroupId=="13"', 'mimeType == "image/*"cd'),
    ("size range", 'InRange(kMDItemFSSize,1000,2000)', "InRange(fileSize, 1000, 2000)"),
    ("changed since", "kMDItemFSContentChangeDate>$time.iso(2026-01-01T00:00:00Z)",
     "contentModificationDate > $time.iso(2026-01-01T00:00:00Z)"),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_smbd(folder, share, backend_lines):
    for sub in ["private", "lock", "state", "cache", "pid", "log", "ncalrpc"]:
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    port = free_port()
    conf = os.path.join(folder, "smb.conf")
    with open(conf, "w") as f:
        f.write(f"""[global]
  server role = standalone server
  smb ports = {port}
  interfaces = lo
  bind interfaces only = yes
  private dir = {folder}/private
  lock directory = {folder}/lock
  state directory = {folder}/state
  cache directory = {folder}/cache
  pid directory = {folder}/pid
  ncalrpc dir = {folder}/ncalrpc
  log file = {folder}/log/log.%m
  passdb backend = tdbsam:{folder}/private/passdb.tdb
  disable spoolss = yes
  load printers = no
  printing = bsd
  printcap name = /dev/null
  rpc_server:mdssvc = embedded
{backend_lines}
[spotlight]
  path = {share}
  spotlight = yes
  read only = yes
""")
    subprocess.run(["smbpasswd", "-c", conf, "-a", "-s", "root"], input=b"secret\nsecret\n", check=True,
                   stdout=subprocess.DEVNULL)
    # In a session of its own: smbd signals its whole process group when it stops.
    smbd = subprocess.Popen(["smbd", "--foreground", "--no-process-group", "-s", conf],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return smbd, conf


def spotlight(conf, queries):
    """[(query, expect)] -> [(results, seconds)] through mdscli-search.py."""
    lines = "".join(json.dumps({"query": q, "expect": e}) + "\n" for q, e in queries)
    out = subprocess.run(["/usr/bin/python3", CLIENT, conf, "spotlight", "root", "secret"], input=lines.encode(),
                         capture_output=True, check=True).stdout.decode()
    return [(r["results"], r["seconds"]) for r in map(json.loads, out.splitlines())]


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                fields[key] = int(value.split()[0]) / 1024
    return fields


def main():
    binary, index, share = sys.argv[1], sys.argv[2], os.path.realpath(sys.argv[3])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 10
    load = open("/proc/loadavg").read().split()[:3]
    counts = {}
    for name, _, fsfind in QUERIES:
        out = subprocess.run([binary, "query", "--index", index, "--count", "--onlyin", share, fsfind],
                             capture_output=True, check=True).stdout.decode()
        # The share's own folder is never a result of a search within it.
        own = subprocess.run([binary, "query", "--index", index, "--count", f'({fsfind}) && path == "{share}"'],
                             capture_output=True, check=True).stdout.decode()
        counts[name] = min(int(out.strip()) - int(own.strip()), 50)
    work = tempfile.mkdtemp(prefix="fsfind-smb-bench-")
    serve_port = free_port()
    serve_log = os.path.join(work, "serve.log")
    serve = subprocess.Popen([binary, "serve", "--index", index, "--listen", f"127.0.0.1:{serve_port}"],
                             stderr=open(serve_log, "w"))
    time.sleep(1)
    smbd, conf = start_smbd(os.path.join(work, "es"), share, f"""  spotlight backend = elasticsearch
  elasticsearch:address = 127.0.0.1
  elasticsearch:port = {serve_port}
  elasticsearch:index = fsfind""")
    floor_smbd, floor_conf = start_smbd(os.path.join(work, "noindex"), share, "  spotlight backend = noindex")
    try:
        def served_ms():
            """The server's own milliseconds so far, from its log ("POST /fsfind/_search 200 N ms")."""
            return sum(int(line.rsplit(" ", 2)[1]) for line in open(serve_log) if "POST /fsfind/_search" in line)

        rows = []
        for name, query, _ in QUERIES:
            times, floor, server = [], [], []
            for run in range(runs):
                # Each run a different query text with the same answer: the server keeps recent
                # searches' rows for paging, and a repeated text would time that, not the search.
                varied = f'{query}||kMDItemFSSize=="-{run + 1}{time.monotonic_ns() % 100000}"'
                before = served_ms()
                (results, seconds), = spotlight(conf, [(varied, counts[name])])
                if len(results) != counts[name]:
                    raise SystemExit(f"{name}: {len(results)} results, expected {counts[name]}")
                times.append(seconds * 1000)
                server.append(served_ms() - before)
                (_, seconds), = spotlight(floor_conf, [(varied, 0)])
                floor.append(seconds * 1000)
            rows.append((name, query, counts[name], statistics.median(times), percentile(times, 90), max(times),
                         statistics.median(floor), statistics.median(server)))

        # 50 requests at once, straight to the endpoint.
        outcomes, started = [], time.monotonic()

        def one(k):
            # Each a different text (the same answer), so each is searched, not taken from the cache.
            body = json.dumps({"from": 0, "size": 50, "_source": ["path.real"], "query": {"query_string": {
                "query": f'(paris OR file.filesize:-{k + 1}) AND path.real.fulltext:"{share}"'}}}).encode()
            request = urllib.request.Request(f"http://127.0.0.1:{serve_port}/fsfind/_search", data=body,
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=120) as answer:
                    outcomes.append(answer.status == 200 and "hits" in json.loads(answer.read()))
            except Exception as error:  # noqa: BLE001 - every failure counts
                outcomes.append(f"{error}")
        threads = [threading.Thread(target=one, args=(k,)) for k in range(50)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        burst = time.monotonic() - started
        mem = memory(serve.pid)
        index_mb = os.path.getsize(index) / 2**20

        print(f"Spotlight over SMB, {time.strftime('%Y-%m-%d %H:%M')}, load {' '.join(load)}, "
              f"{runs} runs each; index {index} ({index_mb:.1f} MB), share {share}\n")
        print("| query | Spotlight query | results | median ms | p90 ms | max ms | of which fsfind serve, all pages (median ms) "
              "| noindex floor ms |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for name, query, count, median, p90, top, floor, server in rows:
            print(f"| {name} | `{query}` | {count} | {median:.1f} | {p90:.1f} | {top:.1f} | {server:.0f} | {floor:.1f} |")
        ok = sum(1 for o in outcomes if o is True)
        print(f"\n50 concurrent `_search` (free text `paris`): {ok}/50 answered 200 with hits in {burst:.2f} s"
              + ("" if ok == 50 else f"; failures: {[o for o in outcomes if o is not True][:3]}"))
        print(f"fsfind serve memory: RSS {mem['VmRSS']:.1f} MiB = {mem['RssFile']:.1f} MiB mapped files "
              f"(the index {index_mb:.1f} MB) + {mem['RssAnon']:.1f} MiB own; peak {mem['VmHWM']:.1f} MiB")
    finally:
        for process in (smbd, floor_smbd, serve):
            process.terminate()
            process.wait()
        # smbd's on-demand samba-dcerpcd and rpcd_* helpers are daemons of their own.
        for c in (conf, floor_conf):
            subprocess.run(["pkill", "-f", f"configfile={c}"])


if __name__ == "__main__":
    main()
