#!/usr/bin/env python3
"""cycles.py [ROOT]: include cycles between the folders of the tree, and includes the
layering forbids. A folder is src/<dir> (src/kinds/<kind> for the kinds, src/kinds/<kind>/<sub>
for a kind's sub-folder), a top-level file of src/ on its own, reference/<dir> (reference/ for
its top-level files), kernels/, and, for the catalogue, functions/ and conversions/ (their tests,
test_*.c, are left out: a test may include anything). Prints each cycle with one #include per
step, and each forbidden include (FORBIDDEN):
  - reference/, the trusted base, includes nothing of src/, kernels/ or the catalogue: it can
    be read and audited alone;
  - kernels/, the device engine every kind shares, includes only reference/ and itself;
  - the catalogue (functions/, conversions/) includes reference/ and kernels/, never src/;
  - the engine, src/engine/, serves every kind, so it includes nothing from the kinds, the
    catalogue, users' code or the commands.
Also, within each folder, circles between its source files (.c, .cu): file a calls a
function that file b defines (not static) and b, through any number of files, calls one of
a's; such a circle is broken by moving what both use into a file of its own with its small
header. Prints each file circle with the function called at each step.
Exits 1 if there is a cycle, a forbidden include or a file circle."""
import glob
import os
import re
import sys


# folder -> the folders (and their sub-folders) it must not include
FORBIDDEN = {
    "src/engine": ("src/kinds", "src/catalogue", "src/user", "src/cmd", "functions", "conversions"),
    "reference": ("src", "kernels", "functions", "conversions"),
    "kernels": ("src", "functions", "conversions"),
    "functions": ("src",),
    "conversions": ("src",),
}
TOP = ("src", "reference", "kernels", "functions", "conversions")


def folder(p):
    parts = p.split("/")
    if parts[0] == "src" and len(parts) == 2:
        return "src/" + parts[1].split(".")[0]
    if parts[0] == "src" and parts[1] == "kinds":
        return "/".join(parts[: 4 if len(parts) > 4 else 3])
    if parts[0] in ("src", "reference") and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0]


def rule_of(f):
    """The FORBIDDEN entry that governs folder f (reference/expr: reference's)."""
    for k in FORBIDDEN:
        if f == k or f.startswith(k + "/"):
            return FORBIDDEN[k]
    return ()


def forbidden_of(edges):
    bad = []
    for (a, b), why in sorted(edges.items()):
        for t in rule_of(a):
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


# a function definition at the start of a line (not static): its name
DEFN = re.compile(r'^(?!static\b|typedef\b|struct\b[^(]*;)[A-Za-z_][\w \t\*]*?[ \t\*]([A-Za-z_]\w*)[ \t]*\([^;{]*\)[ \t\n]*\{',
                  re.M)
CALL = re.compile(r'\b([A-Za-z_]\w*)[ \t]*\(')
NOT_FN = {"if", "for", "while", "switch", "return", "sizeof"}


def code_of(f):
    """f's text without comments and string literals (line breaks kept)."""
    s = open(f, errors="ignore").read()
    s = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), s, flags=re.S)
    s = re.sub(r'//[^\n]*', '', s)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', s)


def file_edges(files):
    """(a, b) -> the first function of b that a calls, for the source files a != b of one
    folder."""
    code = {f: code_of(f) for f in files}
    defs = {}
    for f, s in code.items():
        for m in DEFN.finditer(s):
            if m.group(1) not in NOT_FN:
                defs.setdefault(m.group(1), set()).add(f)
    edges = {}
    for f, s in code.items():
        for m in CALL.finditer(s):
            for b in defs.get(m.group(1), ()):
                if b != f and folder(b) == folder(f):
                    edges.setdefault((f, b), m.group(1))
    return edges


def main():
    os.chdir(sys.argv[1] if len(sys.argv) > 1 else ".")
    files = [f for t in TOP for f in glob.glob(t + "/**/*", recursive=True)
             if os.path.isfile(f) and f.endswith((".c", ".h", ".cu", ".cuh", ".def"))
             and not os.path.basename(f).startswith("test_")]
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
    srcs = [f for t in TOP for f in glob.glob(t + "/**/*", recursive=True)
            if os.path.isfile(f) and f.endswith((".c", ".cu")) and not os.path.basename(f).startswith("test_")]
    fe = file_edges(srcs)
    fcyc = cycles_of(fe)
    for c in fcyc:
        ring = list(c) + [c[0]]
        print("file circle: " + " -> ".join(ring))
        for a, b in zip(ring, ring[1:]):
            print("    %s calls %s of %s" % (a, fe[(a, b)], b))
    print("%d folders, %d dependencies between them, %d cycles, %d forbidden includes; "
          "%d source files, %d calls between files of a folder, %d file circles"
          % (len({a for e in edges for a in e}), len(edges), len(cyc), len(bad), len(srcs), len(fe), len(fcyc)))
    sys.exit(1 if cyc or bad or fcyc else 0)


if __name__ == "__main__":
    main()
