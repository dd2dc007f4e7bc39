/* Host variant of sqrt: the C library's sqrtf (an IEEE basic operation). */
#include <math.h>

float host_sqrtf(float x) { return sqrtf(x); }
