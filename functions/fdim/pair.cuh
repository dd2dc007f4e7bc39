/* pair.cuh: the device function of functions/fdim/pair.def. */
__device__ float pair_fdimf(float a, float b) { return fdimf(a, b); }
