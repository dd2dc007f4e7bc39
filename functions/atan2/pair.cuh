/* pair.cuh: the device function of functions/atan2/pair.def. */
__device__ float pair_atan2f(float a, float b) { return atan2f(a, b); }
