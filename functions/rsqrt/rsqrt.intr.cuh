/* Device code of the CUDA intrinsic __frsqrt_rn: 1/sqrt(x) rounded to nearest even. */
__forceinline__ __device__ float frsqrt_rn_intr(float x) { return __frsqrt_rn(x); }
