#!/bin/sh
# cli_test.sh: every bad command line gets its message and exit code; --help works
# everywhere; the JSON is complete and written atomically. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
# CLI_PART: quick (make test: every command, small ranges), slow (make test-slow: the
# IEEE sweeps, the arch records of 2^20 inputs with their planted differences, merges and
# reuse, bench --multi-gpu) or all (the default: the whole file)
PART=${CLI_PART:-all}
quick() { [ "$PART" != slow ]; }
slow() { [ "$PART" != quick ]; }
is_gz() { [ "$(head -c 2 "$1" | od -An -tx1 | tr -d ' ')" = 1f8b ] && gzip -t "$1"; }
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# expect CODE PATTERN -- ARGS...: exit code CODE and PATTERN (grep -E) in stderr+stdout
expect() {
  code=$1 pat=$2
  shift 3
  "$U" "$@" >"$T/out" 2>&1
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -Eq -- "$pat" "$T/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: ulpcert $* -> exit $rc (want $code), output:"
    sed 's/^/    /' "$T/out" | head -5
  fi
}

if quick; then
expect 2 "usage: ulpcert COMMAND" --
expect 0 "usage: ulpcert COMMAND" -- --help
expect 0 "MPFR" -- --version
expect 2 "unknown command 'frobnicate'" -- frobnicate
expect 0 "usage: ulpcert list" -- list --help
expect 0 "usage: ulpcert run" -- run --help
expect 0 "usage: ulpcert bench" -- bench --help
expect 0 "usage: ulpcert refcheck" -- refcheck --help
expect 2 "list takes at most one pattern" -- list tanh extra
expect 2 "no variant matches 'extra'" -- list extra
expect 0 "tanh.minimax" -- list
expect 2 "needs at least one variant" -- run
expect 2 "unknown variant or family 'tanh.nope'" -- run tanh.nope
expect 2 "--from: '0xg' is not a 32-bit" -- run tanhf.host --from 0xg
expect 2 "--to: '0x100000000' is not a 32-bit" -- run tanhf.host --to 0x100000000
expect 2 "--from: '-1' is ambiguous: write a value with a point \(-1.0\)" -- run tanhf.host --from -1
expect 2 "empty range" -- run tanhf.host --from 0x10 --to 0x0f
expect 2 "--threads: '0' is not" -- run tanhf.host --threads 0
expect 2 "--threads: 'many' is not" -- run tanhf.host --threads many
expect 2 "--chunk: '1000' is not a power of two" -- run tanhf.host --chunk 1000
expect 2 "--backend must be gpu or cpu" -- run tanhf.host --backend tpu
expect 2 "option '--bogus' is unknown" -- run tanhf.host --bogus
expect 2 "option '--json' needs a value" -- run tanhf.host --json
expect 2 "has nothing the cpu backend can run" -- run tanh.approx --backend cpu
expect 2 "unknown reference 'sech' \(known: .*tanh" -- refcheck sech
expect 4 "cannot write /nonexistent-dir/r.json" -- run tanhf.host --backend cpu --from 0 --to 0xff --json /nonexistent-dir/r.json --quiet
if ! "$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache >/dev/null 2>&1; then
  expect 3 "--backend gpu: " -- run tanh.approx --backend gpu --from 0 --to 0
  expect 3 "half-precision variants need a GPU" -- run half
fi
expect 2 "no CPU backend" -- run tanh.approx.f16 --backend cpu
expect 2 "run in separate commands" -- run tanh.approx.f16 tanh
expect 2 "do not apply to half-precision" -- run half --shard 0/2
expect 0 "ex2.approx.ftz.bf16 +bfloat16 +documented rel 7.8125e-3" -- list

# a good run: JSON complete, no temporary file left behind
"$U" run tanh --backend cpu --from 0x3f800000 --to 0x3f80ffff --json "$T/r.json" --quiet --no-cache >"$T/table" 2>&1
rc=$?
if [ $rc -eq 0 ] && python3 - "$T/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("tool", "version", "command", "backend", "device", "domain", "results"):
    assert k in d, k
assert d["domain"] == {"from": "0x3f800000", "to": "0x3f80ffff", "count": 65536}, d["domain"]
r = d["results"][0]
for k in ("variant", "reference", "inputs", "max_ulp", "max_ulp_input", "max_ulp_output", "max_ulp_reference",
          "max_rel", "max_rel_input", "correctly_rounded", "faithful", "above_1ulp", "nonfinite", "flushed",
          "special_mismatches", "histogram"):
    assert k in r, k
assert r["variant"] == "tanhf.host" and r["inputs"] == 65536
assert sum(b["count"] for b in r["histogram"]) + r["nonfinite"] == r["inputs"] - r["special_mismatches"]
assert r["correctly_rounded"] <= r["faithful"] <= r["inputs"]
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: JSON of a CPU run"; cat "$T/table"; fi
if ls "$T" | grep -q tmp; then fail=$((fail + 1)); echo "FAIL: temporary file left behind"; else pass=$((pass + 1)); fi
if grep -q "| tanhf.host |" "$T/table"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: table"; fi

# Shards merge into exactly the single run; merge refuses gaps, overlaps, other
# versions and corrupt files.
R="--from 0x3f7f0000 --to 0x3f82ffff --quiet --no-cache --backend cpu"
for k in 0 1 2; do "$U" run tanhf.host $R --shard $k/3 --json "$T/s$k.json" >/dev/null 2>&1; done
"$U" run tanhf.host $R --json "$T/all.json" >/dev/null 2>&1
"$U" merge "$T/s2.json" "$T/s0.json" "$T/s1.json" --json "$T/m.json" >/dev/null 2>&1
same_results() {
  python3 - "$1" "$2" <<'PY'
import gzip, json, sys
def load(p):  # plain or gzip, by content like ulpcert
    b = open(p, "rb").read()
    return json.loads(gzip.decompress(b) if b[:2] == b"\x1f\x8b" else b)
a, b = (load(p) for p in sys.argv[1:3])
sys.exit(0 if a["results"] == b["results"] and a["covered"] == b["covered"] and a["complete"] == b["complete"] else 1)
PY
}
if same_results "$T/all.json" "$T/m.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: merge of 3 shards"; fi
expect 2 "gap between" -- merge "$T/s0.json" "$T/s2.json"
expect 2 "overlap" -- merge "$T/s0.json" "$T/s1.json" "$T/s1.json"
expect 2 "needs at least one result file" -- merge
expect 4 "cannot read" -- merge "$T/nonexistent.json"
head -c 2000 "$T/s1.json" >"$T/trunc.json"
expect 5 "trunc.json: not valid JSON" -- merge "$T/trunc.json"
sed 's/"format": 2/"format": 9/' "$T/s1.json" >"$T/v9.json"
expect 5 "v9.json: result format" -- merge "$T/v9.json"
sed 's/"version": "[^"]*"/"version": "0.0.1"/' "$T/s1.json" >"$T/old.json"
expect 5 "comes from ulpcert 0.0.1" -- merge "$T/s0.json" "$T/old.json" "$T/s2.json"
python3 - "$T/s1.json" "$T/nofield.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); del d["results"][0]["faithful"]; json.dump(d, open(sys.argv[2], "w"))
PY
expect 5 "missing field 'results\[tanhf.host\].faithful'" -- merge "$T/nofield.json"
expect 2 "--shard: '3/3' is not K/N" -- run tanhf.host --shard 3/3

# SIGINT writes a partial result; --resume completes it into the uninterrupted result.
R="--from 0x3f000000 --to 0x3f3fffff --chunk 65536 --no-cache --backend cpu --threads 2 --no-fast-path"
"$U" run tanhf.host $R --json "$T/p.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 130 ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['complete'] is False and d['results'][0]['inputs'] < 4194304 else 1)" "$T/p.json"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: SIGINT (exit $rc) did not leave a partial result"
fi
"$U" run tanhf.host $R --json "$T/r.json" --resume "$T/p.json" --quiet >/dev/null 2>&1
"$U" run tanhf.host $R --json "$T/full.json" --quiet >/dev/null 2>&1
if same_results "$T/r.json" "$T/full.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: resume differs from an uninterrupted run"; fi
expect 2 "is not a run of this command" -- run tanhf.host --from 0 --to 0xffff --resume "$T/p.json" --backend cpu

# SIGINT during the fast path's table build of an expression (lgamma(x)+1 over the
# negative inputs: poles at every negative integer, a build of tens of seconds on any
# machine) ends the process within 2 s with 130; no chunk was done, so nothing is kept
# (no --json file written). SIGINT in the middle of a chunk of an expression's scan
# (every reference value by MPFR: --no-fast-path) drops that chunk and keeps the chunks
# done, within 2 s: a partial result whose inputs are a whole number of chunks.
printf '#include <math.h>\nfloat k_lg(float x) { return lgammaf(x) + 1.0f; }\nfloat k_c(float x) { return 1.0f - cosf(x); }\n' >"$T/intr.c"
# sigint_after S ARGS...: runs ulpcert ARGS, SIGINT after S seconds; $rc, $took (seconds from the signal to the exit)
sigint_after() {
  s=$1
  shift
  "$U" "$@" >"$T/intr.out" 2>&1 &
  ipid=$!
  sleep "$s"
  t0=$(python3 -c 'import time; print(time.time())')
  kill -INT $ipid
  wait $ipid
  rc=$?
  took=$(python3 -c "import time; print(round(time.time() - $t0, 2))")
}
sigint_after 2 run --source "$T/intr.c" --function k_lg --ref 'lgamma(x)+1' --from 0x80000000 --to 0xff7fffff --backend cpu --threads 2 --no-cache --json "$T/lg.json"
if [ $rc -eq 130 ] && python3 -c "import sys; sys.exit(0 if $took <= 2 else 1)" && grep -q "interrupted while building the fast path's table" "$T/intr.out" && grep -q "nothing kept" "$T/intr.out" && [ ! -e "$T/lg.json" ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: SIGINT during the table build: exit $rc after $took s"; cat "$T/intr.out"
fi
sigint_after 2 run --source "$T/intr.c" --function k_c --ref '1-cos(x)' --from 0x3f800000 --to 0x3fffffff --chunk 65536 --no-fast-path --backend cpu --threads 2 --no-cache --json "$T/c.json"
if [ $rc -eq 130 ] && python3 -c "import sys; sys.exit(0 if $took <= 2 else 1)" && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); n=d['results'][0]['inputs']; sys.exit(0 if d['complete'] is False and 0 < n < 8388608 and n % 65536 == 0 else 1)" "$T/c.json"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: SIGINT during an expression's scan: exit $rc after $took s"; cat "$T/intr.out"
fi

