/* Host variant of atanh: the host C library's atanhf. */
#include <math.h>

float host_atanhf(float x) {
  return atanhf(x);
}
