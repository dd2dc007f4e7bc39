/* Host variants of sqrt in the directed modes: the C library's sqrtf (an IEEE basic
 * operation, correctly rounded in the current mode) under fesetround. */
#include "reference/shared/host_rounding.h"

HOST_ROUNDED(host_sqrtf_rz, FE_TOWARDZERO, sqrtf(a))
HOST_ROUNDED(host_sqrtf_ru, FE_UPWARD, sqrtf(a))
HOST_ROUNDED(host_sqrtf_rd, FE_DOWNWARD, sqrtf(a))
