/* Device variants of silu, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float silu_intr(float x) { return x / (1.0f + __expf(-x)); }
__forceinline__ __device__ float silu_expf(float x) { return x / (1.0f + expf(-x)); }
