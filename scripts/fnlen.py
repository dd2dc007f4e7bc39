#!/usr/bin/env python3
"""fnlen.py [MAX] FILE...: the functions longer than MAX lines (default 100) in C and CUDA
sources. A definition starts at a line in column 0 holding '(' whose declaration (it may
run over several lines) ends with '{', and ends at the next line that starts with '}'.
Exit status 1 when one is found."""
import re
import sys

args = sys.argv[1:]
limit = int(args.pop(0)) if args and args[0].isdigit() else 100
bad = 0
for path in args:
    lines = open(path, errors="replace").read().split("\n")
    i = 0
    while i < len(lines):
        l = lines[i]
        if l[:1] in ("", " ", "\t", "}", "#", "/", "*") or "(" not in l or re.match(r"^(typedef|struct \w+ \{)", l):
            i += 1
            continue
        j = i
        while j < len(lines) and not lines[j].rstrip().endswith(("{", ";")) and j - i < 8:
            j += 1
        if j < len(lines) and lines[j].rstrip().endswith("{") and "=" not in lines[i].split("(")[0]:
            k = j + 1
            while k < len(lines) and not lines[k].startswith("}"):
                k += 1
            n = k - i + 1
            if n > limit:
                m = re.search(r"(\w+)\s*\(", l)
                print(f"{n:5d} {path}:{i + 1} {m.group(1) if m else l[:40]}")
                bad += 1
            i = k + 1
        else:
            i = j + 1
sys.exit(1 if bad else 0)
