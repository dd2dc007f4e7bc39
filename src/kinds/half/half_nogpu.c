/* half_nogpu.c: the half-precision evaluation of a build without the CUDA toolkit. */
#include <stdint.h>
#include <stdio.h>

#include "src/kinds/half/half.h"

int gpu_half_eval(int dev, int fn, uint16_t *out, char *err, size_t errlen) {
  (void)dev, (void)fn, (void)out;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
