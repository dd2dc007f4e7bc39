/* Host variant of floor: the host C library's floorf. */
#include <math.h>

float host_floorf(float x) {
  return floorf(x);
}
