/* Device code of the CUDA intrinsic __log10f. */
__forceinline__ __device__ float log10f_intr(float x) { return __log10f(x); }
