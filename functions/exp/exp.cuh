/* Device code of the e^x variants: the intrinsic __expf (CUDA's expf: its .cuda.def). */
__forceinline__ __device__ float expf_intr(float x) { return __expf(x); }
