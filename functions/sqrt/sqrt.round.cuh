/* Device code of the CUDA intrinsics that compute the square root correctly rounded in a
 * named mode: __fsqrt_rn, __fsqrt_rz, __fsqrt_ru, __fsqrt_rd (PTX sqrt.rn/rz/ru/rd.f32). */
__forceinline__ __device__ float fsqrt_rn_intr(float x) { return __fsqrt_rn(x); }
__forceinline__ __device__ float fsqrt_rz_intr(float x) { return __fsqrt_rz(x); }
__forceinline__ __device__ float fsqrt_ru_intr(float x) { return __fsqrt_ru(x); }
__forceinline__ __device__ float fsqrt_rd_intr(float x) { return __fsqrt_rd(x); }
