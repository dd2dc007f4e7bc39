#!/usr/bin/env python3
"""record-equal.py A B: whether two arch records (or run results) hold the same statistics,
field for field, for every variant of A (and the same half-precision forms). An arch
record holds one part per kind (binary32 at the top, the others under their kind's name:
pair, float-float, h16, ...): every part of A is compared with B's. Metadata (date,
command, device, timing, a variant's seconds) is not compared. Prints one line per differing variant with the
fields that differ, one line per part, then a summary; exits 0 when every variant of every
part of A is in B with every field equal, 1 otherwise, 2 on a usage error. Reads plain or
gzip JSON."""
import gzip
import json
import sys


def load(path):
    with open(path, "rb") as f:
        magic = f.read(2)
    opener = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rt") as f:
        return json.load(f)


# parts whose kind has been renamed: the name in older records -> the name now
RENAMED = {"h16arith": "arith16"}


def parts(doc):
    """The parts of a record: the document itself (when it holds results), every
    top-level object that is a result document of its own (float-float), each sweep of
    one with sweeps (pair: the swept operand x, then y), and every top-level list of
    variants (convert, h16, arith16; "h16arith", its name in records made before, is
    read as arith16)."""
    out = {}
    if "results" in doc:
        out[doc.get("kind", "binary32")] = doc
    for k, v in doc.items():
        if isinstance(v, dict) and "results" in v:
            out[k] = v
        elif isinstance(v, dict) and isinstance(v.get("sweeps"), list):
            for i, sw in enumerate(v["sweeps"]):
                out[f"{k} sweep {i}"] = sw
        elif k not in ("results", "half") and isinstance(v, list) and v and all(
                isinstance(e, dict) and "variant" in e for e in v):
            out[RENAMED.get(k, k)] = {"results": v}
    return out


# per-variant fields that are times, not results
TIMES = {"seconds"}
# lists that result files gained after earlier records were written (the first inputs of the
# non-finite outputs that "nonfinite" counts): compared where both files hold one; a record
# without one (written before it existed) has nothing to compare it with
ADDED_LISTS = {"nonfinite_first"}


def compare_part(name, a, b, path_b):
    ra = {r["variant"]: r for r in a.get("results", [])}
    rb = {r["variant"]: r for r in b.get("results", [])}
    bad = 0
    for v, x in ra.items():
        y = rb.get(v)
        if y is None:
            print(f"MISSING {name} {v}: not in {path_b}")
            bad += 1
            continue
        fields = sorted(k for k in set(x) | set(y) if k not in TIMES and x.get(k) != y.get(k)
                        and not (k in ADDED_LISTS and (k not in x or k not in y)))
        if fields:
            print(f"DIFF {name} {v}: {', '.join(fields[:12])}{' ...' if len(fields) > 12 else ''}")
            bad += 1
    ha, hb = a.get("half", []), b.get("half", [])
    hbad = sum(1 for x, y in zip(ha, hb) if x != y) + abs(len(ha) - len(hb))
    return len(ra), bad, len(ha), min(hbad, len(ha)) if ha else hbad


def main():
    if len(sys.argv) != 3:
        print("usage: record-equal.py A B", file=sys.stderr)
        return 2
    a, b = load(sys.argv[1]), load(sys.argv[2])
    pa, pb = parts(a), parts(b)
    nv = nbad = nh = nhbad = 0
    for name, part in pa.items():
        other = pb.get(name)
        if other is None:
            print(f"MISSING part {name}: not in {sys.argv[2]}")
            n = len(part.get("results", []))
            nv, nbad = nv + n, nbad + n
            continue
        n, bad, h, hbad = compare_part(name, part, other, sys.argv[2])
        if len(pa) > 1:
            print(f"part {name}: {n - bad} of {n} variants equal")
        nv, nbad, nh, nhbad = nv + n, nbad + bad, nh + h, nhbad + hbad
    print(f"{nv - nbad} of {nv} variants equal field for field; "
          f"{nh - min(nhbad, nh)} of {nh} half-precision forms equal")
    return 0 if nbad == 0 and nhbad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
