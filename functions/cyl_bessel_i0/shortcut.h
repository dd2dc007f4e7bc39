/* shortcut.h: the inputs where cyl_bessel_i0's reference needs neither the table nor the
 * referee, for the host and the device (reference/host_device.h); the proof is in reference.c
 * ((A), (B), (C)). */
#ifndef ULPCERT_SC_CYL_BESSEL_I0_H
#define ULPCERT_SC_CYL_BESSEL_I0_H

#include "reference/host_device.h"
#include "reference/shared/bessel_hd.h"

#define I0_TINY 0x32b504f3u /* 0x1.6a09e6p-26 */
#define I0_OVER 0x44327f2au /* 713.9869384765625 */

REF_HD int sc_cyl_bessel_i0(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RB_SIGN32; /* even */
  if (m > RB_INF32) return 0;   /* NaN: the engine handles it */
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == RB_INF32) { *y = REF_INF; *t = 0; return 1; }
  if (m <= I0_TINY) { *y = 1.0; *t = -1; return 1; }
  if (m >= I0_OVER) { *y = REF_INF; *t = 1; return 1; }
  return 0;
}

#endif
