/* Host variant of trunc: the host C library's truncf. */
#include <math.h>

float host_truncf(float x) {
  return truncf(x);
}
