/* Host variant of log: the host C library's logf. */
#include <math.h>

float host_logf(float x) { return logf(x); }
