/* Device code of the e^x variants: the intrinsic __expf and CUDA's expf. */
__forceinline__ __device__ float expf_intr(float x) { return __expf(x); }
__forceinline__ __device__ float expf_cuda(float x) { return expf(x); }
