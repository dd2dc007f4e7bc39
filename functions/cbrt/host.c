/* Host variant of cbrt: the host C library's cbrtf. */
#include <math.h>

float host_cbrtf(float x) {
  return cbrtf(x);
}
