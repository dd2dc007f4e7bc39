/* Host variant of ceil: the host C library's ceilf. */
#include <math.h>

float host_ceilf(float x) {
  return ceilf(x);
}
