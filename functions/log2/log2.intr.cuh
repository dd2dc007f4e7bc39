/* Device code of the CUDA intrinsic __log2f (PTX lg2.approx). */
__forceinline__ __device__ float log2f_intr(float x) { return __log2f(x); }
