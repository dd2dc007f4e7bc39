/* Device code of the tanh variants: three hand-written implementations (tanh_seed.cuh),
 * the intrinsic __tanhf, and the PTX half-precision forms (CUDA's tanhf: its .cuda.def). */
#include "functions/tanh/tanh_seed.cuh"
#include "kernels/ptx.cuh"

__forceinline__ __device__ float tanhf_intr(float x) { return __tanhf(x); }
PTX_HALF(ptx_tanh_approx_f16, "tanh.approx.f16", 75)     /* PTX ISA 9.1, 9.7.4.9 */
PTX_HALF(ptx_tanh_approx_bf16, "tanh.approx.bf16", 90)
