#!/bin/sh
# libm_test.sh: LLVM libc as a second referee (refcheck --against llvm-libc, src/cmd/refcheck_llvm.c)
# on the CPU: every reference it rounds correctly agrees with it, in the four rounding modes, on
# ranges of special points; a planted wrong reference value (--plant, one- and two-argument) is
# found and reported with MPFR's opinion, which sides against it; the options' errors; the
# selections libm and libm.<reference> and scripts/libm-runs.sh (resumed runs). Skipped
# where the build has no LLVM libc (src/libm/libm.h). Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }
"$U" refcheck --against llvm-libc exp --from 0 --to 0 --backend cpu --quiet >"$T/probe" 2>&1
if [ $? -eq 6 ]; then
  echo "libm: SKIPPED ($(tail -1 "$T/probe"))"
  echo "libm: 0 passed, 0 failed, 1 skipped"
  exit 0
fi

# every count of a refcheck JSON: no reference value wrong, every input checked in every mode
clean() { # FILE MODES
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
modes = sys.argv[2].split()
assert d["kind"] == "refcheck" and d["modes"] == " ".join(modes), (d["kind"], d["modes"])
for r in d["references"]:
    assert r["reference_wrong"] == 0, (r["reference"], r["list"][:3])
    assert sorted(r["mismatches"]) == sorted(modes), r["mismatches"]
    n = r["decided"].get("shortcut", 0) + r["decided"].get("table", 0) + r["decided"].get("fast_reference", 0) \
        + r["decided"]["mpfr"] + r["nan_inputs"]
    assert n == r["inputs"] and r["inputs"] > 0, (r["reference"], n, r["inputs"])
PY
}

# Every reference LLVM libc rounds correctly, all four modes, on the special points: +-0 and
# the smallest subnormals, +-2^-126 (the subnormals' top), +-1, the largest finite numbers
# with the infinities and the first NaNs (the two-argument ones each against its partners).
for rg in "0x00000000 0x0000003f" "0x80000000 0x8000003f" "0x007fffe0 0x0080001f" "0x807fffe0 0x8080001f" \
  "0x3f7fffe0 0x3f80001f" "0xbf7fffe0 0xbf80001f" "0x7f7fffe0 0x7f80001f" "0xff7fffe0 0xff80001f"; do
  set -- $rg
  "$U" refcheck --against llvm-libc --backend cpu --threads 2 --from $1 --to $2 --quiet --json "$T/r.json" >"$T/r.txt"
  check [ $? -eq 0 ]
  check clean "$T/r.json" "RN RZ RU RD"
done
# ... and inside the functions' domains, where the tables and MPFR decide (RN only)
"$U" refcheck --against llvm-libc --backend cpu --threads 2 --from 0x3f000000 --to 0x3f000fff --modes RN --quiet \
  --json "$T/r.json" >"$T/r.txt"
check [ $? -eq 0 ]
check clean "$T/r.json" "RN"

# The mutant: a wrong reference value planted at x is found in every mode and reported with
# MPFR's opinion, which is LLVM libc's result; the planted value is the binary32 number above
# the correct RN result (--plant), so in RN it is MPFR's plus one ulp (x > 0, result in (0, 1)).
planted() { # FILE X REF
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
x, name = sys.argv[2], sys.argv[3]
r = [r for r in d["references"] if r["reference"] == name][0]
hits = [m for m in r["list"] if m["x"] == x]
assert hits and all(m["x"] == x for m in r["list"]), r["list"][:3]
assert r["reference_wrong"] == len(r["list"]) and r["library_wrong"] == 0
assert 0 < r["check_seconds"] <= r["seconds"], (r["check_seconds"], r["seconds"])
nan = lambda v: (int(v, 16) & 0x7fffffff) > 0x7f800000
same = lambda a, b: a == b or (nan(a) and nan(b))
for m in hits:
    assert m["wrong"] == "reference" and same(m["mpfr"], m["library"]) and not same(m["mpfr"], m["reference"]), m
rn = [m for m in hits if m["mode"] == "RN" and m.get("partner", "0x3f800000") == "0x3f800000"][0]
assert int(rn["reference"], 16) == int(rn["mpfr"], 16) + 1, rn
PY
}
"$U" refcheck --against llvm-libc sin --backend cpu --threads 2 --from 0x3f000000 --to 0x3f0000ff \
  --plant 0x3f000080 --quiet --json "$T/m.json" >"$T/m.txt"
