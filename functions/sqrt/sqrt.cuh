/* Device code of the sqrt variants: PTX sqrt. */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_sqrt_approx, "sqrt.approx.f32")
PTX_UNARY(ptx_sqrt_approx_ftz, "sqrt.approx.ftz.f32")
PTX_UNARY(ptx_sqrt_rn, "sqrt.rn.f32")
