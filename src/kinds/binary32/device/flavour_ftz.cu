/* flavour_ftz.cu: CUDA's math functions in the ftz build flavour (flavour.cuh). The Makefile
 * compiles this unit with -ftz=true: subnormal inputs and results of binary32 operations are
 * flushed to zero. */
#define FLAVOUR_NS flavour_ftz
#define FLAVOUR_NAME(fn) fn##_cuda_ftz
#include "src/kinds/binary32/device/flavour.cuh"
