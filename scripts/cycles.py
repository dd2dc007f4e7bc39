#!/usr/bin/env python3
"""cycles.py [ROOT]: include cycles between the folders of src/, and includes the layering
forbids. A folder is src/<dir> (src/kinds/<kind> for the kinds, src/kinds/<kind>/<sub> for a
kind's sub-folder), a top-level file of src/ on its own, or a top-level folder of the tree
(functions/) for an included file outside src/. Prints each cycle with one #include per
step, and each forbidden include (FORBIDDEN: the engine, src/engine/, serves every kind, so
it includes nothing from the kinds, the catalogue, users' code, the commands or the
function folders); exits 1 if there is either."""
import glob
import os
import re
import sys


# folder -> the folders (and their sub-folders) it must not include
FORBIDDEN = {"src/engine": ("src/kinds", "src/catalogue", "src/user", "src/cmd", "functions")}


def folder(p):
    parts = p.split("/")
    if parts[0] == "src" and len(parts) == 2:
        return "src/" + parts[1].split(".")[0]
    if parts[:3] == ["src", "reference", "shared"] and len(parts) > 3:
        return "src/reference/shared"  # what function folders share: a layer above src/reference and src/catalogue
    if parts[0] == "src" and parts[1] == "kinds":
        return "/".join(parts[: 4 if len(parts) > 4 else 3])
    if parts[0] == "src":
        return "/".join(parts[:2])
    return parts[0]


def forbidden_of(edges):
    bad = []
    for (a, b), why in sorted(edges.items()):
        for t in FORBIDDEN.get(a, ()):
            if b == t or b.startswith(t + "/"):
                bad.append("%s -> %s: forbidden (%s)" % (a, b, why))
    return bad


def edges_of(files):
    edges = {}
    for f in files:
        for m in re.finditer(r'#include "([^"]+)"', open(f, errors="ignore").read()):
            t = m.group(1)
            if os.path.exists(t) and folder(f) != folder(t):
                edges.setdefault((folder(f), folder(t)), f + " includes " + t)
    return edges


def cycles_of(edges):
    g = {}
    for a, b in edges:
        g.setdefault(a, set()).add(b)
    found = set()

    def dfs(start, node, path):
        for n in sorted(g.get(node, ())):
            if n == start:
                i = path.index(min(path))  # one rotation per cycle
                found.add(tuple(path[i:] + path[:i]))
            elif n not in path:
                dfs(start, n, path + [n])

    for s in sorted(g):
        dfs(s, s, [s])
    return sorted(found, key=len)


def main():
    os.chdir(sys.argv[1] if len(sys.argv) > 1 else ".")
    files = [f for f in glob.glob("src/**/*", recursive=True) if os.path.isfile(f)]
    edges = edges_of(files)
    cyc = cycles_of(edges)
    for c in cyc:
        ring = list(c) + [c[0]]
        print(" -> ".join(ring))
        for a, b in zip(ring, ring[1:]):
            print("    " + edges[(a, b)])
    bad = forbidden_of(edges)
    for b in bad:
        print(b)
    print("%d folders, %d dependencies between them, %d cycles, %d forbidden includes"
          % (len({a for e in edges for a in e}), len(edges), len(cyc), len(bad)))
    sys.exit(1 if cyc or bad else 0)


if __name__ == "__main__":
    main()
