/* Host variant of acosh: the host C library's acoshf. */
#include <math.h>

float host_acoshf(float x) {
  return acoshf(x);
}
