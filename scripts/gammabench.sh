#!/bin/sh
# gammabench.sh ULPCERT DIR: the expressions calling tgamma and lgamma (docs/expressions.md,
# "Gamma and log|Gamma| in balls") as a user runs them on the GPU: each a whole process over
# all 2^32 inputs (run --backend gpu --no-cache: the table, k_balls, then the host), its
# wall time and who decided the references (DIR/<i>.all.json); and a slice of 2^16 inputs
# on both backends with the kernel x (computed the same on both), whose results must be equal
# field for field (but the kernel's name and compiler): the device's references (table,
# k_balls) against the host's. Exit status 1 if a slice differs. Needs a GPU (opt-in: not
# part of make test).
set -u
U=${1:?usage: gammabench.sh ULPCERT DIR}
D=${2:?usage: gammabench.sh ULPCERT DIR}
mkdir -p "$D"
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "gammabench: no GPU here: skipped"
  exit 0
fi
cat >"$D/k.cu" <<'EOF'
__device__ float k_tgx(float x) { return tgammaf(x) / x; }
__device__ float k_lgmx(float x) { return lgammaf(x) - x; }
__device__ float k_lgp1(float x) { return lgammaf(x) + 1.0f; }
__device__ float k_ratio(float x) { return tgammaf(x + 1.0f) / tgammaf(x); }
__device__ float k_explg(float x) { return expf(lgammaf(x)); }
__device__ float k_lg1px(float x) { return lgammaf(1.0f + x); }
__device__ float k_inv(float x) { return tgammaf(x) / tgammaf(x + 1.0f); }
__device__ float k_refl(float x) { return tgammaf(x) * tgammaf(-x); }
EOF
# the slices' comparison: one kernel computed the same on both backends (x itself), so that
# every field of the results (errors, counts, histograms) is a function of the reference
# values alone: the device's (table, k_balls) against the host's
printf '__device__ float k0(float x) { return x; }\n' >"$D/k0.cu"
printf 'float k0(float x) { return x; }\n' >"$D/k0.c"
bad=0
i=0
# ref, function, slice start (2^16 inputs)
for row in 'tgamma(x)/x k_tgx 0xca000000' 'lgamma(x)-x k_lgmx 0xca000000' 'lgamma(x)+1 k_lgp1 0xc9000000' \
  'tgamma(x+1)/tgamma(x) k_ratio 0x42000000' 'exp(lgamma(x)) k_explg 0xc9000000' 'lgamma(1+x) k_lg1px 0xc9000000' \
  'tgamma(x)/tgamma(x+1) k_inv 0x3f800000' 'tgamma(x)*tgamma(-x) k_refl 0xc0200000'; do
  set -- $row
  i=$((i + 1))
  lo=$3
  hi=$(printf '0x%08x' $(($3 + 65535)))
  "$U" run --ref "$1" --source "$D/k0.cu" --function k0 --from "$lo" --to "$hi" --backend gpu --no-cache --json "$D/$i.gpu.json" >/dev/null 2>&1
  "$U" run --ref "$1" --source "$D/k0.c" --function k0 --from "$lo" --to "$hi" --backend cpu --no-cache --json "$D/$i.cpu.json" >/dev/null 2>&1
  t0=$(date +%s.%N)
  # tgamma(x+1)/tgamma(x) is x exactly: no precision of the balls nor the host's Arb loop
  # decides its ternary 0, every input runs all five precisions: its slice only
  if [ "$2" != k_ratio ]; then
    "$U" run --ref "$1" --source "$D/k.cu" --function "$2" --backend gpu --no-cache --json "$D/$i.all.json" >"$D/$i.all.txt" 2>&1
  else
    "$U" run --ref "$1" --source "$D/k.cu" --function "$2" --from "$lo" --to "$hi" --backend gpu --no-cache --json "$D/$i.all.json" >"$D/$i.all.txt" 2>&1
  fi
  t1=$(date +%s.%N)
  python3 - "$1" "$D/$i.all.json" "$D/$i.gpu.json" "$D/$i.cpu.json" "$t0" "$t1" <<'PY' || bad=1
import gzip, json, sys
def load(p):
    b = open(p, "rb").read()
    return json.loads(gzip.decompress(b) if b[:2] == b"\x1f\x8b" else b)
a, g, c = (load(p) for p in sys.argv[2:5])
t = a["timing"]
strip = lambda rs: [{k: v for k, v in r.items() if k not in ("variant", "origin")} for r in rs]
same = strip(g["results"]) == strip(c["results"])  # all but the kernel's name and its compiler
print("%-24s whole run: %.1f s, table %d, balls %d, host %d, undecidable %d; slice gpu == cpu: %s" % (
    sys.argv[1], float(sys.argv[6]) - float(sys.argv[5]), t["fast_hits"], t["ball_hits"],
    a["results"][0]["inputs"] - t["fast_hits"] - t["ball_hits"], a["results"][0]["undecidable"], same))
sys.exit(0 if same else 1)
PY
done
exit $bad
