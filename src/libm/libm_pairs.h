/* libm_pairs.h: the two-argument variants of the C math libraries (libm.h) added to the pair
 * kind's table (src/kinds/pair/registry.c includes it in pair_registry_init, where add and
 * add_bound are in scope): host code in their function's family, LLVM libc's correctly
 * rounded ones with that bound. */
#define LIBM_ENTRY(...)
#define LIBM_PAIR_ENTRY(ref, cfn, nm, fn, fam, desc, cr)                                                       \
  add(nm, ref, ref, PF_HOST, -1, fn, desc);                                                                     \
  if (cr) rc |= add_bound(nm, BM_ULP_CR, 0, -INFINITY, INFINITY, 1.0, 0.0, 0, "correctly rounded", LIBM_LLVM_CR_SOURCE);
#include "src/libm/libm_expand.h"
