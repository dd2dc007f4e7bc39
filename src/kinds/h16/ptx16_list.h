/* ptx16_list.h: the PTX half-precision forms of the catalogue (HALF_VARIANT lines), shared
 * by the host (ptx16.c) and the device code (ptx16_gpu.cu). */
#ifndef ULPCERT_PTX16_LIST_H
#define ULPCERT_PTX16_LIST_H

#define HALF_INPUTS 65536u

/* the number of HALF_VARIANT lines */
enum {
  HALF_NFN = 0
#define HALF_VARIANT(...) +1
#include "src/catalogue/catalogue_list.h"
};

#endif
