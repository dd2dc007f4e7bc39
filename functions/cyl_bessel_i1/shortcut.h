/* shortcut.h: the inputs where cyl_bessel_i1's reference needs neither the table nor the
 * referee, for the host and the device (reference/host_device.h); the proof is in reference.c
 * ((A), (B), (C)). */
#ifndef ULPCERT_SC_CYL_BESSEL_I1_H
#define ULPCERT_SC_CYL_BESSEL_I1_H

#include "reference/host_device.h"
#include "reference/shared/bessel_hd.h"

#define I1_TINY 0x32cb2ff5u /* 0x1.965feap-26 */
#define I1_OVER 0x44327f35u /* 713.98760986328125 */

REF_HD int sc_cyl_bessel_i1(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RB_SIGN32;
  int neg = (xb & RB_SIGN32) != 0;
  if (m > RB_INF32) return 0; /* NaN: the engine handles it */
  if (m == 0) { *y = neg ? -0.0 : 0.0; *t = 0; return 1; }
  if (m == RB_INF32) { *y = neg ? -REF_INF : REF_INF; *t = 0; return 1; }
  if (m <= I1_TINY) {
    *y = (double)u2f(xb) * 0.5; /* exact */
    *t = neg ? 1 : -1;
    return 1;
  }
  if (m >= I1_OVER) {
    *y = neg ? -REF_INF : REF_INF;
    *t = neg ? -1 : 1;
    return 1;
  }
  return 0;
}

#endif
