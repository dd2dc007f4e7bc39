/* Host variant of sinh: the host C library's sinhf. */
#include <math.h>

float host_sinhf(float x) {
  return sinhf(x);
}
