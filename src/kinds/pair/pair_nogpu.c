/* pair_nogpu.c: the two-argument variants' device side in a build without the CUDA
 * toolkit. */
#include <stdio.h>

#include "src/kinds/pair/pair.h"

int pair_gpu_count(void) { return 0; }

int pair_gpu_eval(int device, int fl, int dev, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out,
                  char *err, size_t errlen) {
  (void)device, (void)fl, (void)dev, (void)a, (void)b, (void)n, (void)out;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return -1;
}
