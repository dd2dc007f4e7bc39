/* pair.cuh: the device functions of functions/pow/pair.def. */
__device__ float pair_powf(float a, float b) { return powf(a, b); }
__device__ float pair_fast_powf(float a, float b) { return __powf(a, b); }
