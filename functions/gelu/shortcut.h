/* shortcut.h: the inputs where gelu's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c, the
 * shape in reference/shared/activation_hd.h. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_GELU_H
#define ULPCERT_SC_GELU_H

#include "reference/host_device.h"
#include "reference/shared/activation_hd.h"

#define GELU_TINY 0x24000000u /* 2^-55 */
#define GELU_HI 0x41200000u   /* 10 */
#define GELU_LO 0x42200000u   /* 40 (negative side) */

REF_HD int sc_gelu(uint32_t xb, double *y, int *t) { return act_half_x_tails(xb, GELU_TINY, GELU_HI, GELU_LO, y, t); }

#endif
