/* Device code of the log2 variants: PTX lg2. */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_lg2_approx, "lg2.approx.f32")
PTX_UNARY(ptx_lg2_approx_ftz, "lg2.approx.ftz.f32")
