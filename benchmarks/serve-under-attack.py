#!/usr/bin/env python3
"""`fsfind serve` under issue 46's three attacks at once, with a Mac's search through Samba beside.

    benchmarks/serve-under-attack.py FSFIND INDEX SHARE [--runs N] [--seconds S]

Starts `FSFIND serve` on INDEX with the usual descriptor limit (1,024, through `prlimit`) and a
real `smbd` whose share SHARE (the folder INDEX indexes) sends Spotlight searches to it, then
runs, all at once for S seconds (default 20):

1. idle connections: 1,100 connections that send nothing, opened again as the server closes them;
2. small requests that ask for minutes: two threads sending, over and over, one word repeated
   300 times (953 bytes) and 600 KB of words;
3. clients that never read: 20 connections each asking for 500 hits with their whole `_source`
   (the words of each file, up to 64 KiB) and reading nothing;

and meanwhile a legitimate Spotlight search through Samba (`mdscli-search.py`, the RPC a Mac's
Finder speaks) N times, timed to its last result. Memory is the server's resident set, sampled
every 100 ms (its peak). At the end SIGTERM, timed until the process is gone. Prints a Markdown
table for RESULTS.md. Needs root (smbd), Debian's samba and python3-samba.
"""
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("spotlight_smb", os.path.join(HERE, "spotlight-smb.py"))
smb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(smb)


def post(port, body, read=True, timeout=60):
    """One request on its own connection; its status (None when it failed), or the open socket."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(f"POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    if not read:
        return s
    try:
        head = s.recv(64)
        return int(head.split()[1]) if head else None
    except OSError:
        return None
    finally:
        s.close()


def main():
    binary, index, share = sys.argv[1], sys.argv[2], os.path.realpath(sys.argv[3])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 10
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 20
    load = open("/proc/loadavg").read().split()[:3]
    work = tempfile.mkdtemp(prefix="fsfind-attack-")
    port = smb.free_port()
    log = os.path.join(work, "serve.log")
    serve = subprocess.Popen(["prlimit", "--nofile=1024", binary, "serve", "--index", index, "--quiet",
                              "--listen", f"127.0.0.1:{port}"], stderr=open(log, "w"))
    time.sleep(1)
    pid = int(subprocess.run(["pgrep", "-f", f"127.0.0.1:{port}"], capture_output=True).stdout.split()[0])
    smbd, conf = smb.start_smbd(os.path.join(work, "smb"), share, f"""  spotlight backend = elasticsearch
  elasticsearch:address = 127.0.0.1
  elasticsearch:port = {port}
  elasticsearch:index = fsfind""")
    query, fsfind = 'kMDItemFSName=="*changelog*"', 'fsName == "*changelog*"cd'
    own = int(subprocess.run([binary, "query", "--index", index, "--count", "--onlyin", share, fsfind],
                             capture_output=True, check=True).stdout)
    expect = min(own, 50)
    stop = threading.Event()
    peak = [0.0]
    counts = {"idle": 0, "repeated": 0, "huge": 0, "unread": 0}

    def sample():
        while not stop.is_set():
            try:
                peak[0] = max(peak[0], smb.memory(pid)["VmRSS"])
            except (OSError, KeyError):
                pass
            time.sleep(0.1)

    def idle():
        held = []
        while not stop.is_set():
            try:
                held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
                counts["idle"] += 1
            except OSError:
                time.sleep(0.05)
            if len(held) >= 1100:
                held.pop(0).close()
        for s in held:
            s.close()

    def small_but_slow(kind):
        words = " ".join(["paris"] * 300) if kind == "repeated" else " ".join(
            f"w{k}" for k in range(100_000))[:600_000]
        body = json.dumps({"size": 10, "query": {"query_string": {"query": words}}}).encode()
        while not stop.is_set():
            try:
                post(port, body, timeout=30)
                counts[kind] += 1
            except OSError:
                time.sleep(0.05)

    def unread():
        body = json.dumps({"size": 500, "_source": True, "query": {"query_string": {"query": "the"}}}).encode()
        held = []
        while not stop.is_set():
            if len(held) < 20:
                try:
                    held.append(post(port, body, read=False))
                    counts["unread"] += 1
                except OSError:
                    time.sleep(0.05)
            else:
                time.sleep(0.5)
        for s in held:
            s.close()

    threads = [threading.Thread(target=f, args=a) for f, a in [
        (sample, ()), (idle, ()), (small_but_slow, ("repeated",)), (small_but_slow, ("huge",)), (unread, ())]]
    started = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(2)
    times, failures = [], 0
    try:
        for run in range(runs):
            varied = f'{query}||kMDItemFSSize=="-{run + 1}{time.monotonic_ns() % 100000}"'
            (results, took), = smb.spotlight(conf, [(varied, expect)])
            if len(results) != expect:
                failures += 1
            times.append(took * 1000)
        while time.monotonic() - started < seconds:
            time.sleep(0.2)
        # SIGTERM while the attacks go on.
        began = time.monotonic()
        os.kill(pid, 15)
        while os.path.exists(f"/proc/{pid}") and open(f"/proc/{pid}/stat").read().split()[2] != "Z":
            time.sleep(0.01)
        ended = time.monotonic() - began
    finally:
        stop.set()
        for t in threads:
            t.join()
        serve.wait()
        smbd.terminate()
        smbd.wait()
    lines = open(log).read().splitlines()
    print(f"`fsfind serve` under attack, {time.strftime('%Y-%m-%d %H:%M')}, load {' '.join(load)}; "
          f"index {index}, share {share}, {seconds:.0f} s of attacks, descriptor limit 1024\n")
    print("| measure | value |")
    print("|---|---:|")
    print(f"| Spotlight search through Samba (`{query}`, {expect} results), median / max ms | "
          f"{statistics.median(times):.0f} / {max(times):.0f} |")
    print(f"| searches with the wrong number of results | {failures} of {runs} |")
    print(f"| server resident set, peak (sampled every 100 ms) | {peak[0]:.0f} MiB |")
    print(f"| SIGTERM to exit, under the attacks (exit status) | {ended * 1000:.0f} ms ({serve.returncode}) |")
    print(f"| attack connections opened: idle / repeated word / 600 KB / never read | "
          f"{counts['idle']} / {counts['repeated']} / {counts['huge']} / {counts['unread']} |")
    print(f"| server log lines | {len(lines)} |")


if __name__ == "__main__":
    main()
