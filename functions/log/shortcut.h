/* shortcut.h: the inputs where log's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_LOG_H
#define ULPCERT_SC_LOG_H

#include "reference/host_device.h"

REF_HD int sc_log(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > REF_INF32) return 0;
  *t = 0;
  if (m == 0) { *y = -REF_INF; return 1; }
  if (xb >> 31) { *y = REF_NAN; return 1; }
  if (m == REF_INF32) { *y = REF_INF; return 1; }
  if (xb == 0x3f800000u) { *y = 0.0; return 1; }
  return 0;
}

#endif
