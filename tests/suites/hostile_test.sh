#!/bin/sh
# hostile_test.sh: a user's ordinary mistakes, in their code and in their claims, never
# give an answer with exit status 0 that is not true. Each case asserts the exact exit
# status and the message: user functions that flush, change the rounding mode, enable
# traps, exit, crash, abort or loop (exit 8, with the input); claim numbers outside the
# grammar (exit 2, with the column); claims that hide what the run found (exit 1); the
# first inputs of non-finite outputs listed, merged, resumed, read back and plotted; the
# worker on --threads threads. (A user's kernel that hangs on the GPU: tests/gpu/usercode.sh.)
# Small ranges on the CPU: a few seconds on two cores. Needs $ULPCERT and a C compiler.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# [1, 1.125): 2^20 inputs
R="--backend cpu --no-cache --quiet --from 0x3f800000 --to 0x3f8fffff"

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
    echo "FAIL: ulpcert $* -> exit $rc (want $code, /$pat/), output:"
    sed 's/^/    /' "$T/out" | head -8
  fi
}
# refute PATTERN: the last command's output lacks PATTERN
refute() {
  if grep -Eq -- "$1" "$T/out"; then
    fail=$((fail + 1))
    echo "FAIL: /$1/ in the output of the last command"
  else
    pass=$((pass + 1))
  fi
}

# unit FILE BODY: a C file defining float s(float) as BODY (x its argument), after the
# claim comment CLAIM (default: none)
unit() {
  printf '#define _GNU_SOURCE\n#include <fenv.h>\n#include <math.h>\n#include <stdint.h>\n#include <stdlib.h>\n#include <string.h>\n' >"$T/$1"
  printf 'static uint32_t bits(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }\n' >>"$T/$1"
  printf '%s\nfloat s(float x) { %s }\n' "${3:-}" "$2" >>"$T/$1"
}

