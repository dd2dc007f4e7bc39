/* Host variant of log2: the host C library's log2f. */
#include <math.h>

float host_log2f(float x) {
  return log2f(x);
}
