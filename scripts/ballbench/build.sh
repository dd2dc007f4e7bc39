#!/bin/sh
# builds scripts/ballbench (run from the repository root after make ARCHS=sm_90)
set -e
B=build/ballbench; mkdir -p $B
NV="nvcc -O3 -std=c++17 -arch=sm_90 -fmad=false -I. -Ibuild/gen"
$NV -DVAR=v_r255 -DMINB=2 -c scripts/ballbench/variant.cu -o $B/v2.o &
$NV -DVAR=v_r128 -DMINB=4 -c scripts/ballbench/variant.cu -o $B/v4.o &
wait
$NV -DVAR=v_r80 -DMINB=6 -c scripts/ballbench/variant.cu -o $B/v6.o
$NV -c scripts/ballbench/main.cu -o $B/main.o
$NV -o $B/ballbench $B/main.o $B/v2.o $B/v4.o $B/v6.o build/libulpcert.a $(cat build/libm/link) \
  -lflint-arb -lflint -lmpfr -lgmp -ljansson -lz -Xcompiler -fopenmp -lm -ldl
