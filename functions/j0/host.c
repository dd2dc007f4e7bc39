/* Host variant of j0: the host C library's j0f. */
#include <math.h>

float host_j0f(float x) {
  return j0f(x);
}
