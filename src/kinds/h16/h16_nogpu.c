/* h16_nogpu.c: the 16-bit math functions and the PTX half-precision forms in a build
 * without the CUDA toolkit. */
#include <stdio.h>

#include "src/kinds/h16/h16fn.h"
#include "src/kinds/h16/ptx16.h"

static int none(char *err, size_t errlen) {
  snprintf(err, errlen, "built without CUDA");
  return -1;
}

int gpu_h16fn_eval_default(int dev, int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err, size_t errlen) {
  (void)dev, (void)line, (void)scalar, (void)lo, (void)hi;
  return none(err, errlen);
}

int gpu_h16fn_eval_fastmath(int dev, int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err,
                            size_t errlen) {
  (void)dev, (void)line, (void)scalar, (void)lo, (void)hi;
  return none(err, errlen);
}

int gpu_half_eval(int dev, int fn, uint16_t *out, char *err, size_t errlen) {
  (void)dev, (void)fn, (void)out;
  return none(err, errlen);
}
