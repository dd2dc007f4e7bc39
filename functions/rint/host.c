/* Host variant of rint: the host C library's rintf. */
#include <math.h>

float host_rintf(float x) {
  return rintf(x);
}
