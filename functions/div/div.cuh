/* Device code of the x / d variants: __fdividef(x, d) and __fdiv_rn(x, d) for the divisors
 * of divisors.def, read from device memory so that the compiler cannot fold them into the
 * division: what is measured is the instruction sequence for a divisor known only at run
 * time. */
__device__ float div_divisor[] = {
#define DIVISOR(id, name, d) d,
#include "functions/div/divisors.def"
#undef DIVISOR
};
enum {
#define DIVISOR(id, name, d) DIVISOR_INDEX_##id,
#include "functions/div/divisors.def"
#undef DIVISOR
};
#define DIVISOR(id, name, d)                                                                                 \
  __forceinline__ __device__ float fdividef_##id(float x) { return __fdividef(x, div_divisor[DIVISOR_INDEX_##id]); } \
  __forceinline__ __device__ float div_rn_##id(float x) { return __fdiv_rn(x, div_divisor[DIVISOR_INDEX_##id]); }
#include "functions/div/divisors.def"
#undef DIVISOR
