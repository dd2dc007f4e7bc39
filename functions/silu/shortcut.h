/* shortcut.h: the inputs where silu's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c, the
 * shape in reference/shared/activation_hd.h. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_SILU_H
#define ULPCERT_SC_SILU_H

#include "reference/host_device.h"
#include "reference/shared/activation_hd.h"

#define SILU_TINY 0x25000000u /* 2^-53 */
#define SILU_HI 0x42200000u   /* 40 */
#define SILU_LO 0x44480000u   /* 800 (negative side) */

REF_HD int sc_silu(uint32_t xb, double *y, int *t) { return act_half_x_tails(xb, SILU_TINY, SILU_HI, SILU_LO, y, t); }

#endif
