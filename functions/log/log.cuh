/* Device code of the ln x variants: the intrinsic __logf and CUDA's logf. */
__forceinline__ __device__ float logf_intr(float x) { return __logf(x); }
__forceinline__ __device__ float logf_cuda(float x) { return logf(x); }
