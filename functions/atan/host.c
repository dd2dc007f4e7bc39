/* Host variant of atan: the host C library's atanf. */
#include <math.h>

float host_atanf(float x) {
  return atanf(x);
}
