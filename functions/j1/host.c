/* Host variant of j1: the host C library's j1f. */
#include <math.h>

float host_j1f(float x) {
  return j1f(x);
}
