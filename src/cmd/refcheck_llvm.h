/* refcheck_llvm.h: `ulpcert refcheck --against llvm-libc [REFERENCE...]`: every reference
 * that LLVM libc documents correctly rounded (the CR lines of functions/<name>/libm.def,
 * src/libm/libm.h) against LLVM libc's function, input by input (refcheck_llvm.c). */
#ifndef ULPCERT_REFCHECK_LLVM_H
#define ULPCERT_REFCHECK_LLVM_H

#include <stdint.h>

#include "src/engine/options.h"

struct xc_args {
  int against;       /* --against llvm-libc given */
  unsigned modes;    /* bit m: rounding mode m (src/measure/rounding.h) checked; 0: all four */
  int plant;         /* --plant X given (a test hook: one wrong reference value) */
  uint32_t plant_x;
  uint32_t partners; /* two-argument references: random partners per x (run's --partners) */
  uint64_t seed;     /* and their seed (run's --seed) */
};

/* Check the named references (all the CR ones when nref is 0) over sc's range on sc's
 * backend with 'threads' host threads. Exit status: 0, 1 when a reference value is wrong
 * (MPFR sides against it), or another exit code after a message. */
int refcheck_llvm(struct scan_cli *sc, const struct xc_args *a, int nref, char **refs, int threads);

#endif
