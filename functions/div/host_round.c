/* Host variants of x / d for the divisors of divisors.def: IEEE binary32 division rounded
 * to nearest, and under fesetround in the three directed modes. */
#include "reference/shared/host_rounding.h"

#define DIVISOR(id, name, d)                                  \
  HOST_ROUNDED(host_div_rn_##id, FE_TONEAREST, a / (d))       \
  HOST_ROUNDED(host_div_rz_##id, FE_TOWARDZERO, a / (d))      \
  HOST_ROUNDED(host_div_ru_##id, FE_UPWARD, a / (d))          \
  HOST_ROUNDED(host_div_rd_##id, FE_DOWNWARD, a / (d))
#include "functions/div/divisors.def"
#undef DIVISOR
