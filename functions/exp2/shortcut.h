/* shortcut.h: the inputs where exp2's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_EXP2_H
#define ULPCERT_SC_EXP2_H

#include "reference/host_device.h"
#include "reference/shared/exp_hd.h"

REF_HD int sc_exp2(uint32_t xb, double *y, int *t) {
  if ((xb & 0x7fffffffu) < REF_INF32) { /* (b): x and floor(x) exact in binary64 */
    double x = (double)u2f(xb);
    if (x == floor(x) && x >= -1074.0 && x <= 1023.0) {
      int k = (int)x;
      /* 2^k: a normal binary64 number (biased exponent k + 1023) for k >= -1022, else the
       * subnormal with the one significand bit k + 1074 */
      *y = k >= -1022 ? u2d((uint64_t)(k + 1023) << 52) : u2d(1ull << (k + 1074));
      *t = 0;
      return 1;
    }
  }
  return ref_exp_like(xb, y, t, 1024.0f, -1076.0f, 0x24000000u); /* (a), (c), (d), (e) */
}

#endif
