#!/bin/sh
# builds scripts/ballbench (run from the repository root after make ARCHS=sm_90)
set -e
B=build/ballbench; mkdir -p $B
NV="nvcc -O3 -std=c++17 -arch=sm_90 -fmad=false -I. -Ibuild/gen"
$NV -DVAR=v20_16 -c scripts/ballbench/variant.cu -o $B/v20.o &
$NV -DVAR=v4_2 -DIB_MAXL=4 -DIB_TOPW=2 -c scripts/ballbench/variant.cu -o $B/v4.o &
wait
$NV -DVAR=v3_2 -DIB_MAXL=3 -DIB_TOPW=2 -c scripts/ballbench/variant.cu -o $B/v3.o &
$NV -DVAR=v2_1 -DIB_MAXL=2 -DIB_TOPW=1 -c scripts/ballbench/variant.cu -o $B/v2.o &
wait
$NV -c scripts/ballbench/main.cu -o $B/main.o
$NV -o $B/ballbench $B/main.o $B/v20.o $B/v4.o $B/v3.o $B/v2.o build/libulpcert.a $(cat build/libm/link) \
  -lflint-arb -lflint -lmpfr -lgmp -ljansson -lz -Xcompiler -fopenmp -lm -ldl
