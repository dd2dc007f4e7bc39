/* arith_nogpu.c: the 16-bit arithmetic operations in a build without the CUDA toolkit. */
#include <stdio.h>

#include "src/kinds/arith16/ops.h"

int gpu_h16a_rows(int dev, int v, uint32_t row0, uint32_t nrows, struct h16a_acc *rows, char *err, size_t errlen) {
  (void)dev, (void)v, (void)row0, (void)nrows, (void)rows;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}

int gpu_h16a_row_outputs(int dev, int v, uint16_t a, uint16_t *out, char *err, size_t errlen) {
  (void)dev, (void)v, (void)a, (void)out;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
