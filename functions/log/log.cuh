/* Device code of the ln x variants: the intrinsic __logf (CUDA's logf: its .cuda.def). */
__forceinline__ __device__ float logf_intr(float x) { return __logf(x); }
