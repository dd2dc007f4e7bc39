/* Device code of the 2^x variants: PTX ex2, and its half-precision forms. */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_ex2_approx, "ex2.approx.f32")
PTX_UNARY(ptx_ex2_approx_ftz, "ex2.approx.ftz.f32")
PTX_HALF(ptx_ex2_approx_f16, "ex2.approx.f16", 75)       /* PTX ISA 9.1, 9.7.4.10 */
PTX_HALF(ptx_ex2_approx_ftz_bf16, "ex2.approx.ftz.bf16", 90)
