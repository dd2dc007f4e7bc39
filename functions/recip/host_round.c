/* Host variants of 1/x in the directed modes: IEEE binary32 division under fesetround. */
#include "reference/shared/host_rounding.h"

HOST_ROUNDED(host_rcp_rz, FE_TOWARDZERO, 1.0f / a)
HOST_ROUNDED(host_rcp_ru, FE_UPWARD, 1.0f / a)
HOST_ROUNDED(host_rcp_rd, FE_DOWNWARD, 1.0f / a)