# A write that fails (a file-size limit standing in for a full disk) is reported, and
# leaves neither the file nor a temporary behind.
(ulimit -f 1; "$U" run tanhf.host --backend cpu --from 0x3f800000 --to 0x3f80ffff --no-cache --quiet --json "$T/big.json" >/dev/null 2>"$T/fsz")
rc=$?
if [ $rc -eq 4 ] && grep -q "cannot write $T/big.json" "$T/fsz" && [ ! -e "$T/big.json" ] && ! ls "$T" | grep -q "big.json.tmp"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: failed write (exit $rc)"; cat "$T/fsz"
fi

# report: tables and plots from a result; bad inputs are refused with the file and
# field named, and nothing is written.
"$U" run tanhf.host --backend cpu --from 0x3f000000 --to 0x3f00ffff --no-cache --quiet --json "$T/rep.json" >/dev/null 2>&1
expect 0 "wrote $T/rep1/ACCURACY.md" -- report "$T/rep.json" --out "$T/rep1"
if [ -s "$T/rep1/ACCURACY.md" ] && [ -s "$T/rep1/accuracy.csv" ] && [ -s "$T/rep1/plots/tanhf.host-cpu-x.svg" ] &&
   [ -s "$T/rep1/plots/tanh-overview.svg" ] && grep -q "| tanhf.host | CPU" "$T/rep1/ACCURACY.md" &&
   [ "$(wc -l <"$T/rep1/accuracy.csv")" -eq 2 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: report outputs"; fi
"$U" report "$T/rep.json" --out "$T/rep2" --quiet
if diff -r "$T/rep1" "$T/rep2" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: report not byte-identical"; fi
expect 5 "nofield.json: missing field 'results\[tanhf.host\].faithful'" -- report "$T/nofield.json" --out "$T/rep3"
expect 5 "trunc.json: not valid JSON" -- report "$T/rep.json" "$T/trunc.json" --out "$T/rep3"
expect 5 "v9.json: result format" -- report "$T/v9.json" --out "$T/rep3"
expect 5 "p.json: an interrupted run" -- report "$T/p.json" --out "$T/rep3"
if [ ! -e "$T/rep3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: report left output behind on bad input"; fi
expect 2 "report needs at least one result file" -- report
# a two-argument host variant run on the GPU backend (its outputs the host library's): its row
# names the host of the device; a device variant's row names the device
"$U" run atan2f.host --backend cpu --from 0x3f800000 --to 0x3f80000f --quiet --json "$T/pg.json" >/dev/null 2>&1
python3 - "$T/pg.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["backend"] = "gpu"
d["device"] = {"kind": "gpu", "name": "NVIDIA Test GPU", "compute_capability": "9.0", "driver": "580.159.04",
               "driver_cuda": "13.0", "toolkit": "13.0", "sm_count": 132, "devices": 1}
json.dump(d, open(sys.argv[1], "w"))
PY
"$U" report "$T/pg.json" reports/results/hypot-pairs-h100.json.gz --out "$T/rep5" --quiet >/dev/null 2>&1
if grep -q '^| `atan2f.host` | the host of NVIDIA Test GPU | first |' "$T/rep5/ACCURACY.md" &&
   grep -q '^| `hypotf.cuda` | NVIDIA H100 80GB HBM3 | first |' "$T/rep5/ACCURACY.md"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: two-argument host variant on the GPU backend: device cell"; fi
# The two-argument library table: the committed H100 run's atan2f.cuda (both operands swept)
# and, in the row of the first operand swept, glibc's atan2f.host of the run above and musl's
# of a CPU run in their columns, each cell the result file's own figures; the row of the
# second operand swept has no library's cell (no library run swept it)
"$U" run atan2f.musl --backend cpu --from 0x3f800000 --to 0x3f80000f --quiet --json "$T/pm.json" >/dev/null 2>&1
"$U" report "$T/pg.json" "$T/pm.json" reports/results/atan2-pairs-h100.json.gz reports/results/atan2-swap-pairs-h100.json.gz \
  --out "$T/rep6" --quiet >/dev/null 2>&1
check_lib_pair() {
  PYTHONPATH=tests/suites python3 - "$T/rep6/ACCURACY.md" "$T/pg.json" "$T/pm.json" reports/results/atan2-pairs-h100.json.gz <<'PY'
import gzip, json, sys
from md_table import row
def cell(r):
    return "%.2f ulp at (%s, %s);" % (r["max_ulp"], r["max_ulp_input"], r["max_ulp_partner"])
first, second = (row(sys.argv[1], "### The C math libraries beside CUDA", "| atan2f | %s | NVIDIA H100 80GB HBM3 |" % s)
                 for s in ("first", "second"))
assert len(first) == 11, first
glibc = json.load(open(sys.argv[2]))["results"][0]
musl = json.load(open(sys.argv[3]))["results"][0]
cuda = {r["variant"]: r for r in json.load(gzip.open(sys.argv[4]))["results"]}["atan2f.cuda"]
assert first[3].startswith(cell(cuda)) and first[3].endswith("; HOLDS"), first[3]
assert first[6].startswith(cell(glibc)) and first[6].endswith("; no bound"), first[6]
assert first[8].startswith(cell(musl)), first[8]
assert first[7] == first[9] == first[10] == "—", first
assert second[6:] == ["—"] * 5 and second[3] != "—", second
PY
}
if check_lib_pair; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: two-argument library table"; fi
# A library's cell counts the outputs that are not finite where the exact result is, where
# there are any: SLEEF's fmodf is NaN where |x/y| is about 2^128 or more (x near 1 against
# the partner 2^-149); glibc's cell has no count
"$U" run fmodf.sleef fmodf.host --backend cpu --from 0x3f800000 --to 0x3f80000f --quiet --json "$T/fm.json" >/dev/null 2>&1
"$U" report "$T/fm.json" --out "$T/rep7" --quiet >/dev/null 2>&1
check_lib_nonfinite() {
  PYTHONPATH=tests/suites python3 - "$T/rep7/ACCURACY.md" "$T/fm.json" <<'PY'
import json, sys
from md_table import row
c = row(sys.argv[1], "### The C math libraries beside CUDA", "| fmodf | first | — |")
res = {v["variant"]: v for v in json.load(open(sys.argv[2]))["results"]}
n = res["fmodf.sleef"]["nonfinite"]
assert n > 0 and res["fmodf.host"]["nonfinite"] == 0, n
assert c[9].endswith("%% CR; %d non-finite; no bound" % n), c[9]
assert c[6].endswith("% CR; no bound"), c[6]
PY
}
if check_lib_nonfinite; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: library cell: non-finite count"; fi

# The CUDA library table: a committed GPU run's tanhf.cuda, and the CPU run's tanhf.host in
# the host column of the same row; each cell's figures are the result files' own.
"$U" report reports/results/tanh-h100.json.gz "$T/rep.json" --out "$T/replib" --quiet
check_lib() {
  PYTHONPATH=tests/suites python3 - "$T/replib/ACCURACY.md" reports/results/tanh-h100.json.gz "$T/rep.json" <<'PY'
import gzip, json, sys
from md_table import row
cells = row(sys.argv[1], "## The CUDA math library", "| tanhf | NVIDIA H100")
gpu = {r["variant"]: r for r in json.load(gzip.open(sys.argv[2]))["results"]}["tanhf.cuda"]
host = {r["variant"]: r for r in json.load(open(sys.argv[3]))["results"]}["tanhf.host"]
assert cells[3].endswith("; HOLDS"), cells[3]
assert "%.2f ulp at %s" % (gpu["max_ulp"], gpu["max_ulp_input"]) in cells[3], (cells[3], gpu["max_ulp"])
assert "%.2f ulp at %s" % (host["max_ulp"], host["max_ulp_input"]) in cells[6], (cells[6], host["max_ulp"])
assert "%.2f ulp at " % {r["variant"]: r for r in json.load(gzip.open(sys.argv[2]))["results"]}["tanhf.cuda.ftz"]["max_ulp"] in cells[4], cells
PY
}
if check_lib; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: CUDA library table"; fi
# A second run of the same library (another machine's glibc, its max ulp changed) adds no row
# of its own: the function keeps one row, its host cell the first run's.
python3 - "$T/rep.json" "$T/rep-other.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["device"]["name"] = "another CPU"
for r in d["results"]:
    r["max_ulp"] = 0.25
json.dump(d, open(sys.argv[2], "w"))
PY
"$U" report reports/results/tanh-h100.json.gz "$T/rep.json" "$T/rep-other.json" --out "$T/replib2" --quiet
check_lib2() {
  PYTHONPATH=tests/suites python3 - "$T/replib2/ACCURACY.md" "$T/rep.json" <<'PY'
import json, sys
from md_table import row
cells = row(sys.argv[1], "## The CUDA math library", "| tanhf |")
host = json.load(open(sys.argv[2]))["results"][0]
assert "%.2f ulp at %s" % (host["max_ulp"], host["max_ulp_input"]) in cells[6], cells[6]
PY
}
if check_lib2; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: CUDA library table, a library run twice"; fi
# The MUFU table (report.c, mufu_row): the real CPU run above, its one result copied under
# the names of hardware approximations with measured figures and documented bounds set by
# hand, so that every row below is derived by hand. Documented bounds are upper bounds
# (claim_verdict): 2.5 ulp against 2 ulp is VIOLATED, 1 ulp against 2 ulp HOLDS; a relative
# bound reads 2^-11 (4.8828125e-4), an absolute one 2^-21.41 on [-pi, pi]; no bound, no
# verdict; lg2.approx as a 0.1.0 result (no absolute fields, no documented bound) takes the
# registry's absolute bound, unmeasured. tanhf.host (neither .approx nor __) has no row.
# __expf has no documented bound of its own and one bound clause growing with |x|: its
# row is the clause's, 3 of 100 inputs over it, VIOLATED.
python3 - "$T/rep.json" "$T/mufu.json" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1]))
d["device"]["name"] = "test CPU"
base = d["results"][0]
none = {"max_ulp": None, "max_rel": None, "max_abs": None, "kind": "none", "source": ""}
def doc(**b):
    return dict(none, kind="documented", **b)
