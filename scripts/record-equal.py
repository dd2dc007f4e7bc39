#!/usr/bin/env python3
"""record-equal.py A B: whether two arch records (or run results) hold the same statistics,
field for field, for every variant of A (and the same half-precision forms). Metadata (date,
command, device, timing) is not compared. Prints one line per differing variant with the
fields that differ, then a summary; exits 0 when every variant of A is in B with every field
equal, 1 otherwise, 2 on a usage error. Reads plain or gzip JSON."""
import gzip
import json
import sys


def load(path):
    with open(path, "rb") as f:
        magic = f.read(2)
    opener = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rt") as f:
        return json.load(f)


def main():
    if len(sys.argv) != 3:
        print("usage: record-equal.py A B", file=sys.stderr)
        return 2
    a, b = load(sys.argv[1]), load(sys.argv[2])
    ra = {r["variant"]: r for r in a.get("results", [])}
    rb = {r["variant"]: r for r in b.get("results", [])}
    bad = 0
    for v, x in ra.items():
        y = rb.get(v)
        if y is None:
            print(f"MISSING {v}: not in {sys.argv[2]}")
            bad += 1
            continue
        fields = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
        if fields:
            print(f"DIFF {v}: {', '.join(fields[:12])}{' ...' if len(fields) > 12 else ''}")
            bad += 1
    ha, hb = a.get("half", []), b.get("half", [])
    hbad = sum(1 for x, y in zip(ha, hb) if x != y) + abs(len(ha) - len(hb))
    print(f"{len(ra) - bad} of {len(ra)} variants equal field for field; "
          f"{len(ha) - min(hbad, len(ha))} of {len(ha)} half-precision forms equal")
    return 0 if bad == 0 and hbad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
