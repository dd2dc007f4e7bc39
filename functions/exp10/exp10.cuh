/* Device code of the 10^x variants: the intrinsic __exp10f and CUDA's exp10f. */
__forceinline__ __device__ float exp10f_intr(float x) { return __exp10f(x); }
__forceinline__ __device__ float exp10f_cuda(float x) { return exp10f(x); }