check [ $? -eq 1 ]
check planted "$T/m.json" 0x3f000080 sin
check grep -q '^MISMATCH sin RN x=0x3f000080 .*MPFR .*: the reference is wrong$' "$T/m.txt"
# pow(x, 1) = x: the partner 1 of x = 0x3f000080 gives the planted value's RN check above
"$U" refcheck --against llvm-libc pow --backend cpu --threads 2 --from 0x3f000070 --to 0x3f00008f \
  --plant 0x3f000080 --quiet --json "$T/m2.json" >"$T/m2.txt"
check [ $? -eq 1 ]
check planted "$T/m2.json" 0x3f000080 pow

# SIGINT keeps the part checked (whole batches of 2^24 pairs); --resume goes on from it to
# the uninterrupted check's counts, lists and coverage, the seconds added up.
R="refcheck --against llvm-libc hypot --backend cpu --threads 2 --from 0x3f000000 --to 0x3f3fffff --quiet"
"$U" $R --json "$T/rw.json" >/dev/null
timeout -s INT 1.5 "$U" $R --json "$T/rp.json" >/dev/null 2>&1
check [ -s "$T/rp.json" ]
"$U" $R --json "$T/rr.json" --resume "$T/rp.json" >/dev/null
check [ $? -eq 0 ]
check python3 - "$T/rw.json" "$T/rp.json" "$T/rr.json" <<'PY'
import json, sys
w, p, r = (json.load(open(f))["references"][0] for f in sys.argv[1:4])
keys = ("inputs", "nan_inputs", "decided", "mismatches", "reference_wrong", "library_wrong", "list", "covered")
assert w["complete"] and r["complete"] and [w[k] for k in keys] == [r[k] for k in keys]
assert p["inputs"] <= r["inputs"] and p["seconds"] <= r["seconds"] and p["check_seconds"] <= r["check_seconds"]
if not p["complete"]:
    print("refcheck resumed from", p["covered"])
PY

# run libm / libm.<reference>: every library's variant of each function (glibc's <fn>.host
# first), each reference's variants together; what the catalogue list says of them decides
# the expected selection, and each variant's statistics equal those of its run alone.
"$U" list >"$T/list.txt"
"$U" run libm --backend cpu --threads 2 --from 0x3f800000 --to 0x3f80000f --quiet --json "$T/all.json" >/dev/null
check [ $? -eq 0 ]
selection() { # LIST JSON
  python3 - "$1" "$2" <<'PY'
import json, sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1] not in (" ", "v") and l.strip()]
lib = [r for r in rows if r[1].startswith("libm.")]
names = {r[0] for r in rows}
want = {r[0] for r in lib} | {r[0].split(".")[0] + ".host" for r in lib if r[0].split(".")[0] + ".host" in names}
got = [r["variant"] for r in json.load(open(sys.argv[2]))["results"]]
assert len(got) == len(set(got)) and set(got) == want, sorted(set(got) ^ want)
refs = [r["reference"] for r in json.load(open(sys.argv[2]))["results"]]
assert all(refs.index(x) == i or refs[i - 1] == x for i, x in enumerate(refs)), refs  # contiguous
for i, v in enumerate(got):  # glibc's first where it has the function
    if v.endswith(".host"):
        assert i == 0 or refs[i - 1] != refs[i], (v, got[i - 1])
PY
}
check selection "$T/list.txt" "$T/all.json"
"$U" run libm.sin --backend cpu --threads 2 --from 0x3f000000 --to 0x3f0003ff --quiet --json "$T/sin.json" >/dev/null
check [ $? -eq 0 ]
for v in $(awk '$4 == "sin" && ($2 ~ /^libm\./ || $1 == "sinf.host") {print $1}' "$T/list.txt"); do
  "$U" run "$v" --backend cpu --threads 1 --from 0x3f000000 --to 0x3f0003ff --quiet --json "$T/one.json" >/dev/null
  check python3 -c 'import json, sys