def entry(name, ulp, ulp_at, rel, ab, documented, ab_at="0x3f800000", rng=None):
    r = copy.deepcopy(base)
    r.update(variant=name, max_ulp=ulp, max_ulp_input=ulp_at, max_rel=rel, max_rel_input=ulp_at,
             max_abs=ab, max_abs_input=ab_at, documented=documented)
    if rng: r["max_abs_range"] = {"lo": rng[0], "hi": rng[1]}
    return r
pi = ("-0x1.921fb54442d18p+1", "0x1.921fb54442d18p+1")
fdiv = "CUDA C Programming Guide, Intrinsic Functions: __fdividef(x,y): for |y| in [2^-126, 2^126] 2 ulp"
res = [base,
       entry("__fdividef.3", 2.5, "0x3f800001", 2.384185791015625e-07, 0.5, doc(max_ulp="2", source=fdiv)),
       entry("rcp.approx", 1.0, "0x3f800000", 1.1920928955078125e-07, 2.9802322387695312e-08,
             doc(max_ulp="2", source="PTX ISA 9.1, section 9.7.3.13 (rcp): 2 ulp here")),
       entry("tanh.approx", 133.9529, "0x3f17040f", 1.1126e-05, 7.9842e-06,
             doc(max_rel="4.8828125e-4", source="PTX ISA 9.1, section 9.7.3.22 (tanh): relative 2^-11")),
       entry("__sinf", 3.0, "0x40490fdb", 3e-07, 4e-07, doc(max_abs="3.588787907149953e-7", source="Guide: __sinf"),
             ab_at="0x40490fdb", rng=pi),
       entry("ex2.approx.ftz", 8388563.6387, "0xc2fc0001", 1.0, 0.25, none),
       entry("__expf", 63.78065, "0x42b00c50", 1.0, 1e33, none),
       entry("lg2.approx", 10.5, "0x3f7fffff", 0.5, None, {"max_ulp": None, "max_rel": None, "kind": "none", "source": ""})]
res[-2]["bounds"] = [{"measure": "ulp_cr", "bound": "2 + floor(|1.173 x|) ulp from the correctly rounded result",
                      "source": "Guide, Intrinsic Functions: __expf(x): 2 + floor(abs(1.173 * x))",
                      "domain": {"lo": "-inf", "hi": "inf", "exclude_lo": "0x1p+0", "exclude_hi": "0x0p+0"},
                      "c0": "0x1p+1", "c1": {"num": 1173, "den": 1000}, "inputs": 100, "over": 3, "max": 64.0,
                      "max_input": "0x42b00c13", "max_output": "0x7f000000", "max_reference": 1.0, "ratio": 1.5,
                      "ratio_input": "0x3eb91335", "ratio_output": "0x3f800000", "verdict": "VIOLATED"}]
for k in ("max_abs", "max_abs_input", "max_abs_output", "max_abs_reference", "max_abs_range"):
    res[-1].pop(k, None)
d["results"] = res
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 "wrote" -- report "$T/mufu.json" --out "$T/repm"
sed -n '/^## Hardware approximations (MUFU)/,/^## tanh/p' "$T/repm/ACCURACY.md" | grep '^| [^-]' >"$T/mufu.rows"
cat >"$T/mufu.want" <<'ROWS'
| variant | device | documented bound | measured (same measure) | verdict | max ulp | max rel | max abs | documented in |
| __expf | CPU: test CPU | 2 + floor(\|1.173 x\|) ulp from the correctly rounded result | 64 ulp at 0x42b00c13; 3 of 100 inputs over; error/bound at most 1.5000 (0x3eb91335) | VIOLATED | 63.78065 at 0x42b00c50 | 1.0000e+00 | 1.0000e+33 | Guide, Intrinsic Functions |
| __fdividef.3 | CPU: test CPU | 2 ulp | 2.50000 ulp at 0x3f800001 | VIOLATED | 2.50000 at 0x3f800001 | 2.3842e-07 | 5.0000e-01 | CUDA C Programming Guide, Intrinsic Functions |
| __sinf | CPU: test CPU | abs 2^-21.41 on [-pi, pi] | abs 4.0000e-07 (≈ 2^-21.25) at 0x40490fdb | VIOLATED | 3.00000 at 0x40490fdb | 3.0000e-07 | 4.0000e-07 on [-pi, pi] | Guide |
| ex2.approx.ftz | CPU: test CPU | none | — | no documented bound | 8388563.63870 at 0xc2fc0001 | 1.0000e+00 | 2.5000e-01 | — |
| lg2.approx | CPU: test CPU | abs 2^-22 on (0.5, 2) | — | not measured | 10.50000 at 0x3f7fffff | 5.0000e-01 | — | PTX ISA 9.1, section 9.7.3.20 (lg2) (from the registry: the result file records no documented bound) |
| rcp.approx | CPU: test CPU | 2 ulp | 1.00000 ulp at 0x3f800000 | HOLDS | 1.00000 at 0x3f800000 | 1.1921e-07 | 2.9802e-08 | PTX ISA 9.1, section 9.7.3.13 (rcp) |
| tanh.approx | CPU: test CPU | 2^-11 rel | 1.1126e-05 rel (≈ 2^-16.46) at 0x3f17040f | HOLDS | 133.95290 at 0x3f17040f | 1.1126e-05 | 7.9842e-06 | PTX ISA 9.1, section 9.7.3.22 (tanh) |
ROWS
if diff "$T/mufu.want" "$T/mufu.rows" >"$T/mufu.diff"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: MUFU table rows"; cat "$T/mufu.diff"; fi
# a bound clause whose counts contradict each other, or with an unknown measure: corrupt
python3 - "$T/mufu.json" "$T/badb.json" "$T/badm.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
e = next(r for r in d["results"] if r["variant"] == "__expf")
e["bounds"][0]["over"] = 101
json.dump(d, open(sys.argv[2], "w"))
e["bounds"][0]["over"] = 3
e["bounds"][0]["measure"] = "ulps"
json.dump(d, open(sys.argv[3], "w"))
PY
expect 5 "bounds\[0\]' has inconsistent counts" -- report "$T/badb.json" --out "$T/repb"
expect 5 "bounds\[0\]' is not a bound clause" -- report "$T/badm.json" --out "$T/repb"
# a source quoting |y| does not split its cell in the family table
if grep -qF 'for \|y\| in [2^-126, 2^126] 2 ulp) | VIOLATED |' "$T/repm/ACCURACY.md"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: '|' in a table cell not escaped"; fi

# certify: every bad input is refused with exit status 2 and no file changes.
C="--backend cpu --from 0x3f000000 --to 0x3f00ffff --no-cache"
printf 'float f(float x) { return x; }\n' >"$T/noclaim.c"
expect 2 "noclaim.c: no claims found" -- certify "$T/noclaim.c" $C
printf '// maxulperr = 1\nfloat proto(float);\n' >"$T/nofn.c"
expect 2 "nofn.c:1: the claim is not followed by a function definition" -- certify "$T/nofn.c" $C --ref tanh
printf '// maxulperr = 1\ndouble d(double x) { return x; }\n' >"$T/sig.c"
expect 2 "sig.c:2: d is declared 'double d\(double x\)', not float d\(float\)" -- certify "$T/sig.c" $C --ref tanh
printf '// maxulperr = 1\nfloat f(float x) { return x +; }\n' >"$T/bad.c"
expect 2 "error: expected expression" -- certify "$T/bad.c" $C --ref tanh
printf '// maxulperr = 1, ref = sech\nfloat f(float x) { return x; }\n' >"$T/ref.c"
expect 2 "ref.c:1: unknown reference 'sech'" -- certify "$T/ref.c" $C
printf '// maxulperr = 1\nfloat f(float x) { return x; }\n' >"$T/noref.c"
expect 2 "noref.c:1: no reference for f" -- certify "$T/noref.c" $C
expect 4 "cannot read" -- certify "$T/missing.c" $C
printf '// maxulperr = 0.5\nfloat f(float x) { return x; }\n' >"$T/ro.c"
chmod 444 "$T/ro.c"
if [ "$(id -u)" != 0 ]; then
  expect 2 "ro.c cannot be written" -- certify "$T/ro.c" $C --ref tanh --update-partial
fi
cp "$T/ro.c" "$T/ro.orig"
expect 1 "f maxulperr = 0.5: VIOLATED" -- certify "$T/ro.c" $C --ref tanh
if cmp -s "$T/ro.c" "$T/ro.orig"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: certify modified a file"; fi
# a file that changes while it is being checked: refused, nothing written
printf '// maxulperr = 0.5, ref = tanh\nfloat g(float x) { return x; }\n' >"$T/moving.c"
( sleep 0.5; printf '// edited meanwhile\n' >>"$T/moving.c" ) &
expect 2 "moving.c changed while it was being checked" -- certify "$T/moving.c" --backend cpu --from 0x3f000000 --to 0x3f3fffff --no-cache --no-fast-path --update-partial
wait
if tail -1 "$T/moving.c" | grep -q "edited meanwhile" && head -1 "$T/moving.c" | grep -q "maxulperr = 0.5,"; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: a changed file was rewritten"; fi
# run --source: the same path without claims
expect 0 "ro.c:f" -- run --source "$T/ro.c" --function f --ref tanh $C --quiet
expect 2 "go together" -- run --source "$T/ro.c" --ref tanh $C
# the project's own kernels: GPU only, so skipped on the CPU with a message; nothing was
# checked, which is not success: exit status 7
expect 7 "my_tanhf maxulperr = 1.81484: SKIPPED" -- certify functions/tanh/tanh_seed.cuh $C
expect 7 "nothing was checked: every claim is SKIPPED" -- certify functions/tanh/tanh_seed.cuh $C

fi
if slow; then
# IEEE operations on the host are correctly rounded: the references of 1/x and sqrt
# must say so on every input of ranges with zeros, subnormals, huge values, infinities
# and NaNs.
for r in "0x00000000 0x00ffffff" "0x7f000000 0x80ffffff" "0x3f000000 0x3f0fffff"; do
  set -- $r
  "$U" run rcp.host sqrtf.host --backend cpu --from $1 --to $2 --no-cache --quiet --json "$T/ieee.json" >/dev/null 2>&1
  if python3 - "$T/ieee.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    assert r["correctly_rounded"] == r["inputs"], (r["variant"], r["correctly_rounded"], r["inputs"])
    assert r["special_mismatches"] == 0 and r["nonfinite"] == 0 and r["flushed"] == 0, r["variant"]
    assert r["max_ulp"] is None or r["max_ulp"] <= 0.5, (r["variant"], r["max_ulp"])
    assert r["symmetry_violations"] == 0 and r["monotonic_violations"] == 0, r["variant"]
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: IEEE host operations on $1..$2"; fi
done

