#!/usr/bin/python3
"""Spotlight searches through Samba's mdssvc, as a Mac's Finder sends them.

Usage: mdscli-search.py SMB_CONF SHARE USER PASSWORD < queries
Each input line is JSON: {"query": "kMDItemFSName==\"a*\"", "expect": 3}; each output line is
JSON: {"query": ..., "results": [paths relative to the share, sorted], "seconds": ...}.

Samba's Python client has no "search finished" signal (get_results answers [] while the search
runs and after it ends), so: with "expect", the search is timed until that many results have
arrived, then watched 0.2 s more for extras; without, it ends 0.5 s after the last result (2 s
when none comes). Runs with Debian's /usr/bin/python3 (python3-samba).
"""
import json
import sys
import time

from samba import credentials, param
from samba.dcerpc import mdssvc
from samba.samba3 import mdscli


def main():
    conf, share, user, password = sys.argv[1:5]
    lp = param.LoadParm()
    lp.load(conf)
    creds = credentials.Credentials()
    creds.guess(lp)
    creds.set_username(user)
    creds.set_password(password)
    pipe = mdssvc.mdssvc("ncacn_np:127.0.0.1[/pipe/mdssvc]", lp, creds)
    conn = mdscli.conn(pipe, share, "/foo")
    scope = conn.sharepath()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        expect = request.get("expect")
        started = time.monotonic()
        search = conn.search(pipe, request["query"], scope)
        results, seconds, last = [], None, started
        while True:
            batch = search.get_results(pipe)
            now = time.monotonic()
            if batch:
                results += batch
                last = now
            if expect is not None:
                if seconds is None and len(results) >= expect:
                    seconds = now - started
                if seconds is not None and now - started - seconds > 0.2:
                    break
                if now - started > 10:
                    break
            elif now - last > (0.5 if results else 2.0):
                break
            time.sleep(0.002)
        search.close(pipe)
        print(json.dumps({"query": request["query"], "results": sorted(results),
                          "seconds": seconds if seconds is not None else now - started}), flush=True)
    conn.disconnect(pipe)


main()
