/* Device variants of softplus, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float softplus_dev(float x) { return log1pf(expf(x)); }