# ---- the user's code cannot reach ulpcert's state ----
# a rounding mode left set: an error naming the input (the first evaluated: one below the
# range, for the monotonicity check), no result (was: 49.996% correctly rounded)
unit rz.c 'fesetround(FE_TOWARDZERO); return sqrtf(x);'
expect 8 "s leaves the floating-point state changed .*rounding toward zero.* at x = 0x1.fffffep-1 \(0x3f7fffff\)" -- run --source "$T/rz.c" --function s --ref sqrt $R
refute "correctly rounded"
# exit() inside the function: exit 8 and the input, not exit 0 without output
unit ex.c 'if (bits(x) == 0x3f880000u) exit(0); return sqrtf(x);'
expect 8 "s ended the process with exit status 0 .* while evaluating x = 0x1.1p\+0 \(0x3f880000\); no result" -- run --source "$T/ex.c" --function s --ref sqrt $R --json "$T/ex.json"
[ ! -e "$T/ex.json" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a result file was written for a run that did not finish"; }
unit exc.c 'if (bits(x) == 0x3f880000u) exit(0); return sqrtf(x);' '/* maxulperr = 0.5, ref = sqrt */'
expect 8 "s ended the process with exit status 0 .*0x3f880000" -- certify "$T/exc.c" $R
# a segfault, abort, a floating-point trap
unit sg.c 'if (bits(x) == 0x3f812345u) return *(volatile float *)0; return sqrtf(x);'
expect 8 "s was ended by signal 11 \(Segmentation fault\) while evaluating x = 0x1.02468ap\+0 \(0x3f812345\)" -- run --source "$T/sg.c" --function s --ref sqrt $R
unit ab.c 'if (bits(x) == 0x3f8fffffu) abort(); return sqrtf(x);'
expect 8 "s was ended by signal 6 \(Abort.*0x3f8fffff" -- run --source "$T/ab.c" --function s --ref sqrt $R
unit tr.c 'if (bits(x) == 0x3f880000u) feenableexcept(FE_DIVBYZERO); return 1.0f / (x - 1.0625f);'
expect 8 "s was ended by signal 8 \(Floating point exception\) while evaluating x = 0x1.1p\+0 \(0x3f880000\)" -- run --source "$T/tr.c" --function s --ref sqrt $R
# an endless loop: stopped after the time limit of a batch
unit lp.c 'volatile int k = 1; if (bits(x) == 0x3f800010u) while (k) {} return sqrtf(x);'
export ULPCERT_USER_TIMEOUT=1
expect 8 "s did not finish within 1 s .* while evaluating x = 0x1.00002p\+0 \(0x3f800010\)" -- run --source "$T/lp.c" --function s --ref sqrt $R
unset ULPCERT_USER_TIMEOUT
# ^C reaches the whole process group, the worker too: the run still stops as interrupted
# (exit 130, a partial result), not as a user's function ended by SIGINT
unit slow.c 'volatile int k = 0; for (int i = 0; i < 20000; i++) k += i; return sqrtf(x);'
setsid "$U" run --source "$T/slow.c" --function s --ref sqrt $R --chunk 65536 --json "$T/part.json" >/dev/null 2>"$T/out" &
pid=$!
sleep 2
kill -INT "-$pid" 2>/dev/null
wait "$pid"
rc=$?
if [ $rc -eq 130 ] && grep -q '"complete": false' "$T/part.json"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: ^C to the process group: exit $rc"; sed 's/^/    /' "$T/out" | tail -3
fi
# the worker evaluates on the run's --threads (was: every core, whatever --threads said),
# and the result file says on how many threads its batches ran
for n in 1 2; do
  expect 0 "" -- run --source "$T/slow.c" --function s --ref sqrt --backend cpu --no-cache --quiet --from 0x3f800000 --to 0x3f803fff --threads $n --json "$T/th$n.json"
  python3 -c "import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))['timing'].get('user_threads') == $n else 1)" "$T/th$n.json" &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --threads $n: the worker ran on $(grep -o '"user_threads": [0-9]*' "$T/th$n.json")"; }
done
# flush to zero set when the code is loaded (what -ffast-math's crtfastmath.o does): the
# function is measured so (it flushes), the reference is not (was: max ulp 0, HOLDS)
unit fz.c 'return sqrtf(x);' '#include <xmmintrin.h>
__attribute__((constructor)) static void ftz(void) { _mm_setcsr(_mm_getcsr() | 0x8040); }
/* maxulperr = 0.5, ref = sqrt */'
expect 1 "changes the floating-point state when it is loaded .*flush to zero on, denormals are zero on" -- certify "$T/fz.c" --backend cpu --no-cache --from 0x00000001 --to 0x000fffff
grep -Eq "s maxulperr = 0.5: VIOLATED" "$T/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: FTZ: not VIOLATED"; cat "$T/out"; }
# the signature is the compiler's business: typedefs pass, another type is refused
printf 'typedef float f32;\nf32 g(f32 x) { return x; }\ntypedef double f64;\nf64 d(f64 x) { return x; }\n' >"$T/td.c"
expect 0 "td.c:g \| 0.00000" -- run --source "$T/td.c" --function g --ref x $R
expect 2 "incompatible pointer type" -- run --source "$T/td.c" --function d --ref x $R
# a missing file: the same status from run --source and certify
expect 4 "cannot read" -- run --source "$T/none.c" --function s --ref sqrt $R
expect 4 "cannot read" -- certify "$T/none.c" $R

# ---- claim numbers: read exactly, or refused with the column ----
up='return nextafterf(sqrtf(x), 2.0f);' # sqrt rounded up: max error 1.5 ulp (just below)
for c in "1/2" "2^-1" "3/4" "1" "1.4" "0x1p+0"; do
  unit n.c "$up" "/* maxulperr = $c, ref = sqrt */"
  expect 1 "s maxulperr = $(printf '%s' "$c" | sed 's/[]^$.*+?(){}|[]/\\&/g'): VIOLATED \(measured 1.49" -- certify "$T/n.c" $R
