/* Device code of the CUDA intrinsics that compute 1/x correctly rounded in a named mode:
 * __frcp_rn, __frcp_rz, __frcp_ru, __frcp_rd (PTX rcp.rn/rz/ru/rd.f32). */
__forceinline__ __device__ float frcp_rn_intr(float x) { return __frcp_rn(x); }
__forceinline__ __device__ float frcp_rz_intr(float x) { return __frcp_rz(x); }
__forceinline__ __device__ float frcp_ru_intr(float x) { return __frcp_ru(x); }
__forceinline__ __device__ float frcp_rd_intr(float x) { return __frcp_rd(x); }
