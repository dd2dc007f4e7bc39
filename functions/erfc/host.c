/* Host variant of erfc: the host C library's erfcf. */
#include <math.h>

float host_erfcf(float x) {
  return erfcf(x);
}
