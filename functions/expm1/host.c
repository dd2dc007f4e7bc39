/* Host variant of expm1: the host C library's expm1f. */
#include <math.h>

float host_expm1f(float x) {
  return expm1f(x);
}
