#!/usr/bin/env python3
"""Writes the symbols a small query touches, in first-touch order, for the linker to put together.

    scripts/startup-order.py FSFIND [OUTPUT]

A query on a small index starts by faulting in the pages of a 100 MB binary that it touches: a
few hundred functions and variables spread over 20 MB of code and 38 MB of data, each fault
mapping at most 16 pages around it. Linked with `--symbol-ordering-file` (lld, Makefile's
STARTUP_ORDER), the sections that hold them come first in their output sections, so the same work
touches a few dozen pages instead (benchmarks/RESULTS.md, "Start-up: no conformance scans").

The release `fsfind` (linked at a fixed address, so addresses are the symbol table's) runs a count
query on the committed sample/ tree under Valgrind's lackey, which lists every instruction and
data address; each is named by the nearest symbol at or below it. A symbol that later builds no
longer have is skipped by the linker, so a stale list costs only speed.
"""
import bisect
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
QUERY = 'fsName == "*eiffel*"c'


def symbols(binary):
    """(sorted addresses, names) of the binary's defined symbols."""
    out = subprocess.run(["nm", "-n", "--defined-only", binary], stdout=subprocess.PIPE, check=True, text=True)
    table = []
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].lower() in "tdbrwv":
            table.append((int(parts[0], 16), parts[2]))
    table.sort()
    return [a for a, _ in table], [n for _, n in table]


def touched(binary, work):
    """Addresses the query reads, writes or executes, in first-touch order."""
    # Valgrind cannot read the debug information of the static link; the symbol table is enough.
    stripped = os.path.join(work, "fsfind")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    index = os.path.join(work, "sample.fsfind")
    subprocess.run([stripped, "index", "--index", index, "--quiet", os.path.join(REPO, "sample")], check=True)
    log = os.path.join(work, "lackey.log")
    subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log}", stripped, "query",
                    "--index", index, "--count", QUERY], stdout=subprocess.DEVNULL, check=True)
    seen = {}
    with open(log) as f:
        for line in f:
            if line.startswith("=="):
                continue
            fields = line[3:].split(",")
            try:
                address = int(fields[0], 16)
            except ValueError:
                continue
            seen.setdefault(address, None)
    return list(seen)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) == 3 else os.path.join(HERE, "startup.order")
    addresses, names = symbols(binary)
    end = addresses[-1] if addresses else 0
    work = tempfile.mkdtemp(prefix="fsfind-order-")
    try:
        order, named = [], set()
        for address in touched(binary, work):
            if address > end or address < addresses[0]:
                continue  # a shared library, the stack or the heap
            name = names[bisect.bisect_right(addresses, address) - 1]
            if name not in named:
                named.add(name)
                order.append(name)
    finally:
        shutil.rmtree(work)
    with open(output, "w") as f:
        f.write("".join(name + "\n" for name in order))
    print(f"{output}: {len(order)} symbols")


if __name__ == "__main__":
    main()