# arch: record, compare identical; a planted one-input difference in the record is
# located at exactly that input with both outputs; bad records are refused. (The binary32
# and half-precision parts here; the others below, over fewer inputs.)
A="--backend cpu --from 0x3f800000 --to 0x3f8fffff --no-cache --quiet --kinds binary32,half"
"$U" arch record $A --out "$T/arch.json" >/dev/null 2>&1
expect 0 "rcp.host +identical" -- arch compare "$T/arch.json" $A
"$U" run rcp.host --backend cpu --from 0x3f812345 --to 0x3f812345 --no-cache --quiet --json "$T/one.json" >/dev/null 2>&1
python3 - "$T/arch.json" "$T/one.json" "$T/planted.json" <<'PY'
import json, sys
M, P = (1 << 64) - 1, (1 << 61) - 1
def mix(z):
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return z ^ (z >> 31)
rec, one = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
x = 0x3f812345
now = int(one["results"][0]["max_ulp_output"], 16)
then = now + 5                       # the record says the output was 5 units higher
r = [v for v in rec["results"] if v["variant"] == "rcp.host"][0]
b = (x >> 20) - (int(r["bins"]["first"], 16) >> 20)
k = x & 0xfffff
d = int(r["bins"]["digest"][b], 16)
r["bins"]["digest"][b] = "0x%016x" % ((d - mix((x << 32) | now) + mix((x << 32) | then)) & M)
m0, m1 = int(r["moments"]["m0"][b], 16), int(r["moments"]["m1"][b], 16)
r["moments"]["m0"][b] = "0x%016x" % ((m0 + 5) % P)
r["moments"]["m1"][b] = "0x%016x" % ((m1 + 5 * (k + 1)) % P)
json.dump(rec, open(sys.argv[3], "w"))
# (then = now + 5)
PY
expect 1 "input 0x3f812345 \(0x1.02468ap\+0\): baseline 0x3f7dbe9d .*now 0x3f7dbe98" -- arch compare "$T/planted.json" $A
expect 0 "rcp.host +DIFFERS in 1 bin" -- arch compare "$T/planted.json" $A --allow-diff
expect 0 "tanhf.host +identical" -- arch compare "$T/planted.json" $A --allow-diff
sed 's/"version": "[^"]*"/"version": "0.0.1"/' "$T/arch.json" >"$T/arch-old.json"
expect 5 "recorded by ulpcert 0.0.1" -- arch compare "$T/arch-old.json" $A
head -c 5000 "$T/arch.json" >"$T/arch-trunc.json"
expect 5 "arch-trunc.json: not valid JSON" -- arch compare "$T/arch-trunc.json" $A
expect 5 "has no moments" -- arch compare "$T/one.json" $A
expect 2 "'record' or 'compare'" -- arch frob
# record --reuse: statistics taken from a record whose outputs match, measured again
# where they do not (the planted record claims another rcp.host output and a max ulp of
# 99: the new record must hold the measured figures, not the planted ones)
python3 - "$T/planted.json" "$T/planted99.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
[r for r in d["results"] if r["variant"] == "rcp.host"][0]["max_ulp"] = 99.0
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 "statistics of [0-9]+ variants taken from .*arch.json .*, 0 measured" -- \
  arch record $A --reuse "$T/arch.json" --out "$T/reuse.json"
expect 0 ", 1 measured" -- arch record $A --reuse "$T/planted99.json" --out "$T/reuse99.json"
if python3 - "$T/arch.json" "$T/reuse.json" "$T/reuse99.json" <<'PY'
import json, sys
skip = {"statistics_from"}
a, b, c = (json.load(open(f))["results"] for f in sys.argv[1:])
strip = lambda r: {k: v for k, v in r.items() if k not in skip}
assert [strip(r) for r in a] == [strip(r) for r in b] == [strip(r) for r in c]
assert all("arch.json" in r["statistics_from"] for r in b)
for r in c:
    assert ("statistics_from" in r) == (r["variant"] != "rcp.host"), r["variant"]
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: arch record --reuse"; fi
expect 2 "covers 0x3f800000..0x3f8fffff" -- arch record --backend cpu --from 0x3f800000 --to 0x3f80ffff \
  --no-cache --quiet --reuse "$T/arch.json" --out "$T/x.json"
expect 2 "option of arch record" -- arch compare "$T/arch.json" $A --reuse "$T/arch.json"
# a record made in two ranges and merged is the record of the whole range; their
# half-precision parts (the 16-bit function kind's, here planted) are carried when equal, refused
# when not
B="--backend cpu --no-cache --quiet --kinds binary32,half"
"$U" arch record $B --from 0x3f800000 --to 0x3f87ffff --out "$T/ra.json" >/dev/null 2>&1
"$U" arch record $B --from 0x3f880000 --to 0x3f8fffff --out "$T/rb.json" >/dev/null 2>&1
python3 - "$T/ra.json" "$T/rb.json" "$T/rc.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
a["half"] = b["half"] = [{"variant": "tanh.approx.f16", "outputs": "0000"}]
json.dump(a, open(sys.argv[1], "w")); json.dump(b, open(sys.argv[2], "w"))
b["half"][0]["outputs"] = "0001"
json.dump(b, open(sys.argv[3], "w"))
PY
expect 0 "rcp.host" -- merge "$T/ra.json" "$T/rb.json" --json "$T/rab.json"
if python3 - "$T/arch.json" "$T/rab.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["results"] == b["results"]
assert b["half"] == [{"variant": "tanh.approx.f16", "outputs": "0000"}]
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: record by ranges, merged"; fi
expect 2 "different 16-bit function outputs" -- merge "$T/ra.json" "$T/rc.json" --json "$T/rac.json"

# arch, two-argument and float-float parts: a planted one-pair difference in each is
# located (the pair, both outputs); record --reuse takes every statistic it can; records
# of two ranges merge into the record of their union; a record without these parts says
# so; --kinds refuses unknown kinds.
P="--backend cpu --from 0x3f800000 --to 0x3f800fff --no-cache --quiet --kinds pair,float-float"
"$U" arch record $P --out "$T/pf.json" >/dev/null 2>&1
expect 0 "powf.host +identical" -- arch compare "$T/pf.json" $P
expect 0 "dw.mul.dw +identical" -- arch compare "$T/pf.json" $P
python3 - "$T/pf.json" "$T/pf-planted.json" <<'PY'
import json, sys
M, P = (1 << 64) - 1, (1 << 61) - 1
def mix(z):                     # splitmix64's finalizer
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return z ^ (z >> 31)
def term(x, p, o):              # a pair's digest term (measure.h: digest_term_at)
    d = mix((x << 32) | o)
    return mix(d ^ p) if p else d
rec = json.load(open(sys.argv[1]))
# pow, x the base: partner 5 is 1, and powf(x, 1) = x; the record says x + 3 instead
x, k, p, np = 0x3f800123, 5, 0x3f800000, 33
r = [v for v in rec["pair"]["sweeps"][0]["results"] if v["variant"] == "powf.host"][0]
i = (x - 0x3f800000) * np + k
b = (x >> 20) - (int(r["bins"]["first"], 16) >> 20)
r["bins"]["digest"][b] = "0x%016x" % ((int(r["bins"]["digest"][b], 16) - term(x, p, x) + term(x, p, x + 3)) & M)
r["moments"]["m0"][b] = "0x%016x" % ((int(r["moments"]["m0"][b], 16) + 3) % P)
r["moments"]["m1"][b] = "0x%016x" % ((int(r["moments"]["m1"][b], 16) + 3 * (i + 1)) % P)
# eft.twosum with partner 3 (y = x): TwoSum(x, x) = (2x, 0) exactly; the record says
# (2x, 5) for high word 0x3f800456 (result 0x40000456)
def fmix(z):                    # ff_mix: splitmix64 with its increment
    return mix((z + 0x9e3779b97f4a7c15) & M)
xb, k, npart = 0x3f800456, 3, 32
key, i = xb * npart + k, (xb - 0x3f800000) * npart + k
now, then = 0x40000456 << 32, (0x40000456 << 32) | 5
dterm = lambda out: fmix(fmix(key) ^ out)
f = [v for v in rec["float-float"]["results"] if v["variant"] == "eft.twosum"][0]["outputs"]
f["digest"][0] = "0x%016x" % ((int(f["digest"][0], 16) - dterm(now) + dterm(then)) & M)
f["m0"][0] = "0x%016x" % ((int(f["m0"][0], 16) + 5) % P)
f["m1"][0] = "0x%016x" % ((int(f["m1"][0], 16) + 5 * (i + 1)) % P)
json.dump(rec, open(sys.argv[2], "w"))
PY
expect 1 "pair \(0x3f800123, 0x3f800000\) = \(0x1.000246p\+0, 0x1p\+0\) \[partner 5\]: baseline 0x3f800126 .*now 0x3f800123" -- \
  arch compare "$T/pf-planted.json" $P
expect 1 "high word 0x3f800456, partner 3\]: baseline \(0x40000456, 0x00000005\), now \(0x40000456, 0x00000000\)" -- \
  arch compare "$T/pf-planted.json" $P
# scripts/record-equal.py reads every kind's part: the record equals itself; the planted
# record differs in exactly those two variants, each in its part (exit status 1)
if python3 scripts/record-equal.py "$T/pf.json" "$T/pf.json" >"$T/re0.txt" 2>&1 &&
  ! python3 scripts/record-equal.py "$T/pf.json" "$T/pf-planted.json" >"$T/re1.txt" 2>&1 &&
  [ "$(grep -c '^DIFF' "$T/re1.txt")" = 2 ] && grep -q "^DIFF pair sweep 0 powf.host: bins, moments$" "$T/re1.txt" &&
  grep -q "^DIFF float-float eft.twosum: outputs$" "$T/re1.txt"
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: record-equal.py over the parts"; cat "$T/re1.txt"; fi
# every sweep of the record's two-argument variants (the host's, and the C math libraries' the build links)
NS=$(python3 -c 'import json, sys; print(sum(len(s["results"]) for s in json.load(open(sys.argv[1]))["pair"]["sweeps"]))' "$T/pf.json")
expect 0 "statistics of $((NS - 1)) of $NS two-argument variant sweeps taken from .*, 1 measured" -- \
  arch record $P --reuse "$T/pf-planted.json" --out "$T/pf-reuse.json"
