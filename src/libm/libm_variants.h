/* libm_variants.h: the one-argument variants of the C math libraries (libm.h) as entries of
 * the catalogue's variants[] (src/catalogue/registry.c includes it inside that initializer):
 * host code only, no claim of their own. */
#define LIBM_ENTRY(ref, cfn, nm, fn, fam, desc, cr)                                                            \
  {.name = nm, .family = fam, .ref_name = ref, .kind = VK_F32_UNARY, .device_fn = "NODEVICE", .host_fn = fn,      \
   .claim = {NULL, NULL, CLAIM_NONE, "", NULL}, .doc = {NULL, NULL, CLAIM_NONE, NULL, NULL}, .description = desc,   \
   .abs_lo = -INFINITY, .abs_hi = INFINITY},
#define LIBM_PAIR_ENTRY(...)
#include "src/libm/libm_expand.h"
