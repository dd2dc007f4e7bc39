/* h16_default.cu: the 16-bit math functions as nvcc's default flags build them (what a
 * user's plain build computes: contraction on, no flush to zero); h16fn_kernels.cuh. */
#define H16FN_ENTRY gpu_h16fn_eval_default
#include "src/kinds/h16/h16fn_kernels.cuh"
