/* shortcut.h: the inputs where exp's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_EXP_H
#define ULPCERT_SC_EXP_H

#include "reference/host_device.h"
#include "reference/shared/exp_hd.h"

REF_HD int sc_exp(uint32_t xb, double *y, int *t) { return ref_exp_like(xb, y, t, 710.0f, -746.0f, 0x24000000u); }

#endif
