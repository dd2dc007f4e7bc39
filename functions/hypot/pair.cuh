/* pair.cuh: the device function of functions/hypot/pair.def. */
__device__ float pair_hypotf(float a, float b) { return hypotf(a, b); }
