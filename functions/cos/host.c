/* Host variant of cos: the host C library's cosf. */
#include <math.h>

float host_cosf(float x) { return cosf(x); }
