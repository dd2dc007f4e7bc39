/* libm_decls.h: the functions of the C math libraries' variants (libm.h), declared: their
 * renamed static symbols (ulpcert_llvm_sinf, ...) and SLEEF's own names. */
#define LIBM_ENTRY(ref, cfn, name, fn, family, desc, cr) float fn(float);
#define LIBM_PAIR_ENTRY(ref, cfn, name, fn, family, desc, cr) float fn(float, float);
#include "src/libm/libm_expand.h"
