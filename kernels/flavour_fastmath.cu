/* flavour_fastmath.cu: CUDA's math functions in the fastmath build flavour (flavour.cuh); the
 * Makefile compiles this unit with -use_fast_math: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true, and the CUDA headers substitute intrinsics (__sinf for sinf, ...). */
#define FLAVOUR_NS flavour_fastmath
#define FLAVOUR_NAME(fn) fn##_cuda_fast
#include "kernels/flavour.cuh"
