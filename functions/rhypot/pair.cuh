/* pair.cuh: the device function of functions/rhypot/pair.def. */
__device__ float pair_rhypotf(float a, float b) { return rhypotf(a, b); }