expect 0 "statistics of 16 float-float variants taken from .*, 1 measured" -- \
  arch record $P --reuse "$T/pf-planted.json" --out "$T/pf-reuse.json"
"$U" arch record $P --kinds binary32,pair,float-float --from 0x3f800000 --to 0x3f8007ff --out "$T/pfa.json" >/dev/null 2>&1
"$U" arch record $P --kinds binary32,pair,float-float --from 0x3f800800 --to 0x3f800fff --out "$T/pfb.json" >/dev/null 2>&1
"$U" arch record $P --kinds binary32,pair,float-float --out "$T/pfw.json" >/dev/null 2>&1
expect 0 "rcp.host" -- merge "$T/pfb.json" "$T/pfa.json" --json "$T/pfab.json"
if python3 - "$T/pf.json" "$T/pf-reuse.json" "$T/pfw.json" "$T/pfab.json" <<'PY'
import json, sys
skip = {"statistics_from", "timing", "command", "date"}
strip = lambda d: {k: strip(v) for k, v in d.items() if k not in skip} if isinstance(d, dict) else \
    [strip(v) for v in d] if isinstance(d, list) else d
a, b, w, ab = (json.load(open(f)) for f in sys.argv[1:])
for k in ("pair", "float-float"):       # reused statistics are the measured ones
    assert strip(a[k]) == strip(b[k]), k
for k in ("results", "pair", "float-float"):   # merged ranges are the whole range
    assert strip(w[k]) == strip(ab[k]), k
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: arch record --reuse / by ranges (pair, float-float)"; fi
"$U" arch record $B --kinds binary32 --from 0x3f801000 --to 0x3f801fff --out "$T/rd.json" >/dev/null 2>&1
expect 2 "holds float-float variants and .* does not" -- merge "$T/pfa.json" "$T/rd.json" --json "$T/x.json"
# a baseline that lacks kinds this build records: each is named, and the check is incomplete
# (exit 1) unless --allow-missing accepts it or --kinds leaves them out; a baseline with no
# part at all compared nothing (exit 5); compare's options are refused by record
expect 1 "two-argument variants: not in the baseline" -- arch compare "$T/rd.json" --backend cpu --no-cache --quiet
expect 1 "^incomplete: the baseline lacks [0-9]+ kinds that this build records \(.*pair.*\); --allow-missing" -- \
  arch compare "$T/rd.json" --backend cpu --no-cache --quiet
expect 0 "; accepted \(--allow-missing\)" -- arch compare "$T/rd.json" --backend cpu --no-cache --quiet --allow-missing
expect 0 "identical" -- arch compare "$T/rd.json" --backend cpu --no-cache --quiet --kinds binary32
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); [d.pop(k) for k in ("results","half") if k in d]; json.dump(d,open(sys.argv[2],"w"))' "$T/rd.json" "$T/rd-none.json"
expect 5 "(missing field .results.|holds no part that this build compares: nothing was compared)" -- \
  arch compare "$T/rd-none.json" --backend cpu --no-cache --quiet --allow-missing
expect 2 "--allow-missing is an option of arch compare" -- arch record $B --kinds binary32 --allow-missing --out "$T/x.json"
expect 2 "--kinds: 'frob' is not a kind with arch records" -- arch record $P --kinds binary32,frob
# bench --multi-gpu: whole families and the whole record, twice (on the CPU backend both
# runs are the CPU's), the same statistics both times
expect 0 "arch record, every kind +\| +1 \|.*\| yes \|" -- bench --backend cpu --from 0x3f800000 --to 0x3f8003ff --only-multi-gpu \
  --multi-gpu pow,dw,record --quiet
expect 2 "'frob' is no family" -- bench --backend cpu --from 0x3f800000 --to 0x3f8003ff --only-multi-gpu --multi-gpu frob --quiet
# ... with each kind's seconds of each record run: every kind of the record, in turn on one
# device, so that they add up to the run's wall time (less what lies between them)
"$U" bench --backend cpu --from 0x3f800000 --to 0x3f80003f --only-multi-gpu --multi-gpu record --quiet \
  --json "$T/bmk.json" >"$T/bmk.txt" 2>&1
if python3 - "$T/bmk.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["multi_gpu"]
assert len(rows) == 2
for r in rows:
    k = r["kinds_s"]
    assert sorted(k) == ["arith16", "binary32", "convert", "float-float", "h16", "pair", "quant", "search", "sround"], k
    assert all(v >= 0 for v in k.values()) and 0.5 * r["wall_s"] <= sum(k.values()) <= r["wall_s"] + 1e-3, (k, r)
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: bench --multi-gpu record: each kind's seconds"; fi

fi
if quick; then
# arch compare of a record made in parts (one file per group of kinds, over different
# ranges): each kind is compared with the file that holds it, over that file's range (the
# two-argument part refuses any other range); a planted change in one file's part is
# found; two files holding the same kind are refused, naming it; a kind that no file holds
# leaves the check incomplete (exit 1), as with one file.
C="--backend cpu --no-cache --quiet"
"$U" arch record $C --kinds binary32 --from 0x3f800000 --to 0x3f80007f --out "$T/pt1.json" >/dev/null 2>&1
"$U" arch record $C --kinds pair,float-float --from 0x3f800100 --to 0x3f80011f --out "$T/pt2.json" >/dev/null 2>&1
K="--kinds binary32,pair,float-float"
expect 0 "rcp.host +identical" -- arch compare "$T/pt1.json" "$T/pt2.json" $C $K
expect 0 "powf.host +identical" -- arch compare "$T/pt2.json" "$T/pt1.json" $C $K
expect 0 "float-float variants: baseline .*pt2.json" -- arch compare "$T/pt1.json" "$T/pt2.json" $C $K
expect 1 "^incomplete: the baselines lack [0-9]+ kinds? that this build records \(search\)" -- \
  arch compare "$T/pt1.json" "$T/pt2.json" $C
python3 - "$T/pt2.json" "$T/pt2p.json" "$T/pt2f.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
o = d["float-float"]["results"][0]["outputs"]    # one bin's digest of one variant, one bit flipped
o["digest"][0] = "0x%016x" % (int(o["digest"][0], 16) ^ 1)
json.dump(d, open(sys.argv[2], "w"))
d = json.load(open(sys.argv[1]))
del d["pair"]                                    # the float-float part alone
json.dump(d, open(sys.argv[3], "w"))
PY
expect 1 "two-argument variants: not in the baselines \(no baseline has a 'pair' part\)" -- \
  arch compare "$T/pt1.json" "$T/pt2f.json" $C $K
expect 1 "^incomplete: the baselines lack 1 kind that this build records \(pair\)" -- \
  arch compare "$T/pt1.json" "$T/pt2f.json" $C $K
expect 1 "^ff.add.seed +DIFFERS in 1 bin" -- arch compare "$T/pt1.json" "$T/pt2p.json" $C $K
expect 2 "pt2.json and .*pt2p.json both hold float-float variants \('float-float' part\)" -- \
  arch compare "$T/pt1.json" "$T/pt2.json" "$T/pt2p.json" $C $K
expect 2 "pt1.json and .*pt1.json both hold binary32 variants" -- arch compare "$T/pt1.json" "$T/pt1.json" $C
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["device"]["name"]="Another CPU"; json.dump(d,open(sys.argv[2],"w"))' \
  "$T/pt2.json" "$T/pt2o.json"
expect 2 "pt1.json and .*pt2o.json are not parts of one record: their device differs \('.*', 'Another CPU'\)" -- \
  arch compare "$T/pt1.json" "$T/pt2o.json" $C $K
expect 2 "takes one baseline file or several \(at most 16\)" -- arch compare $(for i in $(seq 17); do printf '%s ' "$T/pt1.json"; done) $C
# bench --arch-record / --arch-compare: each group of kinds a process of its own, its wall
# time and (record) each kind's seconds as the record prints them; the parts kept with
# --arch-out are a record that compares identical; a failed part fails the bench
expect 0 "^\| binary32 +\| +[0-9.]+ \| +45 \| +0 \| binary32 [0-9.]+ s \|" -- bench --backend cpu --from 0x3f800000 \
  --to 0x3f80000f --arch-record binary32/pair,float-float --arch-out "$T/bpa" --json "$T/bpa.json"
if python3 - "$T/bpa.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["arch"]
assert [r["kinds"] for r in rows] == ["binary32", "pair,float-float", "sum of the parts"], rows
assert sorted(rows[1]["kinds_s"]) == ["float-float", "pair"] and all(r.get("exit_status", 0) == 0 for r in rows)
assert abs(rows[2]["process_wall_s"] - rows[0]["process_wall_s"] - rows[1]["process_wall_s"]) < 1e-3  # 6 digits in the JSON
assert all(r["kinds_s"][k] <= r["process_wall_s"] for r in rows[:2] for k in r["kinds_s"])
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: bench --arch-record rows"; fi
expect 0 "^\| pair,float-float +\| +[0-9.]+ \| +- \| +0 \| [1-9][0-9]* identical, 0 differ \|" -- bench --backend cpu \
  --arch-compare binary32/pair,float-float --arch-baseline "$T/bpa/part0.json.gz" --arch-baseline "$T/bpa/part1.json.gz"
expect 1 "part 'binary32' exited with 1" -- bench --backend cpu --arch-compare binary32 --arch-baseline "$T/pt2.json"
expect 2 "'frob' is not a kind with arch records" -- bench --backend cpu --arch-record binary32/frob
expect 2 "--arch-compare takes --arch-baseline" -- bench --backend cpu --arch-compare binary32
fi

if quick; then
# Host memory exhausted (an address-space limit): a clear error, exit status 4.
# (Not under AddressSanitizer, which needs terabytes of address space to start.)
case "$U" in *build-san*) ulimit_skip=1 ;; *) ulimit_skip=0 ;; esac
if [ $ulimit_skip -eq 1 ]; then echo "cli: host out-of-memory test skipped under the sanitizers"; else
(ulimit -v 400000; "$U" run tanhf.host --backend cpu --chunk 2^30 --from 0x3f000000 --to 0x3f0000ff --no-cache --quiet >"$T/oom" 2>&1)
rc=$?
if [ $rc -eq 4 ] && grep -q "out of host memory" "$T/oom"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: host out of memory (exit $rc)"; cat "$T/oom"; fi
fi