done
# run --bound takes the same numbers, compared exactly
unit b.c "$up"
expect 1 "--bound 1/2 ulp: b.c:s max ulp 1.5[0-9]*: VIOLATED" -- run --source "$T/b.c" --function s --ref sqrt $R --bound 1/2
unit bq.c 'return sqrtf(x);'
expect 0 "--bound 2\^-1 ulp: .*HOLDS" -- run --source "$T/bq.c" --function s --ref sqrt $R --bound 2^-1
expect 2 "',' is not a decimal point" -- run --source "$T/b.c" --function s --ref sqrt $R --bound 0,5
unit n.c "$up" "/* maxulperr <= 1.5, ref = sqrt */"
expect 0 "s maxulperr <= 1.5: HOLDS" -- certify "$T/n.c" $R
for c in "0,5:17:',' is not a decimal point" "1e999:18:the exponent is out of range" "1.5.3:19:'.' after the number" \
         "O.5:16:not a number" "0.5x:19:'x' after"; do
  num=${c%%:*} rest=${c#*:}
  unit n.c "$up" "/* maxulperr = $num, ref = sqrt */"
  expect 2 "line 8, column ${rest%%:*}: maxulperr: ${rest#*:}" -- certify "$T/n.c" $R
done
# a malformed claim beside a valid one, another relation, two claims of one measure
unit n.c "$up" "/* maxulperr = 2, maxrelerr = O.5, ref = sqrt */"
expect 2 "column 31: maxrelerr: not a number" -- certify "$T/n.c" $R
unit n.c "$up" "/* maxrelerr = 1e-6 maxulperr: 0.5, ref = sqrt */"
expect 2 "column 30: maxulperr takes '=' or '<='" -- certify "$T/n.c" $R
unit n.c "$up" "/* maxulperr = 2 maxulperr = 0.5, ref = sqrt */"
expect 2 "a second maxulperr in one comment" -- certify "$T/n.c" $R
# a ref = beyond what can be read is refused, not replaced by --ref
long=$(awk 'BEGIN { s = "x"; for (i = 0; i < 1100; i++) s = s "+0*x"; print s }')
unit n.c "$up" "/* maxulperr = 2, ref = $long */"
expect 2 "ref = is longer than 4095" -- certify "$T/n.c" $R --ref sqrt
# --update writes a number that reads back as the maximum, in the claim's notation
unit n.c "$up" "/* maxulperr = 0x1p-1, ref = sqrt */"
expect 1 "VIOLATED" -- certify "$T/n.c" $R --update-partial
grep -q "maxulperr = 0x3p-1," "$T/n.c" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --update wrote"; grep maxulperr "$T/n.c"; }
expect 0 "s maxulperr = 0x3p-1: HOLDS" -- certify "$T/n.c" $R

# ---- a verdict uses everything the run measured ----
# NaN from 1.0625 = 0x3f880000 to 0x3f8fffff: 0x80000 = 524288 inputs
unit nan.c 'return x >= 1.0625f ? NAN : sqrtf(x);' "/* maxulperr = 0.5, ref = sqrt */"
expect 1 "s maxulperr = 0.5: VIOLATED .*: 524288 NaN or infinite outputs where the correctly rounded result is finite; first at 0x3f880000 \(0x1.1p\+0\), 0x3f880001" -- certify "$T/nan.c" $R
unit odd.c 'return fabsf(x * x * x);' "/* maxulperr <= 4, ref = x*x*x, ref-odd */"
expect 1 "VIOLATED .* violations of the declared symmetry.*first at 0x3f800000" -- certify "$T/odd.c" $R

# an option that does not apply is refused, not ignored
expect 2 "--ref applies to --source FILE --function NAME only" -- run tanhf.host --ref sigmoid $R
unit nan2.c 'return x >= 1.0625f ? NAN : sqrtf(x);'
expect 0 "nan2.c:s \| .* \| 524288 \| - \| - \| - \|" -- run --source "$T/nan2.c" --function s --ref sqrt $R
# the first inputs of non-finite outputs are listed, wherever they are (was: counted only):
# NaN on [1.03125, 1.0625) = 0x3f840000 .. 0x3f87ffff and +inf at 1.0625 + 2^-19 = 0x3f880004
# (sqrt of both is finite), 2^18 + 1 = 262145 in all; the lowest 8 are 0x3f840000 .. 0x3f840007
unit nf.c 'return bits(x) == 0x3f880004u ? INFINITY : (x >= 1.03125f && x < 1.0625f) ? NAN : sqrtf(x);'
NF="run --source $T/nf.c --function s --ref sqrt --backend cpu --no-cache --quiet"
expect 0 "non-finite: x=0x3f840000 \(0x1.08p\+0\) out=0x7fc00000 \(nan\) expected=0x3f81fc10" -- $NF --from 0x3f800000 --to 0x3f8fffff --json "$T/nf.json"
grep -q "non-finite: 262142 more (the first 8 in the result file)" "$T/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the count of non-finite outputs not shown"; }
expect 1 "262145 outputs infinite or NaN .* \(first non-finite at 0x3f840000 \(0x1.08p\+0\)\): VIOLATED" -- $NF --from 0x3f800000 --to 0x3f8fffff --bound 1
# shards merged, and a partial result resumed, list the lowest inputs of the whole range;
# the shard above 1.0625 lists its +inf alone
"$U" $NF --from 0x3f880000 --to 0x3f8fffff --json "$T/nf_hi.json" >/dev/null 2>&1
"$U" $NF --from 0x3f800000 --to 0x3f87ffff --json "$T/nf_lo.json" >/dev/null 2>&1
expect 0 "" -- merge "$T/nf_hi.json" "$T/nf_lo.json" --json "$T/nf_m.json"
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
d = json.load(open(t + "/nf_hi.json")); d["complete"] = False
d["domain"] = {"from": "0x3f800000", "to": "0x3f8fffff", "count": 1048576}; json.dump(d, open(t + "/nf_part.json", "w"))
d = json.load(open(t + "/nf.json")); r = d["results"][0]
r["nonfinite_first"] = r["nonfinite_first"][:7]; json.dump(d, open(t + "/nf_short.json", "w"))
r["nonfinite_first"] = [r["nonfinite_first"][1], r["nonfinite_first"][0]] + r["nonfinite_first"][2:] + [r["nonfinite_first"][6]]
json.dump(d, open(t + "/nf_order.json", "w"))
d = json.load(open(t + "/nf.json")); d["results"][0]["nonfinite_first"][3]["output"] = "0x3f800000"; json.dump(d, open(t + "/nf_fin.json", "w"))
d = json.load(open(t + "/nf.json")); del d["results"][0]["nonfinite_first"]; json.dump(d, open(t + "/nf_old.json", "w"))
PY
expect 0 "" -- $NF --from 0x3f800000 --to 0x3f8fffff --resume "$T/nf_part.json" --json "$T/nf_r.json"
check_nf() {
  python3 - "$@" <<'PY'
import json, sys
want = [{"input": "0x%08x" % (0x3f840000 + k), "output": "0x7fc00000"} for k in range(8)]
hi = [{"input": "0x3f880004", "output": "0x7f800000"}]
def first(p): return [{k: e[k] for k in ("input", "output")} for e in json.load(open(p))["results"][0]["nonfinite_first"]]
ok = first(sys.argv[1] + "/nf_hi.json") == hi
for f in ("nf", "nf_m", "nf_r"): ok = ok and first(sys.argv[1] + "/" + f + ".json") == want
sys.exit(0 if ok else 1)
PY
}
check_nf "$T" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: nonfinite_first of a run, a merge or a resume"; }
# a malformed list is refused; a file without one (written before it existed) is read as not listed
expect 5 "nonfinite_first' lists 7 inputs where nonfinite counts 262145" -- merge "$T/nf_short.json"
expect 5 "nonfinite_first' is not in increasing order of input at entry 1" -- merge "$T/nf_order.json"
expect 5 "nonfinite_first' entry 3: output 0x3f800000 is not a NaN or an infinity" -- merge "$T/nf_fin.json"
"$U" $NF --from 0x3f900000 --to 0x3f9000ff --json "$T/nf_up.json" >/dev/null 2>&1
expect 0 "non-finite: inputs not listed" -- merge "$T/nf_old.json" "$T/nf_up.json" --json "$T/nf_om.json"
python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; sys.exit(0 if 'nonfinite_first' not in r and r['nonfinite'] == 262145 else 1)" "$T/nf_om.json" &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a merge with an unlisted file claims a list"; }
# the plot of the error along x leaves a gap where the outputs are NaN (was: a line drawn
# across it) and marks the first such inputs: the gnuplot script, from a stand-in gnuplot
mkdir -p "$T/bin"
printf '#!/bin/sh\ncat >"%s/gp.cur"\ncat "%s/gp.cur" >>"%s/gp.log"\nout=$(sed -n "s/^set output .\\(.*\\).$/\\\\1/p" "%s/gp.cur" | head -1)\n[ -n "$out" ] && : >"$out"\nexit 0\n' "$T" "$T" "$T" "$T" >"$T/bin/gnuplot"
chmod +x "$T/bin/gnuplot"
PATH="$T/bin:$PATH" "$U" report "$T/nf.json" --out "$T/nfrep" >/dev/null 2>&1
python3 - "$T/gp.log" <<'PY' && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the x plot draws across the NaN outputs"; }
import sys
s = open(sys.argv[1]).read()
x = s[s.index("-x.svg"):]
data = x[x.index("$D << EOD\n") + 10:x.index("EOD\n", x.index("$D << EOD\n") + 10)]
# bins [1.03, 1.04), [1.04, 1.05), [1.05, 1.06) hold only NaN outputs (and 1.03125 .. up
# to 1.03 + 0.01 partly): after the bin of 1.0350 the curve must break before 1.0650
lines = data.split("\n")
i = lines.index("1.0350 " + lines[lines.index([l for l in lines if l.startswith("1.0350")][0])].split()[1])
assert lines[i + 1] == "" and lines[i + 2].startswith("1.0650"), lines[i:i + 3]
assert "$N << EOD\n1.03125\n" in x and "non-finite output" in x
PY

