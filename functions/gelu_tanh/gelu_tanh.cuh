/* Device variants of gelu_tanh, as CUDA kernels commonly write them (built with -fmad=false). */
__forceinline__ __device__ float gelu_tanhf(float x) { return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x))); }
__forceinline__ __device__ float gelu_tanh_approx(float x) {
  float t = 0.7978845608f * (x + 0.044715f * x * x * x);
  asm("tanh.approx.f32 %0,%1;" : "=f"(t) : "f"(t));
  return 0.5f * x * (1.0f + t);
}
