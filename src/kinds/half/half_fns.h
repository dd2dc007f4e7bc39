/* half_fns.h: the half-precision variants of the catalogue (HALF_VARIANT lines), shared by
 * the host (half.c) and the device code (half_gpu.cu). */
#ifndef ULPCERT_HALF_FNS_H
#define ULPCERT_HALF_FNS_H

#define HALF_INPUTS 65536u

/* the number of HALF_VARIANT lines */
enum {
  HALF_NFN = 0
#define HALF_VARIANT(...) +1
#include "src/catalogue/catalogue_list.h"
};

#endif