# ---- results are joined only when what made them is the same ----
unit m.c 'return sqrtf(x);'
"$U" run --source "$T/m.c" --function s --ref sqrt $R --json "$T/m1.json" >/dev/null 2>&1
expect 0 "" -- run --source "$T/m.c" --function s --ref sqrt $R --resume "$T/m1.json"
expect 2 "field 'reference': 'sqrt\(x\)' and 'sqrt'" -- run --source "$T/m.c" --function s --ref 'sqrt(x)' $R --resume "$T/m1.json"
R2="--backend cpu --no-cache --quiet --from 0x3f900000 --to 0x3f9fffff"
"$U" run --source "$T/m.c" --function s --ref 'sqrt(x)' $R2 --json "$T/m2.json" >/dev/null 2>&1
expect 2 "field 'reference'" -- merge "$T/m1.json" "$T/m2.json"
ULPCERT_CC="cc -O0" "$U" run --source "$T/m.c" --function s --ref sqrt $R2 --json "$T/m3.json" >/dev/null 2>&1
expect 2 "field 'origin.compiler': 'cc -std=gnu11.*' and 'cc -O0 -std" -- merge "$T/m1.json" "$T/m3.json"
echo "/* edited */" >>"$T/m.c"
expect 2 "field 'origin.source_sha256'" -- run --source "$T/m.c" --function s --ref sqrt $R --resume "$T/m1.json"
"$U" run --source "$T/m.c" --function s --ref sqrt $R2 --json "$T/m4.json" >/dev/null 2>&1
expect 2 "field 'origin.source_sha256'" -- merge "$T/m1.json" "$T/m4.json"

