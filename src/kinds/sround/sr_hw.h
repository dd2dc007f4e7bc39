/* sr_hw.h: the hardware stochastic rounding (cvt.rs, sm_100a / sm_103a): sr_hw.cu, and
 * sr_hw_nogpu.c in a build without device code. */
#ifndef ULPCERT_SROUND_SR_HW_H
#define ULPCERT_SROUND_SR_HW_H

#include <stddef.h>
#include <stdint.h>

/* the targets, in the order of reference/quant/quant.h's QF_* (E4M3 .. BF16) */
enum { SRH_E4M3, SRH_E5M2, SRH_E2M3, SRH_E3M2, SRH_E2M1, SRH_F16, SRH_BF16 };

#ifdef __cplusplus
extern "C" {
#endif
/* the targets this build's cvt.rs code is for ("sm_100a sm_103a"), or NULL: none */
const char *srhw_built(void);
/* can device dev run it: 1, or 0 with the reason in why */
int srhw_usable(int dev, char *why, size_t n);
/* the codes cvt.rs gives binary32 patterns [x0, x0 + n) with every r in [0, 2^k), target
 * fmt: out[(x - x0) << k | r] (n << k entries); 0xffff where its lanes disagree. 0, or -1
 * with the reason in err. */
int srhw_table(int dev, int fmt, int k, uint32_t x0, uint32_t n, uint16_t *out, char *err, size_t errlen);
#ifdef __cplusplus
}
#endif

#endif
