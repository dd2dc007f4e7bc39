/* Device variants of elu, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float elu_expm1f(float x) { return x > 0.0f ? x : expm1f(x); }
__forceinline__ __device__ float elu_expf(float x) { return x > 0.0f ? x : expf(x) - 1.0f; }
