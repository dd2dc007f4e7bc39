/* Device code of the sin variants: PTX sin and the intrinsic __sinf (CUDA's sinf: its .cuda.def). */
#include "kernels/ptx.cuh"

PTX_UNARY(ptx_sin_approx, "sin.approx.f32")
PTX_UNARY(ptx_sin_approx_ftz, "sin.approx.ftz.f32")
__forceinline__ __device__ float sinf_intr(float x) { return __sinf(x); }
