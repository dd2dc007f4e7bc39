/* pair.cuh: the device functions of functions/div/pair.def. */
__device__ float pair_fdividef(float a, float b) { return __fdividef(a, b); }
__device__ float pair_fdiv_rn(float a, float b) { return __fdiv_rn(a, b); }
