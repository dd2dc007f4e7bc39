/* Host variant of erf: the host C library's erff. */
#include <math.h>

float host_erff(float x) {
  return erff(x);
}
