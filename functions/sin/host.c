/* Host variant of sin: the host C library's sinf. */
#include <math.h>

float host_sinf(float x) { return sinf(x); }
