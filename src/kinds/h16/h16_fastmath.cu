/* h16_fastmath.cu: the 16-bit math functions built with -use_fast_math (the Makefile's
 * NVFLAV for this unit: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true, and the
 * float functions the headers call, sinf, cosf, tanhf, replaced by __sinf, __cosf,
 * __tanhf); h16fn_kernels.cuh. */
#define H16FN_ENTRY gpu_h16fn_eval_fastmath
#include "src/kinds/h16/h16fn_kernels.cuh"
