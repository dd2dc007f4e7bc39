/* flavour_default.cu: CUDA's math functions in the default build flavour (flavour.cuh). The
 * Makefile compiles this unit with nvcc's default flags (contraction on, no flush to zero,
 * IEEE division and square root): what a user's plain build computes. */
#define FLAVOUR_NS flavour_default
#define FLAVOUR_NAME(fn) fn##_cuda
#include "src/kinds/binary32/device/flavour.cuh"