# The selftest's mutants through the real engine (CPU backend).
expect 0 "selftest: 5 passed, 0 failed" -- selftest --backend cpu
expect 0 "usage: ulpcert selftest" -- selftest --help

# Float-float: exact EFTs pass (exit 0), Fast2Sum outside its precondition exceeds (exit 1),
# bad options and mixing with binary32 variants are usage errors, the JSON reads back
# into a report, and a corrupt one is refused.
expect 0 "eft.twosum .* within" -- run eft.twosum --backend cpu --from 0x3f800000 --to 0x3f8000ff --quiet --json "$T/ff.json"
expect 1 "eft.fast2sum.unordered .* exceeds" -- run eft.fast2sum.unordered --backend cpu --from 0x3f800000 --to 0x3f8000ff --quiet
expect 2 "separate commands" -- run eft.twosum tanh.approx --backend cpu --from 0 --to 0x1
expect 2 "partners" -- run dw --partners lots --backend cpu
expect 2 "--source does not apply to float-float" -- run dw --source "$T/ro.c" --function f --ref tanh --backend cpu
expect 2 "GPU only" -- run eft.twosum.ftz --backend cpu --from 0 --to 0x1
expect 0 "seed 0x0000000000000007" -- run sum2.twosum --backend cpu --from 0x3f800000 --to 0x3f80000f --seed 7
# The published worst cases (JMP 2017, u = 2^-24: DWPlusFP 2u^2 / (1 + 3u - 2u^2),
# AccurateDWPlusDW (3u^2 - 2u^3) / (1 + 3u - 3u^2 + 2u^3)) are pairs of the default partner
# set: a run of the one high word xh = 1 (and -1) reports them as its maxima, at partner
# 21, in the JSON within the documented 2^-49 of the formulas (Python fractions) and in
# the text with the formulas' digits.
for xb in 0x3f800000 0xbf800000; do
  "$U" run dw.add.fp dw.add.accurate --backend cpu --from $xb --to $xb --json "$T/ffw.json" >"$T/ffw.txt" 2>&1
  if python3 - "$T/ffw.json" "$T/ffw.txt" $xb <<'PY'
import json, sys
from fractions import Fraction as Q
d, txt, xb = json.load(open(sys.argv[1])), open(sys.argv[2]).read(), int(sys.argv[3], 16)
u = Q(1, 2**24)
want = {"dw.add.fp": 2*u**2 / (1 + 3*u - 2*u**2),
        "dw.add.accurate": (3*u**2 - 2*u**3) / (1 + 3*u - 3*u**2 + 2*u**3)}
ok = d["partners"] == {"adversarial": 23, "random": 9, "seed": "0x0000000000000001", "set": 2}
for r in d["results"]:
    f = want[r["variant"]]
    for k in ("max_rel_hex", "max_rel_domain_hex"):
        ok &= abs(Q(float.fromhex(r[k])) - f) <= f / 2**49
    ok &= r["max_rel_key"] == r["max_rel_domain_key"] == xb * 32 + 21 and r["verdict"] == "within"
    line = "max rel %.6e (%.4f u^2) at x = 0x%08x, partner 21" % (float(f), float(f / u**2), xb)
    ok &= line in txt
sys.exit(0 if ok and len(d["results"]) == 2 else 1)
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: published float-float worst cases at $xb"; sed 's/^/    /' "$T/ffw.txt" | grep "max rel"; fi
done
expect 0 "wrote" -- report "$T/ff.json" reports/results/tanh-h100.json.gz --out "$T/rep"
expect 0 "eft.twosum" -- list
grep -q "eft.twosum" "$T/rep/ACCURACY.md" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: float-float table missing"; }
sed 's/"pairs"/"pears"/' "$T/ff.json" > "$T/ffbad.json"
expect 5 "pairs" -- report "$T/ffbad.json" reports/results/tanh-h100.json.gz --out "$T/rep2"

# gzip: a path ending in .gz is written compressed (atomically); every reader takes a
# gzip file as well as plain JSON, told by content, not by name; a truncated gzip file
# and gzip of garbage are refused like corrupt JSON (exit status 5, file named).
"$U" merge "$T/s2.json" "$T/s0.json" "$T/s1.json" --json "$T/m.json.gz" >/dev/null 2>&1
if is_gz "$T/m.json.gz" &&
   same_results "$T/all.json" "$T/m.json.gz" && ! ls "$T" | grep -q "m.json.gz.tmp"; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: merge --json m.json.gz"; fi
"$U" merge "$T/m.json.gz" --json "$T/back.json" >/dev/null 2>&1
if same_results "$T/all.json" "$T/back.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: merge of a .gz"; fi
mv "$T/rep.json" "$T/rep.plain" && gzip -9 -c "$T/rep.plain" >"$T/rep.json" # gzip under the same plain name
"$U" report "$T/rep.json" --out "$T/rep-gz" --quiet
mv "$T/rep.plain" "$T/rep.json"
if diff -r "$T/rep1" "$T/rep-gz" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: report of a gzip file"; fi
"$U" run tanhf.host --backend cpu --from 0x3f000000 --to 0x3f00ffff --no-cache --quiet --json "$T/rep.json.gz" >/dev/null 2>&1
if is_gz "$T/rep.json.gz" && same_results "$T/rep.json" "$T/rep.json.gz"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: run --json .gz"; fi
head -c $(($(wc -c <"$T/m.json.gz") / 2)) "$T/m.json.gz" >"$T/half.json.gz"
expect 5 "half.json.gz: not valid gzip \(unexpected end of file\)" -- merge "$T/half.json.gz"
expect 5 "half.json.gz: not valid gzip" -- report "$T/half.json.gz" --out "$T/rep3"
expect 5 "half.json.gz: not valid gzip" -- run tanhf.host --backend cpu --from 0x3f000000 --to 0x3f00ffff --json "$T/r2.json" --resume "$T/half.json.gz"
printf 'no JSON here\n' | gzip >"$T/garbage.json.gz"
expect 5 "garbage.json.gz: not valid JSON" -- merge "$T/garbage.json.gz"
printf '\037\213 and no gzip after the magic' >"$T/magic.json"
expect 5 "magic.json: not valid gzip" -- merge "$T/magic.json"
{ cat "$T/m.json.gz"; printf 'trailing'; } >"$T/trail.json.gz"
expect 5 "trail.json.gz: not valid gzip \(data after the gzip stream\)" -- merge "$T/trail.json.gz"
if [ ! -e "$T/rep3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: report left output behind on a bad gzip file"; fi
# a compressed write that fails leaves nothing behind either
(ulimit -f 1; "$U" run tanhf.host --backend cpu --from 0x3f800000 --to 0x3f80ffff --no-cache --quiet --json "$T/big.json.gz" >/dev/null 2>"$T/fsz")
rc=$?
if [ $rc -eq 4 ] && grep -q "cannot write $T/big.json.gz" "$T/fsz" && [ ! -e "$T/big.json.gz" ] && ! ls "$T" | grep -q "big.json.gz.tmp"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: failed compressed write (exit $rc)"; cat "$T/fsz"
fi
fi
if slow; then
# arch records and float-float results
A="--backend cpu --from 0x3f800000 --to 0x3f800fff --no-cache --quiet"
"$U" arch record $A --out "$T/arch.json.gz" >/dev/null 2>&1
is_gz "$T/arch.json.gz" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: arch record --out .gz"; }
expect 0 "rcp.host +identical" -- arch compare "$T/arch.json.gz" $A
head -c 1000 "$T/arch.json.gz" >"$T/arch-half.json.gz"
expect 5 "arch-half.json.gz: not valid gzip" -- arch compare "$T/arch-half.json.gz" $A
fi
if quick; then
expect 0 "eft.twosum .* within" -- run eft.twosum --backend cpu --from 0x3f800000 --to 0x3f8000ff --quiet --json "$T/ff.json.gz"
is_gz "$T/ff.json.gz" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: float-float --json .gz"; }
expect 0 "wrote" -- report "$T/ff.json.gz" "$T/rep.json.gz" --out "$T/repff"
grep -q "eft.twosum" "$T/repff/ACCURACY.md" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: float-float table from .gz"; }
gzip -c "$T/ffbad.json" >"$T/ffbad.json.gz"
expect 5 "pairs" -- report "$T/ffbad.json.gz" "$T/rep.json" --out "$T/rep4"
# Float-float shards merge into exactly the single run (every statistic, argmax, failure
# list, verdict); merge refuses overlaps, gaps, another seed, partner count, variant list
# or version, and binary32 files; SIGINT keeps a partial result that --resume completes
# into the uninterrupted result.
same_ff() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
keys = ("kind", "version", "domain", "partners", "complete", "covered", "results")
sys.exit(0 if all(a[k] == b[k] for k in keys) else 1)
PY
}
F="--backend cpu --from 0x3f7ff000 --to 0x3f800fff --partners 2 --quiet"
for k in 0 1 2; do "$U" run dw $F --shard $k/3 --json "$T/fs$k.json" >/dev/null 2>&1; done
"$U" run dw $F --json "$T/fall.json" >/dev/null 2>&1
expect 0 "dw.mul.dw.fma" -- merge "$T/fs1.json" "$T/fs2.json" "$T/fs0.json" --json "$T/fm.json"
if same_ff "$T/fall.json" "$T/fm.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: merge of 3 float-float shards"; fi
if python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['domain']['count'] < 8192 and d['covered'] == [{'from': d['domain']['from'], 'to': d['domain']['to']}] else 1)" "$T/fs1.json"; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: a float-float shard's JSON"; fi
expect 0 "shard 1/3: high words 0x3f7ffaab..0x3f800555" -- run eft.twosum --backend cpu --from 0x3f7ff000 --to 0x3f800fff --partners 2 --shard 1/3
expect 2 "too few high words for 3 shards" -- run eft.twosum --backend cpu --from 0 --to 0x1 --shard 2/3
expect 2 "gap between" -- merge "$T/fs0.json" "$T/fs2.json"
expect 2 "overlap" -- merge "$T/fs0.json" "$T/fs1.json" "$T/fs1.json"
"$U" run dw $F --shard 1/3 --seed 5 --json "$T/fseed.json" >/dev/null 2>&1
expect 2 "fseed.json was run with seed 0x0000000000000005" -- merge "$T/fs0.json" "$T/fseed.json" "$T/fs2.json"
"$U" run dw $F --shard 1/3 --partners 3 --json "$T/fpart.json" >/dev/null 2>&1
expect 2 "fpart.json has 3 random partners" -- merge "$T/fs0.json" "$T/fpart.json" "$T/fs2.json"
"$U" run dw.add.fp $F --shard 1/3 --json "$T/fvar.json" >/dev/null 2>&1
expect 2 "fvar.json has 1 variants" -- merge "$T/fs0.json" "$T/fvar.json" "$T/fs2.json"
sed 's/"version": "[^"]*"/"version": "0.0.1"/' "$T/fs1.json" >"$T/fold.json"
expect 5 "fold.json comes from ulpcert 0.0.1" -- merge "$T/fs0.json" "$T/fold.json" "$T/fs2.json"
# a shard of the partner set before the worst-case partners (no "set" field) neither merges
# nor resumes
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); del d['partners']['set']; json.dump(d, open(sys.argv[2], 'w'))" "$T/fs1.json" "$T/fset1.json"
expect 5 "fset1.json was made with partner set 1, this ulpcert uses set 2" -- merge "$T/fs0.json" "$T/fset1.json" "$T/fs2.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); del d['partners']['set']; json.dump(d, open(sys.argv[2], 'w'))" "$T/fall.json" "$T/fsetall.json"
expect 2 "is not a run of this command .*partner set 1" -- run dw $F --json "$T/fres.json" --resume "$T/fsetall.json"
expect 2 "s1.json holds binary32 variants, .*fs0.json float-float ones: results of different kinds do not merge" -- merge "$T/fs0.json" "$T/s1.json"
expect 2 "fs0.json holds float-float variants, .*s1.json binary32 ones: results of different kinds do not merge" -- merge "$T/s1.json" "$T/fs0.json"
expect 4 "cannot read" -- merge "$T/fs0.json" "$T/nonexistent.json"
F="--backend cpu --from 0x3f000000 --to 0x3f03ffff --partners 2 --chunk 4096 --threads 2"
"$U" run eft $F --json "$T/fp.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 130 ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); c=d['covered']; sys.exit(0 if d['complete'] is False and len(c) == 1 and c[0]['from'] == '0x3f000000' and c[0]['to'] < '0x3f03ffff' else 1)" "$T/fp.json"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: SIGINT (exit $rc) did not leave a partial float-float result"
fi
expect 5 "fp.json: an interrupted run" -- report "$T/fp.json" reports/results/tanh-h100.json.gz --out "$T/rep4"
expect 2 "is not a run of this command" -- run eft $F --seed 2 --resume "$T/fp.json" --quiet
"$U" run eft $F --json "$T/fr.json" --resume "$T/fp.json" --quiet >/dev/null 2>&1
"$U" run eft $F --json "$T/ffull.json" --quiet >/dev/null 2>&1
if same_ff "$T/fr.json" "$T/ffull.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: float-float resume differs from an uninterrupted run"; fi

