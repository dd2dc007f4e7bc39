/* Device variants of gelu, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float gelu_erff(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }
