/* Host variant of y1: the host C library's y1f. */
#include <math.h>

float host_y1f(float x) {
  return y1f(x);
}
