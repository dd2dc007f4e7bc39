#!/bin/sh
# newcomer_test.sh: what a person trying the tool for the first time meets (issue 46), each
# checked: misspelt names get a suggestion; report and arch record write under build/ of the
# current folder by default, never over a repository's committed reports/; a CUDA C source on
# the CPU backend gets one clear message and exit status 3; counts in the reports' text have
# separators and documented bounds that are powers of two read as such; host-only variants of
# a GPU run are labelled with the CPU, not the GPU; every id of an HTML page is unique; the
# README says how to call `ulpcert` as its examples do. Needs $ULPCERT and python3; seconds.
set -u
U=${ULPCERT:-build/ulpcert}
case $U in /*) ;; *) U="$PWD/$U" ;; esac
R=$PWD
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect CODE PATTERN -- ARGS...: exit code CODE and PATTERN (grep -E) in stderr+stdout
expect() {
  code=$1 pat=$2
  shift 3
  "$U" "$@" >"$T/out" 2>&1
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -Eq -- "$pat" "$T/out"; then ok
  else ko "ulpcert $* -> exit $rc (want $code, /$pat/):"; sed 's/^/    /' "$T/out" | head -5; fi
}

echo "newcomer: suggestions for misspelt names"
# 'tahn' is one edit from 'tanh' (two letters swapped) and from 'tan' (one dropped); 'sinn'
# one from 'sin' and 'sinh'; 'tanhf.cdua' one swap from 'tanhf.cuda'; 'xyzzy' near nothing
expect 2 "unknown variant or family 'tahn': did you mean 'tan' or 'tanh'\?" -- run tahn
expect 2 "did you mean 'tanhf.cuda'\?" -- run tanhf.cdua
expect 2 "did you mean 'sin' or 'sinh'\?" -- run sinn
expect 2 "unknown variant or family 'tahn': did you mean 'tan' or 'tanh'\?" -- bench tahn
expect 2 "unknown variant or family 'xyzzy' \(see 'ulpcert list'; families: acos" -- run xyzzy
if ! grep -q "did you mean" "$T/out"; then ok; else ko "a suggestion for 'xyzzy'"; fi
printf 'float f(float x) { return x; }\n' >"$T/f.c"
expect 2 "unknown reference 'tahn': did you mean 'tan' or 'tanh'\?" -- run --source "$T/f.c" --function f --ref tahn --backend cpu

# a range of negative values written from the higher to the lower: its bounds as typed
# (-1.0 = -0x1p+0, -2.0 = -0x1p+1), not swapped into bit-pattern order
expect 2 "empty range: --from -0x1p\+0 is above --to -0x1p\+1 \(write the lower value first: --from -0x1p\+1 --to -0x1p\+0\)" -- \
  run tanhf.host --backend cpu --from -1.0 --to -2.0
# ends that hold no binary32 value between them, said as such: both beyond FLT_MAX
# (3.4028235e38 = 0x1.fffffep+127, every value above it rounds to infinity), or both between
# the neighbours 1 and 1 + 2^-23 (1.00000001 and 1.00000002 are both below 1.0000001192...)
expect 2 "--from 1e40 and --to 2e40 both lie beyond binary32's largest finite value \(0x1.fffffep\+127" -- \
  run tanhf.host --backend cpu --from 1e40 --to 2e40
expect 2 "--from -2e40 and --to -1e40 both lie beyond binary32's largest finite value \(-0x1.fffffep\+127" -- \
  run tanhf.host --backend cpu --from -2e40 --to -1e40
# a record of several kinds (a part of an arch record) given to report: said what it is
expect 2 "an arch record of several kinds \(kind 'arch'\): .ulpcert arch compare. reads it" -- \
  report "$R/reports/arch/sm90-NVIDIA-H100-80GB-HBM3.pair.json.gz" --out "$T/rp"
# one end a value, the other a bit pattern: what the bit patterns hold past the infinity is said,
# and a value beyond binary32's range as what it rounds to (the range itself as given)
expect 0 "--from 1e40 lies beyond binary32's largest finite value: rounded upward it is \+inf \(0x7f800000\)" -- \
  run tanhf.host --backend cpu --from 1e40 --to 0x7f800003
expect 0 "--from 1e40 with --to 0x7f800003: the range is of bit patterns, 0x7f800000..0x7f800003: after \+inf come the NaNs \(to end at \+inf: --to inf\)" -- \
  run tanhf.host --backend cpu --from 1e40 --to 0x7f800003
expect 0 "after -inf come the negative NaNs \(to end at -inf: --to -inf\)" -- \
  run tanhf.host --backend cpu --from -0x1.fffffep127 --to 0xff800002
expect 2 "no binary32 value lies between --from 1.00000001 and --to 1.00000002: both fall between the neighbours 0x1p\+0 and 0x1.000002p\+0" -- \
  run tanhf.host --backend cpu --from 1.00000001 --to 1.00000002
# a cache folder named by --cache that cannot hold the cache is said at once (exit 4), not
# a cache never written; a missing one is created with its parents
expect 4 "--cache: cannot create the cache folder /proc/nope: No such file or directory" -- \
  run tanhf.host --backend cpu --from 1.0 --to 1.001 --quiet --cache /proc/nope
: >"$T/plainfile"
expect 4 "--cache: the cache folder $T/plainfile is not a folder" -- \
  run tanhf.host --backend cpu --from 1.0 --to 1.001 --quiet --cache "$T/plainfile"
expect 0 "tanhf.host" -- run tanhf.host --backend cpu --from 1.0 --to 1.001 --quiet --cache "$T/new/cache/dir"
if [ -d "$T/new/cache/dir" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: --cache did not create $T/new/cache/dir"; fi

echo "newcomer: default outputs under build/ of the current folder"
"$U" run tanhf.host --backend cpu --from 0x3e800000 --to 0x3e8fffff --no-cache --quiet --json "$T/r.json" >/dev/null 2>&1
mkdir -p "$T/clone/reports" && echo "committed" >"$T/clone/reports/ACCURACY.md"
(cd "$T/clone" && "$U" report "$T/r.json" --quiet) >"$T/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -s "$T/clone/build/reports/ACCURACY.md" ] && [ -s "$T/clone/build/reports/html/index.html" ] &&
  [ "$(cat "$T/clone/reports/ACCURACY.md")" = committed ] && [ "$(ls "$T/clone/reports")" = ACCURACY.md ]; then ok
else ko "report without --out: exit $rc, wrote $(cd "$T/clone" && find . -type f | head -5 | tr '\n' ' ')"; fi
(cd "$T/clone" && "$U" arch record --backend cpu --kinds binary32 --from 0x3f800000 --to 0x3f80000f --no-cache --quiet) >"$T/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -s "$T/clone/build/arch/cpu.json" ] && [ ! -e "$T/clone/reports/arch" ] &&
  grep -q "record written to build/arch/cpu.json" "$T/out"; then ok
else ko "arch record without --out: exit $rc"; head -3 "$T/out"; fi
"$U" report --help >"$T/out" 2>&1
if grep -q "default build/reports" "$T/out"; then ok; else ko "report --help names the default folder"; fi

echo "newcomer: a CUDA C source on the CPU backend"
printf '__device__ float g(float x) {\n  return 1.0f / (1.0f + __expf(-x));\n}\n' >"$T/g.cu"
printf '// maxulperr = 2, ref = sigmoid\n__device__ float g(float x) {\n  return 1.0f / (1.0f + __expf(-x));\n}\n' >"$T/gc.cu"
for cmd in "run --source $T/g.cu --function g --ref sigmoid" "certify $T/gc.cu"; do
  # shellcheck disable=SC2086
  "$U" $cmd --backend cpu --from 1.0 --to 2.0 >"$T/out" 2>&1
  rc=$?
  if [ $rc -eq 3 ] && [ "$(grep -c "error" "$T/out")" -eq 1 ] &&
    grep -q "is CUDA C beyond C (__device__, intrinsics), which runs on the GPU backend only" "$T/out" &&
    ! grep -q "expected\|implicit declaration" "$T/out"; then ok
  else ko "ulpcert $cmd --backend cpu: exit $rc (want 3, one message):"; head -4 "$T/out"; fi
done

# a .cu file that keeps to C is built by the host compiler for the CPU backend (bench
# --expressions writes its kernels so): on [0, 1e-10] the identity is within 1 ulp of tanh
printf 'float h(float x) { return x; }\n' >"$T/h.cu"
expect 0 "h.cu:h" -- run --source "$T/h.cu" --function h --ref tanh --backend cpu --from 0 --to 1e-10 --bound 1 --quiet

echo "newcomer: numbers and labels in the reports"
# The run above as a GPU run's result (a file a GPU machine writes: backend gpu, the GPU's
# name): tanhf.host has host code only, so it ran on that machine's CPU; with the documented
# bounds of the CUDA guide's __cosf (absolute 2^-21.19) and of tanh.approx (relative 2^-11)
# set on it, the report writes them as powers of two, and every count of the row with
# separators (Python's own grouping of the file's counts).
python3 - "$T/r.json" "$T/g.json" <<'EOF' >"$T/want" || ko "making the GPU-run result"
import json, sys
d = json.load(open(sys.argv[1]))
d["backend"] = "gpu"
d["device"] = {"kind": "gpu", "name": "NVIDIA Test GPU", "compute_capability": "9.0", "driver": "580.0",
               "driver_cuda": "13.0", "toolkit": "13.0", "sm_count": 1, "devices": 1}
v = d["results"][0]
v["documented"].update(max_rel="%.17g" % 2**-11, max_abs="%.16g" % 2**-21.19, kind="documented", source="a test")
json.dump(d, open(sys.argv[2], "w"))
print("{:,}|{:,}".format(v["above_1ulp"], v["inputs"]))
EOF
"$U" report "$T/g.json" --out "$T/rep" --quiet >"$T/out" 2>&1
above=$(cut -d'|' -f1 "$T/want") inputs=$(cut -d'|' -f2 "$T/want")
row=$(grep "^| tanhf.host |" "$T/rep/ACCURACY.md" | head -1)
case $row in
  *"| host CPU (of the NVIDIA Test GPU machine) |"*"| $above | 0 | 0 |"*"2^-11 rel, 2^-21.19 abs (a test)"*) ok ;;
  *) ko "the host row of a GPU run: $row (want 'host CPU (of the NVIDIA Test GPU machine)', '$above', '2^-11 rel, 2^-21.19 abs')" ;;
esac
if ! grep -q "tanhf.host | NVIDIA Test GPU" "$T/rep/ACCURACY.md"; then ok; else ko "a host row labelled with the GPU"; fi
if grep -rq -- "- $inputs inputs:" "$T/rep/html/"*.html 2>/dev/null || grep -q -- "$inputs inputs" "$T/rep/html/"*.html; then ok
else ko "the input count with separators ($inputs) in the family page"; fi
# the CSV keeps plain digits
if grep -q ",1048576,.*,$(echo "$above" | tr -d ,)," "$T/rep/accuracy.csv"; then ok; else ko "accuracy.csv's plain counts"; fi

echo "newcomer: unique ids in every HTML page"
# the 16-bit functions and the 16-bit arithmetic each have a 'binary16 (__half)' heading
"$U" report "$R/reports/results/h16-h100.json.gz" "$R/reports/results/arith16-h100.json.gz" --out "$T/r16" --quiet >"$T/out" 2>&1 || { echo "report of the 16-bit results: exit $?"; head -3 "$T/out"; }
if python3 - "$T/r16/html" "$T/rep/html" <<'EOF'; then ok; else ko "duplicate ids"; fi
import collections, glob, re, sys
bad = 0
for d in sys.argv[1:]:
    pages = glob.glob(d + "/*.html")
    if not pages:
        print("no pages in", d); bad += 1
    for p in pages:
        c = collections.Counter(re.findall(r'\sid="([^"]*)"', open(p).read()))
        dup = [k for k, n in c.items() if n > 1]
        if dup:
            print(p, dup[:5]); bad += 1
sys.exit(1 if bad else 0)
EOF
n=$(grep -c 'id="binary16-__half' "$T/r16/html/index.html")
if [ "$n" -eq 2 ] && grep -q 'id="binary16-__half-2"' "$T/r16/html/index.html"; then ok; else ko "the second binary16 heading's id ($n)"; fi

echo "newcomer: the README's examples call ulpcert: the README says how"
line=$(grep -m1 '^export PATH="\$PWD/build:\$PATH"' "$R/README.md")
if [ -n "$line" ] && (cd "$R" && eval "$line" && case ":$PATH:" in *":$R/build:"*) true ;; *) false ;; esac); then ok
else ko "README: no 'export PATH=\"\$PWD/build:\$PATH\"' that finds build/ulpcert"; fi

echo "newcomer: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
