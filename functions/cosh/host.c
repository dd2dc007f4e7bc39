/* Host variant of cosh: the host C library's coshf. */
#include <math.h>

float host_coshf(float x) {
  return coshf(x);
}
