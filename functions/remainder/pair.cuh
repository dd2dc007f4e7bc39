/* pair.cuh: the device function of functions/remainder/pair.def. */
__device__ float pair_remainderf(float a, float b) { return remainderf(a, b); }
