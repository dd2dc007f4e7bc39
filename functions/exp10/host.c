/* Host variant of exp10: the host C library's exp10f. */
#include <math.h>

float host_exp10f(float x) {
  return exp10f(x);
}
