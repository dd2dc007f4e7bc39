/* Host variant of asin: the host C library's asinf. */
#include <math.h>

float host_asinf(float x) {
  return asinf(x);
}
