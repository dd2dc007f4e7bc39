/* pair.cuh: the device function of functions/fmod/pair.def. */
__device__ float pair_fmodf(float a, float b) { return fmodf(a, b); }
