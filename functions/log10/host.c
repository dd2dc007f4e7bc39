/* Host variant of log10: the host C library's log10f. */
#include <math.h>

float host_log10f(float x) {
  return log10f(x);
}
