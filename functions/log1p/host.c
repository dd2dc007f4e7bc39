/* Host variant of log1p: the host C library's log1pf. */
#include <math.h>

float host_log1pf(float x) {
  return log1pf(x);
}