# The fast path (shortcut, then the polynomial table, then MPFR) gives the results of MPFR
# alone, field for field: tanh across 2^-27 (shortcut's series), 2^-4 (the table) and the
# sign; refcheck --fast-path finds no mismatch and fails on bad input.
F="--backend cpu --from 0x31fff000 --to 0x3200ffff --threads 2 --no-cache --quiet"
"$U" run tanhf.host $F --json "$T/fast1.json" >/dev/null 2>&1
"$U" run tanhf.host $F --no-fast-path --json "$T/fast2.json" >/dev/null 2>&1
if same_results "$T/fast1.json" "$T/fast2.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: fast path differs (tiny)"; fi
F="--backend cpu --from 0xbd7ff000 --to 0xbd80ffff --threads 2 --no-cache --quiet"
"$U" run tanhf.host $F --json "$T/fast3.json" >/dev/null 2>&1
"$U" run tanhf.host $F --no-fast-path --json "$T/fast4.json" >/dev/null 2>&1
if same_results "$T/fast3.json" "$T/fast4.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: fast path differs (2^-4)"; fi
if python3 -c "import json,sys; a,b=(json.load(open(p))['timing'] for p in sys.argv[1:]); sys.exit(0 if a['mpfr_calls'] < 10 and b['mpfr_calls'] > 60000 and a['fast_hits'] > 60000 else 1)" "$T/fast3.json" "$T/fast4.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the table did not decide [2^-4 - , 2^-4 + ]"; fi
expect 0 " 0 mismatches" -- refcheck tanh --fast-path --backend cpu --from 0x3f7f0000 --to 0x3f80ffff --threads 2
expect 0 "by the table" -- refcheck tanh --fast-path --backend cpu --from 0xc1987000 --to 0xc198ffff --threads 2
expect 2 "needs --fast-path" -- refcheck tanh --backend gpu
expect 2 "unknown reference 'nope'" -- refcheck nope --fast-path
expect 0 "table: none" -- refcheck fabs --fast-path --backend cpu --from 0x3f800000 --to 0x3f800fff
# an expression: the balls' decisions by precision (sin(x)/x at 2^125: the table leaves all, the first precision decides)
expect 0 "the balls by precision: 64 bits 4096, 128 bits 0," -- refcheck 'sin(x)/x' --fast-path --backend cpu --from 0x7e000000 --to 0x7e000fff --threads 2

# bench --expressions: the 34 target expressions, each a process of its own, over the
# subnormals' first 2^12 inputs and across 2^8 (tails both): every input decided by the
# table, the balls or the host, none undecidable, the written-out forms equal to their
# named references field for field.
for R in "0x00000000 0x00000fff" "0x437ff800 0x438007ff"; do
  set -- $R
  "$U" bench --expressions --backend cpu --threads 2 --from $1 --to $2 --json "$T/bx.json" >"$T/bx.txt" 2>&1
  if [ $? -eq 0 ] && python3 - "$T/bx.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["expressions"]
assert len(rows) == 34 and sum("named" in r for r in rows) == 11, rows
for r in rows:
    assert r["inputs"] == 4096 and r["undecidable"] == 0, r
    assert r["by_table"] + r["by_balls"] + r["host_decisions"] == 4096, r
    assert r.get("same_as_named", True) and r.get("differing_fields", []) == [], r
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: bench --expressions $R"; head -30 "$T/bx.txt"; fi
done

# A directed rounding: the host's division under fesetround(FE_DOWNWARD) is correctly
# rounded (RD) across 2^-2, where x / 2^-130 overflows (RD gives FLT_MAX there), and by 3;
# the files say "rounding": "RD", merge keeps it, the report labels it; a result file
# with an unknown rounding is refused as corrupt.
D="--backend cpu --no-cache --quiet --threads 2"
"$U" run div.host.rd.2^-130 div.host.rd.3 --from 0x3e7ff000 --to 0x3e800fff $D --json "$T/rd1.json" >/dev/null 2>&1
"$U" run div.host.rd.2^-130 div.host.rd.3 --from 0x3e801000 --to 0x3e801fff $D --json "$T/rd2.json" >/dev/null 2>&1
expect 0 "correctly rounded \(RD\) 12288 \(100.0000%\)" -- merge "$T/rd1.json" "$T/rd2.json" --json "$T/rd.json"
expect 0 "documented: correctly rounded \(RD\), 0 of 12288 outputs differ: HOLDS" -- merge "$T/rd1.json" "$T/rd2.json"
if python3 - "$T/rd.json" "$T/rdbad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    assert r["rounding"] == "RD" and r["verdict"] == "HOLDS", r["variant"]
    assert r["correctly_rounded"] == r["inputs"] == 12288, r["variant"]
    assert r["symmetry_checked"] == 0, r["variant"]
d["results"][0]["rounding"] = "RX"
json.dump(d, open(sys.argv[2], "w"))
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: directed rounding in the result file"; fi
"$U" report "$T/rd.json" --out "$T/rdrep" --quiet >/dev/null 2>&1 &&
  grep -q "| div.host.rd.3 | .* | 100.0000% (RD) | .*correctly rounded (RD): 0 of 12,288 outputs differ | HOLDS |" "$T/rdrep/ACCURACY.md"
if [ $? -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the report's directed rounding row"; fi
expect 5 "rounding' is not" -- report "$T/rdbad.json" --out "$T/rdrep2" --quiet
expect 0 "documented: correctly rounded \(RU\): every output is f\(x\) rounded upward" -- list

# Conversions (src/kinds/convert): the catalogue in list, the options that do not apply,
# a CPU run over a binary32 range and whole small domains (the CUDA headers' host code),
# its JSON, the flavours that run on the GPU only reported as not run, and the report's
# table per format and README block.
expect 0 "cvt.e4m3.f32.satfinite +__nv_cvt_float_to_fp8\(x, __NV_SATFINITE, __NV_E4M3\)" -- list
expect 0 "cvt.tf32.f32.rn.satfinite.family +the same, family flavour" -- list
expect 2 "do not apply to conversions" -- run convert --shard 0/2
expect 2 "unknown variant or family 'convert.fp9'" -- run convert.fp9
expect 2 "conversion variants \(cvt.f16.f32.rn\) and .* run in separate commands" -- run cvt.f16.f32.rn tanh
if ! "$U" run cvt.f16.e4m3 --backend cpu --quiet >/dev/null 2>&1; then # a build without the CUDA headers
  expect 2 "this build has no host build of the CUDA headers" -- run cvt.f16.e4m3 --backend cpu
else
  expect 2 "none of the 1 conversion runs on the cpu backend here \(inline PTX: runs on the GPU only\)" -- run cvt.tf32.f32.rna --backend cpu
  "$U" run convert.fp8 cvt.f16.f32.rz --backend cpu --from 0x477fe000 --to 0x4780ffff --threads 2 --json "$T/cv.json" >"$T/cv.txt" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && grep -Eq "^cvt.e4m3.f32.satfinite.emul +not run: a device flavour: runs on the GPU only" "$T/cv.txt" &&
    python3 - "$T/cv.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kind"] == "convert" and d["domain"]["from"] == "0x477fe000", d.get("domain")