# ---- the smaller ones ----
# a baseline without a variant (or without a kind) compares nothing: a failure, not "identical"
"$U" arch record --backend cpu --no-cache --quiet --kinds binary32 --from 0x3f800000 --to 0x3f8000ff --out "$T/ar.json" >/dev/null 2>&1
"$U" run tanhf.host --backend cpu --no-cache --quiet --from 0x3f800000 --to 0x3f8000ff --json "$T/one.json" >/dev/null 2>&1
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
d = json.load(open(t + "/ar.json")); d["results"] = []; json.dump(d, open(t + "/empty.json", "w"))
d = json.load(open(t + "/ar.json")); del d["kind"]; json.dump(d, open(t + "/nokind.json", "w"))
d = json.load(open(t + "/ar.json")); d["results"][0]["max_ulp"] = -3; json.dump(d, open(t + "/neg.json", "w"))
d["results"][0]["max_ulp"] = 1e308; json.dump(d, open(t + "/huge.json", "w"))
d = json.load(open(t + "/ar.json")); d["results"][0]["variant"] = "a\n| fake | row"; json.dump(d, open(t + "/nl.json", "w"))
d = json.load(open(t + "/one.json")); d["results"][0]["variant"] = "q' ; system('touch " + t + "/pwned') ; '"
d["device"]["name"] = 'dev" ; system("touch ' + t + '/pwned2") ; "'; json.dump(d, open(t + "/quote.json", "w"))
PY
expect 1 "compared nothing" -- arch compare "$T/empty.json" --backend cpu --no-cache --quiet
expect 1 "compared nothing" -- arch compare "$T/nokind.json" --backend cpu --no-cache --quiet
# measures outside their possible range are refused on reading (merge would drop the true maximum)
expect 5 "max_ulp' is -3, outside the range" -- merge "$T/neg.json"
expect 5 "max_ulp' is 1e\+308, outside the range" -- merge "$T/ar.json" "$T/huge.json"
# names: a newline would add a Markdown row (refused); quotes never end a gnuplot string
expect 5 "control character or '\|'" -- report "$T/nl.json" --out "$T/rep1"
expect 0 "wrote" -- report "$T/quote.json" --out "$T/rep2"
[ ! -e "$T/pwned" ] && [ ! -e "$T/pwned2" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: a name ran a gnuplot command"; }
# a gzip bomb (and a plain file as large) is refused at the limit, not read until memory runs out
head -c 3000000 /dev/zero | gzip >"$T/bomb.json.gz"
export ULPCERT_MAX_JSON_MB=1
expect 5 "decompresses to more than 1 MiB" -- report "$T/bomb.json.gz" --out "$T/rep3"
head -c 3000000 /dev/zero >"$T/plain.json"
expect 5 "larger than 1 MiB" -- merge "$T/plain.json"
unset ULPCERT_MAX_JSON_MB
# --json writes through a symbolic link, never replaces a device, a FIFO or a folder
echo old >"$T/target.json"
ln -s target.json "$T/link.json"
expect 0 "" -- run tanhf.host $R --json "$T/link.json"
[ -L "$T/link.json" ] && grep -q '"tool": "ulpcert"' "$T/target.json" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the link was replaced"; }
mkfifo "$T/fifo.json"
expect 4 "not a regular file" -- run tanhf.host $R --json "$T/fifo.json"
expect 4 "not a regular file" -- run tanhf.host $R --json /dev/null
[ -c /dev/null ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: /dev/null replaced"; }
# the cache: a FIFO in its folder is ignored (was: every run hung in open()); the
# temporaries of a killed save are removed, those of a running process kept
mkdir "$T/cache"
mkfifo "$T/cache/tanh.ulpref"
: >"$T/cache/tanh.ulpref.tmp.999999999.0"
: >"$T/cache/tanh.ulpref.tmp.$$.0"
ULPCERT_CACHE="$T/cache" timeout 60 "$U" run tanhf.host --backend cpu --from 0x3f800000 --to 0x3f8000ff >/dev/null 2>"$T/out"
rc=$?
if [ $rc -eq 0 ] && grep -q "not a regular file" "$T/out" && grep -q "removed .*tmp.999999999.0" "$T/out" &&
   [ ! -e "$T/cache/tanh.ulpref.tmp.999999999.0" ] && [ -e "$T/cache/tanh.ulpref.tmp.$$.0" ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: cache folder with a FIFO and temporaries: exit $rc"; cat "$T/out"
fi

# a cache this run cannot use: the notice says why, and that a run over part of its inputs
# does not rebuild it (the file is left as it was)
mkdir "$T/cache2"
printf 'not a cache' >"$T/cache2/tanh.ulpref"
ULPCERT_CACHE="$T/cache2" timeout 60 "$U" run tanhf.host --backend cpu --from 0x3f800000 --to 0x3f8000ff >/dev/null 2>"$T/out"
rc=$?
if [ $rc -eq 0 ] && grep -q "shorter than its header (truncated?)): not used (a run over all of its inputs rebuilds it)" "$T/out" &&
   [ "$(cat "$T/cache2/tanh.ulpref")" = "not a cache" ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: a short cache file on a partial run: exit $rc"; cat "$T/out"
fi

echo
echo "hostile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
