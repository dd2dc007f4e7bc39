/* shortcut.h: the inputs where gelu_tanh's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c, the
 * shape in reference/shared/activation_hd.h. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_GELU_TANH_H
#define ULPCERT_SC_GELU_TANH_H

#include "reference/host_device.h"
#include "reference/shared/activation_hd.h"

#define GELU_TANH_TINY 0x24000000u /* 2^-55 */
#define GELU_TANH_HI 0x41000000u   /* 8 */
#define GELU_TANH_LO 0x41b00000u   /* 22 (negative side) */

REF_HD int sc_gelu_tanh(uint32_t xb, double *y, int *t) { return act_half_x_tails(xb, GELU_TANH_TINY, GELU_TANH_HI, GELU_TANH_LO, y, t); }

#endif
