/* Host variant of fabs: the host C library's fabsf. */
#include <math.h>

float host_fabsf(float x) {
  return fabsf(x);
}