a = [r for r in json.load(open(sys.argv[1]))["results"] if r["variant"] == sys.argv[3]]
b = json.load(open(sys.argv[2]))["results"]
assert len(a) == 1 and [a[0]] == b, sys.argv[3]' "$T/sin.json" "$T/one.json" "$v"
done
"$U" run libm.nosuch --backend cpu --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]
# libm.<two-argument function>: only where a library beside glibc has it (not division)
"$U" run libm.divide --backend cpu --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]

# scripts/libm-runs.sh: one result per function; a run cut short by BUDGET_S is resumed by the
# next call and then equals an uninterrupted run; a complete one is skipped. (The budget
# counts whole seconds from the script's start: 2 leaves a run at least 1 s, and with one
# thread each run below needs several.)
export ULPCERT="$U"
BUDGET_S=2 BACKEND=cpu THREADS=1 FROM=0x3f000000 TO=0x40ffffff sh scripts/libm-runs.sh "$T/lr" exp >"$T/lr1.txt" 2>&1
check [ $? -eq 1 ]
check grep -q '^exp: exit [0-9]*, not complete' "$T/lr1.txt"
BACKEND=cpu THREADS=2 FROM=0x3f000000 TO=0x40ffffff sh scripts/libm-runs.sh "$T/lr" exp cbrt >"$T/lr2.txt" 2>&1
check [ $? -eq 0 ]
check grep -q '^exp: exit 0, complete, .*(resumed)$' "$T/lr2.txt"
BACKEND=cpu FROM=0x3f000000 TO=0x40ffffff sh scripts/libm-runs.sh "$T/lr" exp cbrt >"$T/lr3.txt" 2>&1
check [ $? -eq 0 ]
check [ "$(grep -c ': complete (' "$T/lr3.txt")" -eq 2 ]
"$U" run libm.exp --backend cpu --threads 2 --from 0x3f000000 --to 0x40ffffff --quiet --json "$T/direct.json.gz" >/dev/null
check python3 -c 'import gzip, json, sys
a, b = (json.load(gzip.open(f)) for f in sys.argv[1:])
assert a["complete"] and a["covered"] == b["covered"] and a["results"] == b["results"]' "$T/lr/exp-libm.json.gz" \
  "$T/direct.json.gz"
# ... and a two-argument function named: its libraries' variants over every x against its
# partners, cut short and resumed, then equal to one uninterrupted run of the four.
BUDGET_S=2 BACKEND=cpu THREADS=1 FROM=0x3f800000 TO=0x3f8fffff sh scripts/libm-runs.sh "$T/lp" fmod >"$T/lp1.txt" 2>&1
check [ $? -eq 1 ]
check grep -q '^fmod: exit [0-9]*, not complete' "$T/lp1.txt"
BACKEND=cpu THREADS=2 FROM=0x3f800000 TO=0x3f8fffff sh scripts/libm-runs.sh "$T/lp" fmod >"$T/lp2.txt" 2>&1
check [ $? -eq 0 ]
check grep -q '^fmod: exit 0, complete, .*(resumed)$' "$T/lp2.txt"
"$U" run fmodf.host fmodf.llvm fmodf.musl fmodf.sleef --backend cpu --threads 2 --from 0x3f800000 --to 0x3f8fffff --quiet \
  --json "$T/directp.json.gz" >/dev/null
check python3 -c 'import gzip, json, sys
a, b = (json.load(gzip.open(f)) for f in sys.argv[1:])
assert a["complete"] and a["covered"] == b["covered"] and a["results"] == b["results"]
assert [r["variant"] for r in a["results"]] == ["fmodf.host", "fmodf.llvm", "fmodf.musl", "fmodf.sleef"]' \
  "$T/lp/fmod-libm-pairs.json.gz" "$T/directp.json.gz"

# Errors: a reference LLVM libc does not round correctly, another library, a bad mode.
"$U" refcheck --against llvm-libc tgamma --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]
"$U" refcheck --against musl exp --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]
"$U" refcheck --against llvm-libc exp --modes RX --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]

echo "libm: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
