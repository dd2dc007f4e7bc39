/* libm_bounds.h: the documented bound of LLVM libc's correctly rounded functions (the CR lines
 * of libm.def) as entries of the catalogue's bound_table[] (src/catalogue/registry.c includes
 * it inside that initializer): 0 ulp from the correctly rounded result, every input. */
#define LIBM_CR_0(name)
#define LIBM_CR_1(name)                                                                                        \
  {name, {BM_ULP_CR, -INFINITY, INFINITY, 1.0, 0.0, 0, 0, 1}, "correctly rounded", LIBM_LLVM_CR_SOURCE},
#define LIBM_CR_(cr, name) LIBM_CR_##cr(name)
#define LIBM_ENTRY(ref, cfn, nm, fn, fam, desc, cr) LIBM_CR_(cr, nm)
#define LIBM_PAIR_ENTRY(...)
#include "src/libm/libm_expand.h"
#undef LIBM_CR_0
#undef LIBM_CR_1
#undef LIBM_CR_
