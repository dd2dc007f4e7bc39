#!/bin/sh
# gpu-carry.sh: packs build/ulpcert (stripped) and the shared libraries it loads from
# build/lib into gpucarry/pack.tar.xz, small enough to travel with the working tree to a
# GPU machine that has no compiler headers or network. There:
#   mkdir -p /tmp/u && tar xJf gpucarry/pack.tar.xz -C /tmp/u && ULPCERT=/tmp/u/ulpcert sh scripts/gpu-validate.sh OUT
set -eu
[ -x build/ulpcert ] || { echo "gpu-carry.sh: build/ulpcert missing: run make ARCHS=all (or ARCHS=sm_XY for that GPU) first" >&2; exit 2; }
# a build for a machine without a GPU has no device code: useless on the GPU machine
if build/ulpcert --version 2>/dev/null | grep -q "built for the CPU only"; then
  echo "gpu-carry.sh: build/ulpcert has no device code (built on a machine without a GPU):" \
    "run make ARCHS=all (every architecture) or make ARCHS=sm_XY (that GPU's) first" >&2
  exit 2
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cp build/ulpcert "$T/" && strip "$T/ulpcert"
cp -a build/lib "$T/lib"
mkdir -p gpucarry
tar cJf gpucarry/pack.tar.xz.part -C "$T" ulpcert lib
mv gpucarry/pack.tar.xz.part gpucarry/pack.tar.xz
ls -l gpucarry/pack.tar.xz
