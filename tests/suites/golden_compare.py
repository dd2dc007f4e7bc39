#!/usr/bin/env python3
"""golden_compare.py OLD NEW: compare two result JSON files (plain or gzip) field for
field, leaving out what describes the run rather than its result. Prints the first
differences and exits 1 if there are any."""
import gzip
import json
import sys

RUN_FIELDS = {"date", "timing", "command", "version", "build", "format", "tool", "kind"}
# The machine that ran it: of a CPU run, the processor's model name, which differs from one
# machine to the next (the golden files come from an AMD EPYC, CI may run on an Intel
# Xeon); its kind and thread count are compared.
RUN_DEVICE_FIELDS = {"name", "libc"}
# Fields that result files gained after the golden files were written, with the value that
# says "nothing of the kind happened" (undecidable inputs exist only for expression
# references): left out where they hold it, compared where they do not.
ADDED_NEUTRAL = {"undecidable": 0, "undecidable_first": []}
# Lists that result files gained after the golden files were written, of inputs the old
# files only counted (the first inputs of non-finite outputs, counted in "nonfinite"): a
# golden file without one has nothing to compare it with, so it is left out of the new file
# there; tests/suites/hostile_test.sh checks the list against the inputs it plants.
ADDED_LISTS = {"nonfinite_first"}


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data)


def normal(doc):
    doc = {k: v for k, v in doc.items() if k not in RUN_FIELDS}
    if isinstance(doc.get("device"), dict) and doc["device"].get("kind") == "cpu":
        doc["device"] = {k: v for k, v in doc["device"].items() if k not in RUN_DEVICE_FIELDS}
    res = []
    for r in doc.get("results", []):
        r = dict(r)
        if "name" in r and "variant" not in r:  # float-float results before format 2
            r["variant"] = r.pop("name")
        for k, v in ADDED_NEUTRAL.items():
            if k in r and r[k] == v:
                del r[k]
        res.append(r)
    doc["results"] = res
    return doc


def diff(a, b, path, out):
    if len(out) >= 10:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'old' if k in a else 'new'}")
            else:
                diff(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} entries, now {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out)
    elif a != b or type(a) is not type(b):
        out.append(f"{path}: {a!r} -> {b!r}")


def main():
    out = []
    old, new = normal(load(sys.argv[1])), normal(load(sys.argv[2]))
    for a, b in zip(old["results"], new["results"]):
        for k in ADDED_LISTS:
            if k not in a:
                b.pop(k, None)
    diff(old, new, "", out)
    for line in out:
        print("    " + line)
    sys.exit(1 if out else 0)


if __name__ == "__main__":
    main()
