/* Device variants of mish, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float mish_dev(float x) { return x * tanhf(log1pf(expf(x))); }
