/* Device code of the rsqrt variants: PTX rsqrt. */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_rsqrt_approx, "rsqrt.approx.f32")
PTX_UNARY(ptx_rsqrt_approx_ftz, "rsqrt.approx.ftz.f32")
