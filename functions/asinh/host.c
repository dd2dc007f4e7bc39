/* Host variant of asinh: the host C library's asinhf. */
#include <math.h>

float host_asinhf(float x) {
  return asinhf(x);
}
