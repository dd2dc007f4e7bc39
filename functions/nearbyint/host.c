/* Host variant of nearbyint: the host C library's nearbyintf. */
#include <math.h>

float host_nearbyintf(float x) {
  return nearbyintf(x);
}
