/* Host variant of y0: the host C library's y0f. */
#include <math.h>

float host_y0f(float x) {
  return y0f(x);
}
