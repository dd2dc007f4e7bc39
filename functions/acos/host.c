/* Host variant of acos: the host C library's acosf. */
#include <math.h>

float host_acosf(float x) {
  return acosf(x);
}
