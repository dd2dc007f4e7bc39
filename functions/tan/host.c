/* Host variant of tan: the host C library's tanf. */
#include <math.h>

float host_tanf(float x) {
  return tanf(x);
}
