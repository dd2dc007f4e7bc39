/* refcheck_llvm_miss.h: a mismatch of refcheck --against llvm-libc judged (the check,
 * refcheck_llvm.c, and its result file, refcheck_llvm_json.c, both use it). */
#ifndef ULPCERT_REFCHECK_LLVM_MISS_H
#define ULPCERT_REFCHECK_LLVM_MISS_H

#include <stdint.h>

#include "src/cmd/refcheck_llvm.h"

/* Two binary32 results agree: the same bits, or both NaN (any payload). */
int xc_same32(uint32_t a, uint32_t b);
/* The verdict on a mismatch: 0 the reference is wrong, 1 LLVM libc is, 2 a signaling NaN
 * operand given a NaN (neither). */
int xc_who_is_wrong(const struct xc_ref *r, const struct xc_miss *m);

#endif
