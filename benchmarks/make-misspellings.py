#!/usr/bin/env python3
"""Builds benchmarks/misspellings.tsv: real misspellings whose intended word an index holds.

From codespell's list of common misspellings (codespell_lib/data/dictionary.txt, `wrong->right`
per line), keeps the pairs where
  - both are one word of at least three letters a-z, with one suggested correction;
  - the misspelling is one or two edits from the word (optimal string alignment: a swap of two
    neighbours is one edit), the kinds of typo `fsfind query` corrects;
  - the intended word is one the files write (the text store's spelling words);
  - the misspelling matches nothing: it starts no word of a file (the spelling words), no file's
    words hold it as a word form (FTS5), and no name or value holds it (a metadata-only index of
    the same tree finds nothing for it).
Then takes a fixed random sample (seed 43), so the set does not change from run to run.

Usage: make-misspellings.py DICTIONARY INDEX METADATA_INDEX FSFIND [--count N] > misspellings.tsv
"""
import argparse
import random
import re
import sqlite3
import subprocess
import sys


def osa(a, b):
    """Optimal string alignment distance."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dictionary")
    parser.add_argument("index")
    parser.add_argument("metadata_index")
    parser.add_argument("fsfind")
    parser.add_argument("--count", type=int, default=400)
    args = parser.parse_args()

    store = sqlite3.connect(f"file:{args.index}.text?mode=ro", uri=True)

    def written(word):
        row = store.execute("SELECT documents FROM spelling WHERE word = ?", (word.encode(),)).fetchone()
        return row is not None and row[0] > 0

    def starts_a_word(word):
        row = store.execute(
            "SELECT word FROM spelling WHERE word >= ? ORDER BY word LIMIT 1", (word.encode(),)).fetchone()
        return row is not None and bytes(row[0]).startswith(word.encode())

    def word_form_found(word):
        return store.execute("SELECT 1 FROM words WHERE words MATCH ? LIMIT 1", (f'"{word}"',)).fetchone() is not None

    def value_found(word):
        out = subprocess.run([args.fsfind, "query", "--index", args.metadata_index, "--count", word],
                             capture_output=True, text=True, check=True).stdout
        return int(out.strip() or "0") > 0

    pairs = []
    seen = set()
    for line in open(args.dictionary, encoding="utf-8"):
        line = line.strip()
        if "->" not in line:
            continue
        wrong, right = line.split("->", 1)
        if "," in right or not re.fullmatch(r"[a-z]{3,}", wrong) or not re.fullmatch(r"[a-z]{3,}", right):
            continue
        if wrong in seen or osa(wrong, right) not in (1, 2):
            continue
        seen.add(wrong)
        pairs.append((wrong, right))
    print(f"{len(pairs)} one- or two-edit pairs in the list", file=sys.stderr)
    candidates = [(w, r) for w, r in pairs if written(r) and not starts_a_word(w) and not word_form_found(w)]
    print(f"{len(candidates)} whose word files write and whose misspelling no file's words hold", file=sys.stderr)
    random.Random(43).shuffle(candidates)
    chosen = []
    for wrong, right in candidates:
        if len(chosen) == args.count:
            break
        if not value_found(wrong):
            chosen.append((wrong, right))
    print(f"{len(chosen)} chosen (no name or value holds the misspelling)", file=sys.stderr)
    print("# misspelling\tintended\tedits (codespell's dictionary.txt; benchmarks/make-misspellings.py)")
    for wrong, right in sorted(chosen):
        print(f"{wrong}\t{right}\t{osa(wrong, right)}")


if __name__ == "__main__":
    main()
