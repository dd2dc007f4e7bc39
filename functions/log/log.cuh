/* Device code of the ln x variants: the intrinsic __logf (CUDA's logf: log.cuda.cuh). */
__forceinline__ __device__ float logf_intr(float x) { return __logf(x); }
