/* Device code of the 1/x variants: PTX rcp. */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_rcp_approx, "rcp.approx.f32")
PTX_UNARY(ptx_rcp_approx_ftz, "rcp.approx.ftz.f32")
PTX_UNARY(ptx_rcp_rn, "rcp.rn.f32")
