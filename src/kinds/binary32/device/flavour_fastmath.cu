/* flavour_fastmath.cu: CUDA's math functions in the fast-math build flavour (flavour.cuh).
 * The Makefile compiles this unit with -use_fast_math: -ftz=true -prec-div=false
 * -prec-sqrt=false -fmad=true, and nvcc turns nine functions into intrinsics (sinf into
 * __sinf, ...: docs/cuda-math/fast-math.tsv). */
#define FLAVOUR_NS flavour_fastmath
#define FLAVOUR_NAME(fn) fn##_cuda_fast
#include "src/kinds/binary32/device/flavour.cuh"
