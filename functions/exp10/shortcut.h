/* shortcut.h: the inputs where exp10's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_EXP10_H
#define ULPCERT_SC_EXP10_H

#include "reference/host_device.h"
#include "reference/shared/exp_hd.h"

REF_HD int sc_exp10(uint32_t xb, double *y, int *t) { return ref_exp_like(xb, y, t, 309.0f, -324.0f, 0x23800000u); }

#endif
