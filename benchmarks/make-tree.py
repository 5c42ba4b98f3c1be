#!/usr/bin/env python3
"""Builds a synthetic file tree of N entries for benchmarks (default 1,000,000).

    benchmarks/make-tree.py DEST [N]

Names have realistic lengths (camera files, dated reports, tracks, source files, words with
spaces and accents), folders fan out like a home folder (about 25 entries each, folders up to 9
levels deep). Regular files are hard links to a small pool of real files of many types copied from
`sample/` into DEST.pool (beside DEST, outside the tree), so a million files cost a few MiB and
libmagic sees real content. Exactly 1% of the files are separate small copies instead of links;
their paths are listed in DEST.volatile: `bench.py` touches them to simulate "1% changed" without
changing any shared inode (adding or removing a link changes the ctime of every link).

Deterministic: the same N gives the same tree. Refuses to overwrite an existing DEST.
"""
import os
import random
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(REPO, "sample")

WORDS = ("paris london budget report notes draft final summer winter holiday family project "
         "meeting invoice receipt photo scan letter contract résumé thesis chapter lecture "
         "slides backup archive music concert interview podcast episode recipe garden house "
         "travel map plan design sketch logo banner review budget2024 quarterly annual über "
         "café naïve data results analysis experiment sample test build release").split()
FOLDER_WORDS = ("Documents Music Pictures Videos Projects src lib assets old Archive 2019 2020 2021 "
                "2022 2023 2024 Inbox Work Personal Taxes Photos Camera Screenshots Downloads "
                "Albums Live Mixes docs tests vendor build Reports Clients Drafts").split()


def pool_files(pool):
    """Copies every sample file into `pool`; returns {extension: [pool path]}."""
    by_ext = {}
    os.makedirs(pool)
    for folder, _, names in os.walk(SAMPLE):
        for name in sorted(names):
            source = os.path.join(folder, name)
            if not os.path.isfile(source) or os.path.islink(source):
                continue
            target = os.path.join(pool, name)
            shutil.copyfile(source, target)
            ext = os.path.splitext(name)[1].lower() or ".bin"
            by_ext.setdefault(ext, []).append(target)
    return by_ext


def file_name(rng, ext):
    kind = rng.random()
    if kind < 0.25:
        stem = "IMG_%04d%02d%02d_%06d" % (rng.randint(2010, 2025), rng.randint(1, 12), rng.randint(1, 28),
                                          rng.randint(0, 235959))
    elif kind < 0.45:
        stem = "%02d %s %s" % (rng.randint(1, 20), rng.choice(WORDS).title(), rng.choice(WORDS))
    elif kind < 0.7:
        stem = "-".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
    elif kind < 0.85:
        stem = "%s_%s_v%d" % (rng.choice(WORDS), rng.choice(WORDS), rng.randint(1, 12))
    else:
        stem = "%s %d (%s)" % (rng.choice(WORDS).title(), rng.randint(1, 9999), rng.choice(WORDS))
    return stem + ext


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    dest = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    if os.path.exists(dest) or os.path.exists(dest + ".pool"):
        sys.exit(f"make-tree: {dest} (or {dest}.pool) exists; remove it first")
    rng = random.Random(count)
    by_ext = pool_files(dest + ".pool")
    exts = sorted(by_ext)
    small_text = by_ext.get(".txt", by_ext[exts[0]])[0]

    # About one folder per 25 entries; each new folder hangs under a recent one, so depth grows
    # to 4-9 levels while the top stays a handful of folders, as in a home folder.
    folder_count = max(1, count // 25)
    os.makedirs(dest)
    folders = [dest]
    depth = {dest: 0}
    made = 1  # the root itself is an entry
    for _ in range(folder_count - 1):
        while True:
            parent = folders[rng.randrange(max(0, len(folders) - 200), len(folders))] if rng.random() < 0.7 \
                else rng.choice(folders)
            if depth[parent] < 9:
                break
        name = rng.choice(FOLDER_WORDS)
        if rng.random() < 0.5:
            name += " " + str(rng.randint(1, 999))
        path = os.path.join(parent, name)
        if path in depth:
            path += "-%d" % made
        os.mkdir(path)
        folders.append(path)
        depth[path] = depth[parent] + 1
        made += 1

    volatile = []
    files = count - made
    used = set()
    for index in range(files):
        folder = rng.choice(folders)
        ext = rng.choice(exts)
        name = file_name(rng, ext)
        path = os.path.join(folder, name)
        while path in used:
            path = os.path.join(folder, "%d-%s" % (rng.randint(0, 1 << 30), name))
        used.add(path)
        if index % 100 == 0:
            shutil.copyfile(small_text if ext == ".txt" else rng.choice(by_ext[ext]), path)
            volatile.append(path)
        else:
            os.link(rng.choice(by_ext[ext]), path)
    with open(dest + ".volatile", "w") as out:
        out.write("\n".join(volatile) + "\n")
    print(f"make-tree: {dest}: {made} folders, {files} files ({len(volatile)} volatile), "
          f"pool of {sum(map(len, by_ext.values()))} files in {len(exts)} types")


if __name__ == "__main__":
    main()
