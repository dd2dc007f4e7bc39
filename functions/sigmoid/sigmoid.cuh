/* Device variants of sigmoid, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float sigmoid_expf(float x) { return 1.0f / (1.0f + expf(-x)); }
__forceinline__ __device__ float sigmoid_intr(float x) { return 1.0f / (1.0f + __expf(-x)); }
__forceinline__ __device__ float sigmoid_tanh_approx(float x) {
  float h = 0.5f * x;
  asm("tanh.approx.f32 %0,%1;" : "=f"(h) : "f"(h));
  return 0.5f * h + 0.5f;
}
