/* Host variant of exp: the host C library's expf. */
#include <math.h>

float host_expf(float x) { return expf(x); }