r = {x["variant"]: x for x in d["results"]}
a = r["cvt.e4m3.f32.satfinite"]
assert a["ran"] and a["path"] == "host" and a["inputs"] == 0x12000 and a["exact"] == a["inputs"], a
assert a["verdict"] == "HOLDS" and a["mismatches"] == 0 and a["x2"]["lanes"] == a["inputs"], a
assert a["max_err"] is None  # every input of the range overflows E4M3: no error is measured
z = r["cvt.f16.f32.rz"]  # 65504 .. 2^17: toward zero, 65504 every time
assert z["exact"] == z["inputs"] and z["max_err"] is not None and z["max_err"] < 1, z
b = r["cvt.f16.e4m3"]
assert b["inputs"] == 256 and b["range"] == ["0x00", "0xff"] and b["exact"] == 256, b
assert r["cvt.e4m3.f32.satfinite.emul"]["ran"] is False and "GPU" in r["cvt.e4m3.f32.satfinite.emul"]["why"]
for k in ("classes", "mismatch_list", "digest", "documented", "api", "flavour", "seconds"):
    assert k in a, k
PY
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: a CPU run of conversions ($rc)"; sed 's/^/    /' "$T/cv.txt" | head; fi
  printf '# x\n<!-- BEGIN generated: conversions -->\n<!-- END generated -->\n' >"$T/README-cv.md"
  "$U" report "$T/cv.json" --out "$T/cvrep" --readme "$T/README-cv.md" --quiet >/dev/null 2>&1 &&
    grep -q "^### Conversions: fp8 (\`convert.fp8\`)" "$T/cvrep/ACCURACY.md" &&
    grep -q "^| \`cvt.e4m3.f32.satfinite\` | host | [^|]* | f32 -> e4m3 | rn, satfinite | 73728 | 73728 | none |" "$T/cvrep/ACCURACY.md" &&
    grep -q "^- \`cvt.e4m3.f32.satfinite.emul\` on [^:]*: a device flavour: runs on the GPU only" "$T/cvrep/ACCURACY.md" &&
    grep -q "^| fp8 | \`cvt.f16.e4m3\` | rn, ieee | host | [^|]* | 256 of 256 | none | HOLDS |" "$T/README-cv.md"
  if [ $? -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the conversions' report"; fi
fi
# Traps a newcomer met (issue 32), each now refused or reported.
# run --source checks the signature as certify does; a missing function or an empty file
# is named, not reported as an undefined symbol of a temporary library.
clean() { # the output holds no path of ulpcert's temporary folder and no control byte
  ! grep -q "/tmp/ulpcert-user" "$T/out" && [ "$(tr -d '\n\t' <"$T/out" | LC_ALL=C tr -d '[:print:]' | LC_ALL=C tr -d '\200-\377' | wc -c)" -eq 0 ]
}
check_clean() {
  if clean; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: internal path or raw byte in:"; head -5 "$T/out"; fi
}
S="--ref tanh --backend cpu --from 0x3f800000 --to 0x3f80000f --no-cache"
printf '#include <math.h>\ndouble dd(double x) { return tanh(x); }\n' >"$T/dd.c"
expect 2 "dd.c:2: dd is declared 'double dd\(double x\)', not float dd\(float\)" -- run --source "$T/dd.c" --function dd $S
: >"$T/empty.c"
expect 2 "empty.c defines no function f" -- run --source "$T/empty.c" --function f $S
check_clean "empty source"
printf '// maxulperr = 1\nfloat f(float x) { return x; }\n' >"$T/id.c"
expect 2 "id.c defines no function nope" -- run --source "$T/id.c" --function nope $S
check_clean "wrong --function"
printf 'float g(float x) { return undeclared_fn(x); }\n' >"$T/undecl.c"
expect 2 "implicit declaration of function .undeclared_fn." -- run --source "$T/undecl.c" --function g $S
check_clean "a call of an undeclared function"
# --bound: the identity against tanh on [1, 1.5] is off by about (1 - tanh(1)) / 2^-24 =
# 4.0e6 ulp at x = 1, far above 1 ulp: exit 1; on [0, 1e-10] tanh(x) = x - x^3/3 + ..., and
# x^3/3 < 2^-24 x there, so the identity is within 1 ulp: exit 0.
expect 1 "--bound 1 ulp: id.c:f max ulp [0-9.]+: VIOLATED" -- run --source "$T/id.c" --function f --ref tanh --backend cpu --from 1.0 --to 1.5 --bound 1 --quiet
expect 0 "--bound 1 ulp: id.c:f max ulp 0.0000.: HOLDS" -- run --source "$T/id.c" --function f --ref tanh --backend cpu --from 0 --to 1e-10 --bound 1 --quiet
expect 2 "--bound: 'one' is not a number of ulps" -- run --source "$T/id.c" --function f --ref tanh --bound one
expect 2 "--bound applies to binary32 functions, not to float-float" -- run eft.twosum --backend cpu --from 0 --to 0x1 --bound 1
# certify --update over part of the range is refused unless --update-partial says so
cp "$T/id.c" "$T/upd.c"
expect 2 "--update over 0x3f800000..0x3f80000f would write a maximum measured on part" -- certify "$T/upd.c" $S --update
if cmp -s "$T/id.c" "$T/upd.c"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: --update of a partial range changed the file"; fi
expect 1 "f maxulperr = 1: VIOLATED" -- certify "$T/upd.c" $S --update-partial
if ! cmp -s "$T/id.c" "$T/upd.c"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: --update-partial left the file"; fi
# outputs are checked before the run: a run of all 2^32 inputs on the CPU (hours) fails at once
for cmdline in "run tanhf.host --backend cpu --json /nonexistent-dir/x.json" \
               "arch record --backend cpu --out /nonexistent-dir/x.json" \
               "merge $T/s0.json --json /nonexistent-dir/m.json" \
               "report $T/s0.json --out /nonexistent-dir/rep"; do
  # shellcheck disable=SC2086
  timeout 60 "$U" $cmdline >"$T/out" 2>&1
  rc=$?
  if [ $rc -eq 4 ] && grep -q "cannot write /nonexistent-dir/" "$T/out"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: ulpcert $cmdline -> exit $rc (want 4 at once)"; head -3 "$T/out"; fi
done
# an option's missing value is named as typed, never as a raw byte
expect 2 "option '--from' needs a value" -- run tanhf.host --from
check_clean "--from without a value"
expect 2 "option '--out' needs a value" -- report "$T/s0.json" --out
expect 2 "unknown variant or family '.x01bad'" -- run "$(printf '\001bad')"
check_clean "a control byte in a name"
# --from/--to: values as well as bit patterns. By hand: -0x1p-3 = -2^-3: sign, biased
# exponent 124 = 0x7c: 0x80000000 | 0x7c << 23 = 0xbe000000; -0 is 0x80000000; 0x1p-149 is
# the least subnormal 0x00000001 and 1.5e-45 rounds down to it (2^-149 = 1.4013e-45); inf
# is 0x7f800000 and 0x1.fffffep127 (FLT_MAX) 0x7f7fffff; 0.1 lies strictly between
# 0x3dcccccc (13421772 * 2^-27 = 0.09999999404) and 0x3dcccccd (0.10000000149), so --from
# 0.1 (rounded up) is above --to 0.1 (rounded down); -2.0 to -1.0 runs from the pattern of
# -1.0 (0xbf800000) to that of -2.0 (0xc0000000).
V="--backend cpu --no-cache --quiet"
expect 0 "inputs 0xbe000000..0xbe000000 \(1\)" -- run tanhf.host $V --from -0x1p-3 --to -0x1p-3
expect 0 "inputs 0x80000000..0x80000000 \(1\)" -- run tanhf.host $V --from -0 --to -0
expect 0 "inputs 0x00000001..0x00000001 \(1\)" -- run tanhf.host $V --from 0x1p-149 --to 1.5e-45
expect 0 "inputs 0x7f7fffff..0x7f800000 \(2\)" -- run tanhf.host $V --from 0x1.fffffep127 --to inf
expect 0 "inputs 0xbf800000..0xc0000000 \(8388609\)" -- run tanhf.host $V --from -2.0 --to -1.0 --threads 2
# 0.1 is no binary32 value: it lies between 0x3dcccccc (0x1.999998p-4) and 0x3dcccccd (0x1.99999ap-4)
expect 2 "no binary32 value lies between --from 0.1 and --to 0.1: both fall between the neighbours 0x1.999998p-4 and 0x1.99999ap-4" -- \
  run tanhf.host $V --from 0.1 --to 0.1
expect 2 "--from: '12345' is ambiguous: write a bit pattern in hex \(0x00003039\) or a value with a point \(12345.0\)" -- run tanhf.host --from 12345
expect 2 "crosses zero: .* run the two halves" -- run tanhf.host --from -1.0 --to 1.0
expect 2 "--from: 'nan' is neither a bit pattern" -- run tanhf.host --from nan
# list PATTERN: a filter by name (substring, or a wildcard); the CUDA Guide's title once, at
# the end, cited by number on its rows
"$U" list 'tanh*' >"$T/list" 2>&1
if grep -q "^tanh.approx  " "$T/list" && grep -q "^tanhf.cuda.fastmath  " "$T/list" && ! grep -q "^atanhf" "$T/list" &&
   ! grep -q "expf.host" "$T/list" && grep -q "^  tanh.approx.f16  " "$T/list"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: list 'tanh*'"; head -5 "$T/list"; fi
"$U" list >"$T/list" 2>&1
if [ "$(grep -c "the difference in ulps between a correctly rounded" "$T/list")" -eq 1 ] &&
   grep -q "^\[1\] CUDA C Programming Guide, Mathematical Functions, single-precision table" "$T/list" &&
   grep -q "acosf 2)$" "$T/list" && grep -q "^acosf.cuda.fastmath  " "$T/list"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: list's citations and columns"; fi
expect 0 "^rcp.host " -- list rcp.host
expect 0 "^div.host.rd.3 +directed " -- list directed
# progress: a line per tenth of the work when stderr is not a terminal (16 chunks of 2^18)
"$U" run tanhf.host --backend cpu --from 0x3f800000 --to 0x3fbfffff --chunk 2^18 --no-cache --threads 2 >/dev/null 2>"$T/prog"
n=$(grep -cE "^ulpcert: scan +[0-9.]+% \([0-9]+ of 4194304\)" "$T/prog")
if [ "$n" -ge 9 ] && [ "$n" -le 11 ] && tail -1 "$T/prog" | grep -q "100.0% (4194304 of 4194304)"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: progress lines ($n)"; cat "$T/prog"; fi

fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
