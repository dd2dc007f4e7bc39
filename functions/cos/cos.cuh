/* Device code of the cos variants: PTX cos and the intrinsic __cosf (CUDA's cosf: its .cuda.def). */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_cos_approx, "cos.approx.f32")
PTX_UNARY(ptx_cos_approx_ftz, "cos.approx.ftz.f32")
__forceinline__ __device__ float cosf_intr(float x) { return __cosf(x); }
