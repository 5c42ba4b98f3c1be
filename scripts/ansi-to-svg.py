#!/usr/bin/env python3
"""Turns a terminal capture with colours (`tmux capture-pane -p -e`) into an SVG picture, for the
screenshots in docs/ (scripts/make-screenshots.sh). Understands what fsfind's screen sends: SGR
reset, bold, dim, reverse, underline, the 8 colours, 256 colours and 24-bit colours.

    python3 scripts/ansi-to-svg.py < capture.ansi > screen.svg
"""
import html
import re
import sys

CELL_W, CELL_H = 8.4, 17
BASE = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"]
DEFAULT_FG, DEFAULT_BG = "#d4d4d4", "#1e1e1e"


def palette(n):
    if n < 8:
        return BASE[n]
    if n < 16:
        return BASE[n - 8]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[n // 36], levels[n // 6 % 6], levels[n % 6])
    grey = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


def main():
    lines = sys.stdin.read().rstrip("\n").split("\n")
    cells = []  # rows of (char, fg, bg, bold, dim)
    for line in lines:
        fg, bg, bold, dim, reverse = None, None, False, False, False
        row = []
        for token in re.split(r"(\x1b\[[0-9;]*m)", line):
            if token.startswith("\x1b["):
                codes = [int(c) if c else 0 for c in token[2:-1].split(";")]
                i = 0
                while i < len(codes):
                    c = codes[i]
                    if c == 0:
                        fg, bg, bold, dim, reverse = None, None, False, False, False
                    elif c == 1:
                        bold = True
                    elif c == 2:
                        dim = True
                    elif c == 7:
                        reverse = True
                    elif 30 <= c <= 37:
                        fg = BASE[c - 30]
                    elif 40 <= c <= 47:
                        bg = BASE[c - 40]
                    elif c == 39:
                        fg = None
                    elif c == 49:
                        bg = None
                    elif c in (38, 48) and i + 1 < len(codes):
                        if codes[i + 1] == 5 and i + 2 < len(codes):
                            colour = palette(codes[i + 2])
                            i += 2
                        elif codes[i + 1] == 2 and i + 4 < len(codes):
                            colour = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5])
                            i += 4
                        else:
                            colour = None
                        if c == 38:
                            fg = colour
                        else:
                            bg = colour
                    i += 1
                continue
            for char in token:
                f, b = fg or DEFAULT_FG, bg or DEFAULT_BG
                if reverse:
                    f, b = b, f
                row.append((char, f, b, bold, dim))
        cells.append(row)
    width = max(len(row) for row in cells)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="DejaVu Sans Mono, monospace" font-size="14">'
        % (width * CELL_W, len(cells) * CELL_H),
        '<rect width="100%%" height="100%%" fill="%s"/>' % DEFAULT_BG,
    ]
    for y, row in enumerate(cells):
        for x, (char, f, b, bold, dim) in enumerate(row):
            if b != DEFAULT_BG:
                out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' % (x * CELL_W, y * CELL_H, CELL_W + 0.5, CELL_H + 0.5, b))
        for x, (char, f, b, bold, dim) in enumerate(row):
            if char != " ":
                attributes = ' font-weight="bold"' if bold else ""
                attributes += ' opacity="0.6"' if dim else ""
                out.append('<text x="%.1f" y="%d" fill="%s"%s>%s</text>' % (x * CELL_W, y * CELL_H + 13, f, attributes, html.escape(char)))
    out.append("</svg>")
    print("\n".join(out))


main()
