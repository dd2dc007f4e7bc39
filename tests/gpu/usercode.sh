# tests/gpu/usercode.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=usercode runs it alone); uses
# $U, $T and check from there.
# A user's function on the GPU: a kernel that never returns is stopped at the time limit
# (src/kinds/binary32/device/watch.cuh) with a message, exit 8 and no result; the first
# inputs of non-finite outputs listed by the device reduction are the host reduction's and
# the CPU backend's, and the planted ones.

# user_fails CODE PATTERN COMMAND...: COMMAND exits with CODE, PATTERN (grep -E) in its output
user_fails() {
  code=$1 pat=$2
  shift 2
  "$@" >"$T/uc.out" 2>&1
  rc=$?
  [ "$rc" -eq "$code" ] && grep -Eq -- "$pat" "$T/uc.out" && return 0
  echo "    exit $rc (want $code, /$pat/):"; sed 's/^/    /' "$T/uc.out" | tail -5
  return 1
}

# a kernel that loops for ever at one input: stopped after ULPCERT_USER_TIMEOUT = 2 s of
# running (was: ulpcert hung until killed), no result file, nothing claimed; the device is
# usable again by the next run
cat >"$T/hang.cu" <<'CU'
// maxulperr = 0.5, ref = sqrt
__device__ float hang(float x) {
  if (__float_as_uint(x) == 0x3f812345u) /* the clock never goes back: no compiler removes it */
    for (long long t0 = clock64(); clock64() >= t0;) {
    }
  return sqrtf(x);
}
CU
t0=$(date +%s)
check user_fails 8 "the user's function hang did not finish within 2 s \(ULPCERT_USER_TIMEOUT\) on GPU [0-9]+, in a launch over the inputs 0x3f[78][0-9a-f]{5} \.\. 0x3f[89][0-9a-f]{5} .*no result" \
  env ULPCERT_USER_TIMEOUT=2 timeout 120 "$U" run --source "$T/hang.cu" --function hang --ref sqrt --backend gpu \
  --from 0x3f800000 --to 0x3f8fffff --no-cache --quiet --json "$T/hang.json"
t1=$(date +%s)
check test ! -e "$T/hang.json"
check test $((t1 - t0)) -lt 60
check user_fails 8 "the user's function hang did not finish within 2 s" \
  env ULPCERT_USER_TIMEOUT=2 timeout 120 "$U" certify "$T/hang.cu" --backend gpu --from 0x3f800000 --to 0x3f8fffff --no-cache --quiet
check "$U" run tanh.approx --backend gpu --from 0x3f800000 --to 0x3f8fffff --no-cache --quiet --json "$T/after.json"
# a slow function within its limit is measured, not stopped
cat >"$T/slow.cu" <<'CU'
__device__ float slowsq(float x) {
  float s = 0.0f;
  for (int i = 0; i < 2000; i++) s += __int_as_float(0) * (float)i;
  return sqrtf(x) + s;
}
CU
check env ULPCERT_USER_TIMEOUT=30 "$U" run --source "$T/slow.cu" --function slowsq --ref sqrt --backend gpu \
  --from 0x3f800000 --to 0x3fffffff --no-cache --quiet --json "$T/slow.json"

# non-finite outputs: NaN on [1.03125, 1.0625) (0x3f840000 .. 0x3f87ffff) and +inf at
# 0x3f880004, 2^18 + 1 in all; the device reduction lists 0x3f840000 .. 0x3f840007 as the
# host reduction and the CPU backend do (the CPU backend's function is the same C, built by cc)
cat >"$T/nf.c" <<'C'
#ifndef __CUDACC_RTC__
#include <math.h>
#endif
float nf(float x) {
  union { float f; unsigned u; } v;
  v.f = x;
  if (v.u == 0x3f880004u) { v.u = 0x7f800000u; return v.f; }
  if (x >= 1.03125f && x < 1.0625f) { v.u = 0x7fc00000u; return v.f; }
  return sqrtf(x);
}
C
NFR="--source $T/nf.c --function nf --ref sqrt --from 0x3f800000 --to 0x3f8fffff --no-cache --quiet"
"$U" run $NFR --backend gpu --reduce gpu --chunk 65536 --json "$T/nfg.json" >/dev/null
"$U" run $NFR --backend gpu --reduce host --json "$T/nfh.json" >/dev/null
"$U" run $NFR --backend cpu --json "$T/nfc.json" >/dev/null
check same "$T/nfg.json" "$T/nfh.json"
check python3 - "$T/nfg.json" "$T/nfc.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["results"][0] for p in sys.argv[1:3])
want = ["0x%08x" % (0x3f840000 + k) for k in range(8)]
assert [e["input"] for e in g["nonfinite_first"]] == want, g["nonfinite_first"]
assert g["nonfinite"] == c["nonfinite"] == 262145, (g["nonfinite"], c["nonfinite"])
assert g["nonfinite_first"] == c["nonfinite_first"], (g["nonfinite_first"], c["nonfinite_first"])
PY
# whole chunks of non-finite outputs across many work items: the lowest listed still
cat >"$T/nf2.c" <<'C'
#ifndef __CUDACC_RTC__
#include <math.h>
#endif
float nf2(float x) {
  union { float f; unsigned u; } v;
  v.f = x;
  if ((v.u & 0xfff) == 0x7ff) { v.u = 0x7fc00000u; return v.f; }
  return sqrtf(x);
}
C
"$U" run --source "$T/nf2.c" --function nf2 --ref sqrt --backend gpu --from 0x3f800000 --to 0x3fffffff --no-cache --quiet \
  --json "$T/nf2g.json" >/dev/null
"$U" run --source "$T/nf2.c" --function nf2 --ref sqrt --backend gpu --reduce host --from 0x3f800000 --to 0x3fffffff \
  --no-cache --quiet --json "$T/nf2h.json" >/dev/null
check same "$T/nf2g.json" "$T/nf2h.json"
check python3 - "$T/nf2g.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["nonfinite"] == 2048, r["nonfinite"]  # one input in 4096 of 2^23
assert [e["input"] for e in r["nonfinite_first"]] == ["0x%08x" % (0x3f8007ff + 0x1000 * k) for k in range(8)], r["nonfinite_first"]
PY
