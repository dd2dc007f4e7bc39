#!/bin/sh
# fmad-sass-probe.sh: does -fmad=false change the code of CUDA's own binary32 functions?
# Compiles one tiny kernel per function (b[i] = f(a[i])) with -fmad=true (nvcc's default)
# and -fmad=false, disassembles both (cuobjdump -sass) and prints, per function, the SASS
# instruction count and either "identical" or the differing instructions.
# Needs nvcc and cuobjdump (with nvdisasm on PATH); no GPU.
# Usage: sh fmad-sass-probe.sh [sm_XX] [outdir]
set -eu
ARCH=${1:-sm_90}
OUT=${2:-build/fmad-sass-probe}/$ARCH
CUOBJDUMP=${CUOBJDUMP:-cuobjdump}
mkdir -p "$OUT"
FUNCS='acosf acoshf asinf asinhf atanf atanhf cbrtf ceilf cosf coshf cospif cyl_bessel_i0f
cyl_bessel_i1f erfcf erfcinvf erfcxf erff erfinvf exp10f exp2f expf expm1f fabsf floorf j0f j1f
lgammaf log10f log1pf log2f logbf logf nearbyintf normcdff normcdfinvf rcbrtf rintf roundf
rsqrtf sinf sinhf sinpif sqrtf tanf tanhf tgammaf truncf y0f y1f'
for f in $FUNCS; do
  echo "__global__ void k(const float *a, float *b) { int i = threadIdx.x; b[i] = $f(a[i]); }" >"$OUT/$f.cu"
  for m in true false; do
    nvcc -arch="$ARCH" -cubin -fmad=$m -o "$OUT/$f.$m.cubin" "$OUT/$f.cu"
    # instructions only: no addresses, encodings or comments
    "$CUOBJDUMP" -sass "$OUT/$f.$m.cubin" | grep -E '^\s+/\*[0-9a-f]{4}\*/' |
      sed 's#/\*[0-9a-f]*\*/##g; s/;.*//; s/^ *//' >"$OUT/$f.$m.sass"
  done
  n=$(wc -l <"$OUT/$f.true.sass")
  if cmp -s "$OUT/$f.true.sass" "$OUT/$f.false.sass"; then
    echo "$ARCH $f $n identical"
  else
    echo "$ARCH $f $n differs: $(diff "$OUT/$f.true.sass" "$OUT/$f.false.sass" | grep '^[<>]' | tr '\n' '|')"
  fi
done
