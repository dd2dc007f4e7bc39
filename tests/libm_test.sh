#!/bin/sh
# libm_test.sh: LLVM libc as a second referee (refcheck --against llvm-libc, src/cmd/refcheck_llvm.c)
# on the CPU: every reference it rounds correctly agrees with it, in the four rounding modes, on
# ranges of special points; a planted wrong reference value (--plant, one- and two-argument) is
# found and reported with MPFR's opinion, which sides against it; the options' errors. Skipped
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

# Errors: a reference LLVM libc does not round correctly, another library, a bad mode.
"$U" refcheck --against llvm-libc tgamma --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]
"$U" refcheck --against musl exp --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]
"$U" refcheck --against llvm-libc exp --modes RX --from 0 --to 0 >/dev/null 2>&1
check [ $? -eq 2 ]

echo "libm: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
