/* pair.cuh: the device functions of functions/div/pair.def. */
__device__ float pair_fdividef(float a, float b) { return __fdividef(a, b); }
__device__ float pair_fdiv_rn(float a, float b) { return __fdiv_rn(a, b); }
__device__ float pair_div_op(float a, float b) { return a / b; }
__device__ float pair_div_full(float a, float b) {
  float r;
  asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
