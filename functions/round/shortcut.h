/* shortcut.h: the inputs where round's reference needs no MPFR (every input but NaN), for the host and
 * the device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ROUND_H
#define ULPCERT_SC_ROUND_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_round(uint32_t xb, double *y, int *t) {
  if ((xb & ~RE_SIGN32) > RE_INF32) return 0; /* NaN */
  *y = re_round_to_int(xb, RE_ROUND_AWAY);
  *t = 0;
  return 1;
}

#endif
