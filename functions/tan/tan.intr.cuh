/* Device code of the CUDA intrinsic __tanf: __sinf(x) divided by __cosf(x) with the fast
 * division (PTX sin.approx, cos.approx, div.approx), denormal outputs flushed to zero. */
__forceinline__ __device__ float tanf_intr(float x) { return __tanf(x); }
