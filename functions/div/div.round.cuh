/* Device code of x -> __fdiv_rz(x, d), __fdiv_ru(x, d), __fdiv_rd(x, d) for the divisors of
 * divisors.def (div_divisor, div.cuh: read from device memory, so that what is measured is
 * the division by a divisor known only at run time). */
#define DIVISOR(id, name, d)                                                                                  \
  __forceinline__ __device__ float div_rz_##id(float x) { return __fdiv_rz(x, div_divisor[DIVISOR_INDEX_##id]); } \
  __forceinline__ __device__ float div_ru_##id(float x) { return __fdiv_ru(x, div_divisor[DIVISOR_INDEX_##id]); } \
  __forceinline__ __device__ float div_rd_##id(float x) { return __fdiv_rd(x, div_divisor[DIVISOR_INDEX_##id]); }
#include "functions/div/divisors.def"
#undef DIVISOR
