/* Host variant of round: the host C library's roundf. */
#include <math.h>

float host_roundf(float x) {
  return roundf(x);
}
