#!/bin/sh
# budgets_test.sh: `ulpcert report --budgets FORMAT` (docs/reports.md, "Budgets"). The
# committed budget files (reports/budgets/) are what the committed results give; every figure
# of the JSON equals one derived here from the result files themselves (the largest max_ulp of
# each variant and device, rounded up; the subnormal bins' maximum; host-only variants on
# "cpu"); the C header compiles and its table agrees; the C++ layouts compile; bad formats are
# refused. Needs $ULPCERT, python3, cc and c++. Takes seconds.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# the results make report reads (the Makefile's RESULTS)
R="$( (ls reports/results/*.json reports/results/*.json.gz 2>/dev/null;
  ls reports/arch/*.json reports/arch/*.json.gz 2>/dev/null | grep -Ev '\.[^/.]+\.json(\.gz)?$') | LC_ALL=C sort)
$(ls reports/results/libm/*.json.gz 2>/dev/null | LC_ALL=C sort)"
R=$(echo "$R" | grep .)

echo "budgets_test: regenerating from $(echo "$R" | wc -l) committed result files"
for fb in json:ulpcert_budgets.json h:ulpcert_budgets.h; do
  f=${fb%%:*} out=${fb#*:}
  # shellcheck disable=SC2086
  if "$U" report $R --budgets "$f" >"$T/$out" 2>"$T/err" && cmp -s "$T/$out" "reports/budgets/$out"; then ok
  else ko "reports/budgets/$out differs from 'report --budgets $f' of the committed results (run make report)"
    diff "$T/$out" "reports/budgets/$out" | head -5; head -3 "$T/err"; fi
done

# the variants with host code only (list's backends column is exactly "cpu")
"$U" list >"$T/list.txt" 2>&1
# every figure again, from the result files
# shellcheck disable=SC2086
if python3 - "$T/ulpcert_budgets.json" "$T/list.txt" $R >"$T/py.out" 2>&1 <<'EOF'
import gzip, json, math, sys
budgets = json.load(open(sys.argv[1]))["budgets"]
host_only = set()
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) >= 3 and f[2] == "cpu":
        host_only.add(f[0])
def load(p):
    op = gzip.open if p.endswith(".gz") else open
    with op(p, "rt") as fh:
        return json.load(fh)
want = {}
for p in sys.argv[3:]:
    d = load(p)
    if d.get("kind", "binary32") != "binary32" or "results" not in d:
        continue
    gpu = d.get("backend") == "gpu"
    for v in d["results"]:
        name = v["variant"]
        dev = d["device"]["name"] if gpu and name not in host_only else "cpu"
        # the bins of biased exponent 0: bit patterns 0x00000000..0x007fffff and
        # 0x80000000..0x807fffff (bins of 2^log2_width patterns from 'first')
        b = v["bins"]
        w = 1 << b["log2_width"]
        first = int(b["first"], 16)
        sub = normal = None
        for k, (n, m) in enumerate(zip(b["inputs"], b["max_ulp"])):
            if not n or m is None:
                continue
            lo = first + k * w
            e0 = (lo & 0x7fffffff) < 0x00800000
            if e0:
                sub = m if sub is None else max(sub, m)
            else:
                normal = m if normal is None else max(normal, m)
        key = (name, dev)
        mu = v["max_ulp"]
        o = want.setdefault(key, {"max": None, "sub": None, "normal": None, "special": 0})
        mx = lambda a, c: c if a is None else (a if c is None else max(a, c))
        o["max"], o["sub"], o["normal"] = mx(o["max"], mu), mx(o["sub"], sub), mx(o["normal"], normal)
        o["special"] = max(o["special"], v["special_mismatches"])
bad = 0
got = {(x["variant"], x["device"]): x for x in budgets}
if set(got) != set(want):
    print("rows differ:", sorted(set(got) ^ set(want))[:5]); bad += 1
r5 = lambda u: None if u is None else (float("%.5f" % u) if u < 1e9 else float("%.17e" % u))
for k, o in want.items():
    x = got.get(k)
    if not x:
        continue
    # whole ulps, saturated at 2^63 - 1 (the budget of outputs wrong by many binades)
    exp_ulp = None if o["max"] is None else min(math.ceil(o["max"]), 2**63 - 1)
    if (x["ulp"], r5(x["max_ulp"]), r5(x["max_ulp_subnormal"]), r5(x["max_ulp_normal"]), x["special_mismatches"]) != \
       (exp_ulp, r5(o["max"]), r5(o["sub"]), r5(o["normal"]), o["special"]):
        print("row", k, "budget", x, "derived", o); bad += 1
    if o["max"] is not None and max(v for v in (o["sub"], o["normal"]) if v is not None) != o["max"]:
        print("row", k, "bins' maxima do not reach max_ulp", o); bad += 1
# the host rows are the C libraries' (and every 'cpu' row is a host-only variant or a CPU run)
if not any(k[1] == "cpu" and k[0] == "tanhf.host" for k in got):
    print("tanhf.host has no cpu row"); bad += 1
print("rows", len(got), "bad", bad)
sys.exit(1 if bad else 0)
EOF
then ok; else ko "budget figures against the result files:"; tail -5 "$T/py.out"; fi

# the C header compiles and gives tanhf.host on the CPU the budget derived above
cat >"$T/use.c" <<EOF
#include <stdio.h>
#include <string.h>
#include "$T/ulpcert_budgets.h"
int main(void) {
  for (int i = 0; i < ULPCERT_NBUDGETS; i++)
    if (!strcmp(ulpcert_budgets[i].variant, "tanhf.host") && !strcmp(ulpcert_budgets[i].device, "cpu"))
      printf("%lld %d\n", ulpcert_budgets[i].ulp, ULPCERT_BUDGET_TANHF_HOST__CPU);
  return 0;
}
EOF
want=$(python3 -c "import json; print([x['ulp'] for x in json.load(open('$T/ulpcert_budgets.json'))['budgets'] if x['variant']=='tanhf.host' and x['device']=='cpu'][0])")
if cc -std=c11 -Wall -Werror -o "$T/use" "$T/use.c" 2>"$T/cc.err" && [ "$("$T/use")" = "$want $want" ]; then ok
else ko "the C header in a C program (want '$want $want', got '$("$T/use" 2>/dev/null)')"; head -5 "$T/cc.err"; fi

# the XLA and LLVM layouts compile as C++ (llvm::StringRef stood in for)
"$U" report reports/results/tanh-h100.json.gz reports/results/tanhf.host-h100.json.gz --budgets xla >"$T/xla.h" &&
  "$U" report reports/results/tanh-h100.json.gz reports/results/tanhf.host-h100.json.gz --budgets llvm >"$T/llvm.h"
printf '#include <cstdint>\nnamespace llvm { struct StringRef { const char *s; constexpr StringRef(const char *p) : s(p) {} }; }\n#include "%s"\n#include "%s"\nint main() { return kTanhfHostF32Budget.cpu.regular == TanhfHostOnCpuConfig::UlpTolerance ? 0 : 1; }\n' \
  "$T/xla.h" "$T/llvm.h" >"$T/use.cc"
if command -v c++ >/dev/null 2>&1; then
  if c++ -std=c++17 -o "$T/usecc" "$T/use.cc" 2>"$T/cxx.err" && "$T/usecc"; then ok
  else ko "the XLA and LLVM layouts as C++"; head -5 "$T/cxx.err"; fi
fi
for f in csv; do
  if "$U" report reports/results/tanhf.host-h100.json.gz --budgets "$f" >"$T/b.$f" && [ "$(wc -l <"$T/b.$f")" -eq 2 ] &&
    head -1 "$T/b.$f" | grep -q '^variant,family,format,device,inputs,max_ulp,ulp,'; then ok
  else ko "--budgets $f"; fi
done

"$U" report reports/results/tanhf.host-h100.json.gz --budgets yaml >"$T/o" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "'yaml' is not a format (h, json, csv, xla, llvm)" "$T/o"; then ok; else ko "--budgets yaml: exit $rc"; fi
"$U" report --budgets h >"$T/o" 2>&1
rc=$?
if [ $rc -eq 2 ]; then ok; else ko "--budgets without files: exit $rc"; fi

echo "budgets: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
