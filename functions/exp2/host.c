/* Host variant of exp2: the host C library's exp2f. */
#include <math.h>

float host_exp2f(float x) {
  return exp2f(x);
}
