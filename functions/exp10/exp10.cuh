/* Device code of the 10^x variants: the intrinsic __exp10f (CUDA's exp10f: its .cuda.def). */
__forceinline__ __device__ float exp10f_intr(float x) { return __exp10f(x); }
