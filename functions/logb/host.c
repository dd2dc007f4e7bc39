/* Host variant of logb: the host C library's logbf. */
#include <math.h>

float host_logbf(float x) {
  return logbf(x);
}
