#!/usr/bin/env python3
"""cycles.py [ROOT]: include cycles between the folders of src/ and kernels/. A folder is
src/<dir> (src/kinds/<kind> for the kinds), a top-level file of src/ on its own, or
kernels/. Prints each cycle with one #include per step and exits 1 if there is one."""
import glob
import os
import re
import sys


def folder(p):
    parts = p.split("/")
    if parts[0] == "src" and len(parts) == 2:
        return "src/" + parts[1].split(".")[0]
    if parts[:3] == ["src", "reference", "shared"] and len(parts) > 3:
        return "src/reference/shared"  # what function folders share: a layer above src/reference and src/catalogue
    if parts[0] == "src":
        return "/".join(parts[:3]) if parts[1] == "kinds" else "/".join(parts[:2])
    return parts[0]


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
    files = [f for f in glob.glob("src/**/*", recursive=True) + glob.glob("kernels/*") if os.path.isfile(f)]
    edges = edges_of(files)
    cyc = cycles_of(edges)
    for c in cyc:
        ring = list(c) + [c[0]]
        print(" -> ".join(ring))
        for a, b in zip(ring, ring[1:]):
            print("    " + edges[(a, b)])
    print("%d folders, %d dependencies between them, %d cycles" % (len({a for e in edges for a in e}), len(edges), len(cyc)))
    sys.exit(1 if cyc else 0)


if __name__ == "__main__":
    main()
