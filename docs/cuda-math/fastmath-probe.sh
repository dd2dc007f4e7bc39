#!/bin/sh
# fastmath-probe.sh: compile one tiny kernel per binary32 CUDA Math API function (and a
# few expressions) under six flag sets, and write what each compiles to.
# Needs only nvcc and cuobjdump (no GPU). Usage: sh fastmath-probe.sh [outdir]
# Writes OUT/ptx/<name>.<cfg>.ptx, OUT/sass/<name>.<cfg>.sass, OUT/probe.tsv and
# OUT/fast-math.tsv (both via fastmath-summarize.py, run at the end). Set CUOBJDUMP to a
# cuobjdump binary (with nvdisasm beside it on PATH) if it is not on PATH.
set -eu
OUT=${1:-build/fastmath-probe}
ARCH=${ARCH:-sm_90}
HERE=$(cd "$(dirname "$0")" && pwd)
CUOBJDUMP=${CUOBJDUMP:-cuobjdump}   # cuobjdump needs nvdisasm on PATH
command -v "$CUOBJDUMP" >/dev/null 2>&1 || { echo "no $CUOBJDUMP: SASS columns stay empty" >&2; CUOBJDUMP=; }
mkdir -p "$OUT/src" "$OUT/ptx" "$OUT/sass"

# configurations: name|flags
CFGS='D|
F|-ftz=true
PD|-prec-div=false
PS|-prec-sqrt=false
P|-ftz=true -prec-div=false -prec-sqrt=false -fmad=true
U|-use_fast_math'

# one-argument functions, float -> float: called as NAME(x)
FUNCS='acosf acoshf asinf asinhf atanf atanhf cbrtf ceilf cosf coshf cospif
cyl_bessel_i0f cyl_bessel_i1f erfcf erfcinvf erfcxf erff erfinvf exp10f exp2f expf
expm1f fabsf floorf j0f j1f lgammaf log10f log1pf log2f logbf logf nearbyintf normcdff
normcdfinvf rcbrtf rintf roundf rsqrtf sinf sinhf sinpif sqrtf tanf tanhf tgammaf truncf
y0f y1f
__sinf __cosf __tanf __tanhf __expf __exp10f __logf __log2f __log10f __saturatef
__frcp_rn __frcp_rz __frcp_ru __frcp_rd __fsqrt_rn __fsqrt_rz __fsqrt_ru __fsqrt_rd
__frsqrt_rn'

# expressions: name|expression in x (and y)
EXPRS='recip|1.0f / x
div|x / y
rsqrt_expr|1.0f / sqrtf(x)
fdividef|fdividef(x, y)
__fdividef|__fdividef(x, y)
__fdiv_rn|__fdiv_rn(x, y)
powf|powf(x, y)
__powf|__powf(x, y)
sincosf_s|sincosf_s(x)
sincosf_c|sincosf_c(x)
__sincosf_s|__sincosf_s(x)
__sincosf_c|__sincosf_c(x)'

gen() { # name expr
  cat >"$OUT/src/$1.cu" <<EOS
__device__ __forceinline__ float sincosf_s(float x) { float s, c; sincosf(x, &s, &c); return s; }
__device__ __forceinline__ float sincosf_c(float x) { float s, c; sincosf(x, &s, &c); return c; }
__device__ __forceinline__ float __sincosf_s(float x) { float s, c; __sincosf(x, &s, &c); return s; }
__device__ __forceinline__ float __sincosf_c(float x) { float s, c; __sincosf(x, &s, &c); return c; }
extern "C" __global__ void k(const float *__restrict__ a, const float *__restrict__ b,
                             float *__restrict__ o)
{
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const float x = a[i], y = b[i];
  (void)y;
  o[i] = $2;
}
EOS
}

for f in $FUNCS; do gen "$f" "$f(x)"; done
echo "$EXPRS" | while IFS='|' read -r n e; do gen "$n" "$e"; done

for src in "$OUT"/src/*.cu; do
  n=$(basename "$src" .cu)
  echo "$CFGS" | while IFS='|' read -r c flags; do
    # shellcheck disable=SC2086
    nvcc -arch="$ARCH" $flags -ptx "$src" -o "$OUT/ptx/$n.$c.ptx"
    : >"$OUT/sass/$n.$c.sass"
    if [ -n "$CUOBJDUMP" ]; then
      # shellcheck disable=SC2086
      nvcc -arch="$ARCH" $flags -cubin "$src" -o "$OUT/sass/$n.$c.cubin"
      "$CUOBJDUMP" -sass "$OUT/sass/$n.$c.cubin" >"$OUT/sass/$n.$c.sass"
      rm -f "$OUT/sass/$n.$c.cubin"
    fi
  done
done
python3 "$HERE/fastmath-summarize.py" "$OUT" >"$OUT/probe.tsv"
python3 "$HERE/fastmath-summarize.py" "$OUT" --table >"$OUT/fast-math.tsv"
echo "wrote $OUT/probe.tsv $OUT/fast-math.tsv"
